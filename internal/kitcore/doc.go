// Package kitcore is the logic of the test kits for Bubble Tea v1
// (teatest) and v2 (teav2/teatest), written once, generic over the
// version's Msg, Model and Cmd types: Core settles the program (Step),
// waits (WaitModel, WaitFinished), quits and runs the exit, and is the
// body of each kit's program model (Update, Guard); Queue hands the
// test's messages to the program without blocking the test; Waiters are
// WaitModel's conditions; BridgeOptions are the options a kit makes its
// bridge with. What a Core needs of a version it gets as a Program of
// hooks. Each kit keeps what is tied to its version: its public Kit, which
// forwards to a Core, its program model and tap, its key names, its
// Framework for the Cmd tracker (internal/cmdtrack), and its setup.
package kitcore
