package hosts

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"slices"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// A backend's errors start with the host's name and wrap one of these or
// the context's error; with host.ErrDropped, the host never takes it.
var (
	ErrConfig      = terminal.ErrConfig
	ErrUnavailable = errors.New("unavailable") // no socket, no executable
	ErrRejected    = errors.New("rejected")    // the host answered an error: a *ReplyError
	ErrBadReply    = errors.New("bad reply")   // an answer that is not the host's
)

// ReplyError is a host's error answer, or a command line's failure.
type ReplyError struct {
	Host, Op string // "herdr", "pane.report_agent"
	Code     string // "pane_not_found", "usage", "exit status 3"
	Message  string // cleaned and bounded
}

func (e *ReplyError) Error() string {
	s := e.Host + ": " + e.Op + ": " + e.Code
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

func (e *ReplyError) Unwrap() error { return ErrRejected }

func rejected(hostName, op, code, message string) *ReplyError {
	return &ReplyError{Host: hostName, Op: op, Code: core.Clean(code, 64), Message: core.Clean(message, core.MaxMessage)}
}

func hasCode(err error, codes ...string) bool {
	var rerr *ReplyError
	return errors.As(err, &rerr) && slices.Contains(codes, rerr.Code)
}

// maxReply bounds a reply line: the answers to reports are tiny.
const maxReply = 64 << 10

// lineClient speaks herdr's and tuios's JSON lines on a Unix socket: a
// request {"id":..,"<opField>":..,"params":{..}}, a reply {"id":..,
// "result":{..}} or {"id":..,"error":{"code":..,"message":..}}. herdr takes
// one request a connection; tuios's is kept (keep), and a request that
// fails on a kept one is tried once on a fresh one, as the daemon may have
// closed it while idle. Any failure but an error answer closes it.
type lineClient struct {
	host, path, opField string
	keep                bool
	log                 *slog.Logger

	conn net.Conn
	rd   *bufio.Reader
}

// call sends op; the result is an object (of resultType, if set).
func (c *lineClient) call(ctx context.Context, op string, id, params any, resultType string) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // escapes every control character: one line
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"id": id, c.opField: op, "params": params}); err != nil {
		return nil, fmt.Errorf("%s: %s: encode: %w", c.host, op, err)
	}
	wantID, _ := json.Marshal(id)
	kept := c.conn != nil
	res, err := c.roundTrip(ctx, op, b.Bytes(), wantID, resultType)
	if err != nil && kept && ctx.Err() == nil && !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBadReply) {
		c.log.Debug(c.host+": connection lost, dialing again", "op", op, "err", err)
		res, err = c.roundTrip(ctx, op, b.Bytes(), wantID, resultType)
	}
	return res, err
}

func (c *lineClient) roundTrip(ctx context.Context, op string, line, id []byte, resultType string) (json.RawMessage, error) {
	if c.conn == nil {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "unix", c.path)
		if err != nil {
			return nil, ioError(ctx, c.host, op, fmt.Errorf("dial %s: %w: %w", c.path, ErrUnavailable, err))
		}
		c.conn, c.rd = conn, bufio.NewReader(conn)
	}
	release, err := proc.Bound(ctx, c.conn.SetDeadline)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %s: %w", c.host, op, err)
	}
	reply, err := c.exchange(line)
	release()
	if err != nil || !c.keep {
		c.Close()
	}
	if err != nil {
		return nil, ioError(ctx, c.host, op, err)
	}
	res, err := checkReply(c.host, op, id, reply, resultType)
	if err != nil && !errors.Is(err, ErrRejected) {
		c.Close() // out of step with the host: start over on a new connection
	}
	return res, err
}

// exchange writes line in one Write and reads a reply line; herdr closes
// after its reply, so there a value cut by EOF answers too.
func (c *lineClient) exchange(line []byte) ([]byte, error) {
	if _, err := c.conn.Write(line); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	var reply []byte
	for {
		chunk, err := c.rd.ReadSlice('\n')
		reply = append(reply, chunk...)
		switch {
		case len(reply) > maxReply:
			return nil, fmt.Errorf("read: %w: reply longer than %d bytes", ErrBadReply, maxReply)
		case err == nil:
			return bytes.TrimRight(reply, "\r\n"), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && !c.keep && len(reply) > 0:
			return reply, nil
		case errors.Is(err, io.EOF) && !c.keep:
			return nil, fmt.Errorf("%w: connection closed without a reply", ErrBadReply)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("read: %w", io.ErrUnexpectedEOF)
		}
		return nil, fmt.Errorf("read: %w", err)
	}
}

func (c *lineClient) Close() error {
	if c.conn == nil {
		return nil
	}
	err := c.conn.Close()
	c.conn, c.rd = nil, nil
	return err
}

// ioError says what stopped a call: the context, else the failure.
func ioError(ctx context.Context, hostName, op string, err error) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("%s: %s: %w", hostName, op, context.Cause(ctx))
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The connection's deadline is the context's; it may fire first.
		return fmt.Errorf("%s: %s: %w (%w)", hostName, op, err, context.DeadlineExceeded)
	}
	return fmt.Errorf("%s: %s: %w", hostName, op, err)
}

// checkReply reads the reply to the request whose id is the JSON text id
// (nil: any, for herdr's CLI). An error is taken whatever its id: herdr
// answers a request it cannot parse with id "".
func checkReply(hostName, op string, id, line []byte, resultType string) (json.RawMessage, error) {
	var r struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("%s: %s: %w: %v", hostName, op, ErrBadReply, err)
	}
	var result struct{ Type string }
	switch {
	case r.Error != nil && r.Error.Code != "":
		return nil, rejected(hostName, op, r.Error.Code, r.Error.Message)
	case id != nil && !bytes.Equal(bytes.TrimSpace(r.ID), id):
		return nil, fmt.Errorf("%s: %s: %w: reply to another request", hostName, op, ErrBadReply)
	case len(r.Result) == 0 || r.Result[0] != '{' || json.Unmarshal(r.Result, &result) != nil:
		return nil, fmt.Errorf("%s: %s: %w: no result", hostName, op, ErrBadReply)
	case resultType != "" && result.Type != resultType:
		return nil, fmt.Errorf("%s: %s: %w: result %q", hostName, op, ErrBadReply, core.Clean(result.Type, 40))
	}
	return r.Result, nil
}

// refusals are what a host refused as unknown (a method, a verb, a part
// of one): an older build would refuse it again, so it is not sent again,
// the reports needing it are dropped, and one debug line says so.
type refusals struct {
	host string
	log  *slog.Logger
	set  map[string]bool
}

func (r *refusals) before(features ...string) error {
	for _, f := range features {
		if r.set[f] {
			return fmt.Errorf("%s: %s: not sent, this %s refused it: %w", r.host, f, r.host, host.ErrDropped)
		}
	}
	return nil
}

func (r *refusals) note(f string, err error) error {
	if r.set == nil {
		r.set = map[string]bool{}
	}
	r.set[f] = true
	r.log.Debug(r.host+": this "+r.host+" lacks a feature; not sending it again", "feature", f, "err", err)
	return fmt.Errorf("%w: %w", err, host.ErrDropped)
}

// ignoreDropped: a host lacking what goes with a report changes nothing.
func ignoreDropped(err error) error {
	if errors.Is(err, host.ErrDropped) {
		return nil
	}
	return err
}

// token is a name a host holds for the chat (herdr's sidebar tokens,
// tuios's rail facts); a nil value removes it.
type token struct {
	name  string
	value *string
}

// tokens encodes as a JSON object in its own order: tuios shows a rail's
// keys in the order they first came.
type tokens []token

func (ts tokens) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(t.name)
		v, err := json.Marshal(t.value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

const maxTokensPerCall = 16 // herdr's and tuios's cap

// wantTokens adds facts to have, named by key ("" leaves one out), values
// capped at maxValue runes, the first of a name kept, at most limit (0s:
// no cap).
func wantTokens(have tokens, facts []host.Fact, key func(string) string, maxValue, limit int) tokens {
	for _, f := range facts {
		name, value := key(f.Name), f.Value
		if maxValue > 0 {
			value = core.Clean(value, maxValue)
		}
		if name == "" || value == "" || slices.ContainsFunc(have, func(t token) bool { return t.name == name }) {
			continue
		}
		if limit > 0 && len(have) == limit {
			break
		}
		have = append(have, token{name, &value})
	}
	return have
}

// tokenChanges turns held into want: new and changed ones in want's order,
// then the ones gone, by name; with all (a Repeat), every one wanted.
func tokenChanges(held map[string]string, want tokens, all bool) tokens {
	var out tokens
	for _, t := range want {
		if old, ok := held[t.name]; all || !ok || old != *t.value {
			out = append(out, t)
		}
	}
	var gone []string
	for name := range held {
		if !slices.ContainsFunc(want, func(t token) bool { return t.name == name }) {
			gone = append(gone, name)
		}
	}
	slices.Sort(gone)
	for _, name := range gone {
		out = append(out, token{name: name})
	}
	return out
}

// syncTokens brings held in line with want (with all, every wanted one):
// it sends the changes (tokenChanges) in chunks, recording in held what
// the host took, so a retry sends the rest.
func syncTokens(held map[string]string, want tokens, all bool, send func(tokens) error) error {
	for chunk := range slices.Chunk(tokenChanges(held, want, all), maxTokensPerCall) {
		if err := send(chunk); err != nil {
			return err
		}
		for _, t := range chunk {
			if t.value == nil {
				delete(held, t.name)
			} else {
				held[t.name] = *t.value
			}
		}
	}
	return nil
}

func orDiscard(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}

func validAgent(agent string) bool {
	return agent != "" && core.Clean(agent, maxAgent) == agent
}

// sanitize replaces each rune of s that keep refuses with '_' and cuts the
// result to max bytes: names a host takes, from the app's.
func sanitize(s string, keep func(rune) bool, max int) string {
	b := make([]byte, 0, min(len(s), max))
	for _, r := range s {
		if len(b) == max {
			break
		}
		if r < utf8.RuneSelf && keep(r) {
			b = append(b, byte(r))
		} else {
			b = append(b, '_')
		}
	}
	return string(b)
}

// validName reports whether s is a name a host takes as it is: 1 to max
// bytes, every rune ASCII and kept by keep. It is sanitize's check without
// its copy, and without its '_': a '_' passes only when keep takes it.
func validName(s string, keep func(rune) bool, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for _, r := range s {
		if r >= utf8.RuneSelf || !keep(r) {
			return false
		}
	}
	return true
}

func alnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' }
