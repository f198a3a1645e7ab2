package herdr

import "strconv"

// The methods this backend calls (herdr protocol 20).
const (
	methodReportAgent   = "pane.report_agent"
	methodReportSession = "pane.report_agent_session"
	methodReleaseAgent  = "pane.release_agent"
	methodReportMeta    = "pane.report_metadata"
)

// params is one request's parameters, as JSON for the socket and as the
// herdr binary's arguments for the CLI.
type params interface {
	// verb is the CLI's "herdr pane <verb>".
	verb() string
	// pane is the CLI's positional pane id.
	pane() string
	// flags are the CLI's options after the pane id: every flag that takes
	// a value followed by it as a separate argument. herdr's parser takes
	// the argument after such a flag as its value whatever it looks like,
	// so a value that starts with '-' is never read as an option (and herdr
	// 0.8 does not accept "--flag=value").
	flags() []string
	// setSeq stamps the request's seq.
	setSeq(seq uint64)
}

// agentParams is pane.report_agent.
type agentParams struct {
	PaneID      string `json:"pane_id"`
	Source      string `json:"source"`
	Agent       string `json:"agent"`
	State       string `json:"state"`
	Message     string `json:"message,omitempty"`
	Seq         uint64 `json:"seq"`
	SessionID   string `json:"agent_session_id,omitempty"`
	SessionPath string `json:"agent_session_path,omitempty"`
}

func (p *agentParams) setSeq(n uint64) { p.Seq = n }
func (p *agentParams) verb() string    { return "report-agent" }
func (p *agentParams) pane() string    { return p.PaneID }
func (p *agentParams) flags() []string {
	f := []string{"--source", p.Source, "--agent", p.Agent, "--state", p.State}
	f = optional(f, "--message", p.Message)
	f = append(f, "--seq", strconv.FormatUint(p.Seq, 10))
	f = optional(f, "--agent-session-id", p.SessionID)
	return optional(f, "--agent-session-path", p.SessionPath)
}

// sessionParams is pane.report_agent_session.
type sessionParams struct {
	PaneID      string `json:"pane_id"`
	Source      string `json:"source"`
	Agent       string `json:"agent"`
	Seq         uint64 `json:"seq"`
	SessionID   string `json:"agent_session_id,omitempty"`
	SessionPath string `json:"agent_session_path,omitempty"`
	StartSource string `json:"session_start_source,omitempty"`
}

func (p *sessionParams) setSeq(n uint64) { p.Seq = n }
func (p *sessionParams) verb() string    { return "report-agent-session" }
func (p *sessionParams) pane() string    { return p.PaneID }
func (p *sessionParams) flags() []string {
	f := []string{"--source", p.Source, "--agent", p.Agent, "--seq", strconv.FormatUint(p.Seq, 10)}
	f = optional(f, "--agent-session-id", p.SessionID)
	f = optional(f, "--agent-session-path", p.SessionPath)
	return optional(f, "--session-start-source", p.StartSource)
}

// releaseParams is pane.release_agent.
type releaseParams struct {
	PaneID string `json:"pane_id"`
	Source string `json:"source"`
	Agent  string `json:"agent"`
	Seq    uint64 `json:"seq"`
}

func (p *releaseParams) setSeq(n uint64) { p.Seq = n }
func (p *releaseParams) verb() string    { return "release-agent" }
func (p *releaseParams) pane() string    { return p.PaneID }
func (p *releaseParams) flags() []string {
	return []string{"--source", p.Source, "--agent", p.Agent, "--seq", strconv.FormatUint(p.Seq, 10)}
}

// labelParams is pane.report_metadata with state labels only: the words
// herdr shows instead of its own for a state ("done" -> "failed"), or
// clear_state_labels to give herdr its words back.
type labelParams struct {
	PaneID string            `json:"pane_id"`
	Source string            `json:"source"`
	Agent  string            `json:"agent"`
	Seq    uint64            `json:"seq"`
	Labels map[string]string `json:"state_labels,omitempty"`
	Clear  bool              `json:"clear_state_labels,omitempty"`
}

func (p *labelParams) setSeq(n uint64) { p.Seq = n }
func (p *labelParams) verb() string    { return "report-metadata" }
func (p *labelParams) pane() string    { return p.PaneID }
func (p *labelParams) flags() []string {
	f := []string{"--source", p.Source, "--agent", p.Agent, "--seq", strconv.FormatUint(p.Seq, 10)}
	for _, state := range sortedKeys(p.Labels) {
		f = append(f, "--state-label", state+"="+p.Labels[state])
	}
	if p.Clear {
		f = append(f, "--clear-state-labels")
	}
	return f
}

// metaParams is pane.report_metadata with tokens only. A nil value clears
// the token.
type metaParams struct {
	PaneID string             `json:"pane_id"`
	Source string             `json:"source"`
	Agent  string             `json:"agent"`
	Seq    uint64             `json:"seq"`
	Tokens map[string]*string `json:"tokens"`
}

func (p *metaParams) setSeq(n uint64) { p.Seq = n }
func (p *metaParams) verb() string    { return "report-metadata" }
func (p *metaParams) pane() string    { return p.PaneID }
func (p *metaParams) flags() []string {
	f := []string{"--source", p.Source, "--agent", p.Agent, "--seq", strconv.FormatUint(p.Seq, 10)}
	for _, name := range sortedKeys(p.Tokens) {
		if v := p.Tokens[name]; v != nil {
			// herdr splits NAME=VALUE at the first '='; names never hold one.
			f = append(f, "--token", name+"="+*v)
		} else {
			f = append(f, "--clear-token", name)
		}
	}
	return f
}

func optional(f []string, flag, value string) []string {
	if value == "" {
		return f
	}
	return append(f, flag, value)
}
