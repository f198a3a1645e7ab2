package hostbridge

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"testing"
)

// The two frontends' options are written twice, once per module (teav2
// cannot import this package's options without linking Bubble Tea v1); this
// keeps them one promise: the same With* functions, the same bodies, the
// same doc text. Skipped where teav2 is absent (a module zip leaves the
// nested module out).
func TestOptionsAgreeWithTeav2(t *testing.T) {
	v1 := optionFuncs(t, "options.go")
	v2 := optionFuncs(t, "teav2/options.go")
	if v2 == nil {
		t.Skip("teav2/options.go is not here")
	}
	for name, f := range v1 {
		g, ok := v2[name]
		switch {
		case !ok:
			t.Errorf("%s is in options.go, not in teav2/options.go", name)
		case f.doc != g.doc && !perFramework[name]:
			t.Errorf("%s: the docs differ:\n v1: %q\n v2: %q", name, f.doc, g.doc)
		case f.body != g.body:
			t.Errorf("%s: the bodies differ:\n v1: %s\n v2: %s", name, f.body, g.body)
		}
	}
	for name := range v2 {
		if _, ok := v1[name]; !ok {
			t.Errorf("%s is in teav2/options.go, not in options.go", name)
		}
	}
}

// perFramework are the options whose doc names what each framework has
// (v1's focus commands, v2's View fields); their bodies still agree.
var perFramework = map[string]bool{"WithFocusReports": true, "WithProgress": true}

type optionFunc struct{ doc, body string }

func optionFuncs(t *testing.T, path string) map[string]optionFunc {
	text, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, text, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	src := func(n ast.Node) string {
		return string(text[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	out := map[string]optionFunc{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Recv != nil || !fn.Name.IsExported() {
			continue
		}
		out[fn.Name.Name] = optionFunc{doc: fn.Doc.Text(), body: src(fn.Body)}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no exported functions", path)
	}
	return out
}
