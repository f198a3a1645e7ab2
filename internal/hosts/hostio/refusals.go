package hostio

import (
	"fmt"
	"log/slog"
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// Refusals is what one host refused for the run, and what it took: every
// backend keeps one and asks it before sending. A host that answers "unknown"
// to a method, a verb or a part of one is an older build (or a remote one,
// cmux's cmuxd-remote) that would refuse it again, so it is not sent again,
// the reports needing it are dropped (host.ErrDropped), and one debug line
// says so. What each host refuses by:
//
//	herdr  a method or a part of pane.report_metadata (tokens, state_labels): invalid_request, a usage exit
//	tuios  a verb: unknown_verb
//	cmux   the status rows (its set-status, clear-status) or the workspace loader: unknown command
//	tmux   the pane options, all at once: a server or pane gone, or not the chat's
type Refusals struct {
	Host   string
	Log    *slog.Logger // never nil
	set    []string     // what the host refused, each with its reason in why
	why    []error
	worked []string // what the host took once (cmux's loader: a later failure is not a refusal)
}

// Before returns an error wrapping host.ErrDropped if the host refused
// one of features, else nil.
func (r *Refusals) Before(features ...string) error {
	for _, f := range features {
		if i := slices.Index(r.set, f); i >= 0 {
			return fmt.Errorf("%s: %s: not sent, this %s refused it (%w): %w", r.Host, f, r.Host, r.why[i], host.ErrDropped)
		}
	}
	return nil
}

// Refused reports whether the host refused f.
func (r *Refusals) Refused(f string) bool { return slices.Contains(r.set, f) }

// Note records that the host refused f with err, says so once in the log,
// and returns err wrapping host.ErrDropped.
func (r *Refusals) Note(f string, err error) error {
	r.set, r.why = append(r.set, f), append(r.why, err)
	r.Log.Debug(r.Host+": this "+r.Host+" lacks a feature; not sending it again", "feature", f, "err", err)
	return fmt.Errorf("%w: %w", err, host.ErrDropped)
}

// Took records that the host took f once; Worked reports whether it did.
func (r *Refusals) Took(f string)        { r.worked = append(r.worked, f) }
func (r *Refusals) Worked(f string) bool { return slices.Contains(r.worked, f) }
