package hostbridge

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host/hosttest"
)

// A real v2 Program draws the bar hostbridge puts in the view, and resets
// it once on each way it ends; hostbridge writes no bar beside it but the
// ready state's reset (which hands the bar over), only the ping. The renderer and the terminal backend write to one terminal,
// as in a real chat.
func TestProgramDrawsTheBar(t *testing.T) {
	ends := []struct {
		name string
		end  func(p *tea.Program)
		err  error
	}{
		{"tea.Quit", func(p *tea.Program) { p.Send(quitMsg{}) }, nil},
		{"tea.Interrupt", func(p *tea.Program) { p.Send(interruptMsg{}) }, tea.ErrInterrupted},
		{"Program.Kill", func(p *tea.Program) { p.Kill() }, tea.ErrProgramKilled},
		{"a panic in Update", func(p *tea.Program) { p.Send(panicMsg{}) }, tea.ErrProgramPanic},
	}
	for _, e := range ends {
		t.Run(e.name, func(t *testing.T) {
			var term hosttest.Terminal
			m := Wrap(&chat{}, testOpts(&term, plain())...)
			p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(&term), tea.WithWindowSize(80, 24),
				tea.WithoutSignalHandler(), tea.WithContext(context.Background()))
			done := make(chan error, 1)
			go func() {
				_, err := p.Run()
				done <- err
			}()
			step := func(msg tea.Msg, line string) {
				t.Helper()
				p.Send(msg)
				hosttest.WaitFor(t, func() bool { return slices.Contains(term.Transcript(), line) })
			}
			hosttest.WaitFor(t, func() bool { return slices.Contains(term.Transcript(), "terminal progress 0") })
			step(TurnStarted{}, "terminal progress 3")
			step(ApprovalNeeded{Tool: "shell", Action: "git push"}, "terminal progress 4;100")
			hosttest.WaitFor(t, func() bool {
				return slices.Contains(term.Transcript(), `terminal ping "approve shell: git push"`)
			})
			if e.name == "a panic in Update" {
				silenceStderr(t) // Bubble Tea prints the panic there
			}
			e.end(p)
			if err := <-done; !errors.Is(err, e.err) || (e.err == nil) != (err == nil) {
				t.Fatalf("Run: %v, want %v", err, e.err)
			}
			if err := m.Close(); err != nil {
				t.Fatal(err)
			}
			want := []string{"terminal progress 0", "terminal progress 3", "terminal progress 4;100", "terminal progress 0"}
			if got := progress(&term); !slices.Equal(got, want) {
				t.Fatalf("the terminal's bar: %q, want %q (one reset)", got, want)
			}
		})
	}
}

// Inside GNU screen v2's raw OSC 9;4 would not pass: hostbridge writes
// the bar through screen's passthrough and the renderer writes none.
func TestProgramInsideScreen(t *testing.T) {
	var term hosttest.Terminal
	m := Wrap(&chat{}, testOpts(&term, plain("STY", "1.pts-0", "TERM", "screen", "TERM_PROGRAM", "ghostty", "TERM_PROGRAM_VERSION", "1.2.0"))...)
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(&term), tea.WithWindowSize(80, 24), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	p.Send(TurnStarted{})
	hosttest.WaitFor(t, func() bool { return slices.Contains(term.Transcript(), "terminal progress 3 via screen") })
	p.Send(quitMsg{})
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	_ = m.Close()
	for _, l := range progress(&term) {
		if !strings.HasSuffix(l, " via screen") {
			t.Fatalf("a raw bar inside screen: %q in %q", l, term.Transcript())
		}
	}
	if got := progress(&term); got[len(got)-1] != "terminal progress 0 via screen" {
		t.Fatalf("the bar was not cleared at the exit: %q", got)
	}
}
