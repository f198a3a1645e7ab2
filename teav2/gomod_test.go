package hostbridge

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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

// TestPublishedShape keeps this module buildable at any root version
// minimal version selection may pick: it requires the root module at a
// real version (a dependency's replace is never applied, so v0.0.0 could
// be served by no one), and no file of it, test or not, imports the root
// module's internal packages, which no release promises to keep.
//
// One directory's tests still do, a known gap: the kit's tests run the
// suite both kits share, internal/testsupport/kittest. Nothing else may join them.
//
// The v2 chat (examples/chat) may import the example chats' own support,
// internal/chatscript and its chattest: an example program and its tests
// build only inside this repository, against this checkout (the replace
// below; `go install` and `go run` of a package@version refuse a module
// whose go.mod has one), so no release of either module promises them.
func TestPublishedShape(t *testing.T) {
	pending := map[string]bool{"teatest": true}
	const chatscript = "github.com/hostbridge/hostbridge/internal/chatscript"
	b, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "github.com/hostbridge/hostbridge" && f[1] == "v0.0.0" {
			t.Errorf("go.mod requires the root module at v0.0.0: %q", line)
		}
	}
	var bad []string
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if pending[filepath.Dir(path)] && strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if strings.HasPrefix(path, "examples"+string(filepath.Separator)) && (p == chatscript || strings.HasPrefix(p, chatscript+"/")) {
				continue
			}
			if strings.HasPrefix(p, "github.com/hostbridge/hostbridge/internal/") {
				bad = append(bad, path+": "+p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("teav2 imports the root module's internal packages:\n\t%s", strings.Join(bad, "\n\t"))
	}
}
