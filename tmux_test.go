//go:build !windows

package hostbridge

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// The tmux pane is told to the model only when the app asks; the default
// lines stay the host's (none for a plain terminal, herdr's in herdr).
func TestTmuxPaneLine(t *testing.T) {
	bin := t.TempDir()
	if err := proctest.WriteScript(filepath.Join(bin, "tmux"), "#!/bin/sh\n"); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"TMUX": "/tmp/tmux-1/default,42,0", "TMUX_PANE": "%3", "PATH": bin}
	getenv := func(k string) string { return vars[k] }
	for _, tt := range []struct {
		opts []Option
		want []string
	}{
		{nil, nil},
		{[]Option{WithTmuxPaneLine(false)}, nil},
		{[]Option{WithTmuxPaneLine(true)}, []string{"tmux pane: %3"}},
	} {
		b, err := New(append([]Option{WithEnv(getenv), WithBackends(&host.Recorder{}), WithSignalHandler(false)}, tt.opts...)...)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.EnvironmentLines(); !slices.Equal(got, tt.want) {
			t.Errorf("%d options: lines %q, want %q", len(tt.opts), got, tt.want)
		}
		_ = b.Close()
	}
	outside := func(string) string { return "" }
	b, err := New(WithEnv(outside), WithBackends(&host.Recorder{}), WithSignalHandler(false), WithTmuxPaneLine(true))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got := b.EnvironmentLines(); len(got) != 0 {
		t.Errorf("outside tmux: lines %q, want none", got)
	}
}
