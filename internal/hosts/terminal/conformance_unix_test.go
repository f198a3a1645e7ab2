//go:build unix

package terminal

import (
	"os"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestConformance(t *testing.T) {
	newBackend := func(t *testing.T, cfg Config) host.Backend {
		b, err := newTest(cfg)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	fakehost.Run(t, fakehost.Harness{
		New: func(t *testing.T) host.Backend { return newBackend(t, Config{Output: &recorder{}, Info: plainTerm}) },
		// A terminal that stopped reading, on a file that takes deadlines.
		Hung: func(t *testing.T) host.Backend {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { r.Close(); w.Close() })
			fill(t, w)
			return newBackend(t, Config{Output: w, Info: plainTerm})
		},
	})
}
