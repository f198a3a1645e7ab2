package herdr

import (
	"errors"
	"fmt"

	"github.com/hostbridge/hostbridge/host"
)

// An older herdr refuses what it does not know, and would refuse it again
// every time: a method it lacks does not parse as a request, so herdr
// answers invalid_request with id "" (src/api/server.rs: serde's
// "unknown variant"); pane.report_agent_session came in 0.6.7 and
// pane.report_metadata in 0.6.3; a tokens-only report_metadata is
// invalid_metadata_request ("missing metadata field to set or clear") on
// 0.6.3-0.7.3, which take state labels but not tokens; the herdr binary
// exits 2 on a command or flag it lacks. Such a refusal stops that feature
// for the rest of the run, as tuios's unknown_verb does: one debug line,
// no retry, and everything else goes on.

// feature names what a request needs of herdr: its method, or, for
// pane.report_metadata, the part of it the request uses.
func feature(method string, p params) string {
	switch p.(type) {
	case *metaParams:
		return method + " tokens"
	case *labelParams:
		return method + " state_labels"
	}
	return method
}

// lacked reports whether herdr refused feature f of method as something it
// does not have, and which of the two it lacks.
func lacked(err error, method, f string) (string, bool) {
	var rerr *ReplyError
	switch {
	case errors.Is(err, ErrUsage):
		return f, true
	case !errors.As(err, &rerr):
		return "", false
	case rerr.Code == "invalid_request":
		return method, true // the method itself did not parse
	case rerr.Code == "invalid_metadata_request" || rerr.Code == "invalid_state_label":
		return f, method == methodReportMeta
	}
	return "", false
}

// refusedBefore is what send returns for a feature this herdr refused.
func refusedBefore(f string) error {
	return fmt.Errorf("herdr: %s: not sent, this herdr refused it: %w", f, host.ErrDropped)
}

// noteLack remembers that this herdr lacks f and says so once.
func (b *Backend) noteLack(f string, err error) error {
	b.lacks[f] = true
	b.cfg.Logger.Debug("herdr: this herdr lacks a feature; not sending it again", "feature", f, "err", err)
	return fmt.Errorf("%w: %w", err, host.ErrDropped)
}

// aux is the outcome of a request that goes with a report but is not what
// the report is about (state labels with a state, tokens at the exit): a
// herdr that lacks it changes nothing for the report.
func aux(err error) error {
	if errors.Is(err, host.ErrDropped) {
		return nil
	}
	return err
}
