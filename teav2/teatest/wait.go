package teatest

import tea "charm.land/bubbletea/v2"

// Step sends each message in turn and, after each, waits until the
// program has settled: every message sent so far has been through Update,
// and so has every message that came back from the Cmds those Updates
// returned, through chains, tea.Batch and tea.Sequence; then every host has
// taken every report. With no message, Step only waits. Cmds that wait on
// the clock are not waited for (see the package doc); one that waits for
// ever on something else fails the test after the timeout, named. Once
// the program has ended, Step returns at once.
func (k *Kit) Step(msgs ...tea.Msg) {
	k.t.Helper()
	k.c.Step(msgs...)
}

// WaitModel waits until cond holds for the app's model, then until the
// program has settled (see Step). cond runs on the program's goroutine
// after each Update, so it may read the model freely; it must not block.
// The Cmds returned by the Update after which cond held are waited for
// too: a hostbridge message the same Update returns as a Cmd (the Idle of
// a turn that ends as busy turns false) has reached the hosts when
// WaitModel returns. If the program ends first, WaitModel fails the test.
func (k *Kit) WaitModel(cond func(tea.Model) bool) {
	k.t.Helper()
	k.c.WaitModel(cond)
}
