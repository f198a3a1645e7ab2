package fakehost_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The fake takes state labels as herdr 0.8 does (src/app/api/panes.rs,
// handle_pane_report_metadata), and Old answers as an older herdr does
// where it lacks something (checked at herdr's tags).
func TestHerdrStateLabelsAndOld(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	const (
		labels  = `{"id":"%s","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","agent":"a","seq":%s,"state_labels":{"done":"failed","idle":"failed"}}}`
		clear   = `{"id":"%s","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","agent":"a","seq":%s,"clear_state_labels":true}}`
		tokens  = `{"id":"%s","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","agent":"a","seq":%s,"tokens":{"model":"m"}}}`
		session = `{"id":"%s","method":"pane.report_agent_session","params":{"pane_id":"w1:p2","source":"s","agent":"a","seq":%s}}`
	)
	line := func(f, id, seq string) string { return fmt.Sprintf(f, id, seq) }
	for _, tc := range []struct {
		release, req, wantCode string
	}{
		{"", line(labels, "1", "1"), ""},
		{"", line(clear, "2", "2"), ""},
		{"", `{"id":"3","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","seq":3,"state_labels":{"failed":"x"}}}`, "invalid_state_label"},
		{"", `{"id":"4","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","seq":4,"state_labels":{"done":"x"},"clear_state_labels":true}}`, "invalid_metadata_request"},
		{"0.7.3", line(tokens, "5", "5"), "invalid_metadata_request"}, // tokens came in 0.7.4
		{"0.7.3", line(labels, "6", "6"), ""},
		{"0.6.6", line(session, "7", "7"), "invalid_request"}, // report_agent_session came in 0.6.7
		{"0.6.2", line(labels, "8", "8"), "invalid_request"},  // report_metadata came in 0.6.3
		{"", line(session, "9", "9"), ""},
	} {
		h.Old(tc.release)
		reply := mustCall(t, h, tc.req)
		if tc.wantCode == "" && !strings.Contains(reply, `"type":"ok"`) || tc.wantCode != "" && !strings.Contains(reply, `"code":"`+tc.wantCode+`"`) {
			t.Errorf("herdr %q answered %s to %s, want %q", tc.release, reply, tc.req, tc.wantCode)
		}
		if tc.wantCode == "invalid_request" && !strings.Contains(reply, `"id":""`) {
			t.Errorf("an unknown method is answered %s, herdr answers with id \"\"", reply)
		}
	}
	h.Normal()
	if p := h.Pane(); p.StateLabels["done"] != "failed" || len(p.Tokens) != 0 {
		t.Errorf("pane %+v: want the labels of request 6, no tokens", p)
	}
	tr := h.Transcript()
	if len(tr) < 2 || tr[0] != `herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"` ||
		tr[1] != `herdr pane.report_metadata state_labels=(clear)` {
		t.Errorf("transcript %q", tr)
	}
}
