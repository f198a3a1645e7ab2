package main

import (
	"fmt"
	"time"

	"github.com/hostbridge/hostbridge"
)

// profile is one of the two reference behaviours hostbridge can give
// through its options: iota's (the defaults) and MendCode's.
type profile uint8

const (
	// profileIota: the defaults. herdr gets no blocked message; the session
	// is reported at start, after /save and after /session.
	profileIota profile = iota
	// profileMendcode: the blocked state carries its request, every state
	// carries the session and its resume command, the model's facts go to
	// herdr as metadata, a waiting sub-agent holds the chat blocked, reports
	// get two seconds, and MENDCODE_HERDR=0 turns host reporting off.
	profileMendcode
)

var profileNames = [...]string{"iota", "mendcode"}

func (p profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return fmt.Sprintf("profile(%d)", p)
}

// Set implements flag.Value.
func (p *profile) Set(s string) error {
	for i, n := range profileNames {
		if s == n {
			*p = profile(i)
			return nil
		}
	}
	return fmt.Errorf("want iota or mendcode")
}

// mendcodeTimeout is how long MendCode gives one report to a host.
const mendcodeTimeout = 2 * time.Second

// mendcodeOff is the variable that, set to 0, turns MendCode's host
// reporting off.
const mendcodeOff = "MENDCODE_HERDR"

// options are the hostbridge options for a run.
func (f flags) options(s session) []hostbridge.Option {
	opts := []hostbridge.Option{
		hostbridge.WithAgent(f.agent),
		hostbridge.WithNotify(f.notify),
		hostbridge.WithSession(s.ID, s.Dir),
	}
	if f.profile == profileMendcode {
		agent := f.agent
		opts = append(opts,
			hostbridge.WithBlockedMessage(true),
			hostbridge.WithResumeCommand(func(id string) string { return agent + " --session " + id }),
			hostbridge.WithMetadata(true),
			hostbridge.WithSubAgentsBlock(true),
			hostbridge.WithTimeout(mendcodeTimeout),
			hostbridge.WithDisableEnv(mendcodeOff),
		)
	}
	if f.timeout > 0 {
		opts = append(opts, hostbridge.WithTimeout(f.timeout)) // after the profile's: it wins
	}
	return opts
}
