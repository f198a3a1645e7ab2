package teatest

import "testing"

func TestTerminalEventStrings(t *testing.T) {
	for _, c := range []struct {
		e    termEvent
		want string
	}{
		{termEvent{kind: termProgress, value: "4;100", via: viaScreen}, "terminal progress 4;100 via screen"},
		{termEvent{kind: termPing, value: "a\x1bb"}, `terminal ping "a\x1bb"`},
		{termEvent{kind: termOverlong}, "terminal overlong"},
		{termEvent{kind: 9, via: 7}, "terminal termKind(9) via passthrough(7)"},
	} {
		if got := c.e.String(); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.e, got, c.want)
		}
	}
}
