//go:build unix

package hostbridge_test

import (
	"bytes"
	"io"
	"os"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/teatest"
)

// startHost is a host a chat starts in.
type startHost struct {
	name string
	kind backends.Kind
	env  func(b *testing.B) backends.Env
}

var startHosts = []startHost{
	{"terminal", backends.Terminal, func(*testing.B) backends.Env { return terminalEnv() }},
	{"herdr", backends.Herdr, func(b *testing.B) backends.Env { return herdrEnv(teatest.NewHerdr(b)) }},
	{"tuios", backends.Tuios, func(b *testing.B) backends.Env { return tuiosEnv(teatest.NewTuios(b), "") }},
	{"cmux", backends.Cmux, func(b *testing.B) backends.Env { return cmuxEnv(teatest.NewCmux(b)) }},
}

// BenchmarkStartup is what hostbridge adds to a chat's start and exit in
// each host:
//
//	new         hostbridge.New alone: detection, backends, workers (Close
//	            off the clock)
//	new+close   New, then Close, which tells the host the chat is gone
//	            (release, state none, row cleared) and stops the workers
//	wrap+init   Wrap, Init (the first report, queued), Close
func BenchmarkStartup(b *testing.B) {
	for _, sh := range startHosts {
		opts := func(env backends.Env) []hostbridge.Option {
			return []hostbridge.Option{hostbridge.WithEnv(env), hostbridge.WithOutput(io.Discard),
				hostbridge.WithoutSignalHandler(), hostbridge.WithAgent("chat")}
		}
		b.Run(sh.name+"/new", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				br, err := hostbridge.New(opts(env)...)
				if err != nil || br.Host().Kind != sh.kind {
					b.Fatalf("New: %v, host %v", err, br.Host().Kind)
				}
				b.StopTimer()
				_ = br.Close()
				b.StartTimer()
			}
		})
		b.Run(sh.name+"/new+close", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				br, err := hostbridge.New(opts(env)...)
				if err != nil {
					b.Fatal(err)
				}
				if err := br.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(sh.name+"/wrap+init+close", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				m := hostbridge.Wrap(markerApp{}, opts(env)...)
				m.Init()
				if err := m.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// tmux34 is a pane of tmux 3.4, which answers OSC 11 itself: there,
// DetectBackground asks (termenv does not, inside tmux).
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
				if want := c.reply != ""; (bg.Source == hostbridge.SourceQuery) != want {
					b.Fatalf("background %v", bg)
				}
				<-played
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/op")
			b.ReportMetric(float64(worst.Nanoseconds())/1e6, "max-ms")
		})
	}
}
