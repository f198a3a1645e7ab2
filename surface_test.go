package hostbridge_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// surfaceDirs are the public packages whose every exported name must be
// shown. Package host is left out: it is the Backend contract itself, read
// through go doc. teav2 is a module of its own, but its files are here on
// disk and share this README, so one guard covers both frontends.
var surfaceDirs = []string{".", "bridge", "host/hosttest", "teatest", "teav2", "teav2/teatest"}

// surfaceExempt are method names an interface asks for (fmt.Stringer,
// error, errors.Unwrap): they are called by the standard library, not by
// the reader.
var surfaceExempt = map[string]bool{"String": true, "Error": true, "Unwrap": true}

var word = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// TestSurface keeps issue 10's rule: each exported name earns its place by
// an Example or the README. A name is shown when its short name (the
// method's, for a method) is a whole word of README.md, or a part of an
// Example's name, or an identifier in an Example's body.
func TestSurface(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	inReadme := map[string]bool{}
	for _, w := range word.FindAllString(string(readme), -1) {
		inReadme[w] = true
	}
	var missing []string
	for _, dir := range surfaceDirs {
		if _, err := os.Stat(dir); strings.HasPrefix(dir, "teav2") && errors.Is(err, fs.ErrNotExist) {
			continue // a module's zip leaves the nested module out (go test all)
		}
		inExamples := exampleWords(t, dir)
		for _, name := range exportedNames(t, dir) {
			short := name[strings.LastIndex(name, ".")+1:]
			if !inReadme[short] && !inExamples[short] && !surfaceExempt[short] {
				missing = append(missing, dir+": "+name)
			}
		}
	}
	if len(missing) > 0 {
		t.Errorf("exported names shown in neither README.md nor an Example (issue 10):\n\t%s",
			strings.Join(missing, "\n\t"))
	}
}

// parseDir parses the Go files of dir that keep says to, in a stable order.
func parseDir(t *testing.T, dir string, keep func(name string) bool) []*ast.File {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if e.Type()&fs.ModeType != 0 || !strings.HasSuffix(e.Name(), ".go") || !keep(e.Name()) {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), dir+"/"+e.Name(), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// exportedNames lists dir's exported top-level names and the exported
// methods of its exported types ("Kit.Send"), from its non-test files.
func exportedNames(t *testing.T, dir string) []string {
	var names []string
	for _, f := range parseDir(t, dir, func(n string) bool { return !strings.HasSuffix(n, "_test.go") }) {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					names = append(names, d.Name.Name)
					continue
				}
				if typ := receiverType(d.Recv.List[0].Type); ast.IsExported(typ) {
					names = append(names, typ+"."+d.Name.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names = append(names, s.Name.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	return slices.DeleteFunc(names, func(n string) bool { return !ast.IsExported(n) })
}

// receiverType names a method's receiver type: T for T, *T, T[P] or *T[P].
func receiverType(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	switch x := e.(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// exampleWords collects, over dir's test files, the parts of each Example's
// name (ExampleKit_WaitModel: Kit, WaitModel) and the identifiers its body
// uses.
func exampleWords(t *testing.T, dir string) map[string]bool {
	words := map[string]bool{}
	for _, f := range parseDir(t, dir, func(n string) bool { return strings.HasSuffix(n, "_test.go") }) {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Example") || fn.Body == nil {
				continue
			}
			for _, part := range strings.Split(strings.TrimPrefix(fn.Name.Name, "Example"), "_") {
				words[part] = true
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					words[id.Name] = true
				}
				return true
			})
		}
	}
	return words
}

// TestMessageDocsShowFields keeps each frontend's alias of a message (and
// of Background) showing the type's declaration, as package bridge has it, so go doc
// on hostbridge.SubAgentEnded shows the fields and their types (an alias
// alone shows none), and the copy cannot drift.
func TestMessageDocsShowFields(t *testing.T) {
	decls := map[string]string{}
	for _, file := range []string{"bridge/messages.go", "bridge/background.go"} {
		fset := token.NewFileSet()
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, file, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
				decls[g.Specs[0].(*ast.TypeSpec).Name.Name] = string(src[fset.Position(g.Pos()).Offset:fset.Position(g.End()).Offset])
			}
		}
	}
	if len(decls) != 11 {
		t.Fatalf("package bridge declares %d message and background types, want 11", len(decls))
	}
	aliases := 0
	for _, file := range []string{"messages.go", "background.go", "teav2/messages.go", "teav2/background.go"} {
		if _, err := os.Stat(file); strings.HasPrefix(file, "teav2") && errors.Is(err, fs.ErrNotExist) {
			continue // a module's zip leaves the nested module out (go test all)
		}
		af, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, d := range af.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE || !g.Specs[0].(*ast.TypeSpec).Assign.IsValid() {
				continue // only aliases
			}
			name := g.Specs[0].(*ast.TypeSpec).Name.Name
			want, ok := decls[name]
			if !ok {
				t.Errorf("%s: %s aliases no message of package bridge", file, name)
				continue
			}
			seen++
			var shown strings.Builder
			for _, l := range strings.Split(g.Doc.Text(), "\n") {
				if strings.HasPrefix(l, "\t") {
					shown.WriteString(strings.TrimPrefix(l, "\t") + "\n")
				}
			}
			if got := strings.TrimSpace(shown.String()); got != want {
				t.Errorf("%s: %s's doc shows\n%s\nwant bridge's declaration\n%s", file, name, got, want)
			}
		}
		aliases += seen
	}
	if want := 2 * len(decls); aliases != want && aliases != len(decls) { // len(decls): teav2 left out of a module's zip
		t.Errorf("the frontends alias %d of bridge's types, want %d", aliases, want)
	}
}
