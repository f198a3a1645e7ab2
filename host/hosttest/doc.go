// Package hosttest is for testing against terminal hosts without a real
// one, and without a UI framework.
//
// A custom host.Backend runs Run, the conformance suite, as a slog.Handler
// runs slogtest. Beside it are the fakes an app's tests give a kit: Herdr
// and Tuios are real Unix socket servers that answer as herdr and the tuios
// daemon do (checked against their sources, named in each fake's doc), Cmux
// and Tmux are executables on PATH that record their argv, and Terminal
// reads the escape sequences a plain terminal would receive. Each fake
// gives the environment its host sets in a pane (Rig.Env holds it), its
// traffic as transcript lines and what it holds of the pane.
//
// Kits build on a Rig: teatest.New(t, model, hosttest.NewHerdr(t)) runs a
// Bubble Tea program in the fake's pane, and RequireGolden compares the
// Rig's transcript with testdata/<test>.golden (-update writes it). WaitFor
// is the one wait for a fake or a kit.
//
// This package imports no UI framework, so that a kit for another one can
// use it.
package hosttest
