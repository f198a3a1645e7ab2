package hostio

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// A refusal stands for the run: what needs the feature is dropped, with the
// host's reason, and one debug line says so; what the host took is kept apart.
func TestRefusals(t *testing.T) {
	var log bytes.Buffer
	r := Refusals{Host: "herdr", Log: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	if err := r.Before("pane.report_agent", "pane.report_metadata tokens"); err != nil || r.Refused("pane.report_metadata tokens") {
		t.Fatalf("before any refusal: %v", err)
	}
	why := Rejected("herdr", "pane.report_metadata", "invalid_metadata_request", "no tokens")
	if err := r.Note("pane.report_metadata tokens", why); !errors.Is(err, host.ErrDropped) || !errors.Is(err, ErrRejected) {
		t.Errorf("Note = %v, want the refusal wrapped with host.ErrDropped", err)
	}
	err := r.Before("pane.report_agent", "pane.report_metadata tokens")
	if !errors.Is(err, host.ErrDropped) || !errors.Is(err, ErrRejected) || !strings.Contains(err.Error(), "invalid_metadata_request") {
		t.Errorf("Before after the refusal = %v, want it dropped, saying why", err)
	}
	if !r.Refused("pane.report_metadata tokens") || r.Refused("pane.report_agent") || r.Before("pane.report_agent") != nil {
		t.Error("only the refused feature is refused")
	}
	if n := strings.Count(log.String(), "lacks a feature"); n != 1 {
		t.Errorf("%d debug lines, want 1:\n%s", n, log.String())
	}
	if r.Worked("workspace loading") {
		t.Error("worked before it was taken")
	}
	r.Took("workspace loading")
	if !r.Worked("workspace loading") || r.Refused("workspace loading") {
		t.Error("taken: worked, not refused")
	}
}
