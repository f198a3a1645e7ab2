package chatscript

import (
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	const d = time.Second
	tests := []struct {
		prompt string
		kind   Kind
		took   time.Duration
	}{
		{"hello", KindReply, d},
		{"", KindReply, d},
		{"please APPROVE this", KindApprove, d},
		{"ask me something", KindAsk, d},
		{"fail now", KindFail, d},
		{"delegate it", KindDelegate, d},
		{"slow down", KindReply, SlowTurn},
		{"slow approve", KindApprove, SlowTurn},
		{"approve or fail", KindFail, d}, // fail wins
		{"ask to approve", KindApprove, d},
	}
	for _, tt := range tests {
		kind, took := Classify(tt.prompt, d)
		if kind != tt.kind || took != tt.took {
			t.Errorf("Classify(%q) = %v, %v; want %v, %v", tt.prompt, kind, took, tt.kind, tt.took)
		}
	}
}
