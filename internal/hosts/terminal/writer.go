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
	once sync.Once
	sem  chan struct{} // a lock the backend can stop waiting for
}

// NewWriter wraps f.
func NewWriter(f *os.File) *Writer { return &Writer{File: f} }

func (w *Writer) lock() {
	w.once.Do(func() { w.sem = make(chan struct{}, 1) })
	w.sem <- struct{}{}
}

func (w *Writer) unlock() { <-w.sem }

// Write writes p in one call to the file, alone.
func (w *Writer) Write(p []byte) (int, error) {
	w.lock()
	defer w.unlock()
	return w.File.Write(p)
}

// WriteString writes s like Write.
func (w *Writer) WriteString(s string) (int, error) {
	w.lock()
	defer w.unlock()
	return w.File.WriteString(s)
}

// ReadFrom copies r to the file, alone: no other write lands in between.
func (w *Writer) ReadFrom(r io.Reader) (int64, error) {
	w.lock()
	defer w.unlock()
	return io.Copy(fileOnly{w.File}, r)
}

// fileOnly hides *os.File's ReadFrom so io.Copy does not recurse.
type fileOnly struct{ io.Writer }

// writeContext writes p under ctx's deadline (see writeBounded), holding
// the lock for the whole exchange. Waiting for the lock is bounded too: a
// frame stuck in Write on a terminal that stopped reading holds it.
func (w *Writer) writeContext(ctx context.Context, p []byte) (int, error) {
	w.once.Do(func() { w.sem = make(chan struct{}, 1) })
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	defer w.unlock()
	return writeBounded(ctx, w.File, w.File, p)
}
