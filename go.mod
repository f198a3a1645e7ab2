module github.com/hostbridge/hostbridge

// why go 1.25: testing/synctest.Test and Wait (the tests, internal/chatscript/chattest) and sync.WaitGroup.Go (a benchmark)
go 1.25.0

require (
	github.com/aymanbagabas/go-udiff v0.2.0 // why: floor set by lipgloss v1.0.0 and golden; fakehost's diffs need only udiff.Unified
	github.com/charmbracelet/bubbles v0.15.0 // why: cursor.Model in textinput/textarea (Cursor.SetMode); v0.14.0 lacks it
	github.com/charmbracelet/bubbletea v1.3.0 // why: tea.InterruptMsg and tea.Interrupt (ctrl+c as an interrupt); v1.2.4 lacks them
	github.com/charmbracelet/lipgloss v1.0.0 // why: floor set by bubbletea v1.3.0; v1.1.0 would pull x/cellbuf
	github.com/charmbracelet/x/ansi v0.10.2 // why: SetIndeterminateProgressBar, SetWarningProgressBar; v0.10.0-v0.10.1 lack them (v0.9.4 has them, but MVS may pick v0.10.1)
	github.com/charmbracelet/x/exp/golden v0.0.0-20240806155701-69247e0abc2a // why: the version lipgloss v1.0.0 requires (golden.RequireEqual is all we use)
	github.com/charmbracelet/x/term v0.2.1 // why: floor set by bubbletea v1.3.0
	github.com/creack/pty v1.1.10 // why: StartWithSize leaves Ctty to the child's stdin as Go 1.15+ wants; v1.1.9 fails with 'Setctty set but Ctty not valid in child'
	github.com/muesli/termenv v0.15.2 // why: floor set by bubbletea v1.3.0 and lipgloss v1.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.0 // why: the first v6 release (NewCompiler, UnmarshalJSON)
	go.uber.org/goleak v1.2.0 // why: goleak.Cleanup; v1.1.12 lacks it
	golang.org/x/sys v0.29.0 // why: floor set by bubbletea v1.3.0
)

require (
	github.com/atotto/clipboard v0.1.4 // indirect
	github.com/aymanbagabas/go-osc52/v2 v2.0.1 // indirect
	github.com/erikgeiser/coninput v0.0.0-20211004153227-1c3628e74d0f // indirect
	github.com/lucasb-eyer/go-colorful v1.3.0 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/mattn/go-localereader v0.0.1 // indirect
	github.com/mattn/go-runewidth v0.0.17 // indirect
	github.com/muesli/ansi v0.0.0-20230316100256-276c6243b2f6 // indirect
	github.com/muesli/cancelreader v0.2.2 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sync v0.10.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
