package teatest

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"
)

// Tuios is a fake tuios daemon for tests: a real Unix socket server that
// speaks tuios's JSON verb protocol (one request line, one reply line, on a
// persistent connection) and keeps each pane's agent state, rail facts and
// sub-agents the way tuios does, so a test can assert that a chat's host
// converged. It refuses parameters tuios does not know with invalid_params,
// like the real daemon, and fails the test at cleanup if any request was
// refused that way or was not a JSON request at all (see ExpectRefusals).
//
// Verbs: hello, set-agent-state, set-agent-meta, report-agent-activity,
// get-agent-state. Any other verb, or one named with UnknownVerbs, is
// answered unknown_verb.
//
// Its methods are safe for concurrent use. Stop, Restart and the cleanup
// registered by NewTuios wait for every goroutine the fake started.
type Tuios struct {
	t       TB
	dir     string
	path    string
	session string
	window  string
	env     map[string]string // WithEnv's, over Env's

	mu       sync.Mutex
	lenient  bool
	ln       net.Listener
	conns    map[net.Conn]bool
	wg       sync.WaitGroup
	accepted int
	requests []TuiosRequest
	panes    map[string]*TuiosPane
	unknown  map[string]bool
	hang     bool
	drops    int
}

// TuiosRequest is one request the fake received.
type TuiosRequest struct {
	// Verb and Params are the request's, Params as decoded JSON.
	Verb   string
	Params map[string]any
	// Line is the request line as received, without its newline.
	Line string
	// Answer is the error code the fake answered, "" for a result,
	// "dropped" for a request whose connection it closed and "hang" for
	// one it never answered.
	Answer string
}

// TuiosPane is what the fake holds for one pane (window), as tuios does.
type TuiosPane struct {
	// State is the agent state (none, working, needs_input, idle, done,
	// errored); Message, Source and Harness go with it.
	State, Message, Source, Harness string
	// Meta is the rail facts, key to value; MetaOrder their keys in the
	// order they first arrived.
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
	// Status is running, done, failed or stopped.
	Status string
	// Result is its answer's first line (done) or its error (failed).
	Result string
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

// NewTuios starts a fake daemon on a fresh socket with one pane: session
// "main" and a random window id unless WithEnv sets TUIOS_SESSION or
// TUIOS_PANE_ID. The socket, its directory and every goroutine go away at
// t's cleanup.
func NewTuios(t TB, opts ...Option) *Tuios {
	t.Helper()
	cfg := newConfig(opts)
	dir, err := os.MkdirTemp(tuiosShortTemp(), "tt")
	if err != nil {
		t.Fatalf("teatest: tuios: %v", err)
	}
	f := &Tuios{
		t: t, dir: dir, path: filepath.Join(dir, "s"), session: "main", window: tuiosUUID(), env: cfg.env,
		conns: map[net.Conn]bool{}, panes: map[string]*TuiosPane{}, unknown: map[string]bool{},
	}
	if s := cfg.env["TUIOS_SESSION"]; s != "" {
		f.session = s
	}
	if w := cfg.env["TUIOS_PANE_ID"]; w != "" {
		f.window = w
	}
	f.panes[f.window] = &TuiosPane{State: "none", Meta: map[string]string{}, src: map[string]string{}}
	t.Cleanup(f.cleanup)
	if err := f.listen(); err != nil {
		t.Fatalf("teatest: tuios: %v", err)
	}
	return f
}

// tuiosShortTemp is a directory for sockets whose paths stay under the
// 104-byte limit of sun_path on macOS, where $TMPDIR is long.
func tuiosShortTemp() string {
	if runtime.GOOS != "windows" {
		if fi, err := os.Stat("/tmp"); err == nil && fi.IsDir() {
			return "/tmp"
		}
	}
	return os.TempDir()
}

func tuiosUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func (f *Tuios) setup(c *config) { c.tuios = f }

// Env is the environment tuios gives a pane: TUIOS_ENV, TUIOS_SOCKET (the
// daemon's socket), TUIOS_SESSION, TUIOS_PANE_ID and TUIOS_WINDOW_ID (the
// pane's window id), with WithEnv's variables over them. The map is new on
// each call, the caller's to change.
func (f *Tuios) Env() map[string]string {
	env := map[string]string{
		"TUIOS_ENV": "1", "TUIOS_SOCKET": f.path, "TUIOS_SESSION": f.session,
		"TUIOS_PANE_ID": f.window, "TUIOS_WINDOW_ID": f.window,
	}
	maps.Copy(env, f.env)
	return env
}

// Pane returns a copy of the pane's state.
func (f *Tuios) Pane() TuiosPane {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := *f.panes[f.window]
	p.Meta, p.src = maps.Clone(p.Meta), nil
	p.MetaOrder = slices.Clone(p.MetaOrder)
	p.Subagents = slices.Clone(p.Subagents)
	return p
}

// Requests returns every request received so far, in order.
func (f *Tuios) Requests() []TuiosRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

// refusals returns the requests answered invalid_params or invalid_request.
func (f *Tuios) refusals() []TuiosRequest {
	var out []TuiosRequest
	for _, r := range f.Requests() {
		if r.Answer == "invalid_params" || r.Answer == "invalid_request" {
			out = append(out, r)
		}
	}
	return out
}

// Connections is how many connections the fake has accepted.
func (f *Tuios) Connections() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.accepted
}

// UnknownVerbs makes the fake answer unknown_verb to verbs from now on,
// as a tuios build without them does.
func (f *Tuios) UnknownVerbs(verbs ...string) {
	f.mu.Lock()
	for _, v := range verbs {
		f.unknown[v] = true
	}
	f.mu.Unlock()
}

// ExpectRefusals keeps the fake from failing the test when it answers
// invalid_params or invalid_request: for tests that provoke them.
func (f *Tuios) ExpectRefusals() {
	f.mu.Lock()
	f.lenient = true
	f.mu.Unlock()
}

// Hang makes the fake read requests and answer none, until Normal. A
// client waiting on a hung request must give up by its deadline.
func (f *Tuios) Hang() {
	f.mu.Lock()
	f.hang = true
	f.mu.Unlock()
}

// Normal turns Hang off and forgets the drops DropNext asked for.
func (f *Tuios) Normal() {
	f.mu.Lock()
	f.hang, f.drops = false, 0
	f.mu.Unlock()
}

// DropNext makes the fake close the connection of the next request it
// receives, without answering it: a daemon that went away mid-session.
func (f *Tuios) DropNext() {
	f.mu.Lock()
	f.drops++
	f.mu.Unlock()
}

// DropConnections closes every open connection now, as a daemon that drops
// idle clients does.
func (f *Tuios) DropConnections() {
	f.mu.Lock()
	for c := range f.conns {
		c.Close()
	}
	f.mu.Unlock()
}

// Stop closes the socket and every connection and waits for the fake's
// goroutines; the pane's state is kept. Restart listens again.
func (f *Tuios) Stop() {
	f.mu.Lock()
	if f.ln != nil {
		f.ln.Close()
		f.ln = nil
	}
	for c := range f.conns {
		c.Close()
	}
	f.mu.Unlock()
	f.wg.Wait()
	os.Remove(f.path)
}

// Restart listens again on the same path after Stop.
func (f *Tuios) Restart() {
	f.t.Helper()
	f.Stop() // a restart of a running daemon: stop it first, as herdr's does
	if err := f.listen(); err != nil {
		f.t.Fatalf("teatest: tuios: restart: %v", err)
	}
}

// Transcript renders every request as a readable line (nil when there
// are none), without ids or times: "tuios set-agent-state working",
// "tuios set-agent-meta model=\"opus\" cost=null", "tuios
// report-agent-activity subagent_start a1 type=\"explore\"". A request
// that was not answered with a result ends in " -> <answer>".
func (f *Tuios) Transcript() []string {
	var out []string
	for _, r := range f.Requests() {
		out = append(out, tuiosLine(r))
	}
	return out
}

func (f *Tuios) listen() error {
	os.Remove(f.path)
	ln, err := net.Listen("unix", f.path)
	if err != nil {
		return err
	}
	f.mu.Lock()
	f.ln = ln
	f.mu.Unlock()
	f.wg.Add(1)
	go f.accept(ln)
	return nil
}

func (f *Tuios) cleanup() {
	f.Stop()
	os.RemoveAll(f.dir)
	f.mu.Lock()
	lenient := f.lenient
	f.mu.Unlock()
	if lenient {
		return
	}
	for _, r := range f.refusals() {
		f.t.Errorf("teatest: tuios refused a request with %s: %s", r.Answer, r.Line)
	}
}

func (f *Tuios) accept(ln net.Listener) {
	defer f.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		f.mu.Lock()
		if f.ln != ln { // stopped meanwhile
			f.mu.Unlock()
			c.Close()
			return
		}
		f.conns[c] = true
		f.accepted++
		f.wg.Add(1)
		f.mu.Unlock()
		go f.serve(c)
	}
}

func (f *Tuios) serve(c net.Conn) {
	defer f.wg.Done()
	defer func() {
		f.mu.Lock()
		delete(f.conns, c)
		f.mu.Unlock()
		c.Close()
	}()
	rd := bufio.NewReaderSize(c, 64<<10)
	for {
		line, err := rd.ReadBytes('\n')
		if err != nil {
			return
		}
		reply, keep := f.handle(bytes.TrimRight(line, "\r\n"))
		if !keep {
			return
		}
		if reply == nil {
			continue // hung: never answered
		}
		if _, err := c.Write(append(reply, '\n')); err != nil {
			return
		}
	}
}

// handle answers one request line. It returns the reply (nil for none)
// and whether to keep the connection.
func (f *Tuios) handle(line []byte) ([]byte, bool) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Verb   string          `json:"verb"`
		Params json.RawMessage `json:"params"`
	}
	rec := TuiosRequest{Line: string(line)}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := json.Unmarshal(line, &req); err != nil || req.Verb == "" {
		rec.Answer = "invalid_request"
		f.requests = append(f.requests, rec)
		return tuiosError(nil, "invalid_request", "a request is one JSON object with a verb", ""), true
	}
	rec.Verb = req.Verb
	json.Unmarshal(req.Params, &rec.Params)
	switch {
	case f.drops > 0:
		f.drops--
		rec.Answer = "dropped"
		f.requests = append(f.requests, rec)
		return nil, false
	case f.hang:
		rec.Answer = "hang"
		f.requests = append(f.requests, rec)
		return nil, true
	}
	result, code, msg, param := f.apply(req.Verb, req.Params)
	rec.Answer = code
	f.requests = append(f.requests, rec)
	if code != "" {
		return tuiosError(req.ID, code, msg, param), true
	}
	return tuiosReply(req.ID, "result", result), true
}

func tuiosError(id json.RawMessage, code, msg, param string) []byte {
	e := map[string]any{"code": code, "message": msg}
	if param != "" {
		e["hint"] = map[string]any{"param": param}
	}
	return tuiosReply(id, "error", e)
}

// tuiosReply echoes the request's id verbatim, and leaves it out when the
// request had none, as tuios does.
func tuiosReply(id json.RawMessage, key string, v any) []byte {
	m := map[string]any{key: v}
	if len(id) > 0 {
		m["id"] = id
	}
	out, _ := json.Marshal(m)
	return out
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
	tuiosActivityKeys = []string{"event", "tool", "target", "text", "files", "ok", "model", "agent_id", "agent_type"}
	tuiosStates       = []string{"none", "working", "needs_input", "idle", "done", "errored"}
	tuiosEvents       = []string{"prompt", "tool", "tool_done", "tool_failed", "turn_end", "subagent_start", "subagent_stop", "session_start"}
	tuiosReservedMeta = []string{"now", "prompt", "subagents"}
)

// apply runs one verb on the fake's state (f.mu held). It returns the
// result, or an error code, message and offending parameter.
func (f *Tuios) apply(verb string, raw json.RawMessage) (any, string, string, string) {
	allowed, known := tuiosParams[verb]
	if !known || f.unknown[verb] {
		return nil, "unknown_verb", "unknown verb " + verb, ""
	}
	var p map[string]json.RawMessage
	if len(raw) > 0 && json.Unmarshal(raw, &p) != nil {
		return nil, "invalid_params", "params must be an object", ""
	}
	for k := range p {
		if !slices.Contains(allowed, k) {
			return nil, "invalid_params", "unknown parameter " + k, k
		}
	}
	str := func(k string) string { var s string; json.Unmarshal(p[k], &s); return s }
	if s := str("session"); s != "" && s != f.session {
		return nil, "session_not_found", "session " + s + " not found", "session"
	}
	if verb == "hello" {
		return map[string]any{"type": "hello", "protocol": 1, "min_protocol": 1, "daemon_version": "teatest"}, "", "", ""
	}
	w := str("window")
	if w == "" {
		w = f.window // the focused window
	}
	pane := f.panes[w]
	if pane == nil {
		return nil, "window_not_found", "window " + w + " not found", "window"
	}
	switch verb {
	case "set-agent-state":
		return tuiosSetState(pane, str)
	case "set-agent-meta":
		return tuiosSetMeta(pane, p, str)
	case "report-agent-activity":
		return tuiosActivity(pane, p, str)
	}
	return map[string]any{
		"type": "agent_state", "window_id": w, "state": pane.State, "message": pane.Message,
		"source": pane.Source, "harness_id": pane.Harness, "meta": pane.Meta,
		"subagents": pane.running(), "subagent_list": pane.Subagents,
	}, "", "", ""
}

func tuiosSetState(pane *TuiosPane, str func(string) string) (any, string, string, string) {
	state := str("state")
	if !slices.Contains(tuiosStates, state) {
		return nil, "invalid_params", "unknown agent state " + state, "state"
	}
	source := str("source")
	if source == "" {
		source = "report"
	}
	pane.State, pane.Message, pane.Source, pane.Harness = state, str("message"), source, str("harness")
	if state == "none" { // the agent left: tuios forgets what it said
		pane.Message, pane.Harness = "", ""
		pane.Meta, pane.MetaOrder, pane.src, pane.Subagents = map[string]string{}, nil, map[string]string{}, nil
	}
	return map[string]any{"type": "agent_state_set", "state": state, "message": pane.Message, "source": source, "applied": true}, "", "", ""
}

func tuiosSetMeta(pane *TuiosPane, p map[string]json.RawMessage, str func(string) string) (any, string, string, string) {
	keys, values, err := tuiosTokens(p["tokens"])
	if err != nil {
		return nil, "invalid_params", "tokens: " + err.Error(), "tokens"
	}
	var clearAll bool
	json.Unmarshal(p["clear"], &clearAll)
	if len(keys) == 0 && !clearAll {
		return nil, "invalid_params", "tokens is required unless clear is true", "tokens"
	}
	if len(keys) > 16 {
		return nil, "invalid_params", "one call sets at most 16 keys", "tokens"
	}
	for _, k := range keys {
		if !tuiosMetaKey(k) || slices.Contains(tuiosReservedMeta, k) {
			return nil, "invalid_params", "metadata key " + k + " is not allowed", "tokens"
		}
	}
	source := str("source")
	if clearAll {
		for _, k := range slices.Clone(pane.MetaOrder) {
			if source == "" || pane.src[k] == source {
				pane.delMeta(k)
			}
		}
	}
	for i, k := range keys {
		if values[i] == nil {
			pane.delMeta(k)
			continue
		}
		v := *values[i]
		if utf8.RuneCountInString(v) > 80 {
			v = string([]rune(v)[:80])
		}
		if _, ok := pane.Meta[k]; !ok {
			pane.MetaOrder = append(pane.MetaOrder, k)
		}
		pane.Meta[k], pane.src[k] = v, source
	}
	if len(pane.Meta) > 32 {
		return nil, "invalid_params", "a pane holds at most 32 metadata keys", "tokens"
	}
	return map[string]any{"type": "agent_meta_set", "meta": pane.Meta}, "", "", ""
}

func (p *TuiosPane) delMeta(k string) {
	delete(p.Meta, k)
	delete(p.src, k)
	p.MetaOrder = slices.DeleteFunc(p.MetaOrder, func(o string) bool { return o == k })
}

// tuiosTokens reads a tokens object in the order it was written.
func tuiosTokens(raw json.RawMessage) ([]string, []*string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("must be an object of key to value")
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

// tuiosMetaKey is tuios's rule: 1–24 bytes of [a-z0-9_-], starting with a
// letter.
func tuiosMetaKey(k string) bool {
	if k == "" || len(k) > 24 {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || i > 0 && (c >= '0' && c <= '9' || c == '_' || c == '-')) {
			return false
		}
	}
	return true
}

func tuiosActivity(pane *TuiosPane, p map[string]json.RawMessage, str func(string) string) (any, string, string, string) {
	var act map[string]json.RawMessage
	if json.Unmarshal(p["activity"], &act) != nil || act == nil {
		return nil, "invalid_params", "activity is required", "activity"
	}
	for k := range act {
		if !slices.Contains(tuiosActivityKeys, k) {
			return nil, "invalid_params", "unknown parameter activity." + k, "activity"
		}
	}
	field := func(k string) string { var s string; json.Unmarshal(act[k], &s); return s }
	event, id := field("event"), field("agent_id")
	if !slices.Contains(tuiosEvents, event) {
		return nil, "invalid_params", "activity.event is one of the activity events", "activity"
	}
	if strings.HasPrefix(event, "subagent_") && !tuiosAgentID(id) {
		return nil, "invalid_params", "a subagent event needs activity.agent_id", "activity"
	}
	recorded := false
	reply := func() (any, string, string, string) {
		return map[string]any{"type": "agent_activity_reported", "recorded": recorded, "subagents": pane.running()}, "", "", ""
	}
	if h := str("harness"); h != "" && pane.Harness != "" && h != pane.Harness {
		return reply() // another agent's: tuios keeps it off this pane
	}
	i := slices.IndexFunc(pane.Subagents, func(s TuiosSubagent) bool { return s.ID == id })
	switch event {
	case "session_start":
		pane.Subagents, recorded = nil, true
	case "subagent_start":
		if pane.State == "none" {
			return reply()
		}
		s := TuiosSubagent{ID: id, Type: field("agent_type"), Task: field("target"), Tool: field("tool"), Status: "running"}
		if i >= 0 {
			pane.Subagents[i] = s
		} else {
			pane.Subagents = append(pane.Subagents, s)
		}
		recorded = true
	case "subagent_stop":
		if i < 0 {
			return reply()
		}
		var ok *bool
		json.Unmarshal(act["ok"], &ok)
		s := &pane.Subagents[i]
		s.Status, s.Result = "stopped", field("text")
		if ok != nil && *ok {
			s.Status = "done"
		} else if ok != nil {
			s.Status = "failed"
		}
		recorded = true
	}
	return reply()
}

func tuiosAgentID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_.:@-", c) >= 0) {
			return false
		}
	}
	return true
}

// tuiosLine renders a request for Transcript.
func tuiosLine(r TuiosRequest) string {
	var b strings.Builder
	b.WriteString("tuios ")
	if r.Verb == "" {
		b.WriteString("?")
	} else {
		b.WriteString(r.Verb)
	}
	s := func(k string) string { v, _ := r.Params[k].(string); return v }
	switch r.Verb {
	case "set-agent-state":
		b.WriteString(" " + s("state"))
		if m := s("message"); m != "" {
			fmt.Fprintf(&b, " message=%q", m)
		}
	case "set-agent-meta":
		// Read the tokens from the line: Params lost their order.
		var req struct {
			Params map[string]json.RawMessage `json:"params"`
		}
		json.Unmarshal([]byte(r.Line), &req)
		keys, values, _ := tuiosTokens(req.Params["tokens"])
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
		a := func(k string) string { v, _ := act[k].(string); return v }
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
