package teatest

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Quit ends the program (it is killed if it has not ended within the
// Kit's timeout), runs the exit (Model.Close: the bar is cleared, the pane
// released, the row removed) and returns the exit's error, which says a
// host did not take the last reports in time. A panic in the app's Update
// or View ends the program at once and fails the test here, with its
// stack. Quit runs at the test's cleanup if the test did not call it;
// later calls return the first one's result.
func (k *Kit) Quit() error {
	k.t.Helper()
	k.quitOnce.Do(func() {
		k.Send(tea.QuitMsg{})
		if !k.ended() {
			k.prog.Kill()
			if !k.ended() {
				k.t.Errorf("teatest: the program did not end within %v of being killed: an Update or View is stuck", k.rig.Timeout)
				return
			}
		}
		<-k.in.Pumped()
		k.exitErr = k.model.Close()
		if k.runErr != nil {
			k.t.Errorf("teatest: the program failed: %v", k.runErr)
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		if k.panicked != "" {
			k.t.Errorf("teatest: the app panicked: %s", k.panicked)
		}
	})
	return k.exitErr
}

// WaitFinished waits until the program ends by itself (the app returned
// tea.Quit), then finishes as Quit does. It fails the test if the program
// is still running after the Kit's timeout.
func (k *Kit) WaitFinished() error {
	k.t.Helper()
	if !k.ended() {
		k.t.Fatalf("teatest: the program did not end within %v", k.rig.Timeout)
	}
	return k.Quit()
}

func (k *Kit) ended() bool {
	timer := time.NewTimer(k.rig.Timeout)
	defer timer.Stop()
	select {
	case <-k.done:
		return true
	case <-timer.C:
		return false
	}
}

// FinalModel quits (see Quit) and returns the app's model as its last
// Update left it.
func (k *Kit) FinalModel() tea.Model {
	k.t.Helper()
	_ = k.Quit()
	return k.app.inner
}
