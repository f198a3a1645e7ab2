package fakehost

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Tuios is a fake tuios daemon: it speaks tuios's JSON verbs (hello,
// set-agent-state, set-agent-meta, report-agent-activity, get-agent-state)
// on lasting connections and keeps a pane's agent state, rail facts and
// sub-agents as tuios does. Like the daemon, it refuses a parameter it does
// not know with invalid_params, and the test fails at cleanup if a request
// was refused that way or was not a JSON request (see ExpectRefusals). Its
// faults and records are its Socket's.
type Tuios struct {
	*Socket
	session, window string
	env             map[string]string // Env's

	// guarded by the Socket's lock
	pane    *TuiosPane
	unknown map[string]bool // UnknownVerbs
	req     tuiosRequest    // the request being answered, decoded once by parse
}

// TuiosPane is what the fake holds for its pane, as tuios does.
type TuiosPane struct {
	// State is the agent state (none, working, needs_input, idle, done,
	// errored); Message, Source and Harness go with it.
	State, Message, Source, Harness string
	// Meta is the rail facts, key to value; MetaOrder their keys in the
	// order they first came.
	Meta      map[string]string
	MetaOrder []string
	// Subagents is every child reported since the last session_start, in
	// the order they started.
	Subagents []TuiosSubagent

	src map[string]string // who wrote each fact
}

// TuiosSubagent is one child of a pane's agent.
type TuiosSubagent struct {
	ID, Type, Task, Tool string
	Status               string // running, done, failed or stopped
	Result               string // its answer's first line (done) or its error (failed)
}

// NewTuios starts a fake daemon on a fresh socket, stopped at t's cleanup,
// with one pane: session "main" and a random window id unless WithEnv sets
// TUIOS_SESSION or TUIOS_PANE_ID.
func NewTuios(t TB, opts ...Option) *Tuios {
	t.Helper()
	set := settings(opts).set
	f := &Tuios{session: "main", window: newUUID(), unknown: map[string]bool{},
		pane: &TuiosPane{State: "none", Meta: map[string]string{}, src: map[string]string{}}}
	if s := set["TUIOS_SESSION"]; s != "" {
		f.session = s
	}
	if w := set["TUIOS_PANE_ID"]; w != "" {
		f.window = w
	}
	f.Socket = newSocket(t, "tuios", f, false)
	f.strict = true
	f.env = map[string]string{"TUIOS_ENV": "1", "TUIOS_SOCKET": f.path, "TUIOS_SESSION": f.session,
		"TUIOS_PANE_ID": f.window, "TUIOS_WINDOW_ID": f.window}
	maps.Copy(f.env, set)
	return f
}

func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func (f *Tuios) apply(r *Rig) { r.fakes[1] = f }
func (f *Tuios) name() string { return "tuios" }
func (f *Tuios) unstable() []string {
	return []string{f.dir, "<tuios-dir>", f.window, "<tuios-pane>"}
}

// Env is the environment tuios gives a pane: TUIOS_ENV, TUIOS_SOCKET,
// TUIOS_SESSION, TUIOS_PANE_ID and TUIOS_WINDOW_ID, with WithEnv's
// variables over them. The map is the caller's.
func (f *Tuios) Env() map[string]string { return maps.Clone(f.env) }

// Pane returns a copy of the pane's state.
func (f *Tuios) Pane() TuiosPane {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := *f.pane
	p.Meta, p.src = maps.Clone(p.Meta), nil
	p.MetaOrder, p.Subagents = slices.Clone(p.MetaOrder), slices.Clone(p.Subagents)
	return p
}

// UnknownVerbs makes the fake answer unknown_verb to verbs from now on, as
// a tuios build without them does.
func (f *Tuios) UnknownVerbs(verbs ...string) {
	f.mu.Lock()
	for _, v := range verbs {
		f.unknown[v] = true
	}
	f.mu.Unlock()
}

// Transcript renders every request as a line, without ids or times:
// `tuios set-agent-state working`, `tuios set-agent-meta model="opus"
// cost=null`, `tuios report-agent-activity subagent_start a1
// type="explore"`. One not answered with a result ends in " -> <Answer>".
func (f *Tuios) Transcript() []string {
	var out []string
	for _, r := range f.Requests() {
		out = append(out, tuiosLine(r))
	}
	return out
}

// tuiosRequest is a request line, decoded.
type tuiosRequest struct {
	ID     json.RawMessage `json:"id"`
	Verb   string          `json:"verb"`
	Params json.RawMessage `json:"params"`
}

func decodeTuios(line string) (tuiosRequest, bool) {
	var req tuiosRequest
	return req, decodeJSON([]byte(line), &req) && req.Verb != ""
}

func (f *Tuios) parse(r *Request) {
	f.req = tuiosRequest{}
	if req, ok := decodeTuios(r.Line); ok {
		f.req, r.Method = req, req.Verb
		if json.Unmarshal(req.ID, &r.ID) != nil {
			r.ID = string(req.ID)
		}
		decodeJSON(req.Params, &r.Params)
	}
}

func (f *Tuios) reset() {}

// refusal is an error tuios answers, with the parameter to blame.
type refusal struct{ code, msg, param string }

func invalidParam(param, format string, args ...any) *refusal {
	return &refusal{"invalid_params", fmt.Sprintf(format, args...), param}
}

func (f *Tuios) refuse(r *Request, code, message string) string {
	return f.reply(r, nil, &refusal{code: code, msg: message})
}

// reply answers r with result or e. It echoes the request's id as written,
// and leaves it out when there was none, as tuios does.
func (f *Tuios) reply(r *Request, result any, e *refusal) string {
	m := map[string]any{"result": result}
	if e != nil {
		answer := map[string]any{"code": e.code, "message": e.msg}
		if e.param != "" {
			answer["hint"] = map[string]any{"param": e.param}
		}
		m = map[string]any{"error": answer}
	}
	if len(f.req.ID) > 0 {
		m["id"] = f.req.ID
	}
	out, _ := json.Marshal(m)
	return string(out)
}

func (f *Tuios) answer(r *Request) (string, string) {
	if f.req.Verb == "" {
		return f.refuse(r, "invalid_request", "a request is one JSON object with a verb"), "invalid_request"
	}
	result, e := f.verb(f.req.Verb, f.req.Params)
	if e != nil {
		return f.reply(r, nil, e), e.code
	}
	r.Applied = true
	return f.reply(r, result, nil), ""
}

// tuiosParams are the parameters each verb takes; tuios refuses others.
var tuiosParams = map[string][]string{
	"hello":                 {"client", "version", "protocol"},
	"set-agent-state":       {"session", "window", "state", "message", "source", "harness"},
	"set-agent-meta":        {"session", "window", "tokens", "source", "ttl_ms", "clear"},
	"report-agent-activity": {"session", "window", "harness", "agent_session_id", "harness_pid", "activity"},
	"get-agent-state":       {"session", "window"},
}

var (
	tuiosStates   = []string{"none", "working", "needs_input", "idle", "done", "errored"}
	tuiosEvents   = []string{"prompt", "tool", "tool_done", "tool_failed", "turn_end", "subagent_start", "subagent_stop", "session_start"}
	tuiosActivity = []string{"event", "tool", "target", "text", "files", "ok", "model", "agent_id", "agent_type"}
	tuiosMetaKey  = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,23}$`)
	tuiosAgentID  = regexp.MustCompile(`^[A-Za-z0-9_.:@-]{1,128}$`)
)

// verb runs one verb on the pane.
func (f *Tuios) verb(verb string, raw json.RawMessage) (any, *refusal) {
	allowed, known := tuiosParams[verb]
	if !known || f.unknown[verb] {
		return nil, &refusal{"unknown_verb", "unknown verb " + verb, ""}
	}
	var p map[string]json.RawMessage
	if len(raw) > 0 && json.Unmarshal(raw, &p) != nil {
		return nil, invalidParam("", "params must be an object")
	}
	for k := range p {
		if !slices.Contains(allowed, k) {
			return nil, invalidParam(k, "unknown parameter %s", k)
		}
	}
	str := func(k string) string { return jsonString(p[k]) }
	if s := str("session"); s != "" && s != f.session {
		return nil, &refusal{"session_not_found", "session " + s + " not found", "session"}
	}
	if verb == "hello" {
		return map[string]any{"type": "hello", "protocol": 1, "min_protocol": 1, "daemon_version": "hosttest"}, nil
	}
	if w := str("window"); w != "" && w != f.window { // "": the focused one
		return nil, &refusal{"window_not_found", "window " + w + " not found", "window"}
	}
	pane := f.pane
	switch verb {
	case "set-agent-state":
		return pane.setState(str)
	case "set-agent-meta":
		return pane.setMeta(p, str("source"))
	case "report-agent-activity":
		return pane.activity(p, str("harness"))
	}
	return map[string]any{
		"type": "agent_state", "window_id": f.window, "state": pane.State, "message": pane.Message,
		"source": pane.Source, "harness_id": pane.Harness, "meta": pane.Meta,
		"subagents": pane.running(), "subagent_list": pane.Subagents,
	}, nil
}

func (p *TuiosPane) setState(str func(string) string) (any, *refusal) {
	state, source := str("state"), str("source")
	if !slices.Contains(tuiosStates, state) {
		return nil, invalidParam("state", "unknown agent state %s", state)
	}
	if source == "" {
		source = "report"
	}
	// A report naming no harness keeps the pane's attribution; none sets
	// it to what it names, so none with a harness keeps it set (tuios
	// internal/session agent_state.go, harnessAfterReport).
	if h := str("harness"); h != "" || state == "none" {
		p.Harness = h
	}
	p.State, p.Message, p.Source = state, str("message"), source
	if state == "none" { // the agent left: tuios forgets what it said
		p.Message, p.MetaOrder, p.Subagents = "", nil, nil
		p.Meta, p.src = map[string]string{}, map[string]string{}
	}
	return map[string]any{"type": "agent_state_set", "state": state, "message": p.Message, "source": source, "applied": true}, nil
}

func (p *TuiosPane) setMeta(params map[string]json.RawMessage, source string) (any, *refusal) {
	keys, values, err := tuiosTokens(params["tokens"])
	if err != nil {
		return nil, invalidParam("tokens", "tokens: %v", err)
	}
	var clearAll bool
	_ = json.Unmarshal(params["clear"], &clearAll)
	switch {
	case len(keys) == 0 && !clearAll:
		return nil, invalidParam("tokens", "tokens is required unless clear is true")
	case len(keys) > 16:
		return nil, invalidParam("tokens", "one call sets at most 16 keys")
	}
	for _, k := range keys {
		if !tuiosMetaKey.MatchString(k) || k == "now" || k == "prompt" || k == "subagents" {
			return nil, invalidParam("tokens", "metadata key %s is not allowed", k)
		}
	}
	for _, k := range slices.Clone(p.MetaOrder) {
		if clearAll && (source == "" || p.src[k] == source) {
			p.delMeta(k)
		}
	}
	for i, k := range keys {
		if values[i] == nil {
			p.delMeta(k)
			continue
		}
		v := *values[i]
		if utf8.RuneCountInString(v) > 80 {
			v = string([]rune(v)[:80])
		}
		if _, ok := p.Meta[k]; !ok {
			p.MetaOrder = append(p.MetaOrder, k)
		}
		p.Meta[k], p.src[k] = v, source
	}
	if len(p.Meta) > 32 {
		return nil, invalidParam("tokens", "a pane holds at most 32 metadata keys")
	}
	return map[string]any{"type": "agent_meta_set", "meta": p.Meta}, nil
}

func (p *TuiosPane) delMeta(k string) {
	delete(p.Meta, k)
	delete(p.src, k)
	p.MetaOrder = slices.DeleteFunc(p.MetaOrder, func(o string) bool { return o == k })
}

// tuiosTokens reads a tokens object in the order it was written; a nil
// value is a null.
func tuiosTokens(raw json.RawMessage) ([]string, []*string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, errors.New("must be an object of key to value")
	}
	var keys []string
	var values []*string
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		k, _ := kt.(string)
		var v *string
		if err := dec.Decode(&v); err != nil {
			return nil, nil, fmt.Errorf("%s must be a string or null", k)
		}
		keys, values = append(keys, k), append(values, v)
	}
	return keys, values, nil
}

func (p *TuiosPane) activity(params map[string]json.RawMessage, harness string) (any, *refusal) {
	var act map[string]json.RawMessage
	if json.Unmarshal(params["activity"], &act) != nil || act == nil {
		return nil, invalidParam("activity", "activity is required")
	}
	for k := range act {
		if !slices.Contains(tuiosActivity, k) {
			return nil, invalidParam("activity", "unknown parameter activity.%s", k)
		}
	}
	field := func(k string) string { return jsonString(act[k]) }
	event, id := field("event"), field("agent_id")
	if !slices.Contains(tuiosEvents, event) {
		return nil, invalidParam("activity", "activity.event is one of the activity events")
	}
	if strings.HasPrefix(event, "subagent_") && !tuiosAgentID.MatchString(id) {
		return nil, invalidParam("activity", "a subagent event needs activity.agent_id")
	}
	recorded := false
	i := slices.IndexFunc(p.Subagents, func(s TuiosSubagent) bool { return s.ID == id })
	switch {
	case harness != "" && p.Harness != "" && harness != p.Harness:
		// another agent's: tuios keeps it off this pane
	case event == "session_start":
		p.Subagents, recorded = nil, true
	case event == "subagent_start" && p.State != "none":
		s := TuiosSubagent{ID: id, Type: field("agent_type"), Task: field("target"), Tool: field("tool"), Status: "running"}
		if i >= 0 {
			p.Subagents[i] = s
		} else {
			p.Subagents = append(p.Subagents, s)
		}
		recorded = true
	case event == "subagent_stop" && i >= 0:
		var ok *bool
		_ = json.Unmarshal(act["ok"], &ok)
		s := &p.Subagents[i]
		s.Status, s.Result = "stopped", field("text")
		if ok != nil && *ok {
			s.Status = "done"
		} else if ok != nil {
			s.Status = "failed"
		}
		recorded = true
	}
	return map[string]any{"type": "agent_activity_reported", "recorded": recorded, "subagents": p.running()}, nil
}

// running counts the children still running.
func (p *TuiosPane) running() int {
	n := 0
	for _, s := range p.Subagents {
		if s.Status == "running" {
			n++
		}
	}
	return n
}

// tuiosLine renders a request for Transcript.
func tuiosLine(r Request) string {
	var b strings.Builder
	b.WriteString("tuios ")
	if r.Method == "" {
		b.WriteString("?")
	}
	b.WriteString(r.Method)
	switch r.Method {
	case "set-agent-state":
		b.WriteString(" " + r.Str("state"))
		if m := r.Str("message"); m != "" {
			fmt.Fprintf(&b, " message=%q", m)
		}
	case "set-agent-meta":
		req, _ := decodeTuios(r.Line) // the tokens in the order written
		var params map[string]json.RawMessage
		_ = json.Unmarshal(req.Params, &params)
		keys, values, _ := tuiosTokens(params["tokens"])
		for i, k := range keys {
			if values[i] == nil {
				fmt.Fprintf(&b, " %s=null", k)
			} else {
				fmt.Fprintf(&b, " %s=%q", k, *values[i])
			}
		}
		if c, _ := r.Params["clear"].(bool); c {
			b.WriteString(" clear")
		}
	case "report-agent-activity":
		act, _ := r.Params["activity"].(map[string]any)
		a := func(k string) string { return anyString(act[k]) }
		b.WriteString(" " + a("event"))
		if id := a("agent_id"); id != "" {
			b.WriteString(" " + id)
		}
		for _, kv := range [][2]string{{"type", "agent_type"}, {"task", "target"}, {"tool", "tool"}, {"text", "text"}} {
			if v := a(kv[1]); v != "" {
				fmt.Fprintf(&b, " %s=%q", kv[0], v)
			}
		}
		if ok, has := act["ok"].(bool); has {
			fmt.Fprintf(&b, " ok=%v", ok)
		}
	}
	if r.Answer != "" {
		b.WriteString(" -> " + r.Answer)
	}
	return b.String()
}
