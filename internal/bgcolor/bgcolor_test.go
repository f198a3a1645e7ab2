package bgcolor

import "testing"

func TestParseCOLORFGBG(t *testing.T) {
	tests := []struct {
		in    string
		dark  bool
		index int
		ok    bool
	}{
		{"15;0", true, 0, true},
		{"0;15", false, 15, true},
		{"0;default;15", false, 15, true},
		{"15;default;0", true, 0, true},
		{"0;7", false, 7, true},
		{"7;8", true, 8, true},
		{"0;6", true, 6, true},
		{"0;9", false, 9, true},
		{"15;234", true, 234, true}, // grey ramp #1c1c1c
		{"0;255", false, 255, true}, // #eeeeee
		{"0;16", true, 16, true},    // cube black
		{"0;231", false, 231, true}, // cube white
		{"default;default", false, 0, false},
		{"15", false, 0, false},
		{"", false, 0, false},
		{"0;256", false, 0, false},
		{"0;-1", false, 0, false},
		{"0;x", false, 0, false},
	}
	for _, tt := range tests {
		dark, index, ok := ParseCOLORFGBG(tt.in)
		if dark != tt.dark || index != tt.index || ok != tt.ok {
			t.Errorf("ParseCOLORFGBG(%q) = %v, %d, %v; want %v, %d, %v", tt.in, dark, index, ok, tt.dark, tt.index, tt.ok)
		}
	}
}

func TestIsDark(t *testing.T) {
	tests := []struct {
		hex  string
		dark bool
	}{
		{"#000000", true}, {"#ffffff", false}, {"#1e1e1e", true}, {"#002b36", true},
		{"#fdf6e3", false}, {"#282c34", true}, {"#fbf1c7", false},
		{"#7f7f7f", true}, {"#808080", false}, // the HSL-lightness edge, as termenv
		{"#0000ff", false}, {"#000080", true},
		{"", true}, {"#zzzzzz", true}, {"fff", true},
	}
	for _, tt := range tests {
		if got := IsDark(tt.hex); got != tt.dark {
			t.Errorf("IsDark(%q) = %v, want %v", tt.hex, got, tt.dark)
		}
	}
}
