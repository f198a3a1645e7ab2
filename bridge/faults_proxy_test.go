//go:build unix

package bridge_test

import (
	"bufio"
	"net"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// proxyMode is how a faultProxy treats the requests it gets.
type proxyMode uint8

const (
	proxyPass       proxyMode = iota // forward each request and its answer
	proxySlow                        // forward the request, hold the answer back
	proxyGarbage                     // answer a line that is not JSON, forward nothing
	proxyCloseEarly                  // close the connection without an answer
	proxyHang                        // read the request, never answer it
)

// faultProxy sits on a Unix socket in front of a line-protocol server (the
// fake tuios, which has no slow or garbage mode of its own) and
// misbehaves on demand: one request line in, one answer line out, as
// tuios's protocol is. It is the host the client sees; Stop makes that
// host absent (the socket is gone) and Restart brings it back.
type faultProxy struct {
	t        testing.TB
	path     string
	upstream string

	mu    sync.Mutex
	mode  proxyMode
	delay time.Duration
	ln    net.Listener
	stop  chan struct{}
	conns map[net.Conn]struct{}
	wg    sync.WaitGroup
}

// newFaultProxy starts a proxy to upstream; it stops at t's cleanup.
func newFaultProxy(t testing.TB, upstream string) *faultProxy {
	t.Helper()
	dir, err := os.MkdirTemp("/tmp", "hbp")
	if err != nil {
		t.Fatal(err)
	}
	p := &faultProxy{t: t, path: filepath.Join(dir, "s"), upstream: upstream}
	t.Cleanup(func() {
		p.Stop()
		_ = os.RemoveAll(dir)
	})
	p.Restart()
	return p
}

// set changes the mode for the requests that come next; delay is the
// answer's delay in proxySlow.
func (p *faultProxy) set(m proxyMode, delay time.Duration) {
	p.mu.Lock()
	p.mode, p.delay = m, delay
	p.mu.Unlock()
}

func (p *faultProxy) current() (proxyMode, time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.mode, p.delay
}

// Restart listens on the proxy's path (again).
func (p *faultProxy) Restart() {
	p.t.Helper()
	_ = os.Remove(p.path)
	ln, err := net.Listen("unix", p.path)
	if err != nil {
		p.t.Fatalf("proxy: %v", err)
	}
	p.mu.Lock()
	p.ln, p.stop, p.conns = ln, make(chan struct{}), map[net.Conn]struct{}{}
	p.mu.Unlock()
	p.wg.Add(1)
	go p.accept(ln)
}

// Stop closes the socket (its path is gone) and every connection, and
// waits for the proxy's goroutines. Stopping a stopped proxy does nothing.
func (p *faultProxy) Stop() {
	p.mu.Lock()
	ln := p.ln
	p.ln = nil
	if ln != nil {
		close(p.stop)
		_ = ln.Close()
		for c := range p.conns {
			_ = c.Close()
		}
	}
	p.mu.Unlock()
	p.wg.Wait()
}

func (p *faultProxy) accept(ln net.Listener) {
	defer p.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.ln != ln {
			p.mu.Unlock()
			_ = c.Close()
			return
		}
		p.conns[c] = struct{}{}
		stop := p.stop
		p.wg.Add(1)
		p.mu.Unlock()
		go p.serve(c, stop)
	}
}

// track registers a connection Stop must close; false if stopped.
func (p *faultProxy) track(c net.Conn, stop chan struct{}) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-stop:
		return false
	default:
	}
	p.conns[c] = struct{}{}
	return true
}

// serve relays one client connection: this goroutine reads requests, a
// second one relays answers. Either side closing ends both.
func (p *faultProxy) serve(c net.Conn, stop chan struct{}) {
	defer p.wg.Done()
	defer c.Close()
	up, err := net.Dial("unix", p.upstream)
	if err != nil {
		return // the server behind is down: the client sees a closed connection
	}
	defer up.Close()
	if !p.track(up, stop) {
		return
	}
	var wmu sync.Mutex // one writer at a time on c
	answers := make(chan struct{})
	go func() {
		defer close(answers)
		defer c.Close()
		rd := bufio.NewReader(up)
		for {
			line, err := rd.ReadBytes('\n')
			if err != nil {
				return
			}
			if m, d := p.current(); m == proxySlow && d > 0 {
				timer := time.NewTimer(d)
				select {
				case <-timer.C:
				case <-stop:
					timer.Stop()
					return
				}
			}
			wmu.Lock()
			_, err = c.Write(line)
			wmu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	defer func() { _ = up.Close(); <-answers }()
	rd := bufio.NewReader(c)
	for {
		line, err := rd.ReadBytes('\n')
		if err != nil {
			return
		}
		switch m, _ := p.current(); m {
		case proxyGarbage:
			wmu.Lock()
			_, err = c.Write([]byte("<html>502 Bad Gateway</html>\n"))
			wmu.Unlock()
		case proxyCloseEarly:
			return
		case proxyHang:
			// Nothing forwarded, nothing answered: the client gives up.
		default:
			_, err = up.Write(line)
		}
		if err != nil {
			return
		}
	}
}
