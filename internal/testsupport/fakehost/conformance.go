package fakehost

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// Harness builds the backend under test.
type Harness struct {
	// New returns a backend talking to a healthy host.
	New func(t *testing.T) host.Backend
	// Hung, if set, returns a backend whose host accepts a request and
	// never answers (or whose output never drains).
	Hung func(t *testing.T) host.Backend
	// Bound is how long past its deadline a report may take to return
	// against a hung host (default 1 s: the check is about "returns", not
	// about speed).
	Bound time.Duration
}

// Hostile is text that must never break a host: escape sequences, BEL, ST,
// C1, CR/LF, NUL, invalid UTF-8, bidi controls, an option-looking value and
// a long string. Reports normally carry cleaned text; backends must still
// survive the raw kind.
var Hostile = []string{
	"\x1b]52;c;ZXZpbA==\x07 clipboard",
	"bell\x07 st\x1b\\ c1\u009c nul\x00 del\x7f",
	"line\r\nbreak\n",
	"\xff\xfe invalid",
	"\u202eevil\u202c rtl",
	"--help",
	"-rf",
	"123;456",
	strings.Repeat("x", 1<<20),
}

// Run is the conformance suite every host.Backend runs: the contract of
// host.Backend's doc, checked the same way for each. It checks a stable
// name, every kind taken (unknown kinds ignored), a whole chat life
// delivered without error, hostile text survived, and a report against a
// hung host returning once its context is done.
func Run(t *testing.T, h Harness) {
	t.Run("Name", func(t *testing.T) {
		b := h.New(t)
		if n := b.Name(); n == "" || n != b.Name() || strings.ContainsAny(n, " \n") {
			t.Errorf("Name() = %q: want a short, stable, non-empty name", n)
		}
	})
	t.Run("Life", func(t *testing.T) {
		b := h.New(t)
		s := host.Session{ID: "s1", Dir: "/tmp/s1", Origin: host.OriginStartup}
		life := []host.Report{
			{Kind: host.KindState, State: host.Idle, Session: s},
			{Kind: host.KindSession, State: host.Idle, Session: s},
			{Kind: host.KindState, State: host.Working, Session: s},
			{Kind: host.KindMeta, State: host.Working, Meta: []host.Fact{{Name: "model", Value: "m1"}}},
			{Kind: host.KindAgents, State: host.Working, Agents: []host.SubAgent{{ID: "a", Task: "t"}}},
			{Kind: host.KindState, State: host.Blocked, Message: "approve shell: git push", Session: s},
			{Kind: host.KindPing, State: host.Blocked, Message: "approve shell: git push"},
			{Kind: host.KindState, State: host.Blocked, Message: "approve shell: git push", Repeat: true},
			{Kind: host.KindSuspend, State: host.Blocked},
			{Kind: host.KindState, State: host.Failed, Session: s},
			{Kind: host.KindState, State: host.Idle, Session: s},
			{Kind: host.Kind(200), State: host.Idle},
			{Kind: host.KindExit, State: host.Idle, Session: s},
		}
		for _, r := range life {
			if err := report(b, r); err != nil {
				t.Errorf("%s %s: %v", r.Kind, r.State, err)
			}
		}
		closeBackend(t, b)
	})
	t.Run("Hostile", func(t *testing.T) {
		b := h.New(t)
		for _, s := range Hostile {
			sess := host.Session{ID: s, Dir: "/tmp/" + s, Resume: s}
			for _, r := range []host.Report{
				{Kind: host.KindState, State: host.Blocked, Message: s, Session: sess},
				{Kind: host.KindPing, State: host.Blocked, Message: s},
				{Kind: host.KindSession, Session: sess},
				{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: s}}},
				{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a", Task: s, Tool: s, Type: s}}},
			} {
				// An error is allowed (a host may refuse), a panic or a
				// hang is not.
				_ = report(b, r)
			}
		}
		_ = report(b, host.Report{Kind: host.KindExit})
		closeBackend(t, b)
	})
	if h.Hung == nil {
		return
	}
	t.Run("Hung", func(t *testing.T) {
		b := h.Hung(t)
		bound := h.Bound
		if bound == 0 {
			bound = time.Second
		}
		for _, r := range []host.Report{
			{Kind: host.KindState, State: host.Working},
			{Kind: host.KindExit, State: host.Working},
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			done := make(chan error, 1)
			go func() { done <- b.Report(ctx, r) }()
			select {
			case <-done:
			case <-time.After(50*time.Millisecond + bound):
				t.Fatalf("%s: Report did not return after its context was done", r.Kind)
			}
			cancel()
		}
		closeBackend(t, b)
	})
}

func report(b host.Backend, r host.Report) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return b.Report(ctx, r)
}

func closeBackend(t *testing.T, b host.Backend) {
	if c, ok := b.(host.Closer); ok {
		if err := c.Close(); err != nil {
			t.Logf("close: %v", err)
		}
	}
}
