package bgquery

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseCOLORFGBG reads the COLORFGBG variable some terminals set (rxvt,
// Konsole): "fg;bg" or "fg;default;bg", colours as ANSI indexes. Like
// termenv it takes the last field as the background. ok is false when that
// field is not an index (unset, "default", out of range).
//
// Indexes 0–6 and 8 are dark, 7 and 9–15 light: the convention vim and
// others use. termenv differs on 8 only (it rates #808080 light, by a hair
// of HSL lightness); bright black is a dark background in every theme that
// sets it. Indexes 16–255 are rated by their xterm colour with IsDark.
func ParseCOLORFGBG(v string) (dark bool, index int, ok bool) {
	if !strings.Contains(v, ";") {
		return false, 0, false
	}
	last := v[strings.LastIndexByte(v, ';')+1:]
	i, err := strconv.Atoi(last)
	if err != nil || i < 0 || i > 255 {
		return false, 0, false
	}
	switch {
	case i <= 6 || i == 8:
		return true, i, true
	case i <= 15:
		return false, i, true
	default:
		return IsDark(XtermColor(i)), i, true
	}
}

// XtermColor is the "#rrggbb" of xterm's default colour i (16–255: the
// 6×6×6 cube and the grey ramp). For 0–15, whose colours every theme
// changes, it returns xterm's defaults.
func XtermColor(i int) string {
	switch {
	case i < 0 || i > 255:
		return ""
	case i < 16:
		return xtermBase[i]
	case i < 232:
		i -= 16
		return fmt.Sprintf("#%02x%02x%02x", cubeLevel(i/36), cubeLevel(i/6%6), cubeLevel(i%6))
	default:
		g := 8 + 10*(i-232)
		return fmt.Sprintf("#%02x%02x%02x", g, g, g)
	}
}

func cubeLevel(n int) int {
	if n == 0 {
		return 0
	}
	return 55 + 40*n
}

var xtermBase = [16]string{
	"#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
	"#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
}
