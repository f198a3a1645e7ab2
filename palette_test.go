package hostbridge

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"testing"

	"github.com/charmbracelet/lipgloss"
)

// Reference backgrounds each palette must read well on.
var (
	darkBackgrounds  = []string{"#000000", "#1e1e1e", "#282c34", "#002b36"} // black, VS Code, One Dark, Solarized dark
	lightBackgrounds = []string{"#ffffff", "#f5f5f5", "#fdf6e3", "#fbf1c7"} // white, paper, Solarized light, Gruvbox light
)

// paletteColors lists a palette's colours by field name, read by reflection
// so that a field added later is checked too.
func paletteColors(t *testing.T, p Palette) map[string]lipgloss.CompleteColor {
	t.Helper()
	out := map[string]lipgloss.CompleteColor{}
	v := reflect.ValueOf(p)
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if f.Name == "Name" {
			continue
		}
		c, ok := v.Field(i).Interface().(lipgloss.CompleteColor)
		if !ok {
			t.Fatalf("%s.%s is %T, want a lipgloss.CompleteColor", p.Name, f.Name, v.Field(i).Interface())
		}
		out[f.Name] = c
	}
	return out
}

// luminance is WCAG 2's relative luminance of "#rrggbb".
func luminance(t *testing.T, hex string) float64 {
	t.Helper()
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if len(hex) != 7 || err != nil {
		t.Fatalf("bad colour %q", hex)
	}
	lin := func(c uint64) float64 {
		s := float64(c) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16&0xff) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

func contrast(t *testing.T, a, b string) float64 {
	la, lb := luminance(t, a), luminance(t, b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

func TestPaletteContrast(t *testing.T) {
	for _, tc := range []struct {
		p   Palette
		bgs []string
	}{{PaletteFor(Background{Dark: true}), darkBackgrounds}, {PaletteFor(Background{}), lightBackgrounds}} {
		for name, c := range paletteColors(t, tc.p) {
			want := 4.5 // WCAG AA for text
			if name == "Border" {
				want = 1.8 // decoration: visible, quiet
			}
			for _, bg := range tc.bgs {
				if got := contrast(t, c.TrueColor, bg); got < want {
					t.Errorf("%s.%s %s on %s: contrast %.2f, want >= %.1f", tc.p.Name, name, c.TrueColor, bg, got, want)
				}
			}
		}
	}
}

// xterm256 is xterm's colour for index 16–255, written out independently.
func xterm256(i int) string {
	if i >= 232 {
		g := 8 + 10*(i-232)
		return fmt.Sprintf("#%02x%02x%02x", g, g, g)
	}
	levels := [6]int{0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff}
	i -= 16
	return fmt.Sprintf("#%02x%02x%02x", levels[i/36], levels[i/6%6], levels[i%6])
}

func TestPaletteProfilesAgree(t *testing.T) {
	for _, p := range []Palette{PaletteFor(Background{Dark: true}), PaletteFor(Background{})} {
		for name, c := range paletteColors(t, p) {
			i, err := strconv.Atoi(c.ANSI256)
			if err != nil || i < 16 || i > 255 {
				t.Errorf("%s.%s ANSI256 %q: want 16–255", p.Name, name, c.ANSI256)
				continue
			}
			if want := xterm256(i); want != c.TrueColor {
				t.Errorf("%s.%s: ANSI256 %d is %s, TrueColor is %s", p.Name, name, i, want, c.TrueColor)
			}
			if j, err := strconv.Atoi(c.ANSI); err != nil || j < 0 || j > 15 {
				t.Errorf("%s.%s ANSI %q: want 0–15", p.Name, name, c.ANSI)
			}
		}
	}
}

func TestPaletteFor(t *testing.T) {
	tests := []struct {
		bg   Background
		want string
	}{
		{Background{Dark: true, Source: "query"}, "dark"},
		{Background{Dark: false, Source: "COLORFGBG"}, "light"},
		{Background{Dark: true, Source: "default"}, "dark"},
		{Background{}, "light"},
	}
	for _, tt := range tests {
		if got := PaletteFor(tt.bg).Name; got != tt.want {
			t.Errorf("PaletteFor(%v).Name = %q, want %q", tt.bg, got, tt.want)
		}
	}
	if !reflect.DeepEqual(PaletteFor(Background{Dark: true}), PaletteFor(Background{Dark: true})) ||
		!reflect.DeepEqual(PaletteFor(Background{}), PaletteFor(Background{})) {
		t.Error("PaletteFor does not return the named palettes")
	}
	// Each call is a fresh value: a caller's change does not leak.
	p := PaletteFor(Background{Dark: true})
	p.Accent = lipgloss.Color("1")
	if PaletteFor(Background{Dark: true}).Accent == p.Accent {
		t.Error("DarkPalette shares state between calls")
	}
}
