//go:build unix

package hostbridge_test

import (
	"bytes"
	"os"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/hostbridge/hostbridge"
)

var tmux34 = map[string]string{"TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.4", "TMUX": "/tmp/tmux-0/default,1,0"}

// answer plays the terminal on a pty's master side: it reads the query
// (up to the cursor position request that ends it) and writes reply,
// which may be empty (a terminal that stays silent). The channel is
// closed when it is done.
func answer(master *os.File, reply string) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		var q []byte
		buf := make([]byte, 256)
		for !bytes.Contains(q, []byte("\x1b[6n")) && len(q) < 1024 {
			n, err := master.Read(buf)
			q = append(q, buf[:n]...)
			if err != nil {
				return
			}
		}
		if reply != "" {
			_, _ = master.Write([]byte(reply))
		}
	}()
	return done
}

// BenchmarkStartupBackground is the background query through the public
// API in a tmux 3.4 pane, on a real pty: a terminal that answers, and one
// that stays silent, which costs the query's bound (150 ms by default).
// ms/op is the wall time DetectBackground takes.
func BenchmarkStartupBackground(b *testing.B) {
	for _, c := range []struct{ name, reply string }{
		{"answering", "\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\\x1b[24;80R"},
		{"silent", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			master, slave, err := pty.Open()
			if err != nil {
				b.Skipf("no pty: %v", err)
			}
			defer master.Close()
			defer slave.Close()
			opts := hostbridge.BackgroundOptions{Getenv: func(k string) string { return tmux34[k] }, TTY: slave}
			var worst time.Duration
			for b.Loop() {
				played := answer(master, c.reply)
				start := time.Now()
				bg, err := hostbridge.DetectBackground(opts)
				worst = max(worst, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
				if want := c.reply != ""; (bg.Source == "query") != want {
					b.Fatalf("background %v", bg)
				}
				<-played
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
			b.ReportMetric(float64(worst.Nanoseconds())/1e6, "max-ms")
		})
	}
}
