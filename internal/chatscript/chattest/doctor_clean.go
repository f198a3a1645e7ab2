//go:build linux || darwin

package chattest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// unsafeRune reports a rune -doctor must not print as it is: a control (it
// could end up as a terminal command), a bidi override (it reorders what
// is read), an invisible letter, or a byte that is not UTF-8.
func unsafeRune(r rune) bool {
	return r != '\n' && r != ' ' && bridge.Clean(string(r), 0) == ""
}

// DoctorSanitisesEnvironmentPaths: paths that come from the
// environment (a socket path with a bidi override, a cache directory with
// an escape sequence in it) are printed escaped, never raw.
func DoctorSanitisesEnvironmentPaths(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	dir := filepath.Join(t.TempDir(), "a\u202ekcos.b")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "herdr.sock")
	if err := os.Symlink(h.Env()["HERDR_SOCKET_PATH"], sock); err != nil {
		t.Fatal(err)
	}
	env := TestEnv(t, "HERDR_ENV=1", "HERDR_SOCKET_PATH="+sock, "HERDR_PANE_ID=w1:p2")
	for i, kv := range env {
		if strings.HasPrefix(kv, "XDG_CACHE_HOME=") {
			env[i] = kv + "/\x1b]0;pwned\x07\u009b2J\u3164"
		}
	}
	out := ch.Doctor(t, env)
	if i := strings.IndexFunc(out, unsafeRune); i >= 0 || !utf8.ValidString(out) {
		r, _ := utf8.DecodeRuneInString(out[max(i, 0):])
		t.Errorf("-doctor printed %U raw:\n%s", r, out)
	}
	wantLines(t, out, "host: herdr")
	if !strings.Contains(out, "via socket "+filepath.Dir(dir)+`/a\u202ekcos.b/herdr.sock, pane`) {
		t.Errorf("-doctor does not show the socket path escaped:\n%s", out)
	}
	if !strings.Contains(out, `\x1b]0;pwned\x07\u009b2J\u3164`) {
		t.Errorf("-doctor does not show the cache directory escaped:\n%s", out)
	}
}
