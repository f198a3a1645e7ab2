package herdr_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// herdrPreParse is what herdr's CLI does to its argv before the pane
// command sees it (ogulcancelik/herdr@10974c82): src/session.rs
// configure_from_args and src/remote/attach.rs extract_remote_args take
// --session, --remote, --remote-keybindings (each also as NAME=VALUE) and
// --handoff out of any position before a "--"; src/cli/spec.rs
// write_requested_help prints help and exits 0 when --help or -h stands
// right after the subcommands (the pane id's place). It returns the
// arguments taken and whether help was asked.
func herdrPreParse(argv []string) (taken []string, help bool) {
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--":
			return taken, help
		case a == "--session" || a == "--remote" || a == "--remote-keybindings":
			taken = append(taken, a)
			i++ // and its value
		case a == "--handoff", strings.HasPrefix(a, "--session="), strings.HasPrefix(a, "--remote="),
			strings.HasPrefix(a, "--remote-keybindings="):
			taken = append(taken, a)
		}
	}
	return taken, len(argv) > 2 && (argv[2] == "--help" || argv[2] == "-h")
}

// TestCLIValuesNotTakenForGlobalOptions: a message, a source or a session
// id that reads like one of herdr's global options reaches herdr as text,
// and a flag-like pane id is refused before anything runs.
func TestCLIValuesNotTakenForGlobalOptions(t *testing.T) {
	f := newFakeBin(t)
	b := newCLIBackend(t, f, func(c *herdr.TestConfig) {
		c.Source = "--session"
		c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true
	})
	s := host.Session{ID: "--remote=evil", Dir: "/s", Resume: "--handoff", Origin: host.OriginSwitched}
	mustReport(t, b,
		host.Report{Kind: host.KindState, State: host.Blocked, Message: "--session=other", Session: s},
		host.Report{Kind: host.KindSession, Session: s},
		host.Report{Kind: host.KindExit, Session: s},
	)
	calls := f.calls()
	if len(calls) == 0 {
		t.Fatal("no calls")
	}
	for i, argv := range calls {
		if taken, help := herdrPreParse(argv); len(taken) > 0 || help {
			t.Errorf("call %d %q: herdr would take %q as its own options (help %v)", i, argv, taken, help)
		}
		_, params, err := parseArgv(argv)
		if err != nil {
			t.Fatalf("call %d %q: %v", i, argv, err)
		}
		// The text herdr gets is the value with one space in front, which
		// herdr trims from the source and shows as it is elsewhere.
		if got := params["source"]; got != " --session" {
			t.Errorf("call %d: source %q", i, got)
		}
	}

	for _, pane := range []string{"--help", "-h", "-", "--state=blocked"} {
		f := newFakeBin(t)
		b := newCLIBackend(t, f, func(c *herdr.TestConfig) { c.Pane = pane })
		err := b.Report(t.Context(), host.Report{Kind: host.KindState, State: host.Working})
		if re := (*hostio.ReplyError)(nil); !errors.As(err, &re) || re.Code != "usage" {
			t.Errorf("pane %q: err %v, want a usage error", pane, err)
		}
		if n := len(f.calls()); n != 0 {
			t.Errorf("pane %q: herdr ran %d times", pane, n)
		}
	}
}
