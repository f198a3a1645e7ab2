// Package bgcolor rates a background colour dark or light by the rule
// lipgloss v1 applies through termenv (HSL lightness below one half),
// without importing either: the Bubble Tea v2 frontend links it too.
package bgcolor

import (
	"strconv"
	"strings"
)

// IsDark reports whether the "#rrggbb" colour is a dark background; an
// unreadable colour is dark, as termenv's fallback is black.
func IsDark(hex string) bool {
	v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
	if len(hex) != 7 || hex[0] != '#' || err != nil {
		return true
	}
	return dark(uint8(v>>16), uint8(v>>8), uint8(v))
}

// ParseCOLORFGBG reads COLORFGBG (rxvt, Konsole): "fg;bg" or "fg;default;bg",
// ANSI colour indexes, the last field taken as termenv does; ok is false when
// that is no index. 0-6 and 8 are dark, 7 and 9-15 light, as vim rates them
// (termenv rates 8 light by a hair; bright black is a dark background in every
// theme that sets it); 16-255 by their xterm colour: a 6×6×6 cube, 24 greys.
func ParseCOLORFGBG(v string) (isDark bool, index int, ok bool) {
	i, err := strconv.Atoi(v[strings.LastIndexByte(v, ';')+1:])
	switch {
	case !strings.Contains(v, ";") || err != nil || i < 0 || i > 255:
		return false, 0, false
	case i <= 15:
		return i <= 6 || i == 8, i, true
	case i >= 232:
		g := uint8(8 + 10*(i-232))
		return dark(g, g, g), i, true
	}
	level := func(n int) uint8 { return uint8(min(n, 1) * (55 + 40*n)) }
	c := i - 16
	return dark(level(c/36), level(c/6%6), level(c%6)), i, true
}

func dark(r, g, b uint8) bool { return int(max(r, g, b))+int(min(r, g, b)) < 255 }
