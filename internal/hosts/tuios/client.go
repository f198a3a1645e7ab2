package tuios

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
	"strconv"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
)

// maxReply caps a reply line. tuios's answers to the verbs a Backend sends
// are a few hundred bytes; a longer line is not an answer to them.
const maxReply = 1 << 20

// client holds the one persistent connection to the daemon. It is used
// from one goroutine at a time (the Backend's lock).
type client struct {
	path string
	dial func(ctx context.Context, path string) (net.Conn, error)
	log  *slog.Logger

	conn   net.Conn
	rd     *bufio.Reader
	nextID uint64
	dials  int
}

type wireRequest struct {
	ID     uint64 `json:"id"`
	Verb   string `json:"verb"`
	Params any    `json:"params"`
}

type wireError struct {
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Hint    json.RawMessage `json:"hint"`
}

type wireReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *wireError      `json:"error"`
}

// call sends one request and returns its result. An error tuios answered
// is a *ReplyError and keeps the connection; any other failure closes it.
// A failure on a connection kept from an earlier call, before any answer,
// is tried once more on a fresh connection: the daemon may have dropped it
// while it was idle.
func (c *client) call(ctx context.Context, verb string, params any) (json.RawMessage, error) {
	c.nextID++
	id := strconv.FormatUint(c.nextID, 10)
	line, err := json.Marshal(wireRequest{ID: c.nextID, Verb: verb, Params: params})
	if err != nil {
		return nil, fmt.Errorf("tuios: %s: encode: %w", verb, err)
	}
	line = append(line, '\n')
	kept := c.conn != nil
	res, err := c.roundTrip(ctx, verb, id, line)
	if err != nil && kept && retryable(ctx, err) {
		c.log.Debug("tuios: connection lost, dialing again", "verb", verb, "err", err)
		res, err = c.roundTrip(ctx, verb, id, line)
	}
	return res, err
}

// retryable reports whether err is a transport failure worth one more try
// on a fresh connection: not an answer, not a deadline.
func retryable(ctx context.Context, err error) bool {
	var rerr *ReplyError
	return ctx.Err() == nil && !errors.As(err, &rerr) && !errors.Is(err, ErrBadReply) &&
		!errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled)
}

func (c *client) roundTrip(ctx context.Context, verb, id string, line []byte) (json.RawMessage, error) {
	if err := c.connect(ctx); err != nil {
		return nil, fmt.Errorf("tuios: %s: %w", verb, err)
	}
	conn := c.conn
	deadline, _ := ctx.Deadline()
	if err := conn.SetDeadline(deadline); err != nil {
		c.Close()
		return nil, fmt.Errorf("tuios: %s: %w", verb, err)
	}
	// A context cancelled without a deadline still unblocks the I/O.
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	reply, err := c.exchange(line)
	if !stop() && err == nil {
		// The cancel fired as the reply came in: it may set a past deadline
		// on this connection at any moment, even during the next request.
		// The reply holds; the connection is not kept.
		c.Close()
	}
	if err != nil {
		c.Close()
		if cerr := ctx.Err(); cerr != nil {
			err = cerr
		} else if errors.Is(err, os.ErrDeadlineExceeded) {
			// The connection's deadline is the context's.
			err = fmt.Errorf("%w: %v", context.DeadlineExceeded, err)
		}
		return nil, fmt.Errorf("tuios: %s: %w", verb, err)
	}
	result, err := parseReply(verb, id, reply)
	if err != nil && !errors.Is(err, ErrRejected) {
		c.Close() // out of step with the daemon: start over on a new connection
	}
	return result, err
}

// parseReply reads the reply line to request id: its result object, or
// the daemon's error (wrapping ErrRejected), or ErrBadReply for anything
// else (not JSON, another request's id, no result).
func parseReply(verb, id string, reply []byte) (json.RawMessage, error) {
	var w wireReply
	if err := json.Unmarshal(reply, &w); err != nil {
		return nil, fmt.Errorf("tuios: %s: %w: %v", verb, ErrBadReply, err)
	}
	if string(bytes.TrimSpace(w.ID)) != id {
		return nil, fmt.Errorf("tuios: %s: %w: id %s, want %s", verb, ErrBadReply, core.Clean(string(w.ID), 40), id)
	}
	switch {
	case w.Error != nil:
		return nil, newReplyError(verb, w.Error)
	case len(w.Result) == 0 || w.Result[0] != '{':
		return nil, fmt.Errorf("tuios: %s: %w: no result", verb, ErrBadReply)
	}
	return w.Result, nil
}

func (c *client) connect(ctx context.Context) error {
	if c.conn != nil {
		return nil
	}
	conn, err := c.dial(ctx, c.path)
	if err != nil {
		return fmt.Errorf("dial %s: %w", c.path, err)
	}
	c.dials++
	c.conn, c.rd = conn, bufio.NewReaderSize(conn, 4096)
	return nil
}

// exchange writes line in one Write and reads one reply line.
func (c *client) exchange(line []byte) ([]byte, error) {
	if _, err := c.conn.Write(line); err != nil {
		return nil, fmt.Errorf("write: %w", err)
	}
	var reply []byte
	for {
		chunk, err := c.rd.ReadSlice('\n')
		reply = append(reply, chunk...)
		switch {
		case err == nil:
			return reply, nil
		case errors.Is(err, bufio.ErrBufferFull) && len(reply) < maxReply:
			continue
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, fmt.Errorf("read: %w: reply longer than %d bytes", ErrBadReply, maxReply)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("read: %w", io.ErrUnexpectedEOF)
		default:
			return nil, fmt.Errorf("read: %w", err)
		}
	}
}

// Close closes the connection, if any; the next call dials again.
func (c *client) Close() error {
	if c.conn == nil {
		return nil
	}
	err := c.conn.Close()
	c.conn, c.rd = nil, nil
	return err
}
