package teatest_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestGoldensAreV1s: every golden transcript of this kit's tests is the
// v1 kit's, byte for byte: a v2 app tells every host the same things. The
// copies are here because a golden lives beside its test; this keeps them
// from drifting apart (an -update here that changes one fails it).
func TestGoldensAreV1s(t *testing.T) {
	sameFiles(t, "testdata", filepath.Join("..", "..", "teatest", "testdata"))
}

func sameFiles(t *testing.T, dir, v1 string) {
	t.Helper()
	n := 0
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		mine, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		theirs, err := os.ReadFile(filepath.Join(v1, rel))
		if err != nil {
			t.Errorf("%s has no v1 counterpart: %v", rel, err)
			return nil
		}
		if string(mine) != string(theirs) {
			t.Errorf("%s differs from v1's", rel)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 4 {
		t.Errorf("compared %d goldens, want the 4 of v1", n)
	}
}
