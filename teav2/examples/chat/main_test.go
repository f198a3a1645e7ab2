package main

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(int) {
		if binDir != "" {
			_ = os.RemoveAll(binDir)
		}
	}))
}

// binDir holds the chat binary the end-to-end tests build, if they did.
var binDir string
