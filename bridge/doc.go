// Package bridge is the frontend every UI framework shares: the messages,
// the options, and Bridge, which feeds a core.Machine to a core.Reporter
// for the detected hosts and owns the exit (Close, exit signals). The
// Bubble Tea frontends wrap it and re-export its names.
package bridge
