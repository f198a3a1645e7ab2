package cmux_test

import (
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// A state whose set-status went through but whose loader command failed is
// not trusted: when the chat goes back to the previous state before the
// retry, that state is sent again rather than deduplicated.
func TestNoStaleRowAfterPartialFailure(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f)
	mustReport(t, b, state(host.Working)) // Running + loading on (loader known to work)
	f.Fail(1, "workspace")                // the loader fails once, transiently
	if err := tryReport(b, state(host.Blocked), 5*time.Second); err == nil {
		t.Fatal("want the Blocked report to fail")
	}
	f.Normal()
	mustReport(t, b, state(host.Working)) // the user approved: back to working
	var last string
	for _, c := range f.Calls() {
		if c[0] == "set-status" {
			last = c[2]
		}
	}
	if last != "Running" {
		t.Errorf("row shows %q while the chat is Working; calls:\n%q", last, f.Transcript())
	}
}
