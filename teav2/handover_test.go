package hostbridge

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// cmdMsg makes cmdChat return cmd from its Update.
type cmdMsg struct{ cmd tea.Cmd }

// cmdChat is chat, and runs the Cmd a cmdMsg brings.
type cmdChat struct{ *chat }

func (c cmdChat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	_, cmd := c.chat.Update(msg)
	if m, ok := msg.(cmdMsg); ok {
		cmd = m.cmd
	}
	return c, cmd
}

// run starts a v2 Program on m writing to term; stop quits it and waits.
func run(t *testing.T, m *Model, term *hosttest.Terminal) (p *tea.Program, stop func()) {
	t.Helper()
	p = tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(term), tea.WithWindowSize(80, 24), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	return p, func() {
		t.Helper()
		p.Send(quitMsg{})
		if err := <-done; err != nil {
			t.Fatalf("Run: %v", err)
		}
		if err := m.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// lastBar is the terminal's last bar line, or "" for none.
func lastBar(term *hosttest.Terminal) string {
	bars := progress(term)
	if len(bars) == 0 {
		return ""
	}
	return bars[len(bars)-1]
}

// A bar hostbridge drew before Wrap (a Bridge used first) is hostbridge's
// to clear: v2's renderer draws a bar only when its view's bar changes,
// and never saw this one. Once hostbridge cleared it, the renderer has the
// bar, and the exit leaves none.
func TestBarDrawnBeforeWrapIsCleared(t *testing.T) {
	var term hosttest.Terminal
	b, err := New(testOpts(&term, plain())...)
	if err != nil {
		t.Fatal(err)
	}
	b.Send(TurnStarted{})
	flush(t, b)
	if got := lastBar(&term); got != "terminal progress 3" {
		t.Fatalf("before Wrap: bar %q", got)
	}
	p, stop := run(t, b.Wrap(&chat{}), &term)
	p.Send(Idle{})
	hosttest.WaitFor(t, func() bool { return lastBar(&term) == "terminal progress 0" })
	p.Send(TurnStarted{})
	hosttest.WaitFor(t, func() bool { return lastBar(&term) == "terminal progress 3" })
	stop()
	if got := lastBar(&term); got != "terminal progress 0" {
		t.Fatalf("after the exit: bar %q in %q", got, progress(&term))
	}
}

// As the v1 frontend does, the chat's start clears a bar an earlier
// process left on the terminal (killed while working): v2's renderer
// writes nothing for a view without a bar, so hostbridge writes that
// reset, before the renderer draws any bar.
func TestReadyClearsAStaleBar(t *testing.T) {
	var term hosttest.Terminal
	m := Wrap(&chat{}, testOpts(&term, plain())...)
	p, stop := run(t, m, &term)
	hosttest.WaitFor(t, func() bool { return len(progress(&term)) > 0 })
	p.Send(TurnStarted{})
	hosttest.WaitFor(t, func() bool { return lastBar(&term) == "terminal progress 3" })
	stop()
	want := []string{"terminal progress 0", "terminal progress 3", "terminal progress 0"}
	if got := progress(&term); !slices.Equal(got, want) {
		t.Fatalf("the terminal's bar: %q, want %q", got, want)
	}
}

// fakeExec is another program: Run calls run.
type fakeExec struct{ run func() error }

func (f fakeExec) Run() error        { return f.run() }
func (fakeExec) SetStdin(io.Reader)  {}
func (fakeExec) SetStdout(io.Writer) {}
func (fakeExec) SetStderr(io.Writer) {}

type execDone struct{ err error }

// Exec suspends the state while the other program runs: inside screen the
// bar hostbridge draws is cleared, and every host hears the suspend (which
// stops Ghostty's keep-alive); the app gets its callback's message once
// the state shows again.
func TestExecSuspendsTheState(t *testing.T) {
	var term hosttest.Terminal
	rec := &host.Recorder{}
	b, err := New(testOpts(&term, plain("STY", "1.pts-0", "TERM", "screen", "TERM_PROGRAM", "ghostty", "TERM_PROGRAM_VERSION", "1.2.0"))...)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := New(WithBackends(rec), WithSignalHandler(false))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		b      *Bridge
		during func() string // what the host shows while the program runs
		want   string
	}{
		{"screen's bar", b, func() string { return lastBar(&term) }, "terminal progress 0 via screen"},
		{"a host's last report", rb, func() string {
			r := rec.Reports()
			return r[len(r)-1].Kind.String()
		}, host.KindSuspend.String()},
	} {
		t.Run(c.name, func(t *testing.T) {
			app := &chat{}
			p, stop := run(t, c.b.Wrap(cmdChat{app}), &term)
			p.Send(TurnStarted{})
			if c.b == b {
				hosttest.WaitFor(t, func() bool { return lastBar(&term) == "terminal progress 3 via screen" })
			}
			var seen string
			ran := errors.New("ran")
			p.Send(cmdMsg{Exec(fakeExec{func() error { seen = c.during(); return ran }},
				func(err error) tea.Msg { return execDone{err} })})
			hosttest.WaitFor(t, func() bool {
				return slices.ContainsFunc(app.seen(), func(m tea.Msg) bool { d, ok := m.(execDone); return ok && d.err == ran })
			})
			if seen != c.want {
				t.Fatalf("while the other program ran: %q, want %q", seen, c.want)
			}
			if c.b == b { // shown again
				hosttest.WaitFor(t, func() bool { return lastBar(&term) == "terminal progress 3 via screen" })
			}
			stop()
		})
	}
}

// Ghostty's keep-alive stops while the app sets its own bar, and comes
// back once the app clears it.
func TestKeepAliveFollowsTheAppsBar(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var term hosttest.Terminal
		b, err := New(testOpts(&term, plain("TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty"))...)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		m := b.Wrap(&chat{})
		m.Init()
		flush(t, b)
		keepAlives := func() int {
			return strings.Count(strings.Join(progress(&term), "\n"), "terminal progress 3")
		}
		m.Update(TurnStarted{})
		m.View()
		m.Update(appBarMsg{tea.NewProgressBar(tea.ProgressBarDefault, 42)})
		m.View()
		time.Sleep(25 * time.Second)
		synctest.Wait()
		if n := keepAlives(); n != 0 {
			t.Fatalf("%d keep-alives over the app's bar", n)
		}
		m.Update(appBarMsg{nil})
		checkBar(t, m, true, tea.ProgressBarIndeterminate, 0)
		time.Sleep(11 * time.Second)
		synctest.Wait()
		if n := keepAlives(); n == 0 {
			t.Fatalf("no keep-alive once the app cleared its bar: %q", progress(&term))
		}
	})
}
