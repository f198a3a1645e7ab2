// Package kitcore is for the authors of a hostbridge test kit, not for
// an app's tests (those use teatest or teav2/teatest). It is public so
// that the Bubble Tea v2 kit, in its own module, builds against any
// newer release of this one.
//
// It is the logic of the test kits for Bubble Tea v1
// (teatest) and v2 (teav2/teatest), written once, generic over the
// version's Msg, Model and Cmd types: Core settles the program (Step),
// waits (WaitModel, WaitFinished), quits and runs the exit; Observer is
// the program's model around a Core, Keeper holds the app.s last
// model (generic over the view type too); a queue hands the
// test's messages to the program without blocking the test; waiters are
// WaitModel's conditions; BridgeOptions are the options a kit makes its
// bridge with. What a Core needs of a version it gets as a Program of
// hooks. Each kit keeps what is tied to its version: its public Kit, which
// forwards to a Core, its key names, its Framework for the Cmd tracker,
// and its setup.
package kitcore
