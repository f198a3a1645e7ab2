//go:build unix

package bridge_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Bounds on what reaches a host. A message (what the chat waits on, a
// ping) is one short line; an id, a path or a resume command is at most a
// few KiB; a request line stays far below herdr's 1 MiB line limit.
const (
	maxHostString = 4096 // bytes, any string field or argv element
	maxMessage    = 200  // runes, a message
	maxLine       = 64 << 10
)

// messageFields are the fields that carry one line for a user to read.
var messageFields = map[string]bool{"message": true, "text": true, "target": true, "tool": true}

// checkStrings walks a decoded JSON value and reports every string (and
// object key) that is dirty or unbounded, with its path.
func checkStrings(v any, path string, report func(string)) {
	switch v := v.(type) {
	case string:
		field := path[strings.LastIndexByte(path, '.')+1:]
		switch {
		case dirty(v) != "":
			report(fmt.Sprintf("%s = %.60q: %s", path, v, dirty(v)))
		case len(v) > maxHostString:
			report(fmt.Sprintf("%s is %d bytes", path, len(v)))
		case messageFields[field] && utf8.RuneCountInString(v) > maxMessage:
			report(fmt.Sprintf("%s is %d runes", path, utf8.RuneCountInString(v)))
		}
	case map[string]any:
		for k, e := range v {
			if d := dirty(k); d != "" || len(k) > 64 {
				report(fmt.Sprintf("%s has key %.60q: %s", path, k, d))
			}
			checkStrings(e, path+"."+k, report)
		}
	case []any:
		for i, e := range v {
			checkStrings(e, fmt.Sprintf("%s[%d]", path, i), report)
		}
	}
}

// checkLine checks a request line as bytes: one line of valid UTF-8 JSON
// with no raw control byte, bounded; it returns the decoded value.
func checkLine(t *testing.T, host, line string) (any, bool) {
	t.Helper()
	short := line
	if len(short) > 120 {
		short = short[:120] + "…"
	}
	switch {
	case len(line) > maxLine:
		t.Errorf("%s: request of %d bytes: %q", host, len(line), short)
	case !utf8.ValidString(line):
		t.Errorf("%s: request is not UTF-8: %q", host, short)
	case strings.IndexFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f }) >= 0:
		t.Errorf("%s: raw control byte in request: %q", host, short)
	}
	var v any
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Errorf("%s: request is not JSON (%v): %q", host, err, short)
		return nil, false
	}
	return v, true
}

// checkHerdr checks every request the fake herdr received: valid JSON,
// clean and bounded strings, and nothing herdr refused.
func checkHerdr(t *testing.T, reqs []fakehost.Request) {
	t.Helper()
	for _, r := range reqs {
		v, ok := checkLine(t, "herdr", r.Line)
		if !ok {
			continue
		}
		checkStrings(v, "herdr "+r.Method, func(p string) { t.Errorf("%s", p) })
		if strings.Contains(r.Reply, `"error"`) {
			t.Errorf("herdr refused %s: %.200s", r.Method, r.Reply)
		}
	}
}

// checkTuios checks every request the fake tuios received: valid JSON,
// clean and bounded strings, and nothing tuios refused.
func checkTuios(t *testing.T, reqs []fakehost.Request) {
	t.Helper()
	for _, r := range reqs {
		v, ok := checkLine(t, "tuios", r.Line)
		if !ok {
			continue
		}
		checkStrings(v, "tuios "+r.Method, func(p string) { t.Errorf("%s", p) })
		if r.Answer != "" {
			t.Errorf("tuios answered %s to %.200s", r.Answer, r.Line)
		}
	}
}

// cmuxFlags are the options hostbridge passes cmux; each takes the next
// argument as its value. cmuxJoined carry theirs in the same argument.
var (
	cmuxFlags  = map[string]bool{"--icon": true, "--color": true, "--priority": true, "--workspace": true, "--id": true}
	cmuxJoined = []string{"--panel=", "--pid="}
)

// checkCmux checks every argv the fake cmux recorded: each element clean
// and bounded, no positional argument or flag value that reads as an
// option, and no option but hostbridge's own.
func checkCmux(t *testing.T, calls [][]string) {
	t.Helper()
	for _, args := range calls {
		for i := 0; i < len(args); i++ {
			a := args[i]
			if d := dirty(a); d != "" || len(a) > maxHostString {
				t.Errorf("cmux argv[%d] %.60q (%d bytes): %s", i, a, len(a), d)
			}
			if !strings.HasPrefix(a, "-") {
				continue
			}
			if j := slices.IndexFunc(cmuxJoined, func(j string) bool { return strings.HasPrefix(a, j) }); j >= 0 && i >= 2 {
				if v := a[len(cmuxJoined[j]):]; v == "" || strings.HasPrefix(v, "-") {
					t.Errorf("cmux flag %.60q has no value or an option as its value in %.200q", a, args)
				}
				continue
			}
			if !cmuxFlags[a] || i == 0 {
				t.Errorf("cmux argv[%d] %.60q reads as an option in %.200q", i, a, args)
				continue
			}
			i++ // the flag's value
			if i == len(args) || strings.HasPrefix(args[i], "-") {
				t.Errorf("cmux flag %s has no value or an option as its value in %.200q", a, args)
			}
		}
	}
}
