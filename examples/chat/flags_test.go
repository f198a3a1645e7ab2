package main

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

func TestParseFlags(t *testing.T) {
	def := flags{Delay: time.Second, Agent: "chat", Notify: true}
	tests := []struct {
		args []string
		want flags
	}{
		{nil, def},
		{[]string{"-m", "hello"}, with(def, func(f *flags) { f.Prompt = "hello" })},
		{[]string{"-delay", "100ms"}, with(def, func(f *flags) { f.Delay = 100 * time.Millisecond })},
		{[]string{"-agent", "iota"}, with(def, func(f *flags) { f.Agent = "iota" })},
		{[]string{"-notify=false"}, with(def, func(f *flags) { f.Notify = false })},
		{[]string{"-background", "light"}, with(def, func(f *flags) { f.Background = "light" })},
		{[]string{"-profile", "mendcode"}, with(def, func(f *flags) { f.Profile = profileMendcode })},
		{[]string{"-profile", "iota"}, def},
		{[]string{"--session", "s1"}, with(def, func(f *flags) { f.Session = "s1" })},
		{[]string{"-doctor"}, with(def, func(f *flags) { f.Doctor = true })},
	}
	for _, tt := range tests {
		got, err := parseFlags(tt.args, io.Discard)
		if err != nil || got != tt.want {
			t.Errorf("parseFlags(%q) = %+v, %v; want %+v", tt.args, got, err, tt.want)
		}
	}
}

func with(f flags, change func(*flags)) flags {
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
		if _, err := parseFlags(args, io.Discard); err == nil || errors.Is(err, flag.ErrHelp) {
			t.Errorf("parseFlags(%q) = %v, want an error", args, err)
		}
	}
}

func TestHelp(t *testing.T) {
	var out strings.Builder
	if _, err := parseFlags([]string{"-help"}, &out); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"-m prompt", "-profile iota", "-background light", "denied", `answered "main"`, "slow"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help does not say %q:\n%s", want, out.String())
		}
	}
	if code := run([]string{"-help"}, io.Discard, io.Discard); code != exitOK {
		t.Errorf("run -help = %d", code)
	}
	if code := run([]string{"-delay", "0"}, io.Discard, io.Discard); code != exitUsage {
		t.Errorf("run -delay 0 = %d", code)
	}
}
