//go:build !windows

package hostbridge

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// WithTmuxPaneLine reaches the bridge: the chat's tmux pane is told to
// the model. (The default and false, shared with v1, are checked by the
// root module's TestTmuxPaneLine.)
func TestTmuxPaneLine(t *testing.T) {
	bin := t.TempDir()
	// Only looked up on PATH, never run (WithBackends replaces the hosts).
	if err := os.WriteFile(filepath.Join(bin, "tmux"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"TMUX": "/tmp/tmux-1/default,42,0", "TMUX_PANE": "%3", "PATH": bin}
	b, err := New(WithEnv(func(k string) string { return vars[k] }), WithBackends(&host.Recorder{}),
		WithSignalHandler(false), WithTmuxPaneLine(true))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got, want := b.EnvironmentLines(), []string{"tmux pane: %3"}; !slices.Equal(got, want) {
		t.Errorf("lines %q, want %q", got, want)
	}
}
