package hostio

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

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// maxReply bounds a reply line: the answers to reports are tiny.
const maxReply = 64 << 10

// LineClient speaks herdr's and tuios's JSON lines on a Unix socket
// ({"id","<opField>","params"}, answered {"id","result"} or {"id","error"}).
// herdr takes one request a connection; tuios's is kept, and a request
// failing on a kept one is tried once on a fresh one, as the daemon may
// have closed it while idle. Any failure but an error answer closes it.
type LineClient struct {
	Host, Path, OpField string
	Keep                bool
	Log                 *slog.Logger

	conn net.Conn
	rd   *bufio.Reader
}

// Call sends op; the result is an object (of resultType, if set).
func (c *LineClient) Call(ctx context.Context, op string, id, params any, resultType string) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // escapes every control character: one line
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]any{"id": id, c.OpField: op, "params": params}); err != nil {
		return nil, fmt.Errorf("%s: %s: encode: %w", c.Host, op, err)
	}
	wantID, _ := json.Marshal(id)
	kept := c.conn != nil
	res, err := c.roundTrip(ctx, op, b.Bytes(), wantID, resultType)
	if err != nil && kept && ctx.Err() == nil && !errors.Is(err, ErrRejected) && !errors.Is(err, ErrBadReply) {
		c.Log.Debug(c.Host+": connection lost, dialing again", "op", op, "err", err)
		res, err = c.roundTrip(ctx, op, b.Bytes(), wantID, resultType)
	}
	return res, err
}

func (c *LineClient) roundTrip(ctx context.Context, op string, line, id []byte, resultType string) (json.RawMessage, error) {
	if c.conn == nil {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "unix", c.Path)
		if err != nil {
			return nil, ioError(ctx, c.Host, op, fmt.Errorf("dial %s: %w: %w", c.Path, ErrUnavailable, err))
		}
		c.conn, c.rd = conn, bufio.NewReader(conn)
	}
	release, err := proc.Bound(ctx, c.conn.SetDeadline)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("%s: %s: %w", c.Host, op, err)
	}
	reply, err := c.exchange(line)
	release()
	if err != nil || !c.Keep {
		c.Close()
	}
	if err != nil {
		return nil, ioError(ctx, c.Host, op, err)
	}
	res, err := CheckReply(c.Host, op, id, reply, resultType)
	if err != nil && !errors.Is(err, ErrRejected) {
		c.Close() // out of step with the host: start over on a new connection
	}
	return res, err
}

// exchange writes line in one Write and reads a reply line; herdr closes
// after its reply, so there a value cut by EOF answers too.
func (c *LineClient) exchange(line []byte) ([]byte, error) {
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
		case errors.Is(err, io.EOF) && !c.Keep && len(reply) > 0:
			return reply, nil
		case errors.Is(err, io.EOF) && !c.Keep:
			return nil, fmt.Errorf("%w: connection closed without a reply", ErrBadReply)
		case errors.Is(err, io.EOF):
			return nil, fmt.Errorf("read: %w", io.ErrUnexpectedEOF)
		}
		return nil, fmt.Errorf("read: %w", err)
	}
}

func (c *LineClient) Close() error {
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

// CheckReply reads the reply to the request with JSON id id (nil: any, for
// herdr's CLI). An error counts whatever its id: herdr answers a request it
// cannot parse with id "".
func CheckReply(hostName, op string, id, line []byte, resultType string) (json.RawMessage, error) {
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
		return nil, Rejected(hostName, op, r.Error.Code, r.Error.Message)
	case id != nil && !bytes.Equal(bytes.TrimSpace(r.ID), id):
		return nil, fmt.Errorf("%s: %s: %w: reply to another request", hostName, op, ErrBadReply)
	case len(r.Result) == 0 || r.Result[0] != '{' || json.Unmarshal(r.Result, &result) != nil:
		return nil, fmt.Errorf("%s: %s: %w: no result", hostName, op, ErrBadReply)
	case resultType != "" && result.Type != resultType:
		return nil, fmt.Errorf("%s: %s: %w: result %q", hostName, op, ErrBadReply, core.Clean(result.Type, 40))
	}
	return r.Result, nil
}
