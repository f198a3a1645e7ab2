// Package hosts finds the terminal host a chat runs in and makes the
// backends that report to it: Detect reads the environment the host
// injects in its panes, Build turns the detection into host.Backends, the
// innermost host's first, then the plain terminal (package terminal)
// behind it.
//
// One file per host holds how a report becomes what that host takes:
// herdr (JSON lines on its socket, or its CLI on Windows), tuios (verbs on
// the daemon's socket), cmux (its CLI). Each backend sends what it is
// given: the Reporter (internal/core) decides what a host was already
// shown and passes every report's text cleaned and bounded; a backend keeps
// only the wire state it needs to encode (the tokens a host holds, the
// sub-agents listed, whether a turn ran) and the host's own caps. What a
// host refuses as unknown is not sent again (refusals); every call is
// bound by the report's context (package proc).
package hosts
