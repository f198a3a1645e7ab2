package tuios

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzParseReply: whatever a daemon (or something posing as one) answers,
// parseReply does not panic, takes only a JSON object result for the right
// id, and says why it refused anything else, in text without controls.
func FuzzParseReply(f *testing.F) {
	for _, s := range []string{
		`{"id":7,"result":{"type":"ok","applied":true}}`,
		`{"id":7,"error":{"code":"unknown_verb","message":"no such verb"}}`,
		`{"id":7,"error":{"code":"invalid_params","message":"x\u001b[2J","hint":{"param":"p"}}}`,
		`{"id":8,"result":{}}`, `{"id":7,"result":[1]}`, `{"id":7}`, `not json`, ``, `{"id":"7","result":{}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		res, err := parseReply("set-agent-state", "7", []byte(line))
		if err == nil {
			if len(res) == 0 || res[0] != '{' || !json.Valid(res) {
				t.Fatalf("accepted %q as a result", res)
			}
			return
		}
		if !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBadReply) {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		if !strings.HasPrefix(err.Error(), "tuios: set-agent-state: ") {
			t.Fatalf("error %q lacks its prefix", err)
		}
		var re *ReplyError
		if errors.As(err, &re) && strings.ContainsFunc(re.Error(), func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Fatalf("daemon's error text reaches us raw: %q", re.Error())
		}
	})
}
