package chattest

import (
	"reflect"
	"testing"
)

func TestScanOSC(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"plain text", nil},
		{"\x1b]9;4;3\x07", []string{"9;4;3"}},
		{"\x1b]9;4;4;100\x1b\\x\x1b]9;hi there\x07", []string{"9;4;4;100", "9;hi there"}},
		{"a\x1b[31mred\x1b[0m\x1b]9;4;0\x07b", []string{"9;4;0"}},
		{"\x1b]9;4;3", nil},     // unterminated: more to come
		{"\x1b]9;4;3\x1b", nil}, // half a terminator
		{"\x1b]11;?\x1b\\", []string{"11;?"}},
		{"\x1b]9;x\x1b[Oq\x1b]9;y\x07", []string{"9;y"}}, // broken one skipped
	}
	for _, tt := range tests {
		if got := ScanOSC([]byte(tt.in)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ScanOSC(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if p, ok := progressOf("9;4;2;100"); !ok || p != "2;100" {
		t.Errorf("progressOf = %q, %v", p, ok)
	}
	if p, ok := PingOf("9;4;0"); ok {
		t.Errorf("PingOf(progress) = %q", p)
	}
	if p, ok := PingOf("9; 4;2 is text"); !ok || p != " 4;2 is text" {
		t.Errorf("pingOf = %q, %v", p, ok)
	}
}

func TestPlainText(t *testing.T) {
	in := "\x1b[?25l\x1b[2K\x1b[38;5;81myou\x1b[0m hello\x1b]9;4;3\x07\r\n\x1b7ok\x1bP=1s\x1b\\!"
	if got, want := PlainText([]byte(in)), "you hello\r\nok!"; got != want {
		t.Errorf("plainText = %q, want %q", got, want)
	}
}
