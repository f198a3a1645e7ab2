package kitcore

import "time"

// Quit ends the program (killed if it has not ended within the timeout),
// runs the exit and returns its error; a panic of the app fails the test
// here, with its stack. Later calls return the first one's result.
func (c *Core[M, Model, C]) Quit() error {
	c.t.Helper()
	c.quitOnce.Do(func() {
		c.Send(c.p.QuitMsg)
		if !c.ended() {
			c.p.Prog.Kill()
			if !c.ended() {
				c.t.Errorf("teatest: the program did not end within %v of being killed: an Update or View is stuck", c.timeout)
				return
			}
		}
		<-c.in.Pumped()
		c.exitErr = c.p.Exit.Close()
		if c.runErr != nil {
			c.t.Errorf("teatest: the program failed: %v", c.runErr)
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.panicked != "" {
			c.t.Errorf("teatest: the app panicked: %s", c.panicked)
		}
	})
	return c.exitErr
}

// WaitFinished waits until the program ends by itself, then finishes as
// Quit does. It fails the test if the program still runs after the
// timeout.
func (c *Core[M, Model, C]) WaitFinished() error {
	c.t.Helper()
	if !c.ended() {
		c.t.Fatalf("teatest: the program did not end within %v", c.timeout)
	}
	return c.Quit()
}

// FinalModel quits (see Quit) and returns the app's model as its last
// Update left it.
func (c *Core[M, Model, C]) FinalModel() Model {
	c.t.Helper()
	_ = c.Quit()
	return c.p.App()
}

func (c *Core[M, Model, C]) ended() bool {
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	select {
	case <-c.done:
		return true
	case <-timer.C:
		return false
	}
}
