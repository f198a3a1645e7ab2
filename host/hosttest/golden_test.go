package hosttest_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
)

// RequireGolden fails with a message that names the test, the file and
// the command that writes it; -update writes it; a difference is a diff.
func TestRequireGolden(t *testing.T) {
	t.Chdir(t.TempDir()) // not parallel: it changes the directory and the flag
	golden := func(got string) []string {
		r := &kittest.RecordingTB{}
		return r.Run(func() { hosttest.RequireGolden(r, got) })
	}
	errs := golden("terminal progress 3\n")
	if len(errs) != 1 || !strings.Contains(errs[0], "TestRecorded has no golden file testdata/TestRecorded.golden") ||
		!strings.Contains(errs[0], "go test -run '^TestRecorded$' -update") {
		t.Errorf("missing file: %q", errs)
	}

	if err := flag.Set("update", "true"); err != nil {
		t.Fatal(err)
	}
	errs = golden("terminal progress 3\r\n")
	_ = flag.Set("update", "false")
	if data, err := os.ReadFile("testdata/TestRecorded.golden"); len(errs) != 0 || err != nil || string(data) != "terminal progress 3\n" {
		t.Fatalf("-update: %q, file %q, %v", errs, data, err)
	}

	if errs := golden("terminal progress 3\n"); len(errs) != 0 {
		t.Errorf("same transcript: %q", errs)
	}
	errs = golden("terminal progress 0\n")
	if len(errs) != 1 || !strings.Contains(errs[0], "-terminal progress 3\n+terminal progress 0") ||
		!strings.Contains(errs[0], "TestRecorded differs from testdata/TestRecorded.golden") {
		t.Errorf("different transcript: %q", errs)
	}
}
