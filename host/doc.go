// Package host is the framework-free core of hostbridge and the vocabulary
// its backends share.
//
// A Machine turns what a chat does (a turn started, the model needs you, the
// turn failed, your move, a session saved, focus changed, exit) into
// Reports, with no I/O: which state each host is told, when the attention
// ping fires, what text goes with it (cleaned and bounded). A Reporter
// delivers Reports to Backends: one worker goroutine per backend keeps that
// host's reports in order, bounds each report with a deadline, coalesces
// snapshots while a host is slow, retries a failed snapshot so the host
// converges, and counts failures instead of surfacing them.
//
// Neither needs Bubble Tea: package hostbridge wires them to a tea.Model,
// and a headless run uses them through hostbridge.Bridge.
//
// A Backend implements one host (package backends and its sub-packages).
// Optional abilities are separate interfaces found by type assertion:
// Closer (resources to release) and Refresher (a host that forgets a state
// unless it is re-sent).
package host
