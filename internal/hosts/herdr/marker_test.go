package herdr_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// On Windows herdr listens on a named pipe and writes a regular marker file
// ("<pid>:<nanos>") at HERDR_SOCKET_PATH
// (ogulcancelik/herdr@10974c82 src/ipc.rs bind_local_listener): detection takes the pane, and the reports go
// through the herdr binary, as herdr's own hooks do there. Elsewhere the
// same file is no socket, and the plain terminal carries the state.
func TestHerdrOnWindowsUsesTheBinary(t *testing.T) {
	f := newFakeBin(t)
	marker := filepath.Join(t.TempDir(), "herdr.sock")
	if err := os.WriteFile(marker, []byte("4242:1754000000000000000"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"HERDR_ENV": "1", "HERDR_SOCKET_PATH": marker, "HERDR_PANE_ID": "w1:p2", "HERDR_BIN_PATH": f.path()}
	detect := func(goos string) (herdr.Pane, *hostio.Env) {
		s := settings.Default()
		s.Getenv, s.GOOS = func(k string) string { return vars[k] }, goos
		e := &hostio.Env{S: s, OK: true}
		p, _ := herdr.Detect(e)
		return p, e
	}
	if _, e := detect("linux"); e.OK {
		t.Errorf("on linux a regular file at HERDR_SOCKET_PATH was taken as herdr's socket")
	}
	p, e := detect("windows")
	if !e.OK || !p.CLI || len(e.Problems) != 0 {
		t.Fatalf("on windows: pane %+v, problems %v; want herdr through its binary", p, e.Problems)
	}
	s := settings.Default()
	s.Source = "custom:" + s.Agent // as bridge's Config.settings makes it
	b := herdr.New(s, p)
	mustReport(t, b, state(host.Working), host.Report{Kind: host.KindExit})
	var verbs []string
	for _, argv := range f.calls() {
		verbs = append(verbs, strings.Join(argv[:3], " "))
	}
	want := []string{"pane report-agent w1:p2", "pane report-metadata w1:p2", "pane release-agent w1:p2"}
	if !slices.Equal(verbs, want) {
		t.Errorf("herdr binary ran %q, want %q", verbs, want)
	}
	if got := strings.Count(readFile(t, filepath.Join(f.dir, "socket.log")), marker+"\n"); got != len(want) {
		t.Errorf("HERDR_SOCKET_PATH passed to %d of %d calls", got, len(want))
	}
}
