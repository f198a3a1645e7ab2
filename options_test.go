package hostbridge

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Every option's bad values: New fails with an error wrapping ErrOption
// that says what was wrong; Wrap leaves the option out, logs it, keeps the
// error in Err and goes on reporting. Every option's good value is no
// error.
func TestOptionValues(t *testing.T) {
	resume := func(id string) string { return "chat --session " + id }
	tests := []struct {
		name string
		opt  Option
		want string // in the error; "" for a good value
	}{
		{"nil option", nil, "option 3 is nil"},
		{"agent", WithAgent("chat-2.0_x"), ""},
		{"agent empty: the default", WithAgent(""), ""},
		{"agent with a space", WithAgent("my agent!"), "agent name"},
		{"agent starting with a dot", WithAgent(".x"), "agent name"},
		{"agent of 65", WithAgent(strings.Repeat("a", 65)), "agent name"},
		{"source", WithSource("custom:chat"), ""},
		{"source empty: the default", WithSource(""), ""},
		{"source with a slash", WithSource("a/b"), "source"},
		{"source of 81", WithSource(strings.Repeat("a", 81)), "source"},
		{"notify", WithNotify(false), ""},
		{"notify while focus unknown", WithNotifyWhileFocusUnknown(false), ""},
		{"timeout", WithTimeout(time.Minute), ""},
		{"timeout zero: the default", WithTimeout(0), ""},
		{"timeout negative", WithTimeout(-1), "timeout -1ns"},
		{"timeout over a minute", WithTimeout(time.Minute + 1), "timeout 1m0.000000001s"},
		{"exit timeout", WithExitTimeout(time.Nanosecond), ""},
		{"exit timeout zero: the default", WithExitTimeout(0), ""},
		{"exit timeout over a minute", WithExitTimeout(2 * time.Minute), "exit timeout 2m0s"},
		{"ping interval zero: the default", pingInterval(0), ""},
		{"ping interval negative: no limit", pingInterval(-time.Second), ""},
		{"ping interval over a minute", pingInterval(time.Hour), "ping interval 1h0m0s"},
		{"logger", WithLogger(slog.New(slog.DiscardHandler)), ""},
		{"logger nil: the default", WithLogger(nil), ""},
		{"output", WithOutput(&bytes.Buffer{}), ""},
		{"output nil: the default", WithOutput(nil), ""},
		{"progress", WithProgress(true), ""},
		{"known-bad list", WithKnownBadProgress([]string{"kitty<0.38", "TERM=dumb"}), ""},
		{"known-bad list empty", WithKnownBadProgress(nil), ""},
		{"known-bad entry", WithKnownBadProgress([]string{"kitty<x.y"}), "known-bad progress list"},
		{"known-bad TERM", WithKnownBadProgress([]string{"TERM="}), "known-bad progress list"},
		{"env", WithEnv(func(string) string { return "" }), ""},
		{"env nil: the default", WithEnv(nil), ""},
		{"session", WithSession("42", "/tmp/s"), ""},
		{"session without a directory", WithSession("42", ""), ""},
		{"session in a relative directory", WithSession("42", "sessions/42"), `session directory "sessions/42"`},
		{"resume command", WithResumeCommand(resume), ""},
		{"resume command nil", WithResumeCommand(nil), ""},
		{"blocked message", WithBlockedMessage(true), ""},
		{"metadata", WithMetadata(true), ""},
		{"herdr pane variables", WithHerdrPaneVars(true), ""},
		{"sub-agents block", WithSubAgentsBlock(true), ""},
		{"disable variable", WithDisableEnv("CHAT_HOSTS"), ""},
		{"disable variable empty: none", WithDisableEnv(""), ""},
		{"focus reports", WithFocusReports(false), ""},
		{"signal handler", WithSignalHandler(false), ""},
		{"backends", WithBackends(&host.Recorder{}), ""},
		{"backends nil", WithBackends(nil), "a backend is nil"},
		{"backends with a nil", WithBackends(&host.Recorder{}, nil), "a backend is nil"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var logged bytes.Buffer
			rec := &host.Recorder{}
			opts := []Option{ // the option under test goes last, as the fourth
				WithSignalHandler(false), WithBackends(rec),
				WithLogger(slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))),
				tt.opt,
			}
			b, err := New(opts...)
			if b != nil {
				_ = b.Close()
			}
			if tt.want == "" {
				if err != nil {
					t.Fatalf("New = %v, want no error", err)
				}
				return
			}
			if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), tt.want) || b != nil {
				t.Fatalf("New = %v, %v; want an error wrapping ErrOption with %q", b, err, tt.want)
			}
			m := Wrap(echo{got: new([]tea.Msg)}, opts...)
			defer m.Close()
			if !strings.Contains(logged.String(), "ignoring bad options") || !strings.Contains(logged.String(), strconv.Quote(err.Error())) {
				t.Errorf("logged %q, want the error", logged.String())
			}
			m.Init()
			if err := m.bridge.Flush(context.Background()); err != nil || len(rec.Reports()) != 1 {
				t.Errorf("after a bad option the recorder got %d reports (flush: %v)", len(rec.Reports()), err)
			}
		})
	}
}

// Several bad options: each is left out, and the logged error names them all.
func TestWrapKeepsGoingWithBadOptions(t *testing.T) {
	rec := &host.Recorder{}
	var logged strings.Builder
	logger := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
	m := Wrap(echo{got: new([]tea.Msg)}, WithLogger(logger), WithAgent("a b"), WithTimeout(-1), WithBackends(rec), WithSignalHandler(false))
	defer m.Close()
	if !strings.Contains(logged.String(), "agent name") || !strings.Contains(logged.String(), "timeout") {
		t.Errorf("logged %q, want both bad options", logged.String())
	}
	m.Init()
	_ = m.bridge.Flush(context.Background())
	if len(rec.Reports()) != 1 {
		t.Error("a bad option stopped reporting")
	}
}

// pingInterval sets the field no frontend exports (the kits use it).
func pingInterval(d time.Duration) Option {
	return settings.KitOption(func(k *settings.Kit) { k.PingInterval = d }).(Option)
}

// everyReport makes every change reach every host, as the kits do.
var everyReport = settings.KitOption(func(k *settings.Kit) { k.EveryReport = true }).(Option)
