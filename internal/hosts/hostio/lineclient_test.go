package hostio

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

func TestCheckReply(t *testing.T) {
	tests := []struct {
		name, line, resultType string
		want                   error // nil: accepted
	}{
		{"ok", `{"id":"hb:1","result":{"type":"ok"}}`, "ok", nil},
		{"any result type", `{"id":"hb:1","result":{"type":"agent_state_set","applied":true}}`, "", nil},
		{"error", `{"id":"hb:1","error":{"code":"pane_not_found","message":"no"}}`, "ok", ErrRejected},
		{"error with another id", `{"id":"","error":{"code":"invalid_request","message":"bad"}}`, "ok", ErrRejected},
		{"other id", `{"id":"hb:2","result":{"type":"ok"}}`, "ok", ErrBadReply},
		{"no id", `{"result":{"type":"ok"}}`, "ok", ErrBadReply},
		{"other result type", `{"id":"hb:1","result":{"type":"pane_info"}}`, "ok", ErrBadReply},
		{"result not an object", `{"id":"hb:1","result":3}`, "", ErrBadReply},
		{"no result", `{"id":"hb:1"}`, "", ErrBadReply},
		{"error without code", `{"id":"hb:1","error":{"message":"x"}}`, "ok", ErrBadReply},
		{"empty", ``, "ok", ErrBadReply},
		{"not json", `hello`, "ok", ErrBadReply},
		{"json array", `[1]`, "ok", ErrBadReply},
	}
	for _, tt := range tests {
		_, err := CheckReply("herdr", "pane.report_agent", []byte(`"hb:1"`), []byte(tt.line), tt.resultType)
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: checkReply = %v, want %v", tt.name, err, tt.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "herdr: pane.report_agent: ") {
			t.Errorf("%s: error %q lacks its prefix", tt.name, err)
		}
	}
	// The CLI's reply carries an id of its own: nil takes any.
	if _, err := CheckReply("herdr", "m", nil, []byte(`{"id":"cli:request","result":{"type":"ok"}}`), "ok"); err != nil {
		t.Errorf("any id: %v", err)
	}
}

func TestReplyError(t *testing.T) {
	_, err := CheckReply("tuios", "set-agent-meta", []byte("7"),
		[]byte(`{"id":7,"error":{"code":"x\u001b[2J","message":"a\nb\u0007`+strings.Repeat("c", 500)+`"}}`), "")
	var re *ReplyError
	if !errors.As(err, &re) || re.Code != "x" || strings.ContainsAny(re.Message, "\n\a") || len([]rune(re.Message)) > 200 {
		t.Errorf("ReplyError = %#v", re)
	}
	e := Rejected("tuios", "set-agent-meta", "invalid_params", "unknown\x1b[31m parameter")
	if got := e.Error(); got != "tuios: set-agent-meta: invalid_params: unknown parameter" {
		t.Errorf("Error() = %q", got)
	}
	if !errors.Is(e, ErrRejected) || !HasCode(e, "invalid_params") || HasCode(e, "unknown_verb") {
		t.Error("sentinel or code")
	}
}

// FuzzCheckReply: whatever comes back on a host's socket (or from herdr's
// CLI), checkReply does not panic, takes only an object result for the
// request's id, and refuses the rest with a sentinel and text without
// controls.
func FuzzCheckReply(f *testing.F) {
	for _, s := range []string{
		`{"id":7,"result":{"type":"ok"}}`,
		`{"id":7,"error":{"code":"pane_not_found","message":"no pane w1:p9"}}`,
		`{"id":"","error":{"code":"invalid_request","message":"x\u001b]0;t\u0007"}}`,
		`{"id":8,"result":{"type":"ok"}}`, `{"result":{"type":"ok"}}`, `{"id":7,"result":[1]}`,
		`garbage`, ``, `{"id":7,"result":{"type":"ok"}}{"id":7}`, `{"id":"7","result":{}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		res, err := CheckReply("tuios", "set-agent-state", []byte("7"), []byte(line), "")
		if err == nil {
			if len(res) == 0 || res[0] != '{' || !json.Valid(res) {
				t.Fatalf("accepted %q as a result", res)
			}
			return
		}
		if !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBadReply) {
			t.Fatalf("error %v wraps no sentinel", err)
		}
		if !strings.HasPrefix(err.Error(), "tuios: set-agent-state: ") {
			t.Fatalf("error %q lacks its prefix", err)
		}
		var re *ReplyError
		if errors.As(err, &re) && (!utf8.ValidString(re.Error()) || strings.ContainsFunc(re.Error(), func(r rune) bool { return r < 0x20 || r == 0x7f })) {
			t.Fatalf("the host's error text reaches us raw: %q", re.Error())
		}
	})
}

// lineServer is a Unix socket server whose answer gets each request's id
// and returns the reply bytes, and whether to close the connection after.
type lineServer struct {
	answer func(id json.RawMessage) (reply []byte, close bool)
	wg     sync.WaitGroup
	mu     sync.Mutex
	dials  int
}

func newLineClient(t *testing.T, keep bool, answer func(id json.RawMessage) ([]byte, bool)) (*LineClient, *lineServer) {
	s := &lineServer{answer: answer}
	dir, err := os.MkdirTemp("", "hb")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", filepath.Join(dir, "s"))
	if err != nil {
		t.Fatal(err)
	}
	s.wg.Go(func() { s.serve(ln) })
	c := &LineClient{Host: "tuios", Path: ln.Addr().String(), OpField: "verb", Keep: keep, Log: slog.New(slog.DiscardHandler)}
	t.Cleanup(func() { c.Close(); ln.Close(); s.wg.Wait(); os.RemoveAll(dir) })
	return c, s
}

func (s *lineServer) serve(ln net.Listener) {
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		s.dials++
		s.mu.Unlock()
		s.wg.Go(func() {
			defer conn.Close()
			rd := bufio.NewReader(conn)
			for {
				line, err := rd.ReadBytes('\n')
				if err != nil {
					return
				}
				var req struct{ ID json.RawMessage }
				_ = json.Unmarshal(line, &req)
				reply, done := s.answer(req.ID)
				if _, err := conn.Write(reply); err != nil || done {
					return
				}
			}
		})
	}
}

func (s *lineServer) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dials
}

func callOnce(c *LineClient) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_, err := c.Call(ctx, "set-agent-state", 1, map[string]string{"state": "idle"}, "")
	return err
}

func answer(line string) func(json.RawMessage) ([]byte, bool) {
	return func(id json.RawMessage) ([]byte, bool) {
		return []byte(strings.ReplaceAll(line, "ID", string(id))), false
	}
}

func TestClientBadReplies(t *testing.T) {
	for _, tc := range []struct {
		name  string
		reply func(id json.RawMessage) ([]byte, bool)
	}{
		{"not json", answer("hello\n")},
		{"wrong id", answer(`{"id":999,"result":{"type":"ok"}}` + "\n")},
		{"no result", answer(`{"id":ID}` + "\n")},
		{"result not an object", answer(`{"id":ID,"result":3}` + "\n")},
		{"endless line", answer(strings.Repeat("x", maxReply+8192))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, s := newLineClient(t, true, tc.reply)
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

// One reply line a connection: a line, a line with CR LF, a whole value
// and the end of the connection (herdr closes after its reply), bounded.
func TestClientReadsOneLine(t *testing.T) {
	ok := `{"id":1,"result":{"type":"ok"}}`
	for _, tc := range []struct {
		name, reply string
		want        error
	}{
		{"line", ok + "\nrest", nil},
		{"crlf", ok + "\r\n", nil},
		{"eof after the value", ok, nil},
		{"nothing", "", ErrBadReply},
		{"too long", strings.Repeat(" ", maxReply) + ok + "\n", ErrBadReply},
		{"just fits", strings.Repeat(" ", maxReply-len(ok)-1) + ok + "\n", nil},
	} {
		c, _ := newLineClient(t, false, func(json.RawMessage) ([]byte, bool) { return []byte(tc.reply), true })
		if err := callOnce(c); tc.want == nil && err != nil || tc.want != nil && !errors.Is(err, tc.want) {
			t.Errorf("%s: call = %v, want %v", tc.name, err, tc.want)
		}
		if c.conn != nil {
			t.Errorf("%s: a connection for one request was kept", tc.name)
		}
	}
}

func TestClientEOFOnFreshConnection(t *testing.T) {
	c, s := newLineClient(t, true, func(json.RawMessage) ([]byte, bool) { return nil, true })
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
	c, s := newLineClient(t, true, func(id json.RawMessage) ([]byte, bool) {
		mu.Lock()
		defer mu.Unlock()
		if closeNext {
			closeNext = false
			return nil, true
		}
		return []byte(`{"id":` + string(id) + `,"result":{"type":"agent_state_set"}}` + "\n"), false
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

func TestIOErrorNamesTheDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ioError(ctx, "herdr", "m", errors.New("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
