// Package fakehost is the implementation of host/hosttest's fakes with
// everything hostbridge's own tests need beyond the public subset: the
// fault modes (Cmux.Fail, Hang, Normal and Spew, Herdr.Old and its
// Socket's faults, Tuios.UnknownVerbs, Tmux.Passthrough), the requests a
// fake received (Socket.Requests, Request), the argv a fake executable
// was run with (Calls, Bin), Herdr.PaneEnv, Hostile and TmuxPane.
// host/hosttest wraps these types and exposes what an app's tests use;
// its fakes and this package's are interchangeable as Options.
package fakehost
