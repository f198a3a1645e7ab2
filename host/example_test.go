package host_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
)

// A Backend from a function: a status line that prints each state the chat
// reports, and returns nil for the kinds it has no use for (pings, exit).
func ExampleFunc() {
	status := host.Func("statusline", func(_ context.Context, r host.Report) error {
		if r.Kind == host.KindState {
			fmt.Println(strings.TrimSpace("status: " + r.State.String() + " " + r.Message))
		}
		return nil
	})
	b, err := hostbridge.New(hostbridge.WithBackends(status), hostbridge.WithSignalHandler(false))
	if err != nil {
		panic(err)
	}
	// A host slower than the chat gets the latest state, not every one:
	// flushing after each message shows every report.
	for _, msg := range []any{
		hostbridge.TurnStarted{},
		hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"},
		hostbridge.Idle{Reply: "Pushed."},
	} {
		b.Send(msg)
		_ = b.Flush(context.Background())
	}
	_ = b.Close()
	// Output:
	// status: working
	// status: blocked approve shell: git push
	// status: idle
}

// A Recorder keeps every report it takes, a test's stand-in for a host;
// Stats counts what each backend was sent.
func ExampleRecorder() {
	rec := &host.Recorder{}
	b, err := hostbridge.New(hostbridge.WithBackends(rec), hostbridge.WithNotify(false),
		hostbridge.WithSignalHandler(false))
	if err != nil {
		panic(err)
	}
	b.Send(hostbridge.TurnStarted{})
	_ = b.Flush(context.Background())
	b.Send(hostbridge.TurnFailed{Headline: "Error: rate limited"})
	_ = b.Close()
	for _, r := range rec.Reports() {
		fmt.Println(strings.TrimSpace(fmt.Sprint(r.Kind, " ", r.State, " ", r.Message)))
	}
	st := b.Stats()[0]
	fmt.Println(st.Backend, st.Sent, st.Failed, st.Dropped)
	// Output:
	// state working
	// state failed Error: rate limited
	// exit failed
	// recorder 3 0 0
}

// lineHost is a custom host as a type: it writes a line per state to a
// connection it holds, so it is a Closer too, closed after the last
// report. Report returns once ctx is done, as Backend asks, because the
// write's deadline is the context's.
type lineHost struct{ conn net.Conn }

func (lineHost) Name() string { return "lines" }

func (h lineHost) Report(ctx context.Context, r host.Report) error {
	if r.Kind != host.KindState && r.Kind != host.KindExit {
		return nil
	}
	if d, ok := ctx.Deadline(); ok {
		_ = h.conn.SetWriteDeadline(d)
	}
	_, err := fmt.Fprintln(h.conn, r.Kind, r.State)
	return err
}

func (h lineHost) Close() error { return h.conn.Close() }

var _ host.Closer = lineHost{}

// A Backend that holds a connection to its host: the host reads a line a
// report until the bridge closes the backend, after the exit.
func ExampleBackend() {
	hostSide, chatSide := net.Pipe()
	done := make(chan struct{})
	go func() { // the host
		defer close(done)
		lines := bufio.NewScanner(hostSide)
		for lines.Scan() {
			fmt.Println("host got:", lines.Text())
		}
		fmt.Println("host: the chat hung up")
	}()

	b, err := hostbridge.New(hostbridge.WithBackends(lineHost{chatSide}), hostbridge.WithNotify(false),
		hostbridge.WithSignalHandler(false))
	if err != nil {
		panic(err)
	}
	b.Send(hostbridge.TurnStarted{})
	_ = b.Flush(context.Background())
	b.Send(hostbridge.Idle{Reply: "Done."})
	_ = b.Close()
	<-done
	// Output:
	// host got: state working
	// host got: state idle
	// host got: exit idle
	// host: the chat hung up
}
