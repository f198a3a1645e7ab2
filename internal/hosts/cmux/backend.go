package cmux

import (
	"context"
	"errors"
	"sync"

	"github.com/hostbridge/hostbridge/host"
)

// Backend shows the chat as a cmux status row and the workspace's loading
// spinner. It implements host.Backend. Report may be called from any
// goroutine; calls are serialised.
type Backend struct {
	cfg Config
	bin string // the resolved executable
	key string // the status row's key and the loader's id

	mu        sync.Mutex
	shown     host.State // the state last delivered; Unknown before the first
	loading   spinner
	noLoading bool // this cmux lacks "workspace loading"
	// loadingWorked: "workspace loading" succeeded once, so this cmux has it.
	loadingWorked bool
	exited        bool
}

var _ host.Backend = (*Backend)(nil)

// spinner is what the Backend knows of its loader.
type spinner uint8

const (
	spinnerUnknown spinner = iota // a predecessor may have left it on
	spinnerOn
	spinnerOff
)

// row is how a chat state shows in the sidebar.
type row struct {
	text, icon, color string
	priority          string // "" for cmux's default (0)
	loading           bool
}

// Colours, icons and priorities of cmux's own agent hooks: needs input and
// error rows go with priority 100, so they sort first (manaflow-ai/cmux
// 9ac7c795, CLI/CMUXCLI+GenericAgentHookNotification.swift; 43690471,
// CLI/AgentNeedsInputPublisher.swift).
var rows = map[host.State]row{
	host.Working: {"Running", "bolt.fill", "#4C8DFF", "", true},
	host.Blocked: {"Needs input", "bell.fill", "#4C8DFF", "100", false},
	host.Failed:  {"Failed", "exclamationmark.triangle.fill", "#FF453A", "100", false},
	host.Idle:    {"Idle", "pause.circle.fill", "#8E8E93", "", false},
}

// Name implements host.Backend.
func (b *Backend) Name() string { return "cmux" }

// Bin is the cmux executable the Backend runs.
func (b *Backend) Bin() string { return b.bin }

// Key is the chat's status row key.
func (b *Backend) Key() string { return b.key }

// Report implements host.Backend. Only states and the exit have a use in
// cmux; every other kind is ignored.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.exited {
		return nil
	}
	switch r.Kind {
	case host.KindState:
		return b.reportState(ctx, r)
	case host.KindExit:
		b.exited = true
		return b.exit(ctx)
	}
	return nil
}

func (b *Backend) reportState(ctx context.Context, r host.Report) error {
	v, ok := rows[r.State]
	if !ok || (r.State == b.shown && !r.Repeat) {
		return nil
	}
	args := []string{"set-status", b.key, v.text, "--icon", v.icon, "--color", v.color}
	if v.priority != "" {
		args = append(args, "--priority", v.priority)
	}
	// Until both commands worked, the row may show this state or the last:
	// whatever comes next is sent, even the state shown before.
	b.shown = host.Unknown
	if err := b.run(ctx, b.workspace(args)...); err != nil {
		return err
	}
	if err := b.spin(ctx, v.loading, r.Repeat, true); err != nil {
		return err
	}
	b.shown = r.State
	return nil
}

func (b *Backend) exit(ctx context.Context) error {
	err := b.run(ctx, b.workspace([]string{"clear-status", b.key})...)
	if b.loading != spinnerOff {
		err = errors.Join(err, b.spin(ctx, false, true, err == nil))
	}
	return err
}

// spin turns the loader on or off unless it already is (again with
// force). cmuxOK says the command before it worked: then a failure of a
// "workspace loading" that never worked means this cmux lacks it, which is
// remembered and left alone; once it has worked, a failure is just that.
func (b *Backend) spin(ctx context.Context, on, force, cmuxOK bool) error {
	want := spinnerOff
	if on {
		want = spinnerOn
	}
	if b.noLoading || (b.loading == want && !force) {
		return nil
	}
	state := "off"
	if on {
		state = "on"
	}
	err := b.run(ctx, b.workspace([]string{"workspace", "loading", state, "--id", b.key})...)
	var xerr *ExitError
	if cmuxOK && !b.loadingWorked && errors.As(err, &xerr) {
		b.noLoading = true
		b.cfg.Logger.Debug("cmux: this cmux has no workspace loading; not running it again", "err", err)
		return nil
	}
	if err == nil {
		b.loading, b.loadingWorked = want, true
	}
	return err
}

func (b *Backend) workspace(args []string) []string {
	if b.cfg.WorkspaceID == "" {
		return args
	}
	return append(args, "--workspace", b.cfg.WorkspaceID)
}
