package terminal

import (
	"bytes"
	"os"
	"testing"
)

func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		env  []string
		want Info
	}{
		{"empty", nil, Info{}},
		{"ghostty", []string{"TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty", "TERM_PROGRAM_VERSION", "1.2.0"},
			Info{Term: "xterm-ghostty", Program: "ghostty", Version: "1.2.0", From: "TERM=xterm-ghostty"}},
		{"ghostty over ssh", []string{"TERM", "xterm-ghostty"}, Info{Term: "xterm-ghostty", Program: "ghostty", From: "TERM=xterm-ghostty"}},
		{"ghostty by its resources", []string{"TERM", "xterm-256color", "GHOSTTY_RESOURCES_DIR", "/usr/share/ghostty"},
			Info{Term: "xterm-256color", Program: "ghostty", From: "GHOSTTY_RESOURCES_DIR"}},
		{"iTerm2", []string{"TERM", "xterm-256color", "TERM_PROGRAM", "iTerm.app", "TERM_PROGRAM_VERSION", "3.5.10", "LC_TERMINAL", "iTerm2"},
			Info{Term: "xterm-256color", Program: "iTerm2", Version: "3.5.10", From: "TERM_PROGRAM=iTerm.app"}},
		{"iTerm2 over ssh", []string{"TERM", "xterm-256color", "LC_TERMINAL", "iTerm2", "LC_TERMINAL_VERSION", "3.6.6"},
			Info{Term: "xterm-256color", Program: "iTerm2", Version: "3.6.6", From: "LC_TERMINAL=iTerm2"}},
		{"kitty started from iTerm2", []string{"TERM", "xterm-kitty", "TERM_PROGRAM", "iTerm.app", "TERM_PROGRAM_VERSION", "3.5.0", "KITTY_WINDOW_ID", "1"},
			Info{Term: "xterm-kitty", Program: "kitty", From: "TERM=xterm-kitty"}},
		{"kitty with TERM overridden", []string{"TERM", "xterm-256color", "KITTY_WINDOW_ID", "3"},
			Info{Term: "xterm-256color", Program: "kitty", From: "KITTY_WINDOW_ID"}},
		{"WezTerm", []string{"TERM", "xterm-256color", "TERM_PROGRAM", "WezTerm", "TERM_PROGRAM_VERSION", "20240203-110809-5046fc22", "WEZTERM_PANE", "0"},
			Info{Term: "xterm-256color", Program: "WezTerm", Version: "20240203-110809-5046fc22", From: "TERM_PROGRAM=WezTerm"}},
		{"Windows Terminal", []string{"WT_SESSION", "5f7f4d2e-0000"}, Info{Program: "WindowsTerminal", From: "WT_SESSION"}},
		{"ConEmu", []string{"ConEmuANSI", "ON", "ConEmuBuild", "230724"}, Info{Program: "ConEmu", Version: "230724", From: "ConEmuANSI"}},
		{"Konsole", []string{"TERM", "xterm-256color", "KONSOLE_VERSION", "230804"},
			Info{Term: "xterm-256color", Program: "konsole", Version: "230804", From: "KONSOLE_VERSION"}},
		{"VTE", []string{"TERM", "xterm-256color", "VTE_VERSION", "7600"},
			Info{Term: "xterm-256color", Program: "vte", Version: "7600", From: "VTE_VERSION"}},
		{"vscode", []string{"TERM_PROGRAM", "vscode", "TERM_PROGRAM_VERSION", "1.95.0"}, Info{Program: "vscode", Version: "1.95.0", From: "TERM_PROGRAM=vscode"}},
		{"Linux console", []string{"TERM", "linux"}, Info{Term: "linux", Program: "linux", From: "TERM=linux"}},
		{"tmux 3.3a", []string{"TERM", "tmux-256color", "TMUX", "/tmp/tmux-1000/default,123,0", "TMUX_PANE", "%3",
			"TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "GHOSTTY_RESOURCES_DIR", "/x", "LC_TERMINAL", "iTerm2"},
			Info{Term: "tmux-256color", Mux: MuxTmux, MuxVersion: "3.3a", MuxPane: "%3"}},
		{"tmux with TERM=screen", []string{"TERM", "screen", "TMUX", "/tmp/t,1,0", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.6a"},
			Info{Term: "screen", Mux: MuxTmux, MuxVersion: "3.6a"}},
		{"tmux that did not set TERM_PROGRAM", []string{"TERM", "screen", "TMUX", "/tmp/t,1,0", "TERM_PROGRAM", "iTerm.app"},
			Info{Term: "screen", Mux: MuxTmux}},
		{"tmux leftover without TMUX", []string{"TERM", "xterm-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a"},
			Info{Term: "xterm-256color"}},
		{"screen", []string{"TERM", "screen.xterm-256color", "STY", "1234.pts-0.host", "TERM_PROGRAM", "WezTerm"},
			Info{Term: "screen.xterm-256color", Program: "WezTerm", From: "TERM_PROGRAM=WezTerm", Mux: MuxScreen}},
		{"screen by TERM", []string{"TERM", "screen-256color"}, Info{Term: "screen-256color", Mux: MuxScreen}},
		{"screen by STY", []string{"TERM", "xterm", "STY", "1.x"}, Info{Term: "xterm", Mux: MuxScreen}},
		// Added with the table (issue 29).
		{"foot", []string{"TERM", "foot"}, Info{Term: "foot", Program: "foot", From: "TERM=foot"}},
		{"foot-direct", []string{"TERM", "foot-direct", "KITTY_WINDOW_ID", "2"}, Info{Term: "foot-direct", Program: "foot", From: "TERM=foot-direct"}},
		{"kitty by its pid", []string{"TERM", "xterm-256color", "KITTY_PID", "42"}, Info{Term: "xterm-256color", Program: "kitty", From: "KITTY_PID"}},
		{"Rio", []string{"TERM", "rio", "TERM_PROGRAM", "rio", "TERM_PROGRAM_VERSION", "0.2.30"},
			Info{Term: "rio", Program: "rio", Version: "0.2.30", From: "TERM=rio"}},
		{"Warp", []string{"TERM_PROGRAM", "WarpTerminal", "TERM_PROGRAM_VERSION", "v0.2025"},
			Info{Program: "warp", Version: "v0.2025", From: "TERM_PROGRAM=WarpTerminal"}},
		{"Alacritty", []string{"TERM", "alacritty"}, Info{Term: "alacritty", Program: "alacritty", From: "TERM=alacritty"}},
		{"an unknown TERM_PROGRAM is kept", []string{"TERM_PROGRAM", "Hyper", "TERM_PROGRAM_VERSION", "3.4"},
			Info{Program: "Hyper", Version: "3.4", From: "TERM_PROGRAM=Hyper"}},
		{"Zellij: the outer terminal from its TERM", []string{"TERM", "xterm-kitty", "ZELLIJ", "0", "ZELLIJ_SESSION_NAME", "s"},
			Info{Term: "xterm-kitty", Program: "kitty", From: "TERM=xterm-kitty", Mux: MuxZellij}},
		{"Zellij by its pane id", []string{"ZELLIJ_PANE_ID", "1"}, Info{Mux: MuxZellij}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Detect(env(tt.env...)); got != tt.want {
				t.Errorf("Detect\n got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestInfoString(t *testing.T) {
	tests := []struct {
		in   Info
		want string
	}{
		{Info{}, "terminal=unknown mux=none"},
		{Info{Term: "xterm-ghostty", Program: "ghostty", Version: "1.2.0"}, "terminal=ghostty version=1.2.0 TERM=xterm-ghostty mux=none"},
		{Info{Term: "tmux-256color", Mux: MuxTmux, MuxVersion: "3.3a", MuxPane: "%3"},
			"terminal=unknown TERM=tmux-256color mux=tmux mux-version=3.3a pane=%3"},
		{Info{Term: "x\x1b]52;c;Zm9v\x07", Program: "evil\r\nprog"}, "terminal=evil prog TERM=x mux=none"},
		{Info{Mux: 9}, "terminal=unknown mux=Mux(9)"},
	}
	for _, tt := range tests {
		if got := tt.in.String(); got != tt.want {
			t.Errorf("%+v.String()\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestIsTerminal(t *testing.T) {
	if IsTerminal(&bytes.Buffer{}) {
		t.Error("a buffer is a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if IsTerminal(w) || IsTerminal(nil) || IsTerminal((*os.File)(nil)) {
		t.Error("a pipe is a terminal")
	}
}

func TestTypedStrings(t *testing.T) {
	for got, want := range map[string]string{
		MuxNone.String(): "none", MuxTmux.String(): "tmux", MuxScreen.String(): "screen", Mux(12).String(): "Mux(12)",
	} {
		if got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}
