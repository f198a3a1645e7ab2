package hostbridge

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// The v1 module never requires Bubble Tea v2 or lipgloss v2, so a v1 app
// downloads neither; both modules keep go 1.25.0.
func TestModules(t *testing.T) {
	for _, f := range []string{"../go.mod", "../go.sum"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "charm.land/") {
			t.Errorf("%s lists a charm.land module (Bubble Tea v2's)", f)
		}
	}
	for _, f := range []string{"../go.mod", "go.mod"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(strings.Split(string(b), "\n"), "go 1.25.0") {
			t.Errorf("%s: no go 1.25.0 line", f)
		}
	}
}
