package main

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

// The scripted model: what a real model and its tools would do, without a
// network or a key. A prompt becomes a plan of steps; each step waits its
// time (a tea.Tick), then writes words of the reply or a tool line and
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

// slowTurn is how long a turn with "slow" in it takes.
const slowTurn = 20 * time.Second

// The scripted texts.
const (
	failHeadline = "Error: scripted failure"
	approveTool  = "shell"
	approveWhat  = "git push"
	askQuestion  = "Which branch should I use?"
	subType      = "explore · Scripted 1 · chat"
	subTask      = "Fix the flaky test"
	subWaitsOn   = "Allow shell"
	subResult    = "The test slept instead of waiting; it waits on a channel now."
)

// script says which script a prompt runs.
type scriptKind uint8

const (
	scriptReply scriptKind = iota
	scriptFail
	scriptApprove
	scriptAsk
	scriptDelegate
)

var scriptNames = [...]string{"reply", "fail", "approve", "ask", "delegate"}

func (k scriptKind) String() string {
	if int(k) < len(scriptNames) {
		return scriptNames[k]
	}
	return "unknown"
}

// waitKind is what a step leaves the turn waiting for.
type waitKind uint8

const (
	waitNone     waitKind = iota
	waitApproval          // y/n for the tool's request
	waitAnswer            // a line of text answering the question
	waitSubAgent          // y/n for the sub-agent's request
)

// step is one thing the scripted model does.
type step struct {
	// after is how long the step waits once the previous one ran.
	after time.Duration
	// say is appended, as words, to the reply being written.
	say string
	// note is a tool line shown in the conversation.
	note string
	// ask is a question or request shown to the user.
	ask string
	// fail is the headline of the error the turn failed with.
	fail string
	// emit is what the chat tells hostbridge, in this order.
	emit []tea.Msg
	// wait makes the turn wait for the user after this step.
	wait waitKind
	// done ends the turn.
	done bool
}

// classify picks the script for a prompt and how long its turn takes.
func classify(prompt string, delay time.Duration) (scriptKind, time.Duration) {
	p := strings.ToLower(prompt)
	d := delay
	if strings.Contains(p, "slow") {
		d = slowTurn
	}
	for _, k := range []scriptKind{scriptFail, scriptApprove, scriptAsk, scriptDelegate} {
		if strings.Contains(p, k.String()) {
			return k, d
		}
	}
	return scriptReply, d
}

// plan returns the steps a prompt starts.
func plan(kind scriptKind, prompt string, d time.Duration) []step {
	start := step{emit: []tea.Msg{hostbridge.TurnStarted{}}}
	switch kind {
	case scriptFail:
		return []step{start, {after: d, fail: failHeadline, done: true,
			emit: []tea.Msg{hostbridge.TurnFailed{Headline: failHeadline}}}}
	case scriptApprove:
		return []step{start, {after: d / 4, ask: approveTool + " wants to run " + approveWhat,
			emit: []tea.Msg{hostbridge.ApprovalNeeded{Tool: approveTool, Action: approveWhat}},
			wait: waitApproval}}
	case scriptAsk:
		return []step{start, {after: d / 4, ask: askQuestion,
			emit: []tea.Msg{hostbridge.ApprovalNeeded{Question: askQuestion}},
			wait: waitAnswer}}
	case scriptDelegate:
		return []step{start,
			{after: d / 5, note: "sub-agent started: " + subTask,
				emit: []tea.Msg{hostbridge.SubAgentStarted{ID: subAgentID, Type: subType, Task: subTask}}},
			{after: d / 5, note: "sub-agent runs " + approveTool,
				emit: []tea.Msg{hostbridge.SubAgentProgressed{ID: subAgentID, Tool: approveTool}}},
			{after: d / 5, ask: "sub-agent asks: " + subWaitsOn,
				emit: []tea.Msg{hostbridge.SubAgentWaiting{ID: subAgentID, On: subWaitsOn}},
				wait: waitSubAgent}}
	}
	return append([]step{start}, stream("You said: "+prompt, d)...)
}

// subAgentID names the scripted sub-agent within the session.
const subAgentID = "explore-1"

// answer returns the steps that follow the user's answer to what the turn
// waits for: yes for an approval, text for a question.
func answer(w waitKind, prompt string, yes bool, text string, d time.Duration) []step {
	switch w {
	case waitApproval:
		if !yes {
			reply := "Denied: " + approveTool + " did not run " + approveWhat + "."
			return []step{{say: reply, done: true, emit: []tea.Msg{hostbridge.Idle{Reply: reply}}}}
		}
		return append([]step{{note: approveTool + " ran " + approveWhat, emit: []tea.Msg{hostbridge.TurnStarted{}}}},
			stream("Pushed. You said: "+prompt, d*3/4)...)
	case waitAnswer:
		return append([]step{{emit: []tea.Msg{hostbridge.TurnStarted{}}}},
			stream("Using branch "+text+". You said: "+prompt, d*3/4)...)
	case waitSubAgent:
		if !yes {
			return append([]step{{note: "sub-agent failed: " + approveTool + " was denied",
				emit: []tea.Msg{hostbridge.SubAgentEnded{ID: subAgentID, Err: approveTool + " was denied"}}}},
				stream("The sub-agent could not run "+approveTool+". You said: "+prompt, d*2/5)...)
		}
		return append([]step{
			{note: "sub-agent runs " + approveTool,
				emit: []tea.Msg{hostbridge.SubAgentProgressed{ID: subAgentID, Tool: approveTool}}},
			{after: d / 5, note: "sub-agent done: " + subResult,
				emit: []tea.Msg{hostbridge.SubAgentEnded{ID: subAgentID, Result: subResult}}}},
			stream("Fixed the flaky test. You said: "+prompt, d/5)...)
	}
	return nil
}

// interrupt returns the steps that end a turn the user interrupted; a
// sub-agent still running is stopped with it.
func interrupt(subRunning bool) []step {
	const reply = "Interrupted."
	var emit []tea.Msg
	if subRunning {
		emit = append(emit, hostbridge.SubAgentEnded{ID: subAgentID, Stopped: true})
	}
	emit = append(emit, hostbridge.Idle{Reply: reply})
	return []step{{note: "interrupted", say: reply, done: true, emit: emit}}
}

// stream writes reply word by word over d, then ends the turn with it.
func stream(reply string, d time.Duration) []step {
	words := strings.Fields(reply)
	if len(words) == 0 {
		return []step{{after: d, done: true, emit: []tea.Msg{hostbridge.Idle{}}}}
	}
	each := d / time.Duration(len(words))
	steps := make([]step, len(words))
	for i, w := range words {
		steps[i] = step{after: each, say: w}
	}
	steps[len(steps)-1].after = d - each*time.Duration(len(words)-1) // the rounding
	steps[len(steps)-1].done = true
	steps[len(steps)-1].emit = []tea.Msg{hostbridge.Idle{Reply: reply}}
	return steps
}
