package main

import (
	"testing"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(int) { e2e.Remove() }))
}

// e2e is this chat's binary for the end-to-end tests, built when one
// needs it; its screen is read through a terminal emulator (screen_test.go).
var e2e = &chattest.Chat{Screen: newScreen}
