package fakehost

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Socket is the Unix socket server under Herdr and Tuios: a JSON request a
// line and a reply a line, on a connection per request (herdr) or on a
// lasting one (tuios). It records every request and plays a host that
// misbehaves. Its methods are safe for concurrent use; Stop, Restart and
// the test's cleanup wait for every goroutine it started.
type Socket struct {
	t       TB
	name    string
	dir     string
	path    string
	proto   protocol
	oneShot bool // one request per connection, as herdr

	mu       sync.Mutex
	strict   bool // a refused request fails the test (ExpectRefusals)
	reqs     []Request
	fault    string        // "hang", "dropped", "garbage" or an error code
	slow     time.Duration // before each answer
	drops    int           // DropNext
	accepted int
	errs     []error
	ln       net.Listener // nil while stopped
	stop     chan struct{}
	conns    map[net.Conn]bool
	wg       sync.WaitGroup
}

// Request is one request a fake received on its socket.
type Request struct {
	Method string         // herdr's method or tuios's verb; "" when the line did not parse
	ID     string         // the id, as written when it is not a string
	Params map[string]any // numbers as json.Number; nil when the line did not parse
	Line   string         // as received, without its newline
	Reply  string         // the line answered; "" when none was
	// Answer is "" for a result, or the error code answered, or the fault
	// that met the request: "hang", "dropped", "garbage".
	Answer string
	// Applied says whether the request changed what the host shows: not
	// when it was refused, met a fault, or was ignored (a stale seq).
	Applied  bool
	Received time.Time
}

// Str returns the string parameter key, or "".
func (r Request) Str(key string) string { return anyString(r.Params[key]) }

// Seq returns the request's seq, if it has one.
func (r Request) Seq() (uint64, bool) {
	n, ok := r.Params["seq"].(json.Number)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseUint(string(n), 10, 64)
	return v, err == nil
}

// protocol is a host's side of the socket; its methods run with the lock
// held. answer applies r (r.Applied) unless the host refuses or ignores it.
type protocol interface {
	parse(r *Request) // Method, ID and Params from r.Line, if it parses
	answer(r *Request) (reply, code string)
	refuse(r *Request, code, message string) string
	reset() // what Normal turns off beside the socket's faults
}

// newSocket serves proto on a fresh socket, stopped at t's cleanup.
func newSocket(t TB, name string, proto protocol, oneShot bool) *Socket {
	t.Helper()
	s := &Socket{t: t, name: name, proto: proto, oneShot: oneShot, conns: map[net.Conn]bool{}}
	dir, err := os.MkdirTemp("", "hb")
	if err == nil && len(dir) > 80 { // a socket's path has ~104 bytes
		_ = os.Remove(dir)
		dir, err = os.MkdirTemp("/tmp", "hb")
	}
	if err != nil {
		t.Fatalf("hosttest: %s: %v", name, err)
	}
	s.dir, s.path = dir, filepath.Join(dir, name+".sock")
	t.Cleanup(s.cleanup)
	if err := s.listen(); err != nil {
		t.Fatalf("hosttest: %s: %v", name, err)
	}
	return s
}

func (s *Socket) cleanup() {
	s.Stop()
	_ = os.RemoveAll(s.dir)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, err := range s.errs {
		s.t.Errorf("hosttest: %s: %v", s.name, err)
	}
	for _, r := range s.reqs {
		if s.strict && (r.Answer == "invalid_params" || r.Answer == "invalid_request") {
			s.t.Errorf("hosttest: %s refused a request with %s: %s", s.name, r.Answer, r.Line)
		}
	}
}

// Requests returns every request received so far, in order.
func (s *Socket) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Connections is how many connections the fake has accepted.
func (s *Socket) Connections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted
}

func (s *Socket) set(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f()
}

// Hang makes the fake read requests and answer none: a client must give up
// by its deadline.
func (s *Socket) Hang() { s.set(func() { s.fault = "hang" }) }

// Garbage makes the fake answer every request with a line that is not JSON.
func (s *Socket) Garbage() { s.set(func() { s.fault = "garbage" }) }

// CloseEarly makes the fake close every request's connection unanswered.
func (s *Socket) CloseEarly() { s.set(func() { s.fault = "dropped" }) }

// Error makes the fake answer every request with the host's error shape and
// code (as "pane_not_found").
func (s *Socket) Error(code string) { s.set(func() { s.fault = code }) }

// Slow delays every answer by d; the request takes effect at once, as herdr
// applies one before it answers. Zero turns it off.
func (s *Socket) Slow(d time.Duration) { s.set(func() { s.slow = d }) }

// DropNext makes the fake close the connection of the next request
// unanswered: a host that went away mid-session.
func (s *Socket) DropNext() { s.set(func() { s.drops++ }) }

// Normal turns off every fault, Slow, DropNext and herdr's Old.
func (s *Socket) Normal() {
	s.set(func() {
		s.fault, s.slow, s.drops = "", 0, 0
		s.proto.reset()
	})
}

// ExpectRefusals keeps the fake from failing the test at its cleanup for a
// request it refused as invalid, as tuios does otherwise: for tests that
// provoke invalid_params or invalid_request.
func (s *Socket) ExpectRefusals() { s.set(func() { s.strict = false }) }

// DropConnections closes every open connection now, as a host that drops
// idle clients does.
func (s *Socket) DropConnections() {
	s.set(func() {
		for c := range s.conns {
			_ = c.Close()
		}
	})
}

// Stop closes the socket (the path is gone) and every connection, and waits
// for the fake's goroutines; what the host holds is kept. Stopping a
// stopped fake does nothing.
func (s *Socket) Stop() {
	s.set(func() {
		if s.ln != nil {
			_ = s.ln.Close() // removes the socket's file
			close(s.stop)
			s.ln = nil
		}
		for c := range s.conns {
			_ = c.Close()
		}
	})
	s.wg.Wait()
}

// Restart stops the fake if it runs and listens again on the same path,
// holding what it held: a host that came back. Call it from the test's
// goroutine.
func (s *Socket) Restart() {
	s.t.Helper()
	s.Stop()
	if err := s.listen(); err != nil {
		s.t.Fatalf("hosttest: %s: restart: %v", s.name, err)
	}
}

func (s *Socket) listen() error {
	_ = os.Remove(s.path)
	ln, err := net.Listen("unix", s.path)
	if err == nil {
		err = os.Chmod(s.path, 0o600)
	}
	if err != nil {
		return err
	}
	stop := make(chan struct{})
	s.set(func() { s.ln, s.stop = ln, stop })
	s.wg.Add(1)
	go s.accept(ln, stop)
	return nil
}

func (s *Socket) accept(ln net.Listener, stop chan struct{}) {
	defer s.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				s.set(func() { s.errs = append(s.errs, err) })
			}
			return
		}
		s.set(func() {
			if s.ln != ln { // stopped meanwhile
				_ = c.Close()
				return
			}
			s.conns[c] = true
			s.accepted++
			s.wg.Add(1)
			go s.serve(c, stop)
		})
	}
}

// Limits herdr puts on a request; tuios reads lines of any length.
const (
	maxLine     = 1 << 20
	readTimeout = 5 * time.Second
)

func (s *Socket) serve(c net.Conn, stop chan struct{}) {
	defer s.wg.Done()
	defer s.set(func() {
		delete(s.conns, c)
		_ = c.Close()
	})
	rd := bufio.NewReaderSize(c, 64<<10)
	if s.oneShot {
		_ = c.SetReadDeadline(time.Now().Add(readTimeout))
		rd = bufio.NewReader(io.LimitReader(c, maxLine))
	}
	for {
		line, err := rd.ReadBytes('\n')
		if err != nil {
			return // a connection that sends no whole line is dropped
		}
		_ = c.SetReadDeadline(time.Time{})
		r, slow := s.handle(bytes.TrimRight(line, "\r\n"))
		switch {
		case r.Answer == "dropped":
			return
		case r.Answer == "hang" && s.oneShot:
			_, _ = io.Copy(io.Discard, c) // until the client leaves or Stop closes c
			return
		case r.Answer == "hang":
			continue
		}
		select {
		case <-time.After(slow):
		case <-stop:
			return
		}
		_ = c.SetWriteDeadline(time.Now().Add(readTimeout))
		if _, err := c.Write([]byte(r.Reply + "\n")); err != nil || s.oneShot {
			return
		}
	}
}

// handle records and answers one request line, as the faults say.
func (s *Socket) handle(line []byte) (r Request, slow time.Duration) {
	r = Request{Line: string(line), Received: time.Now()}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.proto.parse(&r)
	switch {
	case s.drops > 0:
		s.drops--
		r.Answer = "dropped"
	case s.fault == "hang" || s.fault == "dropped":
		r.Answer = s.fault
	case s.fault == "garbage":
		r.Answer, r.Reply = s.fault, "this is not json"
	case s.fault != "":
		r.Answer, r.Reply = s.fault, s.proto.refuse(&r, s.fault, "fake "+s.name+" error")
	default:
		r.Reply, r.Answer = s.proto.answer(&r)
	}
	s.reqs = append(s.reqs, r)
	return r, s.slow
}

// decodeJSON decodes data into v, numbers as json.Number, and reports
// whether it held exactly one JSON value.
func decodeJSON(data []byte, v any) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v) == nil && !dec.More()
}

// jsonString is raw's string, or "".
func jsonString(raw json.RawMessage) string {
	var s string
	_ = json.Unmarshal(raw, &s)
	return s
}

// anyString is v's string, or "".
func anyString(v any) string {
	s, _ := v.(string)
	return s
}
