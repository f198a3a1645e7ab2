// Package hosts is the registry of the host rooms: [Detect] tries each
// room's detection from the innermost host outward (herdr, tuios, cmux),
// then the terminal's and tmux's; [Build] makes the detected host's backend,
// tmux's pane options inside tmux, then the plain terminal's behind them,
// and a [Channel] per backend for diagnostics.
//
// A room is a folder that owns one host: its detection (the host's
// variables into a typed value), its backend and protocol, its tests, and a
// FACTS.md (behaviour, upstream symbol, repository@commit, pinning test):
// herdr, tuios, cmux, tmux, terminal. What they share is hostio (the socket
// and CLI clients, Refusals, the errors). Where two rooms coordinate,
// coordination.go says so. Adding a host is a folder, a Kind, a line in
// Detect and a case in Build.
//
// A backend sends what it is given (the core.Reporter decides what a host
// was shown; the core.Machine cleans and bounds every text) and keeps only
// the wire state it needs to encode and the host's caps. What a host
// refuses as unknown is not sent again (hostio.Refusals).
package hosts
