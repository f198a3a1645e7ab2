package hostbridge

import (
	"fmt"
	"image/color"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/bridge"
)

// Background is the terminal's background, as far as it can be known.
// Color is "#rrggbb" when the terminal answered. Source is where the
// answer came from: "terminal" (its OSC 11 answer, which v2 delivers as
// tea.BackgroundColorMsg), "COLORFGBG", or "default" (dark: nothing
// answered within BackgroundTimeout). Detail says why, for a -doctor
// report. Dark selects the palette; String is the one-line -doctor form:
// "dark #1e1e1e (terminal): ...". It is the v1 frontend's Background.
//
//	type Background struct {
//		Dark   bool   // selects the palette
//		Color  string // "#rrggbb" when a terminal answered, else empty
//		Source string // where the answer came from
//		Detail string // how, for -doctor
//	}
type Background = bridge.Background

// BackgroundDetected is the message the wrapped model gets once the
// background is known, to theme itself: from the terminal's answer, or
// from the fallback when none came within BackgroundTimeout. An answer
// that comes after the fallback, or an answer that differs from the last
// (the app asked again), is delivered again: re-theme on each.
type BackgroundDetected struct {
	Background Background
	Palette    Palette
}

// BackgroundTimeout is how long Init's request for the background waits
// before the fallback (COLORFGBG, else dark) is delivered. Nothing blocks
// meanwhile: the app shows its first frames with the theme it starts with.
// A terminal on the same machine answers in well under a millisecond;
// 150 ms leaves room for a slow ssh link (the v1 frontend's own query has
// the same bound).
const BackgroundTimeout = 150 * time.Millisecond

// backgroundTimeout is the wrapper's own timer message; m tells a nested
// wrapper's apart.
type backgroundTimeout struct{ m *Model }

// backgroundState is what the wrapper delivered.
type backgroundState struct {
	delivered bool
	last      Background
}

func (m *Model) backgroundTimer() tea.Cmd {
	return tea.Tick(BackgroundTimeout, func(time.Time) tea.Msg { return backgroundTimeout{m} })
}

// backgroundAnswered turns the terminal's answer into BackgroundDetected,
// unless the app already has this one.
func (m *Model) backgroundAnswered(msg tea.BackgroundColorMsg) tea.Cmd {
	if msg.Color == nil {
		return nil
	}
	bg := Background{Dark: msg.IsDark(), Color: hexColor(msg.Color), Source: "terminal",
		Detail: "the terminal answered OSC 11"}
	if m.bg.delivered && m.bg.last.Dark == bg.Dark && m.bg.last.Color == bg.Color {
		return nil
	}
	return m.deliver(bg)
}

// backgroundFallback delivers the fallback when the terminal did not
// answer in time.
func (m *Model) backgroundFallback() tea.Cmd {
	if m.bg.delivered {
		return nil
	}
	why := fmt.Sprintf("no OSC 11 answer within %v", BackgroundTimeout)
	return m.deliver(bridge.FallbackBackground(m.bridge.Getenv, why))
}

func (m *Model) deliver(bg Background) tea.Cmd {
	m.bg = backgroundState{delivered: true, last: bg}
	msg := BackgroundDetected{Background: bg, Palette: PaletteFor(bg)}
	return func() tea.Msg { return msg }
}

func hexColor(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
