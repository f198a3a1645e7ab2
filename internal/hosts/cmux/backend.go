package cmux

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Backend shows the chat as a row in cmux's sidebar, by its CLI
// (docs/cli-contract.md in manaflow-ai/cmux):
//
//	state   cmux set-status <key> <text> --icon I --color C [--priority 100] --panel=S --pid=P [--workspace W]
//	        cmux workspace loading on|off --id <key> [--workspace W]
//	exit    cmux clear-status <key> --panel=S [--workspace W], and the loader off
//
// Rows are workspace-scoped and newer builds do not pass CMUX_WORKSPACE_ID to
// every child: W is named when known. The surface S and the pid P, as cmux's
// hooks send them, give two chats of one agent a row each, cleared when P dies,
// SIGKILL too; older builds ignore them. The ping stays the terminal's OSC 9,
// which cmux's Ghostty core shows.
// manaflow-ai/cmux@0807598 ControlCommandCoordinator+SidebarMetadataV1.swift
type Backend struct {
	c                   settings.Settings
	bin, key, workspace string // key: the row's, from the agent name (statusKey)
	panel               string // "--panel=S": detection requires the surface
	pid                 string // "--pid=P"
	loading             string // "on", "off", or "" (a predecessor may have left it on)
	exited              bool
	handoff             *Handoff        // the terminal takes the state if set-status is refused
	refused             hostio.Refusals // cmuxRows, cmuxLoader: what this cmux lacks
}

// The rows of cmux's own agent hooks: needs input and failed go with
// priority 100 and sort first; the app clamps it to -9999..9999. Icons are SF Symbols.
// manaflow-ai/cmux@9ac7c795 CLI/CMUXCLI+GenericAgentHookNotification.swift
// manaflow-ai/cmux@43690471 CLI/AgentNeedsInputPublisher.swift
// manaflow-ai/cmux@42f5741 CLI/cmux.swift forwardSidebarMetadataCommand
var cmuxRows = map[host.State]struct {
	text, icon, color, loading string // loading: the workspace's loader
	urgent                     bool
}{
	host.Working: {"Running", "bolt.fill", "#4C8DFF", "on", false},
	host.Blocked: {"Needs input", "bell.fill", "#4C8DFF", "off", true},
	host.Failed:  {"Failed", "exclamationmark.triangle.fill", "#FF453A", "off", true},
	host.Idle:    {"Idle", "pause.circle.fill", "#8E8E93", "off", false},
}

// New makes the backend for surface p, on the cmux p.Bin names. Nothing is
// checked again here: bridge validated c (the agent) and detection p
// (hostio.Env's ID: no id reads as a flag, which cmux's set-status would take
// as one, older builds not honouring "--"; and the cmux on PATH).
func New(c settings.Settings, p Surface) *Backend {
	return &Backend{c: c, bin: p.Bin, key: statusKey(c.Agent), workspace: p.Workspace, panel: "--panel=" + p.ID,
		pid: "--pid=" + strconv.Itoa(os.Getpid()), handoff: newHandoff(), refused: hostio.Refusals{Host: "cmux", Log: c.Logger}}
}

// What a cmux may lack: its status rows (set-status and clear-status, as
// cmuxd-remote does) and the workspace loader (older builds).
const (
	cmuxRowsFeature   = "status rows"
	cmuxLoaderFeature = "workspace loading"
)

func (b *Backend) Name() string { return "cmux" }

// Handoff is what the terminal asks whether cmux shows the state.
func (b *Backend) Handoff() *Handoff { return b.handoff }

func (b *Backend) Report(ctx context.Context, r host.Report) error {
	if b.exited || b.refused.Refused(cmuxRowsFeature) {
		return nil
	}
	switch r.Kind {
	case host.KindState:
		row, ok := cmuxRows[r.State]
		if !ok {
			return nil
		}
		args := []string{"set-status", b.key, row.text, "--icon", row.icon, "--color", row.color}
		if row.urgent {
			args = append(args, "--priority", "100")
		}
		if err := b.rows(ctx, append(args, b.panel, b.pid)...); err != nil || b.refused.Refused(cmuxRowsFeature) {
			return err
		}
		return b.spin(ctx, row.loading, r.Repeat, true)
	case host.KindExit:
		b.exited = true
		err := b.rows(ctx, "clear-status", b.key, b.panel)
		if b.loading != "off" && !b.refused.Refused(cmuxRowsFeature) {
			err = errors.Join(err, b.spin(ctx, "off", true, err == nil))
		}
		return err
	}
	return nil
}

// spin turns the workspace's loader (the sidebar spinner, shown by default:
// sidebar.showAgentActivity in cmux's SettingCatalog) on or off unless it is
// so already (again with force). Called unknown, or failing where the command
// before it worked (cmuxOK) and it never has, it is not run again.
func (b *Backend) spin(ctx context.Context, state string, force, cmuxOK bool) error {
	if b.refused.Refused(cmuxLoaderFeature) || (b.loading == state && !force) {
		return nil
	}
	err := b.run(ctx, "workspace", "loading", state, "--id", b.key)
	if unknownCommand(err, "workspace") || cmuxOK && !b.refused.Worked(cmuxLoaderFeature) && errors.Is(err, hostio.ErrRejected) {
		_ = b.refused.Note(cmuxLoaderFeature, err) // not the report's failure: the row went
		return nil
	}
	if err != nil {
		// It may have reached cmux all the same: unknown, so the next spin runs.
		b.loading = ""
		return err
	}
	if b.loading = state; !b.refused.Worked(cmuxLoaderFeature) {
		b.refused.Took(cmuxLoaderFeature)
	}
	return nil
}

// rows runs set-status or clear-status and settles the handoff. A cmux
// that calls the verb unknown (cmuxd-remote in a remote workspace) never
// shows a row: none is run again and the terminal takes the state.
// manaflow-ai/cmux@12e06c7 daemon/remote/cmd/cmuxd-remote/commands.go
func (b *Backend) rows(ctx context.Context, args ...string) error {
	err := b.run(ctx, args...)
	switch {
	case unknownCommand(err, args[0]):
		_ = b.refused.Note(cmuxRowsFeature, err) // the terminal shows the state: nothing dropped
		b.handoff.settle(true)
		return nil
	case err == nil || errors.Is(err, hostio.ErrRejected):
		b.handoff.settle(false)
	}
	return err
}

// unknownCommand reports whether err is cmux's answer to a verb it does
// not have: cmuxd-remote prints `cmux: unknown command "<verb>"`, exit 2.
// manaflow-ai/cmux@007b82d daemon/remote/cmd/cmuxd-remote/cli.go runCLI
func unknownCommand(err error, verb string) bool {
	var rerr *hostio.ReplyError
	return errors.As(err, &rerr) && strings.Contains(strings.ToLower(rerr.Message), `unknown command "`+verb+`"`)
}

func (b *Backend) run(ctx context.Context, args ...string) error {
	name := args[0]
	if name == "workspace" {
		name += " " + args[1]
	}
	if b.workspace != "" {
		args = append(args, "--workspace", b.workspace)
	}
	_, _, err := hostio.RunCommand(ctx, "cmux", name, nil, b.bin, args...)
	return err
}

// statusKey is the agent name as the row's key and the loader's id, never
// read as an option: others than settings.AgentRune takes "_", leading "-" dropped; "" if nothing is left.
func statusKey(agent string) string {
	k := hostio.Sanitize(strings.TrimLeft(agent, "-"), settings.AgentRune, settings.MaxAgent)
	if strings.Trim(k, "_.") == "" {
		return ""
	}
	return k
}
