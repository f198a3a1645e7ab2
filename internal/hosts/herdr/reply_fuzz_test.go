package herdr

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCheckReply: whatever comes back on herdr's socket (or from the CLI),
// checkReply does not panic, accepts only an ok result for the request's
// id, and refuses the rest with a sentinel and text without controls.
func FuzzCheckReply(f *testing.F) {
	for _, s := range []string{
		`{"id":"r1","result":{"type":"ok"}}`,
		`{"id":"r1","error":{"code":"pane_not_found","message":"no pane w1:p9"}}`,
		`{"id":"","error":{"code":"invalid_request","message":"x\u001b]0;t\u0007"}}`,
		`{"id":"r2","result":{"type":"ok"}}`, `{"result":{"type":"ok"}}`, `{"id":"r1","result":{}}`,
		`garbage`, ``, `{"id":"r1","result":{"type":"ok"}}{"id":"r1"}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		err := checkReply("pane.report_agent", "r1", []byte(line))
		if err == nil {
			if !strings.Contains(line, `"ok"`) {
				t.Fatalf("accepted %q", line)
			}
			return
		}
		if !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBadReply) {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		var re *ReplyError
		if errors.As(err, &re) {
			for _, s := range []string{re.Code, re.Message} {
				if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
					t.Fatalf("herdr's error text reaches us raw: %q", s)
				}
			}
		}
	})
}
