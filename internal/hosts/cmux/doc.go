// Package cmux reports a chat's state to cmux, the macOS terminal whose
// sidebar shows a status row per tool and a loading spinner per workspace.
//
// Inside a cmux surface (CMUX_SURFACE_ID set, cmux on PATH) a Backend runs
// the cmux CLI, whose commands are cmux's stable contract
// (docs/cli-contract.md in manaflow-ai/cmux):
//
//	chat state   commands run
//	Working      cmux set-status <key> Running --icon bolt.fill --color #4C8DFF [--workspace W]
//	             cmux workspace loading on --id <key> [--workspace W]
//	Blocked      cmux set-status <key> "Needs input" --icon bell.fill --color #4C8DFF --priority 100 [--workspace W]
//	             cmux workspace loading off --id <key> [--workspace W]
//	Failed       cmux set-status <key> Failed --icon exclamationmark.triangle.fill --color #FF453A --priority 100 ...
//	             cmux workspace loading off ...
//	Idle         cmux set-status <key> Idle --icon pause.circle.fill --color #8E8E93 ...
//	             cmux workspace loading off ...
//	exit         cmux clear-status <key> [--workspace W]
//	             cmux workspace loading off --id <key> [--workspace W]
//
// The icons are SF Symbol names, and the colours and priorities are the
// ones cmux's own agent hooks use, so the row reads like the built-in
// agents': a needs-input or failed row carries priority 100 and sorts
// first (manaflow-ai/cmux 9ac7c795,
// CLI/CMUXCLI+GenericAgentHookNotification.swift). set-status forwards its
// arguments to the app's set_status, whose parser takes "--priority 100"
// and "--priority=100" alike and clamps it to -9999..9999 (cmux 42f5741,
// CLI/cmux.swift forwardSidebarMetadataCommand, Sources/
// TerminalController.swift upsertSidebarMetadata). The key is
// the agent name. W is CMUX_WORKSPACE_ID: status rows are workspace-scoped,
// and newer cmux builds no longer pass CMUX_WORKSPACE_ID to every child, so
// it is named explicitly when known.
//
// "cmux workspace loading <on|off> [--id <name>]" is the command behind the
// sidebar's workspace loading spinner (cmux's settings doc: "Toggle it
// manually per workspace with cmux workspace loading <on|off> [--id
// <name>]; each --id is a separate loader"). cmux shows that spinner only
// with its experiment flag sidebar-workspace-agent-spinner-experiment on,
// which is off by default (CmuxFeatureFlags, defaultWhenUnavailable:
// false): most users see no spinner, and the row is what shows the state.
// It is kept for those who turn the flag on. It is newer than set-status:
// when it exits non-zero while set-status just worked, the Backend takes
// it that this cmux lacks the command, stops running it, and logs that
// once at debug level; the status row keeps working. The spinner is turned
// off once at the first report that is not Working, in case a crashed
// predecessor left it on.
//
// Notifications are not sent through cmux: the attention ping stays the
// terminal's OSC 9, which cmux's Ghostty core shows itself.
//
// # Safety of the argv
//
// Each command runs the executable directly (no shell), one value per
// argument. cmux's set-status parser takes any argument equal to a flag
// name as that flag, and older builds do not honour "--", so instead of a
// "--" separator the Backend makes sure no value can read as an option: the
// key is the agent name reduced to [A-Za-z0-9._-] with leading "-" removed
// (StatusKey), the status texts are fixed, and New refuses a workspace id
// that starts with "-" or holds blanks or controls.
//
// # Bounds
//
// Each command is bounded by the report's context: on its deadline the
// process is killed, and WaitDelay stops a child that still holds the
// output pipes from keeping Report waiting. At most a few KiB of output are
// kept (for the error message); the rest is read and dropped, so a cmux
// that prints megabytes neither blocks nor grows memory.
//
// # Errors
//
// Errors are prefixed "cmux: " and wrap a sentinel: ErrConfig and
// ErrNotFound (New), ErrFailed (a command exited non-zero; see ExitError
// for its code and output), or the context's error. A state whose commands
// did not all succeed is not remembered as delivered, so the Reporter's
// retry runs them again; every command is idempotent.
package cmux
