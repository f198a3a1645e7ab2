//go:build unix

package terminal

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// fakeTmux puts a tmux on PATH that records its argv, one argument a line,
// in the returned file, then runs body.
func fakeTmux(t *testing.T, body string) (argv string) {
	t.Helper()
	dir := t.TempDir()
	argv = filepath.Join(dir, "argv")
	script := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> '" + argv + "'\n" + body + "\n"
	if err := proctest.WriteScript(filepath.Join(dir, "tmux"), script); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return argv
}

func TestProbeRunsTmux(t *testing.T) {
	tests := []struct {
		name, body string
		want       []string
	}{
		{"on", "echo on", []string{"\x1bPtmux;\x1b\x1b]9;4;3\x07\x1b\\", "\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\"}},
		{"all", "echo all", []string{"\x1bPtmux;\x1b\x1b]9;4;3\x07\x1b\\", "\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\"}},
		{"off", "echo off", nil},
		{"a tmux that refuses", "echo 'no server running' >&2; exit 1", nil},
		{"an old tmux without the option", "echo; echo 3.2a; echo %5", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			argv := fakeTmux(t, tt.body)
			got := run(t, Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a", MuxPane: "%5"}},
				state(host.Working), ping("hi"))
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes\n got %q\nwant %q", got, tt.want)
			}
			data, err := os.ReadFile(argv)
			if err != nil {
				t.Fatal(err)
			}
			want := "display-message\n-p\n-t\n%5\n--\n" + tmuxFormat + "\n" // once: the answer is kept
			if string(data) != want {
				t.Errorf("tmux ran with\n%s\nwant\n%s", data, want)
			}
		})
	}
}

// A hung tmux: each report is bounded by its deadline and fails (so a
// state is retried), tmux is asked again by the next reports, and after
// maxProbeTimeouts it counts as not allowing passthrough: nothing written,
// the report dropped.
func TestProbeBoundedByReport(t *testing.T) {
	fakeTmux(t, "exec sleep 30")
	rec := &recorder{}
	b, err := newTest(Config{Output: rec, Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}})
	if err != nil {
		t.Fatal(err)
	}
	for i := range maxProbeTimeouts {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		err := b.Report(ctx, ping("hi"))
		cancel()
		if last := i == maxProbeTimeouts-1; last != errors.Is(err, host.ErrDropped) || err == nil {
			t.Errorf("report %d = %v; want a deadline until the last try, then dropped", i, err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("Report took %v with a hung tmux", d)
		}
	}
	if p := b.pass(); len(rec.writes) != 0 || p != passDenied {
		t.Errorf("wrote %q, passthrough %v", rec.writes, p)
	}
}

func TestProbeWithoutTmux(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	got := run(t, Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.5a"}}, state(host.Working), ping("hi"))
	if len(got) != 0 {
		t.Errorf("wrote %q with no tmux to ask", got)
	}
}

// The probe against the real tmux, when there is one: a private server,
// found through TMUX as a pane would find it.
func TestProbeRealTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	sock := filepath.Join(t.TempDir(), "s")
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %q: %v: %s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	t.Setenv("TMUX", "")
	tmux("new-session", "-d", "-s", "hb", "sleep 600")
	t.Cleanup(func() { _ = exec.Command("tmux", "-S", sock, "kill-server").Run() })
	pane := tmux("display-message", "-p", "-t", "hb", "#{pane_id}")
	t.Setenv("TMUX", sock+","+tmux("display-message", "-p", "#{pid}")+",0")
	ver := strings.TrimPrefix(tmux("-V"), "tmux ")
	in := Info{Term: "tmux-256color", Mux: MuxTmux, MuxVersion: ver, MuxPane: pane}

	if got := run(t, Config{Info: in}, ping("hi")); len(got) != 0 {
		t.Errorf("tmux %s, passthrough off by default: wrote %q", ver, got)
	}
	tmux("set-option", "-w", "-t", "hb", "allow-passthrough", "on") // the pane inherits it
	want := []string{"\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\"}
	if got := run(t, Config{Info: in}, ping("hi")); !slices.Equal(got, want) {
		t.Errorf("tmux %s, passthrough on: wrote %q, want %q", ver, got, want)
	}
	tmux("set-option", "-p", "-t", pane, "allow-passthrough", "off")
	if got := run(t, Config{Info: in}, ping("hi")); len(got) != 0 {
		t.Errorf("tmux %s, off on the pane: wrote %q", ver, got)
	}
}

// Against the real tmux (a private server): with allow-passthrough off
// (tmux's default) every bar and ping the chat makes is dropped, and Stats
// say so; with it on, every one is sent, through tmux's passthrough.
func TestStatsRealTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	for _, passthrough := range []string{"off", "on"} {
		t.Run(passthrough, func(t *testing.T) {
			sock := filepath.Join(t.TempDir(), "s")
			tmux := func(args ...string) string {
				t.Helper()
				out, err := exec.Command("tmux", append([]string{"-S", sock, "-f", "/dev/null"}, args...)...).CombinedOutput()
				if err != nil {
					t.Fatalf("tmux %q: %v: %s", args, err, out)
				}
				return strings.TrimSpace(string(out))
			}
			t.Setenv("TMUX", "")
			tmux("set-option", "-g", "allow-passthrough", passthrough, ";", "new-session", "-d", "-s", "hb", "sleep 600")
			t.Cleanup(func() { _ = exec.Command("tmux", "-S", sock, "kill-server").Run() })
			pane := tmux("display-message", "-p", "-t", "hb", "#{pane_id}")
			t.Setenv("TMUX", sock+","+tmux("display-message", "-p", "#{pid}")+",0")
			ver := strings.TrimPrefix(tmux("-V"), "tmux ")

			rec := &recorder{}
			b, err := newTest(Config{Output: rec, Info: Info{Term: "screen", Mux: MuxTmux, MuxVersion: ver, MuxPane: pane}})
			if err != nil {
				t.Fatal(err)
			}
			// Every report is delivered before the exit: with a tmux slow
			// to answer the probe (a loaded machine), the states queued
			// behind it would otherwise be coalesced, or passed over by
			// the exit, legitimately, and the counts would depend on its
			// speed (seen with tmux slowed by 0.1 s).
			s := settings.Default()
			s.Timeout, s.EveryReport = 10*time.Second, true
			r := core.NewReporter([]host.Backend{b}, s)
			r.Send(state(host.Working), ping("approve shell: git push"), state(host.Idle))
			if err := r.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			r.Send(exit)
			if err := r.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			st := r.Stats()[0]
			want := host.Stats{Backend: "terminal", Dropped: 4}
			if passthrough == "on" {
				want = host.Stats{Backend: "terminal", Sent: 4}
			}
			if st != want || len(rec.writes) != int(want.Sent) {
				t.Errorf("tmux %s, allow-passthrough %s: stats %+v, %d writes; want %+v", ver, passthrough, st, len(rec.writes), want)
			}
		})
	}
}
