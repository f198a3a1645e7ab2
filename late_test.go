package hostbridge

import (
	"fmt"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/bgquery"
)

// seen is an app's model that notes every message it gets.
type seen struct{ got *[]string }

func (s seen) Init() tea.Cmd { return nil }
func (s seen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	*s.got = append(*s.got, fmt.Sprint(msg))
	return s, nil
}
func (s seen) View() string { return "" }

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
func alt(r rune) tea.KeyMsg     { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: true} }

// TestLateFilter: messages as Bubble Tea v1 makes them from a late answer
// (and from a user), through the wrapped model while the answer is owed.
func TestLateFilter(t *testing.T) {
	answer := []tea.Msg{alt(']'), runes("11;rgb:0/0/0"), tea.KeyMsg{Type: tea.KeyCtrlG}, tea.KeyMsg{Type: tea.KeyF15}}
	size := tea.WindowSizeMsg{Width: 80, Height: 24}
	tests := []struct {
		name string
		msgs []tea.Msg // lateRelease{0} stands for the latest hold's timer
		want []string
	}{
		{"the answer (BEL, report on row 1 column 2), then keys", append(slices.Clone(answer), runes("hi")), []string{"hi"}},
		{"keys only", []tea.Msg{runes("hi"), tea.KeyMsg{Type: tea.KeyEnter}}, []string{"hi", "enter"}},
		{"alt+] then other keys: both the user's, in order", []tea.Msg{alt(']'), runes("x")}, []string{"alt+]", "x"}},
		{"alt+] alone, until its hold ends", []tea.Msg{alt(']'), lateRelease{}}, []string{"alt+]"}},
		{"a window size meanwhile passes at once", []tea.Msg{alt(']'), size, runes("11;#fff"), tea.KeyMsg{Type: tea.KeyCtrlG}, tea.KeyMsg{Type: tea.KeyF15}, runes("ok")},
			[]string{"{80 24}", "ok"}},
		{"the user's keys, then the answer begins", []tea.Msg{alt(']'), alt(']'), runes("11;#fff"), tea.KeyMsg{Type: tea.KeyCtrlG}, tea.KeyMsg{Type: tea.KeyF15}},
			[]string{"alt+]"}},
		{"after the answer, nothing more is taken", append(slices.Clone(answer), alt(']'), runes("11;x")), []string{"alt+]", "11;x"}},
		{"a pasted answer is the user's", []tea.Msg{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("\x1b]11;x\a"), Paste: true}}, []string{"[\x1b]11;x\a]"}},
		{"a stale timer is hostbridge's own", append(slices.Clone(answer), lateRelease{gen: 1}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			b, err := New(WithBackends(&host.Recorder{}), WithSignalHandler(false))
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			m := b.Wrap(seen{&got})
			m.late = &lateFilter{owed: &bgquery.Late{}}
			for _, msg := range tt.msgs {
				if r, ok := msg.(lateRelease); ok && r.gen == 0 && m.late != nil {
					msg = lateRelease{m.late.gen}
				}
				m.Update(msg)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("the app got %q, want %q", got, tt.want)
			}
		})
	}
}

// A hold starts a timer (a tea.Tick) whose message ends it.
func TestLateFilterHoldTimer(t *testing.T) {
	f := &lateFilter{owed: &bgquery.Late{}}
	pass, cmd := f.filter(alt(']'))
	if len(pass) != 0 || cmd == nil {
		t.Fatalf("alt+] while owed: pass %v, cmd %v; want held with a timer", pass, cmd != nil)
	}
	if pass, cmd := f.filter(runes("11;")); len(pass) != 0 || cmd != nil {
		t.Errorf("the answer's next part: pass %v, a second timer %v", pass, cmd != nil)
	}
	pass, _ = f.filter(lateRelease{f.gen})
	if len(pass) != 2 {
		t.Errorf("the hold's end gave back %v, want both held messages", pass)
	}
	// The answer's state is back where it was: the whole answer is still
	// recognised.
	for _, msg := range []tea.Msg{alt(']'), runes("11;rgb:1/2/3"), alt('\\')} {
		f.filter(msg)
	}
	if pass, _ := f.filter(tea.KeyMsg{Type: tea.KeyF15}); len(pass) != 0 || !f.done() {
		t.Errorf("the answer after a released hold: pass %v, done %v", pass, f.done())
	}
}
