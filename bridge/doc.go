// Package bridge is hostbridge without a UI framework: the messages an app
// sends ([TurnStarted], [ApprovalNeeded], [Idle], ...), the options, and
// [Bridge], which tells the detected hosts what the chat does and owns the
// exit. A headless run uses it directly ([New], [Bridge.Send],
// [Bridge.Flush], [Bridge.Close]); a Bubble Tea app uses a frontend that
// wraps it and aliases its names (github.com/hostbridge/hostbridge for v1,
// github.com/hostbridge/hostbridge/teav2 for v2), which calls the methods
// marked "for frontends". It links no UI framework, so a v2 program links
// nothing of Bubble Tea v1's stack.
package bridge
