package hostio

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Sanitize replaces each rune of s that keep refuses with '_' and cuts the
// result to max bytes: names a host takes, from the app's.
func Sanitize(s string, keep func(rune) bool, max int) string {
	s = strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && keep(r) {
			return r
		}
		return '_'
	}, s)
	return s[:min(len(s), max)] // one byte a rune
}

// HasControl reports whether s holds a control character.
func HasControl(s string) bool { return strings.IndexFunc(s, unicode.IsControl) >= 0 }

// Quote shows a rejected value in a diagnostic (a Problem, a config error):
// cleaned and cut, so the diagnostic never carries what made the value
// unusable (the control character, the escape sequence, the 10 KB).
func Quote(s string) string { return strconv.Quote(core.Clean(s, 80)) }

// LookPath finds an executable on getenv's PATH, which may not be the
// process's (exec.LookPath reads only that one).
func LookPath(getenv func(string) string, name string) (string, error) {
	if runtime.GOOS == "windows" || getenv("PATH") == os.Getenv("PATH") {
		return exec.LookPath(name)
	}
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if !filepath.IsAbs(dir) {
			continue // a relative entry is no safer here than in os/exec
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}
