//go:build unix

package terminal

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// Records far larger than a pipe's atomic write (PIPE_BUF), written by
// many goroutines through Write, WriteString and ReadFrom (in pieces), all
// reach the reader whole.
func TestWriterNoInterleaving(t *testing.T) {
	r, f, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wait := drain(r)
	w := NewWriter(f)

	const writers, records, size = 8, 40, 20000
	var wg sync.WaitGroup
	for g := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rec := strings.Repeat(string(rune('a'+g)), size) + "\n"
			for i := range records {
				var err error
				switch i % 3 {
				case 0:
					_, err = w.Write([]byte(rec))
				case 1:
					_, err = w.WriteString(rec)
				case 2: // a reader with no WriteTo: io.Copy writes it in pieces
					_, err = w.ReadFrom(io.MultiReader(strings.NewReader(rec[:size/2]), strings.NewReader(rec[size/2:])))
				}
				if err != nil {
					t.Errorf("writer %d: %v", g, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	f.Close()
	lines := strings.Split(strings.TrimSuffix(wait(), "\n"), "\n")
	if len(lines) != writers*records {
		t.Fatalf("%d records, want %d", len(lines), writers*records)
	}
	for i, l := range lines {
		if len(l) != size || strings.Trim(l, l[:1]) != "" {
			t.Fatalf("record %d is torn: %d bytes, starts %q", i, len(l), l[:min(len(l), 20)])
		}
	}
}

// A renderer writing frames while the backend reports through the same
// Writer: every sequence arrives whole, between frames.
func TestWriterBesideRenderer(t *testing.T) {
	r, f, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	wait := drain(r)
	w := NewWriter(f)
	b, err := New(Config{Output: w, Info: plainTerm})
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

func TestWriterKeepsTheFile(t *testing.T) {
	r, f, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w := NewWriter(f)
	if w.Name() != f.Name() {
		t.Error("Name not promoted")
	}
	var _ interface {
		Fd() uintptr
		Read([]byte) (int, error)
		Close() error
	} = w
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte("x")); err == nil {
		t.Error("write after Close succeeded")
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil || buf.Len() != 0 {
		t.Errorf("read %q, %v", buf.String(), err)
	}
}
