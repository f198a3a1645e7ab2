package chatscript

import (
	"fmt"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/core"
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
	// get two seconds, MENDCODE_HERDR=0 turns host reporting off, and herdr
	// is found by its pane variables alone (no HERDR_ENV=1 needed).
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

// Options are the hostbridge options for a run.
func (f Flags) Options(s Session) []bridge.Option {
	opts := []bridge.Option{
		bridge.WithAgent(f.Agent),
		bridge.WithNotify(f.Notify),
		bridge.WithSession(s.ID, s.Dir),
	}
	if f.Profile == ProfileMendcode {
		agent := f.Agent
		opts = append(opts,
			bridge.WithBlockedMessage(true),
			bridge.WithResumeCommand(func(id string) string { return agent + " --session " + id }),
			bridge.WithMetadata(true),
			bridge.WithSubAgentsBlock(true),
			bridge.WithDisableEnv(MendcodeOff),
			bridge.WithHerdrPaneVars(true),
		)
	}
	opts = append(opts, bridge.WithTimeout(f.ReportTimeout()))
	if f.EveryReport {
		opts = append(opts, bridge.WithEveryReport())
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
	return core.DefaultTimeout
}
