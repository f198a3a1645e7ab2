package hostbridge_test

import (
	"errors"
	"fmt"

	"github.com/hostbridge/hostbridge"
)

// Ask once, before tea.NewProgram(...).Run(), and pick the palette.
func ExampleDetectBackground() {
	bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{
		Override: "light", // from a -theme flag, for a terminal that answers wrongly
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bg.Source, bg.Dark, hostbridge.PaletteFor(bg).Name)
	fmt.Println(bg) // the -doctor line
	// Output:
	// override false light
	// light (override): set by the program
}

// Where nobody can be asked, COLORFGBG decides: here GNU screen, which
// does not answer OSC 11, and a terminal that says "black on white".
func ExampleDetectBackground_colorfgbg() {
	env := map[string]string{"TERM": "screen", "STY": "1.pts-0", "COLORFGBG": "0;15"}
	bg, _ := hostbridge.DetectBackground(hostbridge.BackgroundOptions{
		Getenv: func(k string) string { return env[k] },
	})
	fmt.Println(bg.Source, bg.Dark, hostbridge.PaletteFor(bg).Name)
	// Output:
	// COLORFGBG false light
}

func ExampleDetectBackground_badOverride() {
	_, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: "blue"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, hostbridge.ErrOption))
	// Output:
	// hostbridge: bad option: background override "blue": want "light", "dark", or "" to detect
	// true
}

func ExamplePaletteFor() {
	p := hostbridge.PaletteFor(hostbridge.Background{Dark: true})
	fmt.Println(p.Name)
	fmt.Printf("%+v\n", p.Accent)
	fmt.Printf("%+v\n", hostbridge.PaletteFor(hostbridge.Background{Dark: false}).Warning)
	// Output:
	// dark
	// {TrueColor:#87afff ANSI256:111 ANSI:12}
	// {TrueColor:#875f00 ANSI256:94 ANSI:3}
}
