package teatest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Herdr is a fake herdr server for tests: a real Unix socket that serves
// one request per connection, as herdr does, answers the pane.report_agent,
// pane.report_agent_session, pane.release_agent and pane.report_metadata
// requests the way herdr 0.8 (protocol 20) does, keeps each pane's agent
// state, and records every request. It serves one pane from the start
// (the one Env describes) and every pane PaneEnv names after, so that
// many programs, one per pane, can share one fake.
//
// Create it with NewHerdr from the test goroutine; it stops at the test's
// cleanup. Its other methods are safe for concurrent use.
type Herdr struct {
	t    TB
	dir  string
	path string
	pane string
	env  map[string]string // WithEnv's, over the first pane's

	mu      sync.Mutex
	reqs    []HerdrRequest
	panes   map[string]*HerdrPane
	seqs    map[string]uint64 // highest seq per pane and source
	release herdrRelease      // an older herdr's answers (Old); zero: the current one
	fault   herdrFault
	code    string        // the error code in faultError
	slow    time.Duration // delay before each answer
	errs    []error
	gen     *herdrGen // the running listener; nil while stopped
}

// HerdrRequest is one request the fake received.
type HerdrRequest struct {
	Method   string         // "" when the line did not parse
	ID       string         // the request's id
	Params   map[string]any // numbers as json.Number; nil when the line did not parse
	Raw      string         // the line, without its newline
	Reply    string         // the line answered, "" when none was
	Received time.Time
	// Applied says whether the request changed the pane: false when herdr
	// would ignore it (a seq not above the last), when it was answered with
	// an error, or while a fault (Hang, Garbage, CloseEarly) was on.
	Applied bool
}

// Str returns the string parameter key, or "".
func (r HerdrRequest) Str(key string) string {
	s, _ := r.Params[key].(string)
	return s
}

// Seq returns the request's seq, if it has one.
func (r HerdrRequest) Seq() (uint64, bool) {
	n, ok := r.Params["seq"].(json.Number)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseUint(string(n), 10, 64)
	return v, err == nil
}

// HerdrPane is what the fake knows of a pane's agent.
type HerdrPane struct {
	// State is the reported state ("idle", "working", "blocked",
	// "unknown"); "" before the first report and after a release.
	State    string
	Message  string
	Agent    string // the agent holding the pane, or that last held it
	Source   string
	Released bool // the holder released the pane
	// SessionID, SessionPath and SessionStart are from the last session
	// report (or a state report that carried a session).
	SessionID, SessionPath, SessionStart string
	// Tokens are the metadata tokens set on the pane.
	Tokens map[string]string
	// StateLabels are the words the pane shows instead of herdr's own for
	// a state ("done": "failed"), as pane.report_metadata set them.
	StateLabels map[string]string
}

// NewHerdr starts a fake herdr on a fresh Unix socket. Call it from the test
// goroutine. Its first pane is "w1:p2" unless WithEnv sets HERDR_PANE_ID;
// the fake also serves every pane PaneEnv names, and answers
// pane_not_found for any other.
func NewHerdr(t TB, opts ...Option) *Herdr {
	t.Helper()
	cfg := newConfig(opts)
	h := &Herdr{t: t, pane: "w1:p2", env: cfg.env, seqs: map[string]uint64{}}
	if id := cfg.env["HERDR_PANE_ID"]; id != "" {
		h.pane = id
	}
	h.panes = map[string]*HerdrPane{h.pane: {}}
	dir, err := shortTempDir()
	if err != nil {
		t.Fatalf("teatest: herdr: %v", err)
	}
	h.dir, h.path = dir, filepath.Join(dir, "herdr.sock")
	t.Cleanup(func() {
		h.Stop()
		_ = os.RemoveAll(h.dir)
		h.mu.Lock()
		defer h.mu.Unlock()
		for _, err := range h.errs {
			t.Errorf("teatest: herdr: %v", err)
		}
	})
	if err := h.listen(); err != nil {
		t.Fatalf("teatest: herdr: %v", err)
	}
	return h
}

// shortTempDir makes a directory whose socket path fits the ~104 bytes a
// Unix socket path may have (t.TempDir names can be much longer).
func shortTempDir() (string, error) {
	dir, err := os.MkdirTemp("", "hb")
	if err == nil && len(dir) > 80 {
		_ = os.Remove(dir)
		dir, err = os.MkdirTemp("/tmp", "hb")
	}
	return dir, err
}

func (h *Herdr) setup(c *config) { c.herdr = h }

// Env is the environment herdr gives a program in the fake's first pane:
// HERDR_ENV, HERDR_SOCKET_PATH, HERDR_PANE_ID, HERDR_WORKSPACE_ID and
// HERDR_TAB_ID (see PaneEnv), with WithEnv's variables over them. The map
// is new on each call, the caller's to change.
func (h *Herdr) Env() map[string]string {
	env := h.PaneEnv(h.pane)
	maps.Copy(env, h.env)
	return env
}

// PaneEnv is the environment herdr gives a program in pane id of this
// server, so that one fake can serve many panes (one chat each): HERDR_ENV,
// the same HERDR_SOCKET_PATH, HERDR_PANE_ID=id, and the pane's workspace
// and tab. Pane ids are opaque to herdr's clients, but herdr's own look
// like "w<N>:p<M>", so the fake derives the rest from id: the workspace is
// the part before its first ":" ("w1" when there is none, or it is empty),
// and the tab is that workspace's first, "<ws>:t1".
//
// From this call on, the fake knows pane id: it applies reports for it,
// keeps its state apart from the other panes' (seq order included) and
// Panes lists it. Reports for a pane no one named are still answered
// pane_not_found. The map is new on each call, the caller's to change.
// Safe for concurrent use.
func (h *Herdr) PaneEnv(id string) map[string]string {
	h.mu.Lock()
	if _, ok := h.panes[id]; !ok {
		h.panes[id] = &HerdrPane{}
	}
	h.mu.Unlock()
	ws, _, found := strings.Cut(id, ":")
	if !found || ws == "" {
		ws = "w1"
	}
	return map[string]string{
		"HERDR_ENV":          "1",
		"HERDR_SOCKET_PATH":  h.path,
		"HERDR_PANE_ID":      id,
		"HERDR_WORKSPACE_ID": ws,
		"HERDR_TAB_ID":       ws + ":t1",
	}
}

// Requests returns every request received so far, in order.
func (h *Herdr) Requests() []HerdrRequest {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.reqs)
}

// Pane returns what the fake knows of its first pane, the one Env names.
func (h *Herdr) Pane() HerdrPane { return h.Panes()[h.pane] }

// Panes returns what the fake knows of every pane it serves, by id: its
// first and every pane PaneEnv named.
func (h *Herdr) Panes() map[string]HerdrPane {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[string]HerdrPane, len(h.panes))
	for id, p := range h.panes {
		c := *p
		c.Tokens = maps.Clone(p.Tokens)
		c.StateLabels = maps.Clone(p.StateLabels)
		out[id] = c
	}
	return out
}

// Transcript lists the requests that changed a pane, one readable line
// each (nil when none did), free of seq values, ids and times, for golden
// files:
//
//	herdr pane.report_agent working
//	herdr pane.report_agent blocked "approve shell: git push"
//	herdr pane.report_agent_session
//	herdr pane.report_metadata cost=(clear) model="opus"
//	herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"
//	herdr pane.report_metadata state_labels=(clear)
//	herdr pane.release_agent
//
// A request for a pane other than the first names that pane second:
// "herdr w1:p5 pane.report_agent working" (quoted with %q when it is
// empty or holds blanks or quotes).
func (h *Herdr) Transcript() []string {
	var out []string
	for _, r := range h.Requests() {
		if !r.Applied {
			continue
		}
		var b strings.Builder
		b.WriteString("herdr ")
		if pane := r.Str("pane_id"); pane != h.pane {
			if pane == "" || strings.ContainsAny(pane, " \t\n\"'\\") {
				pane = strconv.Quote(pane)
			}
			b.WriteString(pane + " ")
		}
		b.WriteString(r.Method)
		switch r.Method {
		case "pane.report_agent":
			b.WriteString(" " + r.Str("state"))
			if m := r.Str("message"); m != "" {
				fmt.Fprintf(&b, " %q", m)
			}
		case "pane.report_metadata":
			tokens, _ := r.Params["tokens"].(map[string]any)
			for _, name := range slices.Sorted(maps.Keys(tokens)) {
				if v, ok := tokens[name].(string); ok {
					fmt.Fprintf(&b, " %s=%q", name, v)
				} else {
					fmt.Fprintf(&b, " %s=(clear)", name)
				}
			}
			labels, _ := r.Params["state_labels"].(map[string]any)
			for _, state := range slices.Sorted(maps.Keys(labels)) {
				fmt.Fprintf(&b, " state_label:%s=%q", state, labels[state])
			}
			if r.Params["clear_state_labels"] == true {
				b.WriteString(" state_labels=(clear)")
			}
		}
		out = append(out, b.String())
	}
	return out
}

// herdrFault is how the fake misbehaves.
type herdrFault uint8

const (
	faultNone       herdrFault = iota
	faultHang                  // read the request, never answer
	faultGarbage               // answer a line that is not JSON
	faultCloseEarly            // close without answering
	faultError                 // answer every request with an error
)

func (h *Herdr) setFault(f herdrFault, code string) {
	h.mu.Lock()
	h.fault, h.code = f, code
	h.mu.Unlock()
}

// Normal turns every fault, Old and Slow off.
func (h *Herdr) Normal() {
	h.mu.Lock()
	h.fault, h.code, h.slow, h.release = faultNone, "", 0, herdrRelease{}
	h.mu.Unlock()
}

// Old makes the fake answer as the herdr release given ("0.6.6") does
// where it lacks what herdr 0.8 has (checked at herdr's tags):
//   - a method it does not have is a line that does not parse:
//     invalid_request with id "" and serde's "unknown variant" message
//     (src/api/server.rs): pane.report_metadata before 0.6.3,
//     pane.report_agent_session before 0.6.7;
//   - before 0.7.4, pane.report_metadata takes state labels but not
//     tokens, which it ignores as unknown fields: a tokens-only report is
//     invalid_metadata_request, "missing metadata field to set or clear".
//
// "" is the current herdr. A release that does not parse fails the test.
func (h *Herdr) Old(release string) {
	h.t.Helper()
	r, err := parseHerdrRelease(release)
	if err != nil {
		h.t.Fatalf("teatest: herdr: %v", err)
	}
	h.mu.Lock()
	h.release = r
	h.mu.Unlock()
}

// Slow delays every answer by d (the request still takes effect at once,
// as in herdr, which applies it before it answers). Zero turns it off.
func (h *Herdr) Slow(d time.Duration) {
	h.mu.Lock()
	h.slow = d
	h.mu.Unlock()
}

// Hang makes the fake read requests and never answer them, until the
// client gives up or the fake stops.
func (h *Herdr) Hang() { h.setFault(faultHang, "") }

// Garbage makes the fake answer every request with a line that is not JSON.
func (h *Herdr) Garbage() { h.setFault(faultGarbage, "") }

// CloseEarly makes the fake close each connection without an answer.
func (h *Herdr) CloseEarly() { h.setFault(faultCloseEarly, "") }

// Error makes the fake answer every request with herdr's error shape and
// the given code (as "pane_not_found").
func (h *Herdr) Error(code string) { h.setFault(faultError, code) }

// herdrGen is one run of the listener, from listen to Stop.
type herdrGen struct {
	ln      net.Listener
	stop    chan struct{}
	wg      sync.WaitGroup
	mu      sync.Mutex
	stopped bool
	conns   map[net.Conn]struct{}
}

// Stop closes the socket (the path is gone) and every open connection,
// and waits for the fake's goroutines. Stopping a stopped fake does nothing.
func (h *Herdr) Stop() {
	h.mu.Lock()
	g := h.gen
	h.gen = nil
	h.mu.Unlock()
	if g == nil {
		return
	}
	g.mu.Lock()
	g.stopped = true
	close(g.stop)
	for c := range g.conns {
		_ = c.Close()
	}
	g.mu.Unlock()
	_ = g.ln.Close() // removes the socket file
	g.wg.Wait()
}

// Restart brings a stopped fake back on the same path, with the panes and
// seq values it had (like a socket that came back). Call it from the test
// goroutine.
func (h *Herdr) Restart() {
	h.t.Helper()
	h.Stop()
	if err := h.listen(); err != nil {
		h.t.Fatalf("teatest: herdr: restart: %v", err)
	}
}

func (h *Herdr) listen() error {
	_ = os.Remove(h.path)
	ln, err := net.Listen("unix", h.path)
	if err != nil {
		return err
	}
	if err := os.Chmod(h.path, 0o600); err != nil {
		_ = ln.Close()
		return err
	}
	g := &herdrGen{ln: ln, stop: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	h.mu.Lock()
	h.gen = g
	h.mu.Unlock()
	g.wg.Add(1)
	go h.accept(g)
	return nil
}

func (h *Herdr) accept(g *herdrGen) {
	defer g.wg.Done()
	for {
		c, err := g.ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				h.fail(fmt.Errorf("accept: %w", err))
			}
			return
		}
		g.mu.Lock()
		if g.stopped {
			_ = c.Close()
		} else {
			g.conns[c] = struct{}{}
			g.wg.Add(1)
			go h.serve(g, c)
		}
		g.mu.Unlock()
	}
}

func (h *Herdr) fail(err error) {
	h.mu.Lock()
	h.errs = append(h.errs, err)
	h.mu.Unlock()
}

// Limits herdr puts on a request.
const (
	herdrMaxLine     = 1 << 20
	herdrReadTimeout = 5 * time.Second
)

// serve answers one connection: one line in, at most one line out.
func (h *Herdr) serve(g *herdrGen, c net.Conn) {
	defer g.wg.Done()
	defer func() {
		g.mu.Lock()
		delete(g.conns, c)
		g.mu.Unlock()
		_ = c.Close()
	}()
	_ = c.SetReadDeadline(time.Now().Add(herdrReadTimeout))
	line, err := bufio.NewReader(io.LimitReader(c, herdrMaxLine)).ReadBytes('\n')
	if err != nil {
		return // herdr drops a connection that sends no whole line
	}
	_ = c.SetReadDeadline(time.Time{})
	line = bytes.TrimRight(line, "\r\n")

	h.mu.Lock()
	fault, slow := h.fault, h.slow
	r := HerdrRequest{Raw: string(line), Received: time.Now()}
	switch fault {
	case faultNone:
		r.Reply = h.apply(&r)
	case faultError:
		parseHerdrRequest(&r)
		r.Reply = herdrError(r.ID, h.code, "fake herdr error")
	case faultGarbage:
		parseHerdrRequest(&r)
		r.Reply = "this is not json"
	default:
		parseHerdrRequest(&r)
	}
	h.reqs = append(h.reqs, r)
	h.mu.Unlock()

	switch fault {
	case faultHang:
		_, _ = io.Copy(io.Discard, c) // until the client leaves or Stop closes c
		return
	case faultCloseEarly:
		return
	}
	if slow > 0 {
		timer := time.NewTimer(slow)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-g.stop:
			return
		}
	}
	_ = c.SetWriteDeadline(time.Now().Add(herdrReadTimeout))
	_, _ = c.Write([]byte(r.Reply + "\n"))
}

// parseHerdrRequest fills r's method, id and params from its raw line, if it parses.
func parseHerdrRequest(r *HerdrRequest) bool {
	var req struct {
		ID     *string         `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	dec := json.NewDecoder(strings.NewReader(r.Raw))
	dec.UseNumber()
	if dec.Decode(&req) != nil || req.ID == nil || dec.More() {
		return false
	}
	var params map[string]any
	pd := json.NewDecoder(bytes.NewReader(req.Params))
	pd.UseNumber()
	if len(req.Params) == 0 || pd.Decode(&params) != nil || params == nil {
		return false
	}
	r.ID, r.Method, r.Params = *req.ID, req.Method, params
	return true
}

var herdrTokenName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

// apply answers r as herdr would and, unless herdr would ignore it,
// changes the pane. h.mu is held.
func (h *Herdr) apply(r *HerdrRequest) string {
	if !parseHerdrRequest(r) {
		return herdrError("", "invalid_request", "invalid request line")
	}
	p := r.Params
	str := func(k string) (string, bool) { s, ok := p[k].(string); return s, ok }
	pane, ok1 := str("pane_id")
	source, ok2 := str("source")
	agent, ok3 := str("agent")
	var required bool
	switch r.Method {
	case "pane.report_agent":
		state, _ := str("state")
		required = ok1 && ok2 && ok3 && slices.Contains([]string{"idle", "working", "blocked", "unknown"}, state)
	case "pane.report_agent_session", "pane.release_agent":
		required = ok1 && ok2 && ok3
	case "pane.report_metadata":
		required = ok1 && ok2 && (ok3 || p["agent"] == nil) // agent is optional there
	}
	// An unknown method, a missing field or a bad seq does not parse in
	// herdr: the whole line is an invalid request.
	seq, hasSeq := r.Seq()
	required = required && (hasSeq || p["seq"] == nil)
	if !h.release.has(r.Method) {
		return herdrError("", "invalid_request", "invalid request: unknown variant `"+r.Method+"`")
	}
	if !required {
		return herdrError("", "invalid_request", "invalid request line")
	}
	st, known := h.panes[pane]
	switch {
	case !known:
		return herdrError(r.ID, "pane_not_found", "pane "+pane+" not found")
	case r.Method != "pane.report_metadata" && strings.TrimSpace(agent) == "":
		return herdrError(r.ID, "invalid_agent", "agent label must not be empty")
	}
	if r.Method == "pane.report_metadata" {
		if msg := h.checkMetadata(p); msg != "" {
			code := "invalid_metadata_request"
			if strings.HasPrefix(msg, "unknown state label") {
				code = "invalid_state_label"
			}
			return herdrError(r.ID, code, msg)
		}
	}
	// herdr's ordering rule: per pane and source, a seq at or below the last
	// one is ignored, and so is a report without seq once one was sent.
	key := pane + "\x00" + source
	last, seen := h.seqs[key]
	if hasSeq && seen && seq <= last || !hasSeq && seen {
		return herdrOK(r.ID)
	}
	if hasSeq {
		h.seqs[key] = seq
	}
	r.Applied = true
	switch r.Method {
	case "pane.report_agent":
		st.State, _ = str("state")
		st.Message, _ = str("message")
		st.Agent, st.Source, st.Released = agent, source, false
		if id, ok := str("agent_session_id"); ok {
			st.SessionID = id
		}
		if path, ok := str("agent_session_path"); ok {
			st.SessionPath = path
		}
	case "pane.report_agent_session":
		st.SessionID, _ = str("agent_session_id")
		st.SessionPath, _ = str("agent_session_path")
		st.SessionStart, _ = str("session_start_source")
	case "pane.release_agent":
		if st.Released || st.State == "" || st.Source != source || st.Agent != agent {
			r.Applied = false // only the holder releases
			break
		}
		st.State, st.Message, st.Released = "", "", true
	case "pane.report_metadata":
		tokens, _ := p["tokens"].(map[string]any)
		if !h.release.tokens() {
			tokens = nil // an unknown field there
		}
		for name, v := range tokens {
			if s, ok := v.(string); ok {
				if st.Tokens == nil {
					st.Tokens = map[string]string{}
				}
				st.Tokens[name] = s
			} else {
				delete(st.Tokens, name)
			}
		}
		if p["clear_state_labels"] == true {
			st.StateLabels = nil
		}
		labels, _ := p["state_labels"].(map[string]any)
		for state, label := range labels {
			if st.StateLabels == nil {
				st.StateLabels = map[string]string{}
			}
			st.StateLabels[state], _ = label.(string)
		}
	}
	return herdrOK(r.ID)
}

// checkMetadata answers what herdr refuses in a pane.report_metadata
// (src/app/api/panes.rs, handle_pane_report_metadata): "" when nothing.
func (h *Herdr) checkMetadata(p map[string]any) string {
	tokens, _ := p["tokens"].(map[string]any)
	if !h.release.tokens() {
		tokens = nil // not a field before 0.7.4: ignored
	}
	if len(tokens) > 16 {
		return "too many tokens"
	}
	for name, v := range tokens {
		if _, isStr := v.(string); !herdrTokenName.MatchString(name) || (!isStr && v != nil) {
			return "invalid token"
		}
	}
	labels, _ := p["state_labels"].(map[string]any)
	for state, label := range labels {
		if _, isStr := label.(string); !isStr || !slices.Contains([]string{"idle", "working", "blocked", "done", "unknown"}, state) {
			return "unknown state label: " + state
		}
	}
	clear := p["clear_state_labels"] == true || p["clear_title"] == true || p["clear_display_agent"] == true
	switch {
	case len(labels) > 0 && p["clear_state_labels"] == true:
		return "cannot set and clear the same metadata field"
	case len(tokens) == 0 && len(labels) == 0 && !clear && p["title"] == nil && p["display_agent"] == nil:
		return "missing metadata field to set or clear"
	}
	return ""
}

func herdrOK(id string) string {
	b, _ := json.Marshal(map[string]any{"id": id, "result": map[string]string{"type": "ok"}})
	return string(b)
}

func herdrError(id, code, message string) string {
	b, _ := json.Marshal(map[string]any{"id": id, "error": map[string]string{"code": code, "message": message}})
	return string(b)
}

// herdrRelease is the herdr release the fake answers as (Old); the zero
// value is the current one, which has everything.
type herdrRelease struct{ v [3]int }

func parseHerdrRelease(s string) (herdrRelease, error) {
	var r herdrRelease
	if s == "" {
		return r, nil
	}
	parts := strings.Split(strings.TrimPrefix(s, "v"), ".")
	if len(parts) != 3 {
		return r, fmt.Errorf("release %q: want MAJOR.MINOR.PATCH", s)
	}
	for i, part := range parts {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return r, fmt.Errorf("release %q: %q is not a number", s, part)
		}
		r.v[i] = n
	}
	return r, nil
}

// before reports whether the release is older than major.minor.patch.
func (r herdrRelease) before(major, minor, patch int) bool {
	if r.v == [3]int{} {
		return false
	}
	w := [3]int{major, minor, patch}
	for i := range r.v {
		if r.v[i] != w[i] {
			return r.v[i] < w[i]
		}
	}
	return false
}

// has reports whether the release knows method.
func (r herdrRelease) has(method string) bool {
	switch method {
	case "pane.report_metadata":
		return !r.before(0, 6, 3)
	case "pane.report_agent_session":
		return !r.before(0, 6, 7)
	}
	return true
}

// tokens reports whether the release takes metadata tokens.
func (r herdrRelease) tokens() bool { return !r.before(0, 7, 4) }
