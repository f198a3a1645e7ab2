module github.com/hostbridge/hostbridge/teav2

// why go 1.25: testing/synctest.Test in the tests, and the root module needs it
go 1.25.0

require (
	charm.land/bubbles/v2 v2.0.0 // why: the first v2 release
	charm.land/bubbletea/v2 v2.0.7 // why: Exec with input disabled no longer panics restoring a nil reader (#1680); v2.0.6 crashes TestExecSuspendsTheState
	charm.land/lipgloss/v2 v2.0.0 // why: the first v2 release
	github.com/charmbracelet/x/ansi v0.11.7 // why: floor set by bubbletea v2.0.7 (and x/vt v0.1.0)
	github.com/charmbracelet/x/vt v0.1.0 // why: the only release; the screen test's emulator, and it raises nothing past bubbletea v2.0.7
	github.com/hostbridge/hostbridge v0.1.0 // why: this repository, replaced below
	go.uber.org/goleak v1.2.0 // why: floor set by the root module (goleak.Cleanup)
)

require (
	github.com/atotto/clipboard v0.1.4 // indirect
	github.com/aymanbagabas/go-udiff v0.4.0 // indirect
	github.com/charmbracelet/colorprofile v0.4.3 // indirect
	github.com/charmbracelet/ultraviolet v0.0.0-20260525132238-948f4557a654 // indirect
	github.com/charmbracelet/x/exp/golden v0.0.0-20250806222409-83e3a29d542f // indirect
	github.com/charmbracelet/x/exp/ordered v0.1.0 // indirect
	github.com/charmbracelet/x/term v0.2.2 // indirect
	github.com/charmbracelet/x/termios v0.1.1 // indirect
	github.com/charmbracelet/x/windows v0.2.2 // indirect
	github.com/clipperhouse/displaywidth v0.11.0 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/creack/pty v1.1.10 // indirect
	github.com/lucasb-eyer/go-colorful v1.4.0 // indirect
	github.com/mattn/go-runewidth v0.0.23 // indirect
	github.com/muesli/cancelreader v0.2.2 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/xo/terminfo v0.0.0-20220910002029-abceb7e1c41e // indirect
	golang.org/x/sync v0.20.0 // indirect
	golang.org/x/sys v0.45.0 // indirect
)

replace github.com/hostbridge/hostbridge => ../
