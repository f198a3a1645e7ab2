package tuios_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
)

// A daemon that applies set-agent-state before answering, and answers the
// second request late. The Backend must not trust its memory after the
// timed-out request: returning to the previous state is sent again.
func TestTuiosNoStaleStateAfterLateAnswer(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	shown, n := "", 0
	var wg sync.WaitGroup
	defer wg.Wait()
	defer ln.Close()
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer c.Close()
				sc := bufio.NewScanner(c)
				for sc.Scan() {
					var req struct {
						ID     json.RawMessage
						Verb   string
						Params struct{ State string }
					}
					_ = json.Unmarshal(sc.Bytes(), &req)
					if req.Verb != "set-agent-state" {
						c.Write([]byte(`{"id":` + string(req.ID) + `,"error":{"code":"unknown_verb","message":""}}` + "\n"))
						continue
					}
					mu.Lock()
					shown, n = req.Params.State, n+1
					late := n == 2
					mu.Unlock()
					if late {
						// Applied, but the answer never comes: the client
						// gives up at its deadline and drops the connection.
						_, _ = io.Copy(io.Discard, c)
						return
					}
					c.Write([]byte(`{"id":` + string(req.ID) + `,"result":{"type":"agent_state_set","applied":true}}` + "\n"))
				}
			}()
		}
	}()
	b := tuios.NewTest(tuios.TestConfig{Socket: path, Session: "main", Pane: "p1", Agent: "chat"})
	defer b.Close()
	rep := func(s host.State, d time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		defer cancel()
		return b.Report(ctx, host.Report{Kind: host.KindState, State: s})
	}
	if err := rep(host.Working, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if err := rep(host.Blocked, 50*time.Millisecond); err == nil {
		t.Fatal("want a timeout")
	}
	if err := rep(host.Working, 5*time.Second); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if shown != "working" {
		t.Errorf("tuios shows %q while the chat is working", shown)
	}
}
