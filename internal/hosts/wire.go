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

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// Errors from the host backends are prefixed with the host's name and wrap
// one of these, or the context's error; an error wrapping host.ErrDropped
// is a report the host cannot take and never will.
var (
	ErrConfig      = errors.New("bad config")
	ErrUnavailable = errors.New("unavailable") // no socket, no executable
	ErrRejected    = errors.New("rejected")    // the host answered an error: a *ReplyError
	ErrBadReply    = errors.New("bad reply")   // an answer that is not the host's
)

// ReplyError is a host's error answer: herdr's and tuios's error replies,
// a command line's non-zero exit.
type ReplyError struct {
	Host, Op string // "herdr", "pane.report_agent"
	Code     string // the host's code ("pane_not_found"), "usage", "exit status 3"
	Message  string // cleaned and bounded
}

func (e *ReplyError) Error() string {
	s := e.Host + ": " + e.Op + ": " + e.Code
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// Unwrap makes the error match ErrRejected.
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

// lineClient speaks JSON lines over a Unix socket, herdr's and tuios's
// protocol: one request line {"id":..,"<op field>":..,"params":{..}}, one
// reply line {"id":..,"result":{..}} or {"id":..,"error":{"code":..,
// "message":..}}. herdr answers one request per connection and closes;
// tuios keeps one connection open (keep), and a request that fails on a
// connection kept from an earlier one is tried once more on a fresh one
// (the daemon may have closed it while idle). Every call is bound by its
// context; any failure but an error answer closes the connection.
type lineClient struct {
	host, path, opField string
	keep                bool
	dial                func(ctx context.Context, path string) (net.Conn, error)
	log                 *slog.Logger

	conn net.Conn
	rd   *bufio.Reader
}

// call sends op and returns the reply's result. id is the request's id;
// resultType, if set, is the result's "type" the host answers with.
func (c *lineClient) call(ctx context.Context, op string, id any, params any, resultType string) (json.RawMessage, error) {
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
		conn, err := c.dial(ctx, c.path)
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
	if err != nil {
		c.Close()
		return nil, ioError(ctx, c.host, op, err)
	}
	if !c.keep {
		c.Close()
	}
	res, err := checkReply(c.host, op, id, reply, resultType)
	if err != nil && !errors.Is(err, ErrRejected) {
		c.Close() // out of step with the host: start over on a new connection
	}
	return res, err
}

// exchange writes line in one Write and reads one reply line, without its
// newline. A host that closes after a whole line without its newline
// (herdr does, after its one reply) has answered too.
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

// Close closes the connection, if any; the next call dials again.
func (c *lineClient) Close() error {
	if c.conn == nil {
		return nil
	}
	err := c.conn.Close()
	c.conn, c.rd = nil, nil
	return err
}

// ioError says what stopped a call: the report's deadline or
// cancellation, else the failure itself.
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

// checkReply reads the reply line to the request whose id is the JSON text
// id (nil: any id, for herdr's CLI): its result, which must be an object
// (of resultType, if set), or the host's error answer. An error answer is
// taken whatever its id: herdr answers a request it cannot parse with id "".
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

// refusals are the features (a method, a verb, a part of a method) a host
// refused as unknown: an older build that lacks them would refuse them
// again, so they are not sent again for the run; the reports that need
// them are dropped, and one debug line says so.
type refusals struct {
	host string
	log  *slog.Logger
	set  map[string]bool
}

// before returns the error for a feature refused before, else nil.
func (r *refusals) before(features ...string) error {
	for _, f := range features {
		if r.set[f] {
			return fmt.Errorf("%s: %s: not sent, this %s refused it: %w", r.host, f, r.host, host.ErrDropped)
		}
	}
	return nil
}

// note remembers that the host refused feature f with err.
func (r *refusals) note(f string, err error) error {
	if r.set == nil {
		r.set = map[string]bool{}
	}
	r.set[f] = true
	r.log.Debug(r.host+": this "+r.host+" lacks a feature; not sending it again", "feature", f, "err", err)
	return fmt.Errorf("%w: %w", err, host.ErrDropped)
}

// ignoreDropped is the outcome of a request that goes with a report but
// is not what the report is about: a host that lacks it changes nothing.
func ignoreDropped(err error) error {
	if errors.Is(err, host.ErrDropped) {
		return nil
	}
	return err
}

// token is one name-value pair a host holds for the chat (herdr's sidebar
// tokens, tuios's rail facts); a nil value removes it.
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

// maxTokensPerCall is how many tokens herdr and tuios take in one request.
const maxTokensPerCall = 16

// wantTokens turns facts into the tokens a host takes: named by key ("" to
// leave a fact out), values capped at maxValue runes (0: no cap), the
// first of two facts with one name kept, at most limit (0: no limit).
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

// tokenChanges is what turns the tokens a host holds into want: new and
// changed ones in want's order, then the ones that went, by name. With
// all, every wanted token is sent (a Repeat: the host may have lost them).
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

// syncTokens sends changes in requests of at most maxTokensPerCall and
// records in held each one the host took, so a retry sends only the rest.
func syncTokens(held map[string]string, changes tokens, send func(tokens) error) error {
	for chunk := range slices.Chunk(changes, maxTokensPerCall) {
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

// validAgent reports whether the agent name is a short plain name.
func validAgent(agent string, max int) bool {
	return agent != "" && core.Clean(agent, max) == agent
}

func dialUnix(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "unix", path)
}
