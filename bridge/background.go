package bridge

import (
	"fmt"

	"github.com/hostbridge/hostbridge/internal/bgcolor"
)

// Background is the terminal's background, as far as it can be known.
// Source is "terminal", "query", "COLORFGBG", "default" or "override";
// each frontend documents the Sources it gives.
type Background struct {
	Dark   bool   // selects the palette
	Color  string // "#rrggbb" when a terminal answered, else empty
	Source string // where the answer came from
	Detail string // how, for -doctor
}

// String is the one-line -doctor form: "dark #1e1e1e (query): tmux 3.4 ...".
func (b Background) String() string {
	s := "light"
	if b.Dark {
		s = "dark"
	}
	if b.Color != "" {
		s += " " + b.Color
	}
	if b.Source != "" {
		s += " (" + b.Source + ")"
	}
	if b.Detail != "" {
		s += ": " + b.Detail
	}
	return s
}

// FallbackBackground answers from COLORFGBG, read through getenv, else
// assumes dark (termenv's default), when no terminal answered; why, if not
// empty, says why, and begins Detail.
func FallbackBackground(getenv func(string) string, why string) Background {
	colorfgbg := getenv("COLORFGBG")
	shown := colorfgbg
	if len(shown) > 32 {
		shown = shown[:32] + "…"
	}
	bg := Background{Dark: true, Source: "default", Detail: "COLORFGBG unset; assuming dark"}
	if dark, i, ok := bgcolor.ParseCOLORFGBG(colorfgbg); ok {
		bg = Background{Dark: dark, Source: "COLORFGBG",
			Detail: fmt.Sprintf("COLORFGBG=%q: background is colour %d", shown, i)}
	} else if colorfgbg != "" {
		bg.Detail = fmt.Sprintf("COLORFGBG=%q names no background; assuming dark", shown)
	}
	if why != "" {
		bg.Detail = why + "; " + bg.Detail
	}
	return bg
}
