package herdr_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// fakeBin is a stand-in herdr binary: a shell script that records its argv
// (each call: the count, then every argument, NUL-terminated, so newlines
// in values survive) and the HERDR_SOCKET_PATH it was given, then prints
// dir/stderr to stderr and exits with the status in dir/exit (or sleeps
// for dir/sleep seconds).
type fakeBin struct {
	t   *testing.T
	dir string
}

const fakeScript = `#!/bin/sh
dir=$(dirname "$0")
{ printf '%s\0' "$#"; printf '%s\0' "$@"; } >> "$dir/argv.log"
printf '%s\n' "$HERDR_SOCKET_PATH" >> "$dir/socket.log"
[ -f "$dir/stderr" ] && cat "$dir/stderr" >&2
[ -f "$dir/sleep" ] && exec sleep "$(cat "$dir/sleep")"
[ -f "$dir/exit" ] && exit "$(cat "$dir/exit")"
exit 0
`

func newFakeBin(t *testing.T) *fakeBin {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake herdr binary is a shell script")
	}
	f := &fakeBin{t: t, dir: t.TempDir()}
	if err := proctest.WriteScript(f.path(), fakeScript); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fakeBin) path() string { return filepath.Join(f.dir, "herdr") }

func (f *fakeBin) set(name, content string) {
	f.t.Helper()
	if err := os.WriteFile(filepath.Join(f.dir, name), []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fakeBin) reset() {
	for _, name := range []string{"exit", "stderr", "sleep"} {
		_ = os.Remove(filepath.Join(f.dir, name))
	}
}

// calls returns the argv of every call so far.
func (f *fakeBin) calls() [][]string {
	f.t.Helper()
	b, err := os.ReadFile(filepath.Join(f.dir, "argv.log"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		f.t.Fatal(err)
	}
	fields := strings.Split(strings.TrimSuffix(string(b), "\x00"), "\x00")
	var out [][]string
	for len(fields) > 0 {
		n, err := strconv.Atoi(fields[0])
		if err != nil || n > len(fields)-1 {
			f.t.Fatalf("argv.log is corrupt: %q", b)
		}
		out = append(out, fields[1:1+n])
		fields = fields[1+n:]
	}
	return out
}

func newCLIBackend(t *testing.T, f *fakeBin, edit func(*herdr.TestConfig)) *herdr.Backend {
	t.Helper()
	cfg := herdr.TestConfig{Pane: "w1:p2", Agent: "chat", CLI: true, Bin: f.path(), Socket: "/run/herdr.sock"}
	if edit != nil {
		edit(&cfg)
	}
	return herdr.NewTest(cfg)
}

// session is a chat's whole life, touching every request kind.
func sessionReports() []host.Report {
	s := host.Session{ID: "42", Dir: "/home/u/.chat/42", Resume: "chat --session 42", Origin: host.OriginStartup}
	return []host.Report{
		{Kind: host.KindState, State: host.Idle, Session: s},
		{Kind: host.KindSession, State: host.Idle, Session: s},
		{Kind: host.KindState, State: host.Working, Session: s},
		{Kind: host.KindMeta, State: host.Working, Session: s, Meta: []host.Fact{{Name: "model", Value: "opus"}, {Name: "cost", Value: "$0.01"}}},
		{Kind: host.KindState, State: host.Blocked, Message: "approve shell: git push", Session: s},
		{Kind: host.KindMeta, State: host.Blocked, Session: s, Meta: []host.Fact{{Name: "model", Value: "opus"}}},
		{Kind: host.KindState, State: host.Failed, Session: s},
		{Kind: host.KindPing, State: host.Failed, Message: "--session: the turn failed", Session: s}, // shown at the exit
		{Kind: host.KindExit, State: host.Idle, Session: s},
	}
}

// TestCLIRequestsMatchSocket makes the same session through the socket and
// through the binary: the argv, read back the way herdr reads it, must be
// the very requests the socket carried, and valid by herdr's schema.
func TestCLIRequestsMatchSocket(t *testing.T) {
	c := &clock{t: time.Now()} // the ping stays fresh for the exit's toast
	edit := func(cfg *herdr.TestConfig) {
		cfg.BlockedMessage, cfg.SessionInReports, cfg.Metadata, cfg.Now = true, true, true, c.now
	}
	h := newFake(t)
	mustReport(t, newHerdrBackend(t, h, edit), sessionReports()...)
	f := newFakeBin(t)
	mustReport(t, newCLIBackend(t, f, edit), sessionReports()...)

	// 15: the blocked request's and the failure's state labels are set
	// before their states; the labels are cleared at the first state and
	// the exit, which shows the ping last, after the release.
	reqs, calls := h.Requests(), f.calls()
	if len(reqs) != len(calls) || len(calls) != 15 || reqs[14].Method != "notification.show" {
		t.Fatalf("%d socket requests, %d CLI calls, want 15 each, the last notification.show", len(reqs), len(calls))
	}
	for i, argv := range calls {
		method, params, err := parseArgv(argv)
		if err != nil {
			t.Fatalf("call %d %q: %v", i, argv, err)
		}
		validRequest(t, requestLine(t, method, params))
		want := maps.Clone(reqs[i].Params)
		if _, ok := params["seq"]; !ok && method != "notification.show" {
			t.Errorf("call %d has no seq: %q", i, argv)
		}
		delete(params, "seq")
		delete(want, "seq")
		if method == "notification.show" { // herdr trims notAnOption's space (src/app/api.rs sanitized_notification_text)
			params["body"] = strings.TrimPrefix(params["body"].(string), " ")
		}
		if method != reqs[i].Method || !reflect.DeepEqual(params, want) {
			t.Errorf("call %d: %s %v\nsocket: %s %v", i, method, params, reqs[i].Method, want)
		}
	}
	if got := strings.Count(readFile(t, filepath.Join(f.dir, "socket.log")), "/run/herdr.sock\n"); got != 15 {
		t.Errorf("HERDR_SOCKET_PATH passed to %d of 15 calls", got)
	}
}

// TestCLIHostileValues: values that look like options, or hold newlines,
// reach herdr as values (one that starts with "--" with a space in front,
// see TestCLIValuesNotTakenForGlobalOptions).
func TestCLIHostileValues(t *testing.T) {
	f := newFakeBin(t)
	b := newCLIBackend(t, f, func(c *herdr.TestConfig) {
		c.Agent, c.Source = "a", "--help" // an agent name starts with a letter or digit (settings.ValidAgent)
		c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true
	})
	s := host.Session{ID: "-rf", Dir: "/--x", Resume: "--exec=rm -rf /", Origin: host.OriginSwitched}
	mustReport(t, b,
		host.Report{Kind: host.KindState, State: host.Blocked, Message: "--seq\n1 --message=x", Session: s},
		host.Report{Kind: host.KindSession, Session: s},
		host.Report{Kind: host.KindMeta, Session: s, Meta: []host.Fact{{Name: "-x", Value: "--y=z"}}},
		host.Report{Kind: host.KindExit, Session: s},
	)
	want := []map[string]any{
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "state_labels": map[string]any{"blocked": "--seq 1 --message=x"}},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "state": "blocked", "message": " --seq\n1 --message=x", "agent_session_id": "-rf", "agent_session_path": "/--x"},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "agent_session_id": "-rf", "agent_session_path": "/--x", "session_start_source": "resume"},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "tokens": map[string]any{"resume": "--exec=rm -rf /"}},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "tokens": map[string]any{"-x": "--y=z"}},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "tokens": map[string]any{"-x": nil, "resume": nil}},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help", "clear_state_labels": true},
		{"pane_id": "w1:p2", "agent": "a", "source": " --help"},
	}
	calls := f.calls()
	if len(calls) != len(want) {
		t.Fatalf("%d calls, want %d: %q", len(calls), len(want), calls)
	}
	for i, argv := range calls {
		method, params, err := parseArgv(argv)
		if err != nil {
			t.Fatalf("call %d %q: %v", i, argv, err)
		}
		validRequest(t, requestLine(t, method, params))
		delete(params, "seq")
		if !reflect.DeepEqual(params, want[i]) {
			t.Errorf("call %d %q\nread as %v\nwant    %v", i, argv, params, want[i])
		}
	}
}

func TestCLIExitStatus(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(f *fakeBin)
		timeout time.Duration
		want    error
		code    string
	}{
		{"error reply", func(f *fakeBin) {
			f.set("exit", "1")
			f.set("stderr", `{"id":"cli:request","error":{"code":"pane_not_found","message":"pane w1:p2 not found"}}`+"\n")
		}, 5 * time.Second, hostio.ErrRejected, "pane_not_found"},
		{"failure without reply", func(f *fakeBin) {
			f.set("exit", "1")
			f.set("stderr", "Error: Connection refused (os error 111)\n")
		}, 5 * time.Second, hostio.ErrBadReply, ""},
		{"usage", func(f *fakeBin) { f.set("exit", "2"); f.set("stderr", "unknown option: --seq\n") }, 5 * time.Second, hostio.ErrRejected, "usage"},
		{"other status", func(f *fakeBin) { f.set("exit", "101") }, 5 * time.Second, hostio.ErrBadReply, ""},
		{"hangs", func(f *fakeBin) { f.set("sleep", "30") }, 200 * time.Millisecond, context.DeadlineExceeded, ""},
		{"missing binary", func(f *fakeBin) { _ = os.Remove(f.path()) }, 5 * time.Second, hostio.ErrUnavailable, ""},
		{"floods stderr", func(f *fakeBin) {
			f.set("exit", "1")
			f.set("stderr", strings.Repeat("x", 1<<20))
		}, 5 * time.Second, hostio.ErrBadReply, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeBin(t)
			b := newCLIBackend(t, f, nil)
			tt.setup(f)
			ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
			defer cancel()
			start := time.Now()
			err := b.Report(ctx, state(host.Working))
			if !errors.Is(err, tt.want) || !strings.HasPrefix(err.Error(), "herdr: ") {
				t.Fatalf("Report = %v, want %v", err, tt.want)
			}
			if took := time.Since(start); took > tt.timeout+time.Second {
				t.Errorf("Report took %v, deadline %v", took, tt.timeout)
			}
			if len(err.Error()) > 600 {
				t.Errorf("error of %d bytes", len(err.Error()))
			}
			var re *hostio.ReplyError
			if tt.code != "" && (!errors.As(err, &re) || re.Code != tt.code) {
				t.Errorf("Report = %v, want code %s", err, tt.code)
			}
			// Not delivered: the retry runs the binary again. A usage
			// error is a herdr that lacks the command or a flag: not run
			// again, the report dropped (refusals).
			if tt.name == "missing binary" {
				if err := proctest.WriteScript(f.path(), fakeScript); err != nil {
					t.Fatal(err)
				}
			}
			f.reset()
			before := len(f.calls())
			err = report(b, state(host.Working))
			ran := len(f.calls()) > before && f.calls()[before][1] == "report-agent"
			switch {
			case tt.code == "usage" && (ran || !errors.Is(err, host.ErrDropped)):
				t.Errorf("after a usage error: ran %v, Report = %v; want dropped without running", ran, err)
			case tt.code != "usage" && (!ran || err != nil):
				t.Errorf("the retried report: ran %v, Report = %v", ran, err)
			}
		})
	}
}

func TestCLIFindsHerdrOnPath(t *testing.T) {
	f := newFakeBin(t)
	t.Setenv("PATH", f.dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	b := newCLIBackend(t, f, func(c *herdr.TestConfig) { c.Bin = "" })
	mustReport(t, b, state(host.Idle))
	if calls := f.calls(); len(calls) == 0 || calls[0][1] != "report-agent" {
		t.Errorf("calls = %q", calls)
	}

	t.Setenv("PATH", t.TempDir())
	err := report(b, state(host.Working))
	if !errors.Is(err, hostio.ErrUnavailable) {
		t.Errorf("without herdr on PATH: %v", err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(bytes.ToValidUTF8(b, nil))
}
