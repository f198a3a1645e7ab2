package herdr

import "context"

// A failed turn is reported as idle (herdr has no failed state), and herdr
// reads working -> idle as a finished turn: its sidebar shows the pane as
// "done" until someone looks, then "idle" (src/ui/status.rs state_label;
// src/app/actions.rs state_label_text, herdr 0.8.0). So with the failure
// the backend sends pane.report_metadata state labels that replace those
// two words with "failed" wherever herdr shows the pane's state (sidebar,
// navigator, agent panel; src/terminal/metadata.rs). Labels only replace
// the word for the state they name, so they never show while a turn runs;
// they are cleared (clear_state_labels) with the next state that is not a
// failure, and at exit. title and display_agent were passed over: they
// rename the pane and the agent, not the state. notification.show
// (0.6.9+) was too: it is a global toast, not tied to the pane, and
// herdr's own "finished" toast would still come.
//
// herdr takes state labels since 0.6.3 (src/app/api/panes.rs,
// normalize_state_labels); an older one refuses the method and the chat
// goes on without them.
var failedLabels = map[string]string{"done": "failed", "idle": "failed"}

// labels is what herdr shows of our state labels, as far as we know.
type labels uint8

const (
	labelsUnknown labels = iota // a crashed predecessor may have left "failed"
	labelsNone
	labelsFailed
)

// showFailure sets the failure labels, ahead of the idle state so the
// pane never reads "done" in between.
func (b *Backend) showFailure(ctx context.Context, repeat bool) error {
	if b.labels == labelsFailed && !repeat {
		return nil
	}
	b.labels = labelsUnknown // until herdr answers
	err := aux(b.send(ctx, methodReportMeta, b.labelParams(failedLabels)))
	if err == nil {
		b.labels = labelsFailed
	}
	return err
}

// clearFailure gives herdr its own words back once the chat left the
// failure (and at the first state, for a predecessor's).
func (b *Backend) clearFailure(ctx context.Context) error {
	if b.labels == labelsNone {
		return nil
	}
	p := b.labelParams(nil)
	p.Clear = true
	err := aux(b.send(ctx, methodReportMeta, p))
	if err == nil {
		b.labels = labelsNone
	}
	return err
}

func (b *Backend) labelParams(l map[string]string) *labelParams {
	return &labelParams{PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent, Labels: l}
}
