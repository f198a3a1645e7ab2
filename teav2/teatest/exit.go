package teatest

import tea "charm.land/bubbletea/v2"

// Quit ends the program (it is killed if it has not ended within the
// Kit's timeout), runs the exit (Model.Close: the bar is cleared, the pane
// released, the row removed) and returns the exit's error, which says a
// host did not take the last reports in time. A panic in the app's Update
// or View ends the program at once and fails the test here, with its
// stack. Quit runs at the test's cleanup if the test did not call it;
// later calls return the first one's result.
func (k *Kit) Quit() error {
	k.t.Helper()
	return k.c.Quit()
}

// WaitFinished waits until the program ends by itself (the app returned
// tea.Quit), then finishes as Quit does. It fails the test if the program
// is still running after the Kit's timeout.
func (k *Kit) WaitFinished() error {
	k.t.Helper()
	return k.c.WaitFinished()
}

// FinalModel quits (see Quit) and returns the app's model as its last
// Update left it.
func (k *Kit) FinalModel() tea.Model {
	k.t.Helper()
	return k.c.FinalModel()
}
