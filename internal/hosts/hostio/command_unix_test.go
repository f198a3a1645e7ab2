//go:build unix

package hostio

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runCommand tells a host's answer (a non-zero exit) from a failure that
// is not one, the same way for every CLI.
func TestRunCommand(t *testing.T) {
	tests := []struct {
		name     string
		bin      string
		args     []string
		timeout  time.Duration
		exit     int
		want     error // a sentinel err wraps; nil: none
		rejected bool
		message  string // in the *ReplyError's Message
	}{
		{name: "ok", bin: "sh", args: []string{"-c", "echo fine"}},
		{name: "refused", bin: "sh", args: []string{"-c", "echo out; echo err >&2; exit 3"},
			exit: 3, want: ErrRejected, rejected: true, message: "err out"},
		{name: "killed by a signal", bin: "sh", args: []string{"-c", "kill -9 $$"}, exit: -1},
		{name: "not started", bin: filepath.Join(t.TempDir(), "missing"), want: ErrUnavailable},
		{name: "out of time", bin: "sh", args: []string{"-c", "sleep 30"}, timeout: 100 * time.Millisecond,
			want: context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			timeout := 5 * time.Second
			if tt.timeout > 0 {
				timeout = tt.timeout
			}
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			stderr, exit, err := RunCommand(ctx, "cli", "op", nil, tt.bin, tt.args...)
			if exit != tt.exit {
				t.Errorf("exit = %d, want %d", exit, tt.exit)
			}
			if tt.name == "ok" {
				if err != nil {
					t.Errorf("err = %v", err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), "cli: op: ") {
				t.Fatalf("err = %v, want one that starts with the host and op", err)
			}
			if tt.want != nil && !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
			var re *ReplyError
			if errors.As(err, &re) != tt.rejected {
				t.Errorf("err = %v: a *ReplyError %v, want %v", err, !tt.rejected, tt.rejected)
			}
			if tt.rejected && (re.Code != "exit status 3" || re.Message != tt.message || string(stderr) != "err\n") {
				t.Errorf("reply %+v, stderr %q", re, stderr)
			}
		})
	}
}
