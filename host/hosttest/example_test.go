package hosttest_test

import (
	"bufio"
	"fmt"
	"net"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host/hosttest"
)

// exampleT stands in for the *testing.T a test passes: an Example has none.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                      {}
func (*exampleT) Name() string                 { return "Example" }
func (e *exampleT) Cleanup(f func())           { e.cleanups = append(e.cleanups, f) }
func (*exampleT) Errorf(f string, args ...any) { fmt.Printf("error: "+f+"\n", args...) }
func (*exampleT) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }
func (e *exampleT) done() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
	}
}

func ExampleTerminal() {
	var term hosttest.Terminal // what a terminal would receive
	fmt.Fprint(&term, "\x1b[2K> hello\r\n", ansi.SetIndeterminateProgressBar)
	fmt.Fprint(&term, ansi.TmuxPassthrough(ansi.Notify("needs you")))
	fmt.Fprint(&term, ansi.ScreenPassthrough(ansi.ResetProgressBar, 768))
	for _, line := range term.Transcript() {
		fmt.Println(line)
	}
	// Output:
	// terminal progress 3
	// terminal ping "needs you" via tmux
	// terminal progress 0 via screen
}

func ExampleNewHerdr() {
	t := &exampleT{} // in a test: the test's t
	defer t.done()
	h := hosttest.NewHerdr(t, hosttest.WithEnv("HERDR_PANE_ID", "w1:p1"))

	// What a program in the pane does: one request per connection.
	c, err := net.Dial("unix", h.Env()["HERDR_SOCKET_PATH"])
	if err != nil {
		panic(err)
	}
	defer c.Close()
	fmt.Fprintln(c, `{"id":"1","method":"pane.report_agent","params":{"pane_id":"w1:p1","source":"chat","agent":"chat","state":"working","seq":1}}`)
	reply, _ := bufio.NewReader(c).ReadString('\n')

	fmt.Print(reply)
	fmt.Println(h.Transcript())
	fmt.Println(h.Pane().State)
	// Output:
	// {"id":"1","result":{"type":"ok"}}
	// [herdr pane.report_agent working]
	// working
}
