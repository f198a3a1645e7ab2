package chatscript

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	def := Flags{Delay: time.Second, Agent: "chat", Notify: true}
	tests := []struct {
		args []string
		want Flags
	}{
		{nil, def},
		{[]string{"-m", "hello"}, with(def, func(f *Flags) { f.Prompt = "hello" })},
		{[]string{"-delay", "100ms"}, with(def, func(f *Flags) { f.Delay = 100 * time.Millisecond })},
		{[]string{"-agent", "iota"}, with(def, func(f *Flags) { f.Agent = "iota" })},
		{[]string{"-notify=false"}, with(def, func(f *Flags) { f.Notify = false })},
		{[]string{"-background", "light"}, with(def, func(f *Flags) { f.Background = "light" })},
		{[]string{"-profile", "mendcode"}, with(def, func(f *Flags) { f.Profile = ProfileMendcode })},
		{[]string{"-profile", "iota"}, def},
		{[]string{"--session", "s1"}, with(def, func(f *Flags) { f.Session = "s1" })},
		{[]string{"-doctor"}, with(def, func(f *Flags) { f.Doctor = true })},
	}
	for _, tt := range tests {
		got, err := ParseFlags(tt.args, io.Discard)
		if err != nil || got != tt.want {
			t.Errorf("ParseFlags(%q) = %+v, %v; want %+v", tt.args, got, err, tt.want)
		}
	}
}

func with(f Flags, change func(*Flags)) Flags {
	change(&f)
	return f
}

func TestParseFlagsErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-delay", "0"},
		{"-delay", "-1s"},
		{"-delay", "2m"},
		{"-background", "blue"},
		{"-profile", "other"},
		{"-session", "../x"},
		{"-doctor", "-m", "hi"},
		{"hello"},
		{"-nope"},
	} {
		if _, err := ParseFlags(args, io.Discard); err == nil || errors.Is(err, flag.ErrHelp) {
			t.Errorf("ParseFlags(%q) = %v, want an error", args, err)
		}
	}
}

func TestHelp(t *testing.T) {
	var out strings.Builder
	if _, err := ParseFlags([]string{"-help"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"-m prompt", "-profile iota", "-background light", "denied", `answered "main"`, "slow"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help does not say %q:\n%s", want, out.String())
		}
	}
}
