// Package bgcolor rates a background colour dark or light, from an OSC 11
// answer or from COLORFGBG, by the rule lipgloss v1 applies through
// termenv, without importing either: the Bubble Tea v2 frontend links it
// too, and must not link Bubble Tea v1's stack.
package bgcolor

import (
	"strconv"
	"strings"
)

// IsDark reports whether the "#rrggbb" (or "#rgb") colour is a dark
// background: HSL lightness below one half, as termenv v0.16's
// ConvertToRGB(...).Hsl() gives it, so a colour read here gets the verdict
// lipgloss gives the one termenv reads. An unreadable colour is dark, as
// termenv's fallback is black.
func IsDark(hex string) bool {
	r, g, b, ok := parseHex(hex)
	if !ok {
		return true
	}
	return lightness(r, g, b) < 0.5
}

// ParseCOLORFGBG reads COLORFGBG, which some terminals set (rxvt,
// Konsole): "fg;bg" or "fg;default;bg", ANSI colour indexes. Like termenv
// it takes the last field as the background; ok is false when that is no
// index. 0-6 and 8 are dark, 7 and 9-15 light, as vim and others rate
// them (termenv rates 8, #808080, light by a hair of HSL lightness; bright
// black is a dark background in every theme that sets it); 16-255 are
// rated by their xterm colour.
func ParseCOLORFGBG(v string) (dark bool, index int, ok bool) {
	i, err := strconv.Atoi(v[strings.LastIndexByte(v, ';')+1:])
	if !strings.Contains(v, ";") || err != nil || i < 0 || i > 255 {
		return false, 0, false
	}
	switch {
	case i <= 6 || i == 8:
		return true, i, true
	case i <= 15:
		return false, i, true
	}
	r, g, b := xterm256(i)
	return lightness(r, g, b) < 0.5, i, true
}

// xterm256 is the colour of entry i (16-255) of xterm's 256-colour table:
// a 6×6×6 cube, then 24 greys.
func xterm256(i int) (r, g, b uint8) {
	if i >= 232 {
		v := uint8(8 + 10*(i-232))
		return v, v, v
	}
	level := func(n int) uint8 {
		if n == 0 {
			return 0
		}
		return uint8(55 + 40*n)
	}
	i -= 16
	return level(i / 36), level(i / 6 % 6), level(i % 6)
}

// lightness is HSL's L: the mean of the largest and smallest channel.
func lightness(r, g, b uint8) float64 {
	return (float64(max(r, g, b)) + float64(min(r, g, b))) / 2 / 255
}

func parseHex(s string) (r, g, b uint8, ok bool) {
	if !strings.HasPrefix(s, "#") {
		return 0, 0, 0, false
	}
	s = s[1:]
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v), true
}
