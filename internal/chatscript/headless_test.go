package chatscript

import (
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
)

// sent records what a headless turn sends.
type sent struct {
	mu   sync.Mutex
	msgs []any
}

func (s *sent) Send(msg any) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = append(s.msgs, msg)
	return true
}

func TestHeadless(t *testing.T) {
	start := bridge.MetaChanged{Model: StartModel, Context: "0%", Cost: "$0.00"}
	tests := []struct {
		prompt     string
		code       int
		stdout     string
		stderr     []string
		sent       []any
		took       time.Duration
		notStderr  string
		stderrNone bool
	}{
		{prompt: "hello", stdout: "You said: hello\n", took: time.Second, stderrNone: true,
			sent: []any{start, bridge.TurnStarted{}, bridge.Idle{Reply: "You said: hello"}}},
		{prompt: "fail", code: ExitFailed, stdout: "", took: time.Second,
			stderr: []string{"Error: scripted failure\n"},
			sent:   []any{start, bridge.TurnStarted{}, bridge.TurnFailed{Headline: "Error: scripted failure"}}},
		{prompt: "approve it", stdout: "Denied: shell did not run git push.\n", took: time.Second / 4,
			stderr: []string{"chat: shell wants to run git push: denied (nobody to answer in a -m run)\n"},
			sent:   []any{start, bridge.TurnStarted{}, bridge.Idle{Reply: "Denied: shell did not run git push."}}},
		{prompt: "ask it", stdout: "Using branch main. You said: ask it\n", took: time.Second,
			stderr: []string{"chat: Which branch should I use? main (nobody to answer in a -m run)\n"},
			sent: []any{start, bridge.TurnStarted{}, bridge.TurnStarted{},
				bridge.Idle{Reply: "Using branch main. You said: ask it"}}},
		{prompt: "delegate it", stdout: "The sub-agent could not run shell. You said: delegate it\n", took: time.Second,
			stderr: []string{"chat: sub-agent asks: Allow shell: denied", "chat: sub-agent failed: shell was denied\n"},
			sent: []any{start, bridge.TurnStarted{},
				bridge.SubAgentStarted{ID: SubAgentID, Type: SubType, Task: SubTask},
				bridge.SubAgentProgressed{ID: SubAgentID, Tool: "shell"},
				bridge.SubAgentEnded{ID: SubAgentID, Err: "shell was denied"},
				bridge.Idle{Reply: "The sub-agent could not run shell. You said: delegate it"}}},
	}
	for _, tt := range tests {
		t.Run(tt.prompt, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var out, errOut strings.Builder
				var s sent
				t0 := time.Now()
				code := HeadlessTurn(&s, tt.prompt, time.Second, &out, &errOut)
				if code != tt.code {
					t.Errorf("exit code %d, want %d", code, tt.code)
				}
				if took := time.Since(t0); took != tt.took {
					t.Errorf("took %v, want %v", took, tt.took)
				}
				if out.String() != tt.stdout {
					t.Errorf("stdout %q, want %q", out.String(), tt.stdout)
				}
				for _, w := range tt.stderr {
					if !strings.Contains(errOut.String(), w) {
						t.Errorf("stderr %q does not say %q", errOut.String(), w)
					}
				}
				if tt.stderrNone && errOut.Len() > 0 {
					t.Errorf("stderr %q, want nothing", errOut.String())
				}
				if !reflect.DeepEqual(s.msgs, tt.sent) {
					t.Errorf("sent\n%#v\nwant\n%#v", s.msgs, tt.sent)
				}
				for _, m := range s.msgs {
					switch m.(type) {
					case bridge.ApprovalNeeded, bridge.SubAgentWaiting:
						t.Errorf("a -m run said it waits for the user: %#v", m)
					}
				}
			})
		})
	}
}
