package herdr

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"
)

// transport delivers one request and reads herdr's answer.
type transport interface {
	do(ctx context.Context, method, id string, p params) error
}

// socketTransport speaks herdr's socket protocol: one connection per
// request, one JSON line each way. herdr reads a single line and closes, so
// a connection cannot be reused.
type socketTransport struct {
	path string
}

// request is the line written to herdr.
type request struct {
	ID     string `json:"id"`
	Method string `json:"method"`
	Params params `json:"params"`
}

// encodeRequest returns the request as one JSON line, newline included.
// encoding/json escapes every control character and replaces invalid
// UTF-8, so no value can end the line early.
func encodeRequest(method, id string, p params) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // Encode appends the '\n'
	enc.SetEscapeHTML(false)
	if err := enc.Encode(request{ID: id, Method: method, Params: p}); err != nil {
		return nil, fmt.Errorf("herdr: %s: encode: %w", method, err)
	}
	return b.Bytes(), nil
}

// aLongTimeAgo is a deadline in the past: it makes blocked I/O return now.
var aLongTimeAgo = time.Unix(1, 0)

func (s socketTransport) do(ctx context.Context, method, id string, p params) error {
	line, err := encodeRequest(method, id, p)
	if err != nil {
		return err
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", s.path)
	if err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("herdr: %s: dial: %w", method, context.Cause(ctx))
		}
		return fmt.Errorf("herdr: %s: dial %s: %w: %w", method, s.path, ErrUnavailable, err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	// A context cancelled without a deadline still unblocks the I/O.
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(aLongTimeAgo) })
	defer stop()

	if _, err := conn.Write(line); err != nil {
		return ioError(ctx, method, "write", err)
	}
	answer, err := readLine(conn)
	if err != nil {
		return ioError(ctx, method, "read", err)
	}
	return checkReply(method, id, answer)
}

// readLine reads herdr's one reply line (without its newline), at most
// maxReply bytes. herdr closes the connection after the line, so EOF after
// a complete JSON value is an answer too; EOF before anything is not.
func readLine(r io.Reader) ([]byte, error) {
	br := bufio.NewReaderSize(io.LimitReader(r, maxReply+1), 512)
	line, err := br.ReadBytes('\n')
	switch {
	case len(line) > maxReply:
		return nil, fmt.Errorf("%w: reply longer than %d bytes", ErrBadReply, maxReply)
	case err == nil:
		return bytes.TrimRight(line, "\r\n"), nil
	case errors.Is(err, io.EOF) && len(line) > 0:
		return line, nil
	case errors.Is(err, io.EOF):
		return nil, fmt.Errorf("%w: connection closed without a reply", ErrBadReply)
	}
	return nil, err
}

// ioError explains a failed write or read: the report's deadline or
// cancellation when that is what stopped it, else the I/O error itself.
func ioError(ctx context.Context, method, op string, err error) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("herdr: %s: %s: %w", method, op, context.Cause(ctx))
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The conn's deadline is the context's; it may fire first.
		return fmt.Errorf("herdr: %s: %s: %w", method, op, context.DeadlineExceeded)
	case errors.Is(err, ErrBadReply):
		return fmt.Errorf("herdr: %s: %w", method, err)
	}
	return fmt.Errorf("herdr: %s: %s: %w: %w", method, op, ErrBadReply, err)
}
