package cmux

import "testing"

func TestHeadBuffer(t *testing.T) {
	h := &headBuffer{max: 5}
	for _, p := range []string{"abc", "defgh", "ij"} {
		if n, err := h.Write([]byte(p)); n != len(p) || err != nil {
			t.Errorf("Write(%q) = %d, %v", p, n, err)
		}
	}
	if string(h.buf) != "abcde" {
		t.Errorf("kept %q", h.buf)
	}
}
