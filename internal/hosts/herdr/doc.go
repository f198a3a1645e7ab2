// Package herdr reports a chat's state to herdr, the terminal multiplexer
// that shows which agent runs in each pane and what it is doing.
//
// Inside a herdr pane (HERDR_ENV=1, HERDR_PANE_ID, HERDR_SOCKET_PATH) the
// chat becomes the pane's lifecycle authority: a Backend turns host.Reports
// into herdr API requests.
//
//	chat state                  herdr request
//	Working                     pane.report_agent  state "working"
//	Blocked                     pane.report_agent  state "blocked" (+ message, opt-in)
//	Idle                        pane.report_agent  state "idle"
//	Failed                      pane.report_metadata state_labels done,idle = "failed",
//	                            then pane.report_agent state "idle"
//	the state after a failure   pane.report_agent, then pane.report_metadata clear_state_labels
//	session started/saved/...   pane.report_agent_session
//	facts (opt-in), resume cmd  pane.report_metadata tokens
//	exit                        pane.report_metadata clears, pane.release_agent
//
// herdr has no failed state, and reads working -> idle as a finished
// turn; the state labels make the pane read "failed" instead of "done"
// (see failure.go for the choice and herdr's source). Pings, suspends and
// sub-agent lists are not herdr's: herdr does not forward a pane's OSC 9,
// and it words its own notifications from the state it is given.
//
// # Older herdr
//
// A herdr that refuses a method as unknown or invalid (invalid_request; a
// tokens-only pane.report_metadata on 0.6.3-0.7.3; the binary's usage
// error) lacks it: it is not sent again for the run, one debug line says
// so, and the reports that needed it are dropped (an error wrapping
// host.ErrDropped, never retried); everything else goes on. A session
// report herdr answered with any error is dropped too, since asking again
// gets the same answer (lacks.go).
//
// # Transports
//
// herdr serves one JSON line per connection on a Unix socket; the socket
// transport dials, writes the request in one Write, reads one reply line
// and closes. On Windows herdr listens on a named pipe instead, so the same
// requests go through the herdr binary ("herdr pane report-agent ..."),
// started directly (no shell) with every value passed as its own argument.
//
// # Ordering across restarts
//
// herdr ignores a report whose seq is not above the last one it saw from
// the same source in the same pane, for the pane's whole life. Every request
// carries a seq taken from one process-wide counter that never goes below
// the wall clock in Unix nanoseconds, so reports are strictly ordered within
// a process and a chat restarted in the same pane continues above its
// predecessor.
//
// # Errors
//
// Report returns when its context is done, whatever herdr does. Errors are
// prefixed "herdr: " and wrap a sentinel: ErrUnavailable (no socket, no
// binary), ErrRejected (herdr answered an error; see ReplyError for its
// code), ErrBadReply (an answer that is not herdr's), ErrUsage (the CLI
// rejected its arguments), or the context's error, and wrap host.ErrDropped
// for what this herdr lacks. A failed report is not remembered as
// delivered, so the Reporter's retry sends it again.
package herdr
