package herdr

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestCheckReply(t *testing.T) {
	tests := []struct {
		name, line string
		want       error // nil: accepted
	}{
		{"ok", `{"id":"hb:1","result":{"type":"ok"}}`, nil},
		{"error", `{"id":"hb:1","error":{"code":"pane_not_found","message":"no"}}`, ErrRejected},
		{"invalid request", `{"id":"","error":{"code":"invalid_request","message":"bad"}}`, ErrRejected},
		{"other id", `{"id":"hb:2","result":{"type":"ok"}}`, ErrBadReply},
		{"no id", `{"result":{"type":"ok"}}`, ErrBadReply},
		{"other result", `{"id":"hb:1","result":{"type":"pane_info"}}`, ErrBadReply},
		{"error without code", `{"id":"hb:1","error":{"message":"x"}}`, ErrBadReply},
		{"empty", ``, ErrBadReply},
		{"not json", `hello`, ErrBadReply},
		{"json array", `[1]`, ErrBadReply},
	}
	for _, tt := range tests {
		err := checkReply("pane.report_agent", "hb:1", []byte(tt.line))
		if tt.want == nil && err != nil || tt.want != nil && !errors.Is(err, tt.want) {
			t.Errorf("%s: checkReply = %v, want %v", tt.name, err, tt.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "herdr: pane.report_agent: ") {
			t.Errorf("%s: error %q lacks its prefix", tt.name, err)
		}
	}
}

func TestReplyErrorIsCleaned(t *testing.T) {
	err := checkReply("m", "", []byte(`{"id":"","error":{"code":"x\u001b[2J","message":"a\nb\u0007`+strings.Repeat("c", 500)+`"}}`))
	var re *ReplyError
	if !errors.As(err, &re) || re.Code != "x" || strings.ContainsAny(re.Message, "\n\a") || len([]rune(re.Message)) > 200 {
		t.Errorf("ReplyError = %#v", re)
	}
}

func TestReadLine(t *testing.T) {
	tests := []struct {
		name, in, want string
		err            error
	}{
		{"line", "{\"a\":1}\nrest", `{"a":1}`, nil},
		{"crlf", "{}\r\n", `{}`, nil},
		{"eof after value", `{}`, `{}`, nil},
		{"nothing", ``, ``, ErrBadReply},
		{"too long", strings.Repeat("x", maxReply+10) + "\n", ``, ErrBadReply},
		{"just fits", strings.Repeat("x", maxReply-1) + "\n", strings.Repeat("x", maxReply-1), nil},
	}
	for _, tt := range tests {
		got, err := readLine(strings.NewReader(tt.in))
		if string(got) != tt.want || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("%s: readLine = %.40q, %v; want %.40q, %v", tt.name, got, err, tt.want, tt.err)
		}
	}
}

func TestIOErrorNamesTheDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := ioError(ctx, "m", "read", errors.New("x")); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSequenceConcurrent(t *testing.T) {
	var s sequence
	now := time.Unix(100, 0)
	const workers, each = 8, 1000
	got := make([][]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range each {
				got[w] = append(got[w], s.next(now))
			}
		})
	}
	wg.Wait()
	seen := map[uint64]bool{}
	for _, vs := range got {
		for i, v := range vs {
			if seen[v] || v < uint64(now.UnixNano()) || i > 0 && v <= vs[i-1] {
				t.Fatalf("value %d repeated, below the clock or out of order", v)
			}
			seen[v] = true
		}
	}
	if next := s.next(now.Add(time.Hour)); next != uint64(now.Add(time.Hour).UnixNano()) {
		t.Errorf("a later clock should lift the sequence: %d", next)
	}
	if next := s.next(time.Unix(0, 0)); next != uint64(now.Add(time.Hour).UnixNano())+1 {
		t.Errorf("a clock that went back must not lower it: %d", next)
	}
}
