package terminal

import (
	"strings"
	"testing"
)

func TestVersionBelow(t *testing.T) {
	tests := []struct {
		v, min       string
		below, known bool
	}{
		{"3.5.10", "3.6.6", true, true},
		{"3.6.5", "3.6.6", true, true},
		{"3.6.6", "3.6.6", false, true},
		{"3.6.6beta2", "3.6.6", false, true},
		{"3.6", "3.6.6", true, true},
		{"3.6.0", "3.6", false, true},
		{"3.10", "3.9", false, true},
		{"0.32.2", "0.38", true, true},
		{"3.3a", "3.4", true, true},
		{"3.3a", "3.7", true, true},
		{"next-3.7", "3.7", false, true},
		{"3.7", "3.7", false, true},
		{"4.0", "3.7", false, true},
		{" 1.2 ", "1.3", true, true},
		{"3.", "3.4", true, true},
		{"3..4", "3.1", true, true},
		{"20240203-110809-5046fc22", "20240204", true, true},
		{"99999999999999999999999", "99999999", false, true}, // stops growing: no overflow
		{"", "3.4", false, false},
		{"openbsd-7.5", "3.4", false, false},
		{"v1.2", "1.0", false, false},
		{"master", "3.4", false, false},
		{".4", "3.4", false, false},
	}
	for _, tt := range tests {
		if below, known := VersionBelow(tt.v, tt.min); below != tt.below || known != tt.known {
			t.Errorf("VersionBelow(%q, %q) = %v, %v; want %v, %v", tt.v, tt.min, below, known, tt.below, tt.known)
		}
	}
	for in, want := range map[string]tmuxGen{
		"3.3a": tmuxOld, "3.6a": tmuxOld, "3.7": tmuxNew, "3.7b": tmuxNew, "next-3.7": tmuxNew, "4.0": tmuxNew,
		"": tmuxUnknown, "openbsd-7.5": tmuxUnknown,
	} {
		if got := tmuxGeneration(in); got != want {
			t.Errorf("tmuxGeneration(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestKnownBadList(t *testing.T) {
	// The old built-in list's cases, now the table's verdicts.
	tests := []struct {
		in   Info
		want bool
	}{
		{Info{Program: "iTerm.app", Version: "3.5.10"}, true},
		{Info{Program: "iTerm.app", Version: "3.6.5"}, true},
		{Info{Program: "iTerm.app"}, true}, // no version: taken to be old
		{Info{Program: "ITERM.APP", Version: "3.6.0"}, true},
		{Info{Program: "iTerm.app", Version: "3.6.6"}, false},
		{Info{Program: "iTerm.app", Version: "3.7.0beta1"}, false},
		{Info{Program: "kitty"}, true},
		{Info{Program: "kitty", Version: "0.37.0"}, true},
		{Info{Program: "kitty", Version: "0.39.1"}, false},
		{Info{Term: "linux"}, true},
		{Info{Term: "dumb"}, true},
		{Info{Term: "linux-16color"}, false},
		{Info{Program: "ghostty", Version: "1.2.0"}, false},
		{Info{Program: "WindowsTerminal"}, false},
		{Info{}, false},
		{Info{Term: "tmux-256color", Mux: MuxTmux}, false},
	}
	for _, tt := range tests {
		if got := !choose(tt.in).Bar; got != tt.want {
			t.Errorf("bad(%+v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseBadEntry(t *testing.T) {
	good := map[string]badEntry{
		"WezTerm":         {program: "WezTerm"},
		"iTerm.app<3.6.6": {program: "iTerm.app", below: "3.6.6"},
		"TERM=linux":      {term: "linux"},
		"TERM=xterm-mono": {term: "xterm-mono"},
	}
	for in, want := range good {
		got, err := parseBadEntry(in)
		if err != nil || got != want {
			t.Errorf("parseBadEntry(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "<3", "kitty<", "kitty<x", "kitty< 0.38", "TERM=", "TERM=a b", "a b", "k=v", "TERM=x<1"} {
		if _, err := parseBadEntry(in); err == nil {
			t.Errorf("parseBadEntry(%q) accepted", in)
		}
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want string
	}{
		{"BadProgress", Config{BadProgress: []string{"kitty", "iTerm.app<three"}}, `BadProgress[1] "iTerm.app<three"`},
	}
	for _, tt := range tests {
		_, err := newTest(tt.cfg)
		if err == nil || !strings.HasPrefix(err.Error(), "terminal: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: New = %v, want an error mentioning %q", tt.name, err, tt.want)
		}
	}
}

// CheckKnownBad checks a known-bad list, building nothing (hostbridge
// checks WithKnownBadProgress with it; New does not check it again).
func TestCheckKnownBad(t *testing.T) {
	for _, list := range [][]string{nil, {}, {"WezTerm", "iTerm.app<3.6.6", "TERM=linux"}} {
		if err := CheckKnownBad(list); err != nil {
			t.Errorf("CheckKnownBad(%q) = %v, want nil", list, err)
		}
	}
	for _, list := range [][]string{{""}, {"kitty<"}, {"WezTerm", "TERM="}} {
		if err := CheckKnownBad(list); err == nil || !strings.HasPrefix(err.Error(), "terminal: BadProgress[") {
			t.Errorf("CheckKnownBad(%q) = %v, want a BadProgress error", list, err)
		}
	}
}
