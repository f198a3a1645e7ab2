//go:build unix

package bridge_test

import (
	"io"
	"testing"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/teatest"
)

// startHost is a host a chat starts in.
type startHost struct {
	name string
	kind hosts.Kind
	env  func(b *testing.B) func(string) string
}

var startHosts = []startHost{
	{"terminal", hosts.Terminal, func(*testing.B) func(string) string { return terminalEnv() }},
	{"herdr", hosts.Herdr, func(b *testing.B) func(string) string { return herdrEnv(teatest.NewHerdr(b)) }},
	{"tuios", hosts.Tuios, func(b *testing.B) func(string) string { return tuiosEnv(teatest.NewTuios(b), "") }},
	{"cmux", hosts.Cmux, func(b *testing.B) func(string) string { return cmuxEnv(teatest.NewCmux(b)) }},
}

// BenchmarkStartup is what hostbridge adds to a chat's start and exit in
// each host:
//
//	new         bridge.New alone: detection, backends, workers (Close
//	            off the clock)
//	new+close   New, then Close, which tells the host the chat is gone
//	            (release, state none, row cleared) and stops the workers
//	wrap+init   Wrap, Init (the first report, queued), Close
func BenchmarkStartup(b *testing.B) {
	for _, sh := range startHosts {
		opts := func(env func(string) string) []bridge.Option {
			return []bridge.Option{bridge.WithEnv(env), bridge.WithOutput(io.Discard),
				bridge.WithSignalHandler(false), bridge.WithAgent("chat")}
		}
		b.Run(sh.name+"/new", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				br, err := bridge.New(opts(env)...)
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
				br, err := bridge.New(opts(env)...)
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
