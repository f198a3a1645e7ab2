//go:build unix

package terminal

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// A renderer writing frames while the backend reports to the same file:
// every sequence arrives whole, between frames, since each goes out in one
// Write and Go serialises Write calls on one *os.File.
func TestSequencesBesideRenderer(t *testing.T) {
	r, f, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wait := drain(r)
	w := f
	b, err := newTest(Config{Output: w, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	rendered := make(chan struct{})
	frame := "\x1b[H\x1b[2J" + strings.Repeat("chat line ✓ ", 400) + "\r\n"
	go func() {
		defer close(rendered)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := w.Write([]byte(frame)); err != nil {
				t.Errorf("renderer: %v", err)
				return
			}
		}
	}()
	states := []host.State{host.Working, host.Blocked, host.Working, host.Failed, host.Idle}
	const rounds = 200
	for i := range rounds {
		if err := b.Report(context.Background(), state(states[i%len(states)])); err != nil {
			t.Fatal(err)
		}
		if err := b.Report(context.Background(), ping("turn done")); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	<-rendered
	f.Close()
	out := wait()

	oscs := 0
	for _, part := range strings.SplitAfter(out, frame) {
		part = strings.TrimSuffix(part, frame)
		toks, err := scanFrames(part)
		if err != nil {
			t.Fatalf("%v in %q", err, part[:min(len(part), 80)])
		}
		oscs += toks
	}
	if oscs != 2*rounds {
		t.Errorf("%d sequences arrived whole, want %d", oscs, 2*rounds)
	}
}

// scanFrames counts the OSC sequences in what lies between two whole
// frames; anything else there means a sequence was torn.
func scanFrames(s string) (int, error) {
	toks, err := scan(s)
	if err != nil {
		return 0, err
	}
	for _, tok := range toks {
		if tok.kind != tokOSC {
			return 0, io.ErrUnexpectedEOF
		}
	}
	return len(toks), nil
}
