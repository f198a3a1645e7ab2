// Package hosts finds the host a chat runs in and makes the backends that
// report to it: [Detect] reads what the host injects in its panes, [Build]
// makes the innermost host's backend, then the plain terminal's (package
// terminal) behind it. A backend sends what it is given (the [core.Reporter]
// decides what a host was shown; the [core.Machine] cleans and
// bounds every text) and keeps only the wire state it needs to encode and
// the host's caps. What a host refuses as unknown is not sent again.
package hosts
