package teatest

import (
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/lipgloss"
	xteatest "github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"
)

// Transcript is the host traffic of a run: one readable line per report
// each host took, grouped by host in a fixed order (terminal, herdr,
// tuios, cmux) so that how the hosts' deliveries interleaved cannot change
// it, each host's lines in the order that host received them. It holds no
// time, seq, request id or temporary path, so it is the same on every run:
//
//	terminal progress 0
//	terminal progress 3
//	terminal ping "approve shell: git push"
//
//	herdr pane.report_agent idle
//	herdr pane.report_agent working
//	herdr pane.release_agent
//
// A nil field is a host the run did not have; an empty one is a host that
// was told nothing.
type Transcript struct {
	Terminal []string
	Herdr    []string
	Tuios    []string
	Cmux     []string
}

// sections returns the hosts the run had, in the transcript's order.
func (tr Transcript) sections() [][]string {
	var out [][]string
	for _, s := range [][]string{tr.Terminal, tr.Herdr, tr.Tuios, tr.Cmux} {
		if s != nil {
			out = append(out, s)
		}
	}
	return out
}

// String renders the transcript as a golden file holds it: each host's
// lines, a blank line between hosts, "<host> (nothing)" for a host that
// was told nothing.
func (tr Transcript) String() string {
	var b strings.Builder
	names := []string{"terminal", "herdr", "tuios", "cmux"}
	for i, s := range [][]string{tr.Terminal, tr.Herdr, tr.Tuios, tr.Cmux} {
		if s == nil {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		if len(s) == 0 {
			b.WriteString(names[i] + " (nothing)\n")
		}
		for _, line := range s {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// Lines returns every line, host after host.
func (tr Transcript) Lines() []string { return slices.Concat(tr.sections()...) }

// Count returns how many lines are exactly line.
func (tr Transcript) Count(line string) int {
	n := 0
	for _, l := range tr.Lines() {
		if l == line {
			n++
		}
	}
	return n
}

// Contains reports whether a line is exactly line.
func (tr Transcript) Contains(line string) bool { return tr.Count(line) > 0 }

// RequireGolden compares tr with testdata/<test name>.golden and fails t
// with a diff when they differ. Run the test with -update to write the
// file instead. The comparison and the -update flag are upstream's
// (github.com/charmbracelet/x/exp/teatest.RequireEqualOutput): a test
// binary that links both has one flag, and must not define its own
// -update.
func RequireGolden(t testing.TB, tr Transcript) {
	t.Helper()
	xteatest.RequireEqualOutput(t, []byte(tr.String()))
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
