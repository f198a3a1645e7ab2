package chatscript

import (
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
)

// The scripted model: what a real model and its tools would do, without a
// network or a key. A prompt becomes a plan of steps; each step waits its
// time (the chat's timer), then writes words of the reply or a tool line and
// emits the hostbridge messages a real chat would send at that point. Some
// steps wait for the user (an approval, an answer), and the plan goes on
// once they answer.
//
// A prompt's words choose the script, first match wins:
//
//	fail      the turn fails with "Error: scripted failure"
//	approve   the tool shell asks to run git push (y/n)
//	ask       the model asks which branch to use; the next line answers
//	delegate  a sub-agent fixes a flaky test and asks to run shell (y/n)
//	slow      (with any of the above) the turn takes 20 s
//
// Anything else is answered "You said: <prompt>".

// SlowTurn is how long a turn with "slow" in it takes.
const SlowTurn = 20 * time.Second

// The scripted texts.
const (
	FailHeadline = "Error: scripted failure"
	ApproveTool  = "shell"
	ApproveWhat  = "git push"
	AskQuestion  = "Which branch should I use?"
	SubType      = "explore · Scripted 1 · chat"
	SubTask      = "Fix the flaky test"
	SubWaitsOn   = "Allow shell"
	SubResult    = "The test slept instead of waiting; it waits on a channel now."
)

// Kind says which script a prompt runs.
type Kind uint8

const (
	KindReply Kind = iota
	KindFail
	KindApprove
	KindAsk
	KindDelegate
)

var kindNames = [...]string{"reply", "fail", "approve", "ask", "delegate"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Wait is what a step leaves the turn waiting for.
type Wait uint8

const (
	WaitNone     Wait = iota
	WaitApproval      // y/n for the tool's request
	WaitAnswer        // a line of text answering the question
	WaitSubAgent      // y/n for the sub-agent's request
)

// Step is one thing the scripted model does.
type Step struct {
	// After is how long the step waits once the previous one ran.
	After time.Duration
	// Say is appended, as words, to the reply being written.
	Say string
	// Note is a tool line shown in the conversation.
	Note string
	// Ask is a question or request shown to the user.
	Ask string
	// Fail is the headline of the error the turn failed with.
	Fail string
	// Emit is what the chat tells hostbridge, in this order: messages of
	// bridge, which both frontends alias (hostbridge.TurnStarted...).
	Emit []any
	// Wait makes the turn wait for the user after this step.
	Wait Wait
	// Done ends the turn.
	Done bool
}

// Classify picks the script for a prompt and how long its turn takes.
func Classify(prompt string, delay time.Duration) (Kind, time.Duration) {
	p := strings.ToLower(prompt)
	d := delay
	if strings.Contains(p, "slow") {
		d = SlowTurn
	}
	for _, k := range []Kind{KindFail, KindApprove, KindAsk, KindDelegate} {
		if strings.Contains(p, k.String()) {
			return k, d
		}
	}
	return KindReply, d
}

// Plan returns the steps a prompt starts.
func Plan(kind Kind, prompt string, d time.Duration) []Step {
	start := Step{Emit: []any{bridge.TurnStarted{}}}
	switch kind {
	case KindFail:
		return []Step{start, {After: d, Fail: FailHeadline, Done: true,
			Emit: []any{bridge.TurnFailed{Headline: FailHeadline}}}}
	case KindApprove:
		return []Step{start, {After: d / 4, Ask: ApproveTool + " wants to run " + ApproveWhat,
			Emit: []any{bridge.ApprovalNeeded{Tool: ApproveTool, Action: ApproveWhat}},
			Wait: WaitApproval}}
	case KindAsk:
		return []Step{start, {After: d / 4, Ask: AskQuestion,
			Emit: []any{bridge.ApprovalNeeded{Question: AskQuestion}},
			Wait: WaitAnswer}}
	case KindDelegate:
		return []Step{start,
			{After: d / 5, Note: "sub-agent started: " + SubTask,
				Emit: []any{bridge.SubAgentStarted{ID: SubAgentID, Type: SubType, Task: SubTask}}},
			{After: d / 5, Note: "sub-agent runs " + ApproveTool,
				Emit: []any{bridge.SubAgentProgressed{ID: SubAgentID, Tool: ApproveTool}}},
			{After: d / 5, Ask: "sub-agent asks: " + SubWaitsOn,
				Emit: []any{bridge.SubAgentWaiting{ID: SubAgentID, On: SubWaitsOn}},
				Wait: WaitSubAgent}}
	}
	return append([]Step{start}, Stream("You said: "+prompt, d)...)
}

// SubAgentID names the scripted sub-agent within the session.
const SubAgentID = "explore-1"

// Answer returns the steps that follow the user's answer to what the turn
// waits for: yes for an approval, text for a question.
func Answer(w Wait, prompt string, yes bool, text string, d time.Duration) []Step {
	switch w {
	case WaitApproval:
		if !yes {
			reply := "Denied: " + ApproveTool + " did not run " + ApproveWhat + "."
			return []Step{{Say: reply, Done: true, Emit: []any{bridge.Idle{Reply: reply}}}}
		}
		return append([]Step{{Note: ApproveTool + " ran " + ApproveWhat, Emit: []any{bridge.TurnStarted{}}}},
			Stream("Pushed. You said: "+prompt, d*3/4)...)
	case WaitAnswer:
		return append([]Step{{Emit: []any{bridge.TurnStarted{}}}},
			Stream("Using branch "+text+". You said: "+prompt, d*3/4)...)
	case WaitSubAgent:
		if !yes {
			return append([]Step{{Note: "sub-agent failed: " + ApproveTool + " was denied",
				Emit: []any{bridge.SubAgentEnded{ID: SubAgentID, Err: ApproveTool + " was denied"}}}},
				Stream("The sub-agent could not run "+ApproveTool+". You said: "+prompt, d*2/5)...)
		}
		return append([]Step{
			{Note: "sub-agent runs " + ApproveTool,
				Emit: []any{bridge.SubAgentProgressed{ID: SubAgentID, Tool: ApproveTool}}},
			{After: d / 5, Note: "sub-agent done: " + SubResult,
				Emit: []any{bridge.SubAgentEnded{ID: SubAgentID, Result: SubResult}}}},
			Stream("Fixed the flaky test. You said: "+prompt, d/5)...)
	}
	return nil
}

// Interrupt returns the steps that end a turn the user interrupted; a
// sub-agent still running is stopped with it.
func Interrupt(subRunning bool) []Step {
	const reply = "Interrupted."
	var emit []any
	if subRunning {
		emit = append(emit, bridge.SubAgentEnded{ID: SubAgentID, Stopped: true})
	}
	emit = append(emit, bridge.Idle{Reply: reply})
	return []Step{{Note: "interrupted", Say: reply, Done: true, Emit: emit}}
}

// Stream writes reply word by word over d, then ends the turn with it.
func Stream(reply string, d time.Duration) []Step {
	words := strings.Fields(reply)
	if len(words) == 0 {
		return []Step{{After: d, Done: true, Emit: []any{bridge.Idle{}}}}
	}
	each := d / time.Duration(len(words))
	steps := make([]Step, len(words))
	for i, w := range words {
		steps[i] = Step{After: each, Say: w}
	}
	steps[len(steps)-1].After = d - each*time.Duration(len(words)-1) // the rounding
	steps[len(steps)-1].Done = true
	steps[len(steps)-1].Emit = []any{bridge.Idle{Reply: reply}}
	return steps
}
