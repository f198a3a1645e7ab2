// Package bridge is hostbridge without a UI framework: the messages an app
// sends ([TurnStarted], [ApprovalNeeded], [TurnFailed], [Idle], ...), the
// options, and [Bridge], which tells the detected hosts what the chat does
// and owns the exit ([Bridge.Close], exit signals).
//
// A headless run (one prompt, one answer, no TUI) uses it directly:
//
//	b, err := bridge.New(bridge.WithAgent("chat"))
//	if err != nil { ... }
//	defer b.Close()
//	b.Send(bridge.TurnStarted{})
//	...
//	b.Send(bridge.Idle{Reply: answer})
//
// A Bubble Tea app uses a frontend instead, which wraps this package and
// aliases its messages and options: github.com/hostbridge/hostbridge for
// Bubble Tea v1, github.com/hostbridge/hostbridge/teav2 for v2. The
// methods in the "For frontends" paragraphs of their docs (Ready,
// SetFocus, Suspend, Resume, Shown, ...) are what such a wrapper calls;
// a headless run needs none of them.
//
// This package links no UI framework and no terminal library beyond
// x/ansi, so both frontends share it and a Bubble Tea v2 program links
// nothing of Bubble Tea v1's stack.
package bridge
