// Package hosts finds the host a chat runs in and makes the backends that
// report to it: Detect reads what the host injects in its panes, Build
// makes the innermost host's backend, then the plain terminal's (package
// terminal) behind it. A file per host holds how a report becomes what
// that host takes: herdr (JSON lines on its socket, or its CLI on
// Windows), tuios (verbs on the daemon's socket), cmux (its CLI).
//
// A backend sends what it is given: the Reporter (internal/core) decides
// what a host was already shown, and the Machine cleans and bounds every
// text. A backend keeps only the wire state it needs to encode (the tokens
// a host holds, the sub-agents listed, whether a turn ran) and the host's
// own caps. What a host refuses as unknown is not sent again.
package hosts
