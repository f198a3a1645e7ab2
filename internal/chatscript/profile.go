package chatscript

import (
	"fmt"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Profile is one of the two reference behaviours hostbridge can give
// through its options: iota's (the defaults) and MendCode's.
type Profile uint8

const (
	// ProfileIota: the defaults. herdr gets no blocked message; the session
	// is reported at start, after /save and after /session.
	ProfileIota Profile = iota
	// ProfileMendcode: the blocked state carries its request, every state
	// carries the session and its resume command, the model's facts go to
	// herdr as metadata, a waiting sub-agent holds the chat blocked, reports
	// get two seconds, and MENDCODE_HERDR=0 turns host reporting off.
	ProfileMendcode
)

var profileNames = [...]string{"iota", "mendcode"}

func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return fmt.Sprintf("profile(%d)", p)
}

// Set implements flag.Value.
func (p *Profile) Set(s string) error {
	for i, n := range profileNames {
		if s == n {
			*p = Profile(i)
			return nil
		}
	}
	return fmt.Errorf("want iota or mendcode")
}

// MendcodeTimeout is how long MendCode gives one report to a host.
const MendcodeTimeout = 2 * time.Second

// MendcodeOff is the variable that, set to 0, turns MendCode's host
// reporting off.
const MendcodeOff = "MENDCODE_HERDR"

// Options are the hostbridge options for a run. They set bridge.Config's
// fields directly, as the With* options of either frontend would, since
// both example chats share this code.
func (f Flags) Options(s Session) []bridge.Option {
	opts := []bridge.Option{func(c *bridge.Config) {
		c.Agent, c.NoPing = f.Agent, !f.Notify
		c.SessionID, c.SessionDir = s.ID, s.Dir
		c.Timeout = f.ReportTimeout()
		if f.Profile == ProfileMendcode {
			agent := f.Agent
			c.BlockedMessage, c.Metadata, c.SubAgentsBlock = true, true, true
			c.ResumeCommand = func(id string) string { return agent + " --session " + id }
			c.DisableEnv, c.HerdrPaneVars = MendcodeOff, true
		}
	}}
	if f.EveryReport {
		// Not an option of either frontend: the kits' setting (settings.Kit),
		// for the end-to-end tests' transcripts.
		every := settings.KitOption(func(k *settings.Kit) { k.EveryReport = true })
		opts = append(opts, every.(bridge.Option))
	}
	return opts
}

// ReportTimeout bounds each report to a host: -timeout, or the profile's.
func (f Flags) ReportTimeout() time.Duration {
	switch {
	case f.Timeout > 0:
		return f.Timeout
	case f.Profile == ProfileMendcode:
		return MendcodeTimeout
	}
	return 500 * time.Millisecond // hostbridge's own default (WithTimeout)
}
