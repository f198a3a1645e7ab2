package fakehost

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	_ "github.com/charmbracelet/x/exp/golden" // defines -update
)

// RequireGolden compares got with testdata/<test name>.golden and fails t
// with a diff when they differ, or when the file is missing; -update
// writes the file instead:
//
//	fakehost.RequireGolden(t, k.Transcript()) // go test -run TestApproval -update
//
// The -update flag is github.com/charmbracelet/x/exp/golden's, so a test
// binary that links both has one.
func RequireGolden(t TB, got string) {
	t.Helper()
	RequireGoldenFile(t, filepath.Join("testdata", filepath.FromSlash(t.Name())+".golden"), got)
}

// RequireGoldenFile is RequireGolden with the golden file's path given:
// for tests in two packages that share one golden file (the v1 and v2
// example chats), so that there is no copy to drift.
func RequireGoldenFile(t TB, path, got string) {
	t.Helper()
	got = strings.ReplaceAll(got, "\r\n", "\n")
	update := "go test -run '" + runPattern(t.Name()) + "' -update"
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		err := os.MkdirAll(filepath.Dir(path), 0o755)
		if err == nil {
			err = os.WriteFile(path, []byte(got), 0o644)
		}
		if err != nil {
			t.Fatalf("hosttest: writing the golden file of %s: %v", t.Name(), err)
		}
		return
	}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		t.Fatalf("hosttest: %s has no golden file %s yet: `%s` writes it; check it in", t.Name(), path, update)
		return
	case err != nil:
		t.Fatalf("hosttest: reading the golden file of %s: %v", t.Name(), err)
		return
	}
	want := strings.ReplaceAll(string(data), "\r\n", "\n")
	if diff := udiff.Unified(path, "got", want, got); diff != "" {
		t.Fatalf("hosttest: %s differs from %s (`%s` rewrites it):\n%s", t.Name(), path, update, diff)
	}
}

// runPattern is the -run pattern that selects exactly the test named name.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}
