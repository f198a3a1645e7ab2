// Package tuios reports a chat's state, its facts and its sub-agents to
// tuios, the terminal workspace whose rail shows what the agent in each
// pane is doing.
//
// Inside a tuios pane (TUIOS_ENV=1, TUIOS_SOCKET, TUIOS_SESSION,
// TUIOS_PANE_ID) a Backend speaks the daemon's JSON verb protocol on one
// persistent connection to TUIOS_SOCKET: one request line
// {"id":N,"verb":"...","params":{...}}, one reply line
// {"id":N,"result":{...}} or {"id":N,"error":{"code":..,"message":..}}, in
// order. Every request names the pane (session = TUIOS_SESSION, window =
// TUIOS_PANE_ID): without a window tuios would mark the focused pane.
//
//	report       verb                   params sent
//	Working      set-agent-state        session window state=working harness
//	Blocked      set-agent-state        ... state=needs_input message harness
//	Idle         set-agent-state        ... state=idle harness (no turn has run yet)
//	                                    ... state=done harness (after a turn)
//	Failed       set-agent-state        ... state=errored message=headline harness
//	facts        set-agent-meta         session window source tokens{key: value|null}
//	sub-agents   report-agent-activity  session window harness agent_session_id activity{...}
//	exit         set-agent-state        ... state=none harness
//
// The states follow tuios's own convention (docs/AGENT_STATE.md and
// integrations/claude-code/tuios-agent-state.sh, main 6037a8a): a turn that
// ended is done, idle only means ready before the first turn, and the
// message goes with every state, so errored carries the failed turn's
// headline. done, needs_input and errored drive tuios's unread mark and
// its alerts: by default tuios writes an OSC 9 to the user's terminal for
// them, held back for the pane the user looks at
// (internal/config/agent_alerts.go, internal/app/agent_alert.go), and it
// forwards a pane's own OSC 9 too (internal/app/notify.go). So inside
// tuios hostbridge sends no ping of its own: tuios's alert is the one.
//
// tuios refuses a parameter it does not know (invalid_params), so a Backend
// sends only the names above, which are the ones tuios's daemon decodes.
// source is left out of set-agent-state: its default, "report", is the
// highest rank, and a build from before sources would refuse the name.
//
// # Facts (set-agent-meta)
//
// Only the facts that changed since the last delivered set-agent-meta are
// sent: a new or changed fact as "key": "value", a fact that went away as
// "key": null, which is how tuios removes a key. source is the agent name,
// so the facts are the chat's own. Keys are what tuios accepts: 1–24 of
// [a-z0-9_-] starting with a letter (a fact's name is lower-cased and other
// characters become "_"); tuios's reserved keys (now, prompt, subagents)
// are never sent. At most 16 keys go in one call.
//
// # Sub-agents (report-agent-activity)
//
// tuios takes one activity event per call; a Backend turns the difference
// between the sub-agent list it last delivered and the new one into events:
//
//	event           when                                    activity fields
//	session_start   before the process's first report of    text = "startup"
//	                any kind but exit (best effort), and
//	                before the first sub-agents of a        text = "switch"
//	                session whose id changed since
//	subagent_start  a sub-agent is new, or its type, task   agent_id, agent_type = type,
//	                or tool changed while it runs           target = task, tool
//	subagent_stop   it ended: done, failed, or stopped      agent_id, agent_type,
//	                (also when it left the list running)    text = answer's first line
//	                                                        or error; ok = true (done),
//	                                                        false (failed), absent (stopped)
//
// session_start makes tuios forget the children it had, so none is left
// from a previous session, a crash or a restart. Every event carries
// harness = the agent name and agent_session_id = the session's id, so
// tuios never puts a child on another agent. agent_id is the sub-agent's
// id when tuios accepts it (1–64 of [A-Za-z0-9_.:@-]), else a stable hash
// of it. A sub-agent seen for the first time already ended is sent as a
// start followed by its stop, so its end still shows.
//
// # Exit
//
// Exit sends state none and closes the connection: tuios drops the pane's
// facts and sub-agents when its state goes to none, so nothing else is
// needed. With Config.NoStates (a pane whose states go through herdr's
// API), Exit instead clears the facts (set-agent-meta clear) and the
// children (session_start) itself.
//
// # Older builds
//
// A tuios that answers unknown_verb to a verb does not have it: the
// Backend stops sending that verb, logs it once at debug level, and
// reports of its kind are dropped (an error wrapping host.ErrDropped, which
// the Reporter counts and never retries). Nothing else is lost. Builds studied
// while writing this package lacked set-agent-meta and
// report-agent-activity; the state verb works on all of them.
//
// # Connection
//
// The connection is opened on the first report and kept. Any write error,
// EOF, reply that is not tuios's, or deadline closes it; the next request
// dials again. A request that fails on a connection kept from an earlier
// report is tried once more on a fresh one within the same deadline (the
// daemon may have closed an idle connection). Every request is bounded by
// the report's context.
//
// # Errors
//
// Errors are prefixed "tuios: " and wrap a sentinel: ErrConfig (New),
// ErrRejected (tuios answered an error; see ReplyError for its code),
// ErrBadReply (an answer that is not tuios's), or the transport's or the
// context's error. A failed report is not remembered as delivered, so the
// Reporter's retry sends it again.
package tuios
