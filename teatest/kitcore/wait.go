package kitcore

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Step sends each message in turn and, after each, waits until the
// program has settled (the kits' Step says what that is). With no
// message, Step only waits. Once the program has ended, Step returns at
// once.
func (c *Core[M, Model, C]) Step(msgs ...M) {
	c.t.Helper()
	if len(msgs) == 0 {
		c.settle(nil)
	}
	for _, msg := range msgs {
		c.Send(msg)
		if !c.settle(msg) {
			return
		}
	}
}

// Type types text, a key per rune, each a Step.
func (c *Core[M, Model, C]) Type(text string) {
	c.t.Helper()
	for _, r := range text {
		c.Step(c.p.RuneKey(r))
	}
}

// Key presses each named key, each a Step; an unknown name fails the
// test.
func (c *Core[M, Model, C]) Key(names ...string) {
	c.t.Helper()
	for _, name := range names {
		key, ok := c.p.KeyNamed(name)
		if !ok {
			c.t.Fatalf("teatest: no key is named %q; a key is one rune, \"space\", or one of: %s (each with \"alt+\" before it too)",
				name, strings.Join(c.p.KeyNames, ", "))
			return
		}
		c.Step(key)
	}
}

// settle waits until the program has settled (see Step); sent, if not
// nil, is the message the wait is for, named when the program does not take
// it in time. It reports false if the program has ended.
func (c *Core[M, Model, C]) settle(sent any) bool {
	c.t.Helper()
	deadline := time.NewTimer(c.timeout)
	defer deadline.Stop()
	for first := true; ; first = false {
		ack := make(chan settled, 1)
		c.in.Send(any(marker{ack}).(M))
		var s settled
		select {
		case s = <-ack:
		case <-c.done:
			return false
		case <-deadline.C:
			if first && sent != nil {
				c.t.Fatalf("teatest: waited %v for the program to take a %T", c.timeout, sent)
			} else {
				c.t.Fatalf("teatest: waited %v for the program's Update", c.timeout)
			}
			return false
		}
		c.mu.Lock()
		c.view = s.view
		c.mu.Unlock()
		if s.busy == 0 {
			break
		}
		_, idle := c.cmds.busy()
		select {
		case <-idle:
		case <-c.done:
			return false
		case <-deadline.C:
			c.t.Fatalf("teatest: waited %v for the app's Cmds to finish; still running: %s", c.timeout, c.cmds.names())
			return false
		}
	}
	c.flush()
	if m := c.cmds.misuse(); m != "" && !c.misused {
		c.misused = true
		c.t.Errorf("teatest: %s came from different Cmds of one tea.Batch (or of Batches and tea.Sequences inside it), "+
			"which runs its Cmds concurrently: they arrive in either order, and so does what the hosts show; "+
			"send them in order from one Cmd with hostbridge.Sequence(first, second), "+
			"or put their Cmds in one tea.Sequence", m)
	}
	return true
}

// flush waits until every host has taken, or failed to take, every report.
func (c *Core[M, Model, C]) flush() {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	if err := c.p.Bridge.Flush(ctx); err != nil && !errors.Is(err, core.ErrClosed) {
		c.t.Fatalf("teatest: flushing the reports to the hosts: %v", err)
	}
}

// WaitModel waits until cond holds for the app's model, then until the
// program has settled (see Step); the kits' WaitModel says more. If the
// program ends first, WaitModel fails the test.
func (c *Core[M, Model, C]) WaitModel(cond func(Model) bool) {
	c.t.Helper()
	met := c.waiters.Add(cond)
	c.in.Send(any(checkWaiters{}).(M)) // cond may hold already
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	select {
	case <-met:
	case <-c.done:
		select {
		case <-met: // met as the program ended
		default:
			c.t.Fatalf("teatest: the program ended before the model met the condition")
			return
		}
	case <-timer.C:
		c.t.Fatalf("teatest: waited %v for the model to meet the condition", c.timeout)
		return
	}
	c.settle(nil)
}
