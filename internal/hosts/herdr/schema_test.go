package herdr_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
	"github.com/hostbridge/hostbridge/internal/testsupport/herdrschema"
)

// schemaFile is herdr's published API schema (test data, Apache-2.0; see
// its NOTICE.md): the oracle every request must satisfy.
const schemaFile = "../../../testdata/herdr/herdr-api.schema.json"

var requestSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	s, err := herdrschema.Compile(schemaFile, "request")
	return s["request"], err
})

// validRequest checks one request line against herdr's request schema.
func validRequest(t testing.TB, line string) {
	t.Helper()
	s, err := requestSchema()
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	if strings.Contains(line, "\n") {
		t.Errorf("request %q spans lines", line)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
	if err != nil {
		t.Fatalf("request %q: %v", line, err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("request %s does not fit herdr's schema: %v", line, err)
	}
}

// checkRequests validates, at the end of the test, every request the fake
// received.
func checkRequests(t *testing.T, h *fakehost.Herdr) {
	t.Cleanup(func() {
		for _, r := range h.Requests() {
			validRequest(t, r.Line)
		}
	})
}

// cliVerbs maps the herdr binary's "pane <verb>" (and "notification show")
// to the method and the flags herdr 0.8 accepts for it, each taking a value.
var cliVerbs = map[string]struct {
	method string
	flags  []string
}{
	"report-agent":         {"pane.report_agent", []string{"--source", "--agent", "--state", "--message", "--seq", "--agent-session-id", "--agent-session-path"}},
	"report-agent-session": {"pane.report_agent_session", []string{"--source", "--agent", "--seq", "--agent-session-id", "--agent-session-path", "--session-start-source"}},
	"release-agent":        {"pane.release_agent", []string{"--source", "--agent", "--seq"}},
	"report-metadata": {"pane.report_metadata", []string{"--source", "--agent", "--seq", "--token", "--clear-token",
		"--state-label", "--clear-state-labels"}},
	"show": {"notification.show", []string{"--body", "--position", "--sound"}}, // src/cli/notification.rs
}

// noValue are the flags herdr 0.8's CLI takes without a value
// (src/cli/pane.rs, report-metadata).
var noValue = map[string]string{"--clear-state-labels": "clear_state_labels"}

// parseArgv reads the herdr binary's argv back into the request it makes,
// the way herdr 0.8's CLI does: "pane <verb> <pane_id>" (or "notification
// show <title>"), then flags, each
// taking the next argument as its value whatever it looks like. An unknown
// flag or a missing value is a usage error.
func parseArgv(args []string) (string, map[string]any, error) {
	if len(args) < 3 || args[0] != "pane" && args[0] != "notification" {
		return "", nil, fmt.Errorf("usage: %q", args)
	}
	verb, ok := cliVerbs[args[1]]
	if toast := args[0] == "notification"; !ok || toast != (verb.method == "notification.show") {
		return "", nil, fmt.Errorf("unknown verb %q", args[:2])
	}
	p := map[string]any{"pane_id": args[2]}
	if args[0] == "notification" {
		p = map[string]any{"title": args[2]}
	}
	for i := 3; i < len(args); i += 2 {
		flag := args[i]
		known := false
		for _, f := range verb.flags {
			known = known || f == flag
		}
		if !known {
			return "", nil, fmt.Errorf("unknown option: %s", flag)
		}
		if name, ok := noValue[flag]; ok {
			p[name] = true
			i--
			continue
		}
		if i+1 >= len(args) {
			return "", nil, fmt.Errorf("missing value for %s", flag)
		}
		value := args[i+1]
		switch flag {
		case "--seq":
			if _, err := strconv.ParseUint(value, 10, 64); err != nil {
				return "", nil, fmt.Errorf("--seq %q: %v", value, err)
			}
			p["seq"] = json.Number(value)
		case "--token", "--clear-token":
			tokens, _ := p["tokens"].(map[string]any)
			if tokens == nil {
				tokens = map[string]any{}
				p["tokens"] = tokens
			}
			if flag == "--clear-token" {
				tokens[value] = nil
				continue
			}
			name, v, ok := strings.Cut(value, "=")
			if !ok || name == "" {
				return "", nil, fmt.Errorf("token must use NAME=VALUE: %q", value)
			}
			tokens[name] = v
		case "--state-label":
			labels, _ := p["state_labels"].(map[string]any)
			if labels == nil {
				labels = map[string]any{}
				p["state_labels"] = labels
			}
			state, label, ok := strings.Cut(value, "=")
			if !ok {
				return "", nil, fmt.Errorf("expected --state-label STATUS=TEXT: %q", value)
			}
			labels[state] = label
		default:
			p[strings.ReplaceAll(strings.TrimPrefix(flag, "--"), "-", "_")] = value
		}
	}
	return verb.method, p, nil
}

// requestLine is the socket request the argv stands for.
func requestLine(t testing.TB, method string, params map[string]any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"id": "cli", "method": method, "params": params}); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func TestSchemaRejectsWrongRequests(t *testing.T) {
	s, err := requestSchema()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		`{"id":"x","method":"pane.report_agent","params":{"pane_id":"p","source":"s","agent":"a","state":"done"}}`,
		`{"id":"x","method":"pane.report_agent","params":{"pane_id":"p","source":"s","state":"idle"}}`,
		`{"id":"x","method":"pane.release_agent","params":{"pane_id":"p","source":"s","agent":"a","seq":-1}}`,
		`{"id":"x","method":"pane.report_metadata","params":{"pane_id":"p","source":"s","tokens":{"a b":"1"}}}`,
		`{"method":"pane.release_agent","params":{"pane_id":"p","source":"s","agent":"a"}}`,
		`{"id":"x","method":"notification.show","params":{"title":"t","sound":"loud"}}`,
		`{"id":"x","method":"notification.show","params":{"body":"b","sound":"done"}}`,
	} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if s.Validate(v) == nil {
			t.Errorf("%s validates", line)
		}
	}
}
