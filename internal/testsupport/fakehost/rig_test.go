package fakehost_test

import (
	"fmt"
	"os/exec"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// A Rig, without any UI framework: the program's environment is the fixed
// terminal, the fakes' panes over it, then WithEnv's; the transcript has a
// section per host in a fixed order, the fakes' ids replaced.
func TestRig(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a sh script")
	}
	noLeaks(t)
	c := fakehost.NewCmux(t)
	h := fakehost.NewHerdr(t)
	r := fakehost.NewRig(c, fakehost.WithEnv("TERM_PROGRAM", "Apple_Terminal"), h,
		fakehost.WithSize(100, 30), fakehost.WithTimeout(time.Minute), fakehost.KitOption("mine"),
		fakehost.WithReplace("secret", "<secret>"))
	for k, want := range map[string]string{
		"TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal", "HERDR_PANE_ID": "w1:p2",
		"CMUX_WORKSPACE_ID": c.Env()["CMUX_WORKSPACE_ID"], "PATH": c.Env()["PATH"],
	} {
		if got := r.Env[k]; got != want {
			t.Errorf("Env[%s] = %q, want %q", k, got, want)
		}
	}
	if r.Width != 100 || r.Height != 30 || r.Timeout != time.Minute || !slices.Equal(r.Kit, []any{"mine"}) {
		t.Errorf("rig %+v", r)
	}
	if want := "terminal (nothing)\n\nherdr (nothing)\n\ncmux (nothing)\n"; r.Transcript() != want {
		t.Errorf("empty transcript %q, want %q", r.Transcript(), want)
	}
	fmt.Fprint(r.Terminal, "\x1b]9;secret\x07")
	if out, err := exec.Command(c.Bin(), "set-status", "chat", "x", "--workspace", c.Env()["CMUX_WORKSPACE_ID"]).CombinedOutput(); err != nil {
		t.Fatalf("cmux: %v: %s", err, out)
	}
	line := `{"id":"1","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s","agent":"a","state":"idle"}}`
	if _, err := call(r.Env["HERDR_SOCKET_PATH"], line, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	want := "terminal ping \"<secret>\"\n\nherdr pane.report_agent idle\n\ncmux set-status chat x --workspace <cmux-workspace>\n"
	if got := r.Transcript(); got != want {
		t.Errorf("transcript %q, want %q", got, want)
	}
}
