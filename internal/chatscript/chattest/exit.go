//go:build linux || darwin

package chattest

import (
	"errors"
	"os/exec"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// ExitCodes: -help is not a failure, a bad flag is a usage error (the
// flags themselves are tested in internal/chatscript).
func ExitCodes(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"-help"}, chatscript.ExitOK},
		{[]string{"-delay", "0"}, chatscript.ExitUsage},
	} {
		err := command(t, TestEnv(t), ch.Binary(t), tt.args...).Run()
		code := 0
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("run %q: %v", tt.args, err)
		}
		if code != tt.want {
			t.Errorf("chat %q exits %d, want %d", tt.args, code, tt.want)
		}
	}
}
