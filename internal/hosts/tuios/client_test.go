package tuios

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// pipeServer dials net.Pipe connections served by answer, which gets each
// request's id and returns the reply line (nil closes the connection).
type pipeServer struct {
	answer func(id json.RawMessage) []byte
	wg     sync.WaitGroup
	mu     sync.Mutex
	dials  int
}

func newPipeClient(t *testing.T, answer func(id json.RawMessage) []byte) (*client, *pipeServer) {
	s := &pipeServer{answer: answer}
	c := &client{path: "pipe", dial: s.dial, log: slog.New(slog.DiscardHandler)}
	t.Cleanup(func() { c.Close(); s.wg.Wait() })
	return c, s
}

func (s *pipeServer) dial(context.Context, string) (net.Conn, error) {
	cli, srv := net.Pipe()
	s.mu.Lock()
	s.dials++
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer srv.Close()
		rd := bufio.NewReader(srv)
		for {
			line, err := rd.ReadBytes('\n')
			if err != nil {
				return
			}
			var req struct{ ID json.RawMessage }
			json.Unmarshal(line, &req)
			reply := s.answer(req.ID)
			if reply == nil {
				return
			}
			if _, err := srv.Write(reply); err != nil {
				return
			}
		}
	}()
	return cli, nil
}

func (s *pipeServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dials
}

func callOnce(c *client) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := c.call(ctx, "set-agent-state", map[string]string{"state": "idle"})
	return err
}

func TestClientBadReplies(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply func(id json.RawMessage) []byte
	}{
		{"not json", func(json.RawMessage) []byte { return []byte("hello\n") }},
		{"wrong id", func(json.RawMessage) []byte { return []byte(`{"id":999,"result":{"type":"ok"}}` + "\n") }},
		{"no result", func(id json.RawMessage) []byte { return []byte(`{"id":` + string(id) + `}` + "\n") }},
		{"result not an object", func(id json.RawMessage) []byte { return []byte(`{"id":` + string(id) + `,"result":3}` + "\n") }},
		{"endless line", func(json.RawMessage) []byte { return []byte(strings.Repeat("x", maxReply+8192)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, s := newPipeClient(t, tc.reply)
			if err := callOnce(c); !errors.Is(err, ErrBadReply) {
				t.Errorf("call: %v, want ErrBadReply", err)
			}
			if c.conn != nil {
				t.Error("connection kept after a bad reply")
			}
			if s.count() != 1 {
				t.Errorf("%d dials, want 1: a bad reply is not retried", s.count())
			}
		})
	}
}

func TestClientEOFOnFreshConnection(t *testing.T) {
	c, s := newPipeClient(t, func(json.RawMessage) []byte { return nil })
	err := callOnce(c)
	if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "tuios: set-agent-state: ") {
		t.Errorf("call: %v", err)
	}
	if s.count() != 1 {
		t.Errorf("%d dials: a failure on a fresh connection is not retried", s.count())
	}
}

func TestClientReusesAndRedials(t *testing.T) {
	var mu sync.Mutex
	closeNext := false
	c, s := newPipeClient(t, func(id json.RawMessage) []byte {
		mu.Lock()
		defer mu.Unlock()
		if closeNext {
			closeNext = false
			return nil
		}
		return []byte(`{"id":` + string(id) + `,"result":{"type":"agent_state_set"}}` + "\n")
	})
	for range 3 {
		if err := callOnce(c); err != nil {
			t.Fatal(err)
		}
	}
	if s.count() != 1 {
		t.Errorf("%d dials for 3 calls, want 1", s.count())
	}
	mu.Lock()
	closeNext = true
	mu.Unlock()
	if err := callOnce(c); err != nil {
		t.Fatalf("call after the daemon closed the connection: %v", err)
	}
	if s.count() != 2 {
		t.Errorf("%d dials, want 2", s.count())
	}
}

func TestReplyErrorText(t *testing.T) {
	e := newReplyError("set-agent-meta", &wireError{Code: "invalid_params", Message: "unknown\x1b[31m parameter"})
	if got := e.Error(); got != "tuios: set-agent-meta: invalid_params: unknown parameter" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(e, ErrRejected) || errors.Is(e, ErrUnknownVerb) {
		t.Error("sentinels")
	}
	if !errors.Is(newReplyError("x", &wireError{Code: CodeUnknownVerb}), ErrUnknownVerb) {
		t.Error("unknown_verb does not read as ErrUnknownVerb")
	}
}
