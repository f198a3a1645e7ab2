package core

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

func TestShown(t *testing.T) {
	m := newMachine(host.Session{}, subAgentsBlock)
	steps := []struct {
		name string
		do   func()
		want host.State
	}{
		{"before start", func() {}, host.Unknown},
		{"ready", func() { m.Start() }, host.Idle},
		{"turn", func() { m.TurnStarted() }, host.Working},
		{"sub-agent waits", func() { m.AgentStarted("a", "t", "task"); m.AgentStep("a", host.AgentWaiting, "Allow shell") }, host.Blocked},
		{"sub-agent done", func() { m.AgentStep("a", host.AgentDone, "ok") }, host.Working},
		{"suspended", func() { m.Suspend() }, host.Working},
		{"resumed", func() { m.Resume() }, host.Working},
		{"approval", func() { m.NeedsYou("shell") }, host.Blocked},
		{"failed", func() { m.TurnFailed("boom") }, host.Failed},
		{"idle", func() { m.Idle("done") }, host.Idle},
		{"exit", func() { m.TurnStarted(); m.Exit() }, host.Unknown},
	}
	for _, s := range steps {
		s.do()
		if got := m.Shown(); got != s.want {
			t.Errorf("%s: Shown() = %v, want %v", s.name, got, s.want)
		}
	}
}
