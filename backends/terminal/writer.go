package terminal

import (
	"context"
	"io"
	"os"
	"sync"
)

// Writer is a terminal file whose writes are serialised: give it to
// tea.WithOutput and to Config.Output, and every frame and every escape
// sequence goes out whole, one after the other. It embeds the *os.File so
// Bubble Tea still sees a terminal (Fd, Read, Close, and with them
// window-size events); a writer that hid Fd would lose them.
//
// Go already serialises Write calls on one *os.File; the lock also covers
// WriteString and ReadFrom, and the backend's write deadline, which would
// otherwise apply to Bubble Tea's writes too.
type Writer struct {
	*os.File
	mu sync.Mutex
}

// NewWriter wraps f.
func NewWriter(f *os.File) *Writer { return &Writer{File: f} }

// Write writes p in one call to the file, alone.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.File.Write(p)
}

// WriteString writes s like Write.
func (w *Writer) WriteString(s string) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.File.WriteString(s)
}

// ReadFrom copies r to the file, alone: no other write lands in between.
func (w *Writer) ReadFrom(r io.Reader) (int64, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return io.Copy(fileOnly{w.File}, r)
}

// fileOnly hides *os.File's ReadFrom so io.Copy does not recurse.
type fileOnly struct{ io.Writer }

// writeContext writes p under ctx's deadline (see writeBounded), holding
// the lock for the whole exchange.
func (w *Writer) writeContext(ctx context.Context, p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return writeBounded(ctx, w.File, w.File, p)
}
