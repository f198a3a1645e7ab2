package fakehost

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Herdr is a fake herdr: one request per connection, answered as herdr
// 0.8 (protocol 20) answers pane.report_agent, pane.report_agent_session,
// pane.release_agent and pane.report_metadata (src/app/api/panes.rs) and
// notification.show (src/app/api.rs, as shown),
// keeping each pane's agent state. It serves the pane Env describes and
// every pane PaneEnv names, so that many programs, one a pane, can share
// it. Its faults and records are its Socket's.
type Herdr struct {
	*Socket
	pane string            // the first pane
	env  map[string]string // Env's

	// guarded by the Socket's lock
	panes   map[string]*HerdrPane
	seqs    map[string]uint64 // the last seq per pane and source
	release [3]int            // the release Old answers as; zero: the current one
}

// HerdrPane is what the fake knows of a pane's agent.
type HerdrPane struct {
	// State is the state reported ("idle", "working", "blocked",
	// "unknown"); "" before the first report and after a release.
	State    string
	Message  string
	Agent    string // the agent holding the pane, or that last held it
	Source   string
	Released bool // the holder released the pane
	// From the last session report, or a state report with a session.
	SessionID, SessionPath, SessionStart string
	Tokens                               map[string]string // metadata tokens
	// StateLabels are the words the pane shows instead of herdr's own for
	// a state ("done": "failed"), as pane.report_metadata set them.
	StateLabels map[string]string
}

// NewHerdr starts a fake herdr on a fresh Unix socket, stopped at t's
// cleanup. Call it from the test's goroutine. Its first pane is "w1:p2"
// unless WithEnv sets HERDR_PANE_ID; any pane PaneEnv did not name is
// answered pane_not_found.
func NewHerdr(t TB, opts ...Option) *Herdr {
	t.Helper()
	set := settings(opts).set
	h := &Herdr{pane: "w1:p2", seqs: map[string]uint64{}}
	if id := set["HERDR_PANE_ID"]; id != "" {
		h.pane = id
	}
	h.panes = map[string]*HerdrPane{h.pane: {}}
	h.Socket = newSocket(t, "herdr", h, true)
	h.env = h.PaneEnv(h.pane)
	maps.Copy(h.env, set)
	return h
}

func (h *Herdr) apply(r *Rig)       { r.fakes[0] = h }
func (h *Herdr) name() string       { return "herdr" }
func (h *Herdr) unstable() []string { return []string{h.dir, "<herdr-dir>"} }

// Env is the environment herdr gives a program in the first pane (see
// PaneEnv), with WithEnv's variables over it. The map is the caller's.
func (h *Herdr) Env() map[string]string { return maps.Clone(h.env) }

// PaneEnv is the environment herdr gives a program in pane id: HERDR_ENV,
// HERDR_SOCKET_PATH, HERDR_PANE_ID=id, and the pane's workspace and tab.
// herdr's ids look like "w<N>:p<M>", so the workspace is what comes before
// the first ":" ("w1" when that is nothing) and the tab is its first,
// "<ws>:t1". From this call on the fake serves pane id, with its own state
// and seq order. The map is the caller's.
func (h *Herdr) PaneEnv(id string) map[string]string {
	h.mu.Lock()
	if h.panes[id] == nil {
		h.panes[id] = &HerdrPane{}
	}
	h.mu.Unlock()
	ws, _, found := strings.Cut(id, ":")
	if !found || ws == "" {
		ws = "w1"
	}
	return map[string]string{"HERDR_ENV": "1", "HERDR_SOCKET_PATH": h.path,
		"HERDR_PANE_ID": id, "HERDR_WORKSPACE_ID": ws, "HERDR_TAB_ID": ws + ":t1"}
}

// Pane returns what the fake knows of its first pane.
func (h *Herdr) Pane() HerdrPane { return h.Panes()[h.pane] }

// Panes returns what the fake knows of every pane it serves, by id.
func (h *Herdr) Panes() map[string]HerdrPane {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make(map[string]HerdrPane, len(h.panes))
	for id, p := range h.panes {
		c := *p
		c.Tokens, c.StateLabels = maps.Clone(p.Tokens), maps.Clone(p.StateLabels)
		out[id] = c
	}
	return out
}

// Old makes the fake answer as the herdr release given ("0.6.6") does
// where it lacks what 0.8 has (checked at herdr's tags): a method it does
// not have is a line that does not parse, invalid_request with id "" and
// serde's "unknown variant" (src/api/server.rs): pane.report_metadata
// before 0.6.3, pane.report_agent_session before 0.6.7. Before 0.7.4 it
// ignores tokens as an unknown field, so a tokens-only report is "missing
// metadata field to set or clear". notification.show came in 0.6.9.
// "" (or Normal) is the current herdr.
func (h *Herdr) Old(release string) {
	h.t.Helper()
	var v [3]int
	_, err := fmt.Sscanf(strings.TrimPrefix(release, "v")+"\n", "%d.%d.%d\n", &v[0], &v[1], &v[2])
	if release != "" && (err != nil || min(v[0], v[1], v[2]) < 0) {
		h.t.Fatalf("hosttest: herdr: release %q: want MAJOR.MINOR.PATCH", release)
		return
	}
	h.mu.Lock()
	h.release = v
	h.mu.Unlock()
}

// before reports whether the fake answers as a release older than v.
func (h *Herdr) before(v [3]int) bool {
	return h.release != [3]int{} && slices.Compare(h.release[:], v[:]) < 0
}

// Transcript lists the requests that changed a pane, a line each, without
// seq values, ids or times:
//
//	herdr pane.report_agent blocked "approve shell: git push"
//	herdr pane.report_agent_session
//	herdr pane.report_metadata cost=(clear) model="opus"
//	herdr pane.report_metadata state_label:done="failed"
//	herdr pane.report_metadata state_labels=(clear)
//	herdr pane.release_agent
//	herdr notification.show "chat finished" "hello" done
//
// A request for a pane other than the first names it second:
// "herdr w1:p5 pane.report_agent working" (quoted when it has blanks).
func (h *Herdr) Transcript() []string {
	var out []string
	for _, r := range h.Requests() {
		if !r.Applied {
			continue
		}
		var b strings.Builder
		b.WriteString("herdr ")
		if pane := r.Str("pane_id"); pane != h.pane && r.Method != "notification.show" {
			b.WriteString(quoteBlank(pane) + " ")
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
		case "notification.show":
			fmt.Fprintf(&b, " %q %q %s", r.Str("title"), r.Str("body"), r.Str("sound"))
		}
		out = append(out, b.String())
	}
	return out
}

// quoteBlank quotes s when it is empty or holds blanks or quotes.
func quoteBlank(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\n\"'\\") {
		return strconv.Quote(s)
	}
	return s
}

func (h *Herdr) parse(r *Request) {
	var req struct {
		ID     *string         `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	var params map[string]any
	if decodeJSON([]byte(r.Line), &req) && req.ID != nil && decodeJSON(req.Params, &params) && params != nil {
		r.ID, r.Method, r.Params = *req.ID, req.Method, params
	}
}

func (h *Herdr) refuse(r *Request, code, message string) string {
	b, _ := json.Marshal(map[string]any{"id": r.ID, "error": map[string]string{"code": code, "message": message}})
	return string(b)
}

func (h *Herdr) reset() { h.release = [3]int{} }

var (
	herdrTokenName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)
	herdrStates    = []string{"idle", "working", "blocked", "unknown"}
)

func (h *Herdr) answer(r *Request) (string, string) {
	invalid := func(msg string) (string, string) {
		return h.refuse(&Request{}, "invalid_request", msg), "invalid_request"
	}
	refuse := func(code, msg string) (string, string) { return h.refuse(r, code, msg), code }
	p := r.Params
	if r.Method == "notification.show" {
		return h.showNotification(r)
	}
	pane, ok1 := p["pane_id"].(string)
	source, ok2 := p["source"].(string)
	agent, ok3 := p["agent"].(string)
	var parses bool
	switch r.Method {
	case "pane.report_agent":
		parses = ok1 && ok2 && ok3 && slices.Contains(herdrStates, r.Str("state"))
	case "pane.report_agent_session", "pane.release_agent":
		parses = ok1 && ok2 && ok3
	case "pane.report_metadata":
		parses = ok1 && ok2 && (ok3 || p["agent"] == nil) // agent is optional there
	}
	seq, hasSeq := r.Seq()
	switch {
	case r.Method == "pane.report_metadata" && h.before([3]int{0, 6, 3}),
		r.Method == "pane.report_agent_session" && h.before([3]int{0, 6, 7}):
		return invalid("invalid request: unknown variant `" + r.Method + "`")
	case !parses || !hasSeq && p["seq"] != nil:
		return invalid("invalid request line") // herdr cannot parse the line
	case h.panes[pane] == nil:
		return refuse("pane_not_found", "pane "+pane+" not found")
	case r.Method != "pane.report_metadata" && strings.TrimSpace(agent) == "":
		return refuse("invalid_agent", "agent label must not be empty")
	}
	tokens, _ := p["tokens"].(map[string]any)
	if h.before([3]int{0, 7, 4}) {
		tokens = nil // not a field before 0.7.4: ignored
	}
	labels, _ := p["state_labels"].(map[string]any)
	if r.Method == "pane.report_metadata" {
		if code, msg := checkMetadata(p, tokens, labels); code != "" {
			return refuse(code, msg)
		}
	}
	// Per pane and source, a seq at or below the last is ignored, and so
	// is a report without seq once one came.
	key := pane + "\x00" + source
	if last, seen := h.seqs[key]; seen && (!hasSeq || seq <= last) {
		return h.ok(r), ""
	}
	if hasSeq {
		h.seqs[key] = seq
	}
	st := h.panes[pane]
	r.Applied = true
	switch r.Method {
	case "pane.report_agent":
		st.State, st.Message = r.Str("state"), r.Str("message")
		st.Agent, st.Source, st.Released = agent, source, false
		if id, ok := p["agent_session_id"].(string); ok {
			st.SessionID = id
		}
		if path, ok := p["agent_session_path"].(string); ok {
			st.SessionPath = path
		}
	case "pane.report_agent_session":
		st.SessionID, st.SessionPath, st.SessionStart = r.Str("agent_session_id"), r.Str("agent_session_path"), r.Str("session_start_source")
	case "pane.release_agent":
		if st.Released || st.State == "" || st.Source != source || st.Agent != agent {
			r.Applied = false // only the holder releases
			break
		}
		st.State, st.Message, st.Released = "", "", true
	case "pane.report_metadata":
		for name, v := range tokens {
			if s, ok := v.(string); ok {
				st.Tokens = setKey(st.Tokens, name, s)
			} else {
				delete(st.Tokens, name)
			}
		}
		// A set that clears nothing replaces the labels held (herdr v0.8.2
		// src/terminal/metadata.rs set_agent_metadata).
		if p["clear_state_labels"] == true || len(labels) > 0 && p["clear_title"] != true && p["clear_display_agent"] != true {
			st.StateLabels = nil
		}
		for state, label := range labels {
			st.StateLabels = setKey(st.StateLabels, state, label.(string))
		}
	}
	return h.ok(r), ""
}

// showNotification answers notification.show as herdr 0.8.2 does when its
// toasts are on and none shows (src/app/api.rs handle_notification_show).
func (h *Herdr) showNotification(r *Request) (string, string) {
	title, ok := r.Params["title"].(string)
	_, isStr := r.Params["body"].(string)
	sound, _ := r.Params["sound"].(string)
	switch {
	case h.before([3]int{0, 6, 9}) || !ok || !isStr && r.Params["body"] != nil || !slices.Contains([]string{"", "none", "done", "request"}, sound):
		return h.refuse(&Request{}, "invalid_request", "invalid request: unknown variant `notification.show`"), "invalid_request"
	case strings.TrimSpace(title) == "":
		return h.refuse(r, "invalid_params", "notification title is empty"), "invalid_params"
	}
	r.Applied = true
	b, _ := json.Marshal(map[string]any{"id": r.ID, "result": map[string]any{"type": "notification_show", "shown": true, "reason": "shown"}})
	return string(b), ""
}

func (h *Herdr) ok(r *Request) string {
	b, _ := json.Marshal(map[string]any{"id": r.ID, "result": map[string]string{"type": "ok"}})
	return string(b)
}

func setKey(m map[string]string, k, v string) map[string]string {
	if m == nil {
		m = map[string]string{}
	}
	m[k] = v
	return m
}

// checkMetadata returns the error herdr answers to a pane.report_metadata
// (handle_pane_report_metadata), if any.
func checkMetadata(p, tokens, labels map[string]any) (code, msg string) {
	if len(tokens) > 16 {
		return "invalid_metadata_request", "too many tokens"
	}
	for name, v := range tokens {
		if _, isStr := v.(string); !herdrTokenName.MatchString(name) || !isStr && v != nil {
			return "invalid_metadata_request", "invalid token"
		}
	}
	for state, label := range labels {
		if _, isStr := label.(string); !isStr || state != "done" && !slices.Contains(herdrStates, state) {
			return "invalid_state_label", "unknown state label: " + state
		}
	}
	clear := p["clear_state_labels"] == true || p["clear_title"] == true || p["clear_display_agent"] == true
	switch {
	case len(labels) > 0 && p["clear_state_labels"] == true:
		return "invalid_metadata_request", "cannot set and clear the same metadata field"
	case len(tokens) == 0 && len(labels) == 0 && !clear && p["title"] == nil && p["display_agent"] == nil:
		return "invalid_metadata_request", "missing metadata field to set or clear"
	}
	return "", ""
}
