package hostbridge

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/host"
)

// detected runs cmd and returns its BackgroundDetected, failing if it
// gives anything else; nil when cmd is nil.
func detected(t *testing.T, cmd tea.Cmd) *BackgroundDetected {
	t.Helper()
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			if d := detected(t, c); d != nil {
				return d
			}
		}
		return nil
	}
	d, ok := msg.(BackgroundDetected)
	if !ok {
		return nil
	}
	return &d
}

func bgModel(t *testing.T, getenv func(string) string) (*Model, *chat) {
	app := &chat{}
	m := Wrap(app, WithBackends(&host.Recorder{}), WithSignalHandler(false), WithEnv(getenv))
	t.Cleanup(func() { _ = m.Close() })
	return m, app
}

// The terminal's answer becomes BackgroundDetected with the palette for
// it; the answer reaches the app too. A fallback timer after the answer
// does nothing.
func TestBackgroundAnswer(t *testing.T) {
	for _, c := range []struct {
		col     color.Color
		dark    bool
		hex     string
		palette string
	}{
		{color.RGBA{0x1e, 0x1e, 0x1e, 0xff}, true, "#1e1e1e", "dark"},
		{color.RGBA{0xfd, 0xf6, 0xe3, 0xff}, false, "#fdf6e3", "light"},
	} {
		m, app := bgModel(t, plain())
		msg := tea.BackgroundColorMsg{Color: c.col}
		_, cmd := m.Update(msg)
		d := detected(t, cmd)
		if d == nil {
			t.Fatalf("%s: no BackgroundDetected", c.hex)
		}
		bg := d.Background
		if bg.Dark != c.dark || bg.Color != c.hex || bg.Source != "terminal" || d.Palette.Name != c.palette {
			t.Fatalf("got %v, palette %s", bg, d.Palette.Name)
		}
		if len(app.seen()) != 1 || app.seen()[0] != msg {
			t.Fatalf("the app saw %v, want the answer", app.seen())
		}
		if _, cmd := m.Update(backgroundTimeout{m}); cmd != nil {
			t.Fatal("the fallback came after the answer")
		}
		if _, cmd := m.Update(msg); detected(t, cmd) != nil {
			t.Fatal("the same answer was delivered twice")
		}
	}
}

// No answer within the bound: the fallback, from COLORFGBG or dark, and
// the timer never reaches the app. An answer after it is delivered.
func TestBackgroundFallback(t *testing.T) {
	for _, c := range []struct {
		colorfgbg, source string
		dark              bool
	}{
		{"", "default", true},
		{"0;15", "COLORFGBG", false},
		{"15;0", "COLORFGBG", true},
		{"nonsense", "default", true},
	} {
		m, app := bgModel(t, plain("COLORFGBG", c.colorfgbg))
		_, cmd := m.Update(backgroundTimeout{m})
		d := detected(t, cmd)
		if d == nil || d.Background.Source != c.source || d.Background.Dark != c.dark ||
			!strings.Contains(d.Background.Detail, "no OSC 11 answer within 150ms") {
			t.Fatalf("COLORFGBG=%q: got %+v", c.colorfgbg, d)
		}
		if len(app.seen()) != 0 {
			t.Fatalf("the app saw hostbridge's timer: %v", app.seen())
		}
		_, cmd = m.Update(tea.BackgroundColorMsg{Color: color.White})
		if late := detected(t, cmd); late == nil || late.Background.Source != "terminal" || late.Background.Dark {
			t.Fatalf("a late answer: %+v", late)
		}
	}
}

// Init asks the terminal and starts the timer, beside the app's Init.
func TestInitAsksTheBackground(t *testing.T) {
	m, _ := bgModel(t, plain())
	batch, ok := m.Init()().(tea.BatchMsg)
	if !ok || len(batch) != 2 {
		t.Fatalf("Init: %v, want the request and the timer", batch)
	}
	var sawRequest bool
	for _, c := range batch {
		if c().(tea.Msg) == tea.RequestBackgroundColor() {
			sawRequest = true
		}
	}
	if !sawRequest {
		t.Fatal("Init does not ask for the background")
	}
}

// The palettes are the v1 frontend's colours.
func TestPaletteFor(t *testing.T) {
	dark, light := PaletteFor(Background{Dark: true}), PaletteFor(Background{})
	if dark.Name != "dark" || light.Name != "light" {
		t.Fatalf("names %q, %q", dark.Name, light.Name)
	}
	if dark.Text != lipgloss.Color("#e4e4e4") || light.Warning != lipgloss.Color("#875f00") {
		t.Fatalf("dark text %v, light warning %v", dark.Text, light.Warning)
	}
}

func TestBackgroundString(t *testing.T) {
	got := Background{Dark: true, Color: "#000000", Source: "terminal", Detail: "asked"}.String()
	if want := "dark #000000 (terminal): asked"; got != want {
		t.Fatalf("%q, want %q", got, want)
	}
}
