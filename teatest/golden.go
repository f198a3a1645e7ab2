package teatest

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/aymanbagabas/go-udiff"
	"github.com/charmbracelet/lipgloss"
	_ "github.com/charmbracelet/x/exp/golden" // defines -update
	"github.com/muesli/termenv"
)

// RequireGolden compares got with testdata/<test name>.golden and fails t
// with a diff when they differ, or when the file is missing; run the test
// with -update to write the file instead:
//
//	teatest.RequireGolden(t, k.Transcript()) // go test -run TestApproval -update
//
// The -update flag is upstream's (github.com/charmbracelet/x/exp/golden),
// so a test binary that links both has one flag; it must not define its
// own -update.
func RequireGolden(t TB, got string) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden")
	got = strings.ReplaceAll(got, "\r\n", "\n")
	update := "go test -run '" + runPattern(t.Name()) + "' -update"
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		err := os.MkdirAll(filepath.Dir(path), 0o755)
		if err == nil {
			err = os.WriteFile(path, []byte(got), 0o644)
		}
		if err != nil {
			t.Fatalf("teatest: writing the golden file of %s: %v", t.Name(), err)
		}
		return
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		t.Fatalf("teatest: %s has no golden file %s yet: `%s` writes it; check it in", t.Name(), path, update)
		return
	case err != nil:
		t.Fatalf("teatest: reading the golden file of %s: %v", t.Name(), err)
		return
	}
	want := strings.ReplaceAll(string(data), "\r\n", "\n")
	if diff := udiff.Unified(path, "got", want, got); diff != "" {
		t.Fatalf("teatest: %s differs from %s (`%s` rewrites it):\n%s", t.Name(), path, update, diff)
	}
}

// runPattern is the -run pattern that selects exactly the test named name,
// subtests included.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// normaliser replaces the values that change between runs (the fakes'
// random ids and temporary paths) with stable labels, where they stand as
// a whole token.
type normaliser struct {
	res    []*regexp.Regexp
	labels []string
	plain  []string // old, new pairs the app asked for (WithReplace)
}

func (n *normaliser) add(value, label string) {
	if value == "" {
		return
	}
	const edge = `[^A-Za-z0-9_.:-]`
	n.res = append(n.res, regexp.MustCompile(`(^|`+edge+`)`+regexp.QuoteMeta(value)+`($|`+edge+`)`))
	n.labels = append(n.labels, "${1}"+label+"${2}")
}

func (n *normaliser) lines(in []string) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in))
	for i, line := range in {
		for j, re := range n.res {
			// Twice at least: a match takes the separator after it, so
			// of "V V" one pass replaces only the first V.
			for range 4 {
				next := re.ReplaceAllString(line, n.labels[j])
				if next == line {
					break
				}
				line = next
			}
		}
		for k := 0; k+1 < len(n.plain); k += 2 {
			line = strings.ReplaceAll(line, n.plain[k], n.plain[k+1])
		}
		out[i] = line
	}
	return out
}

// Colour in goldens: lipgloss picks colours for the terminal it thinks it
// draws to, so a view rendered in a test differs between a developer's
// terminal and CI. While any Kit runs, lipgloss's default renderer uses
// the Ascii profile (no colour at all) and a dark background (so
// AdaptiveColor takes its Dark side); the last Kit to end puts back what
// was there. This is global: styles made from the default renderer, even
// package-level ones made before the test, render that way, but so do
// those of any other test of the package running in parallel with a Kit.
// Tests that need another profile must not run in parallel with Kits.
var stableColor struct {
	sync.Mutex
	users   int
	profile termenv.Profile
	dark    bool
}

// holdStableColor sets the stable profile for the life of t.
func holdStableColor(t interface{ Cleanup(func()) }) {
	stableColor.Lock()
	defer stableColor.Unlock()
	if stableColor.users == 0 {
		// Bubble Tea's init has already asked, so these cost nothing.
		stableColor.profile, stableColor.dark = lipgloss.ColorProfile(), lipgloss.HasDarkBackground()
		lipgloss.SetColorProfile(termenv.Ascii)
		lipgloss.SetHasDarkBackground(true)
	}
	stableColor.users++
	t.Cleanup(func() {
		stableColor.Lock()
		defer stableColor.Unlock()
		if stableColor.users--; stableColor.users == 0 {
			lipgloss.SetColorProfile(stableColor.profile)
			lipgloss.SetHasDarkBackground(stableColor.dark)
		}
	})
}
