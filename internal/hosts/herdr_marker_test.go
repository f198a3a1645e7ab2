package hosts_test

import (
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts"
)

// On Windows herdr listens on a named pipe and writes a regular marker file
// ("<pid>:<nanos>") at HERDR_SOCKET_PATH (herdr v0.8.2 src/ipc.rs
// bind_local_listener): detection takes the pane, and the reports go
// through the herdr binary, as herdr's own hooks do there. Elsewhere the
// same file is no socket, and the plain terminal carries the state.
func TestHerdrOnWindowsUsesTheBinary(t *testing.T) {
	f := newFakeBin(t)
	marker := filepath.Join(t.TempDir(), "herdr.sock")
	if err := os.WriteFile(marker, []byte("4242:1754000000000000000"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"HERDR_ENV": "1", "HERDR_SOCKET_PATH": marker, "HERDR_PANE_ID": "w1:p2", "HERDR_BIN_PATH": f.path()}
	env := func(k string) string { return vars[k] }

	if d := hosts.DetectWith(env, hosts.Rules{GOOS: "linux"}); d.Host.Kind != hosts.Terminal {
		t.Errorf("on linux a regular file at HERDR_SOCKET_PATH gave host %s", d.Host.Kind)
	}
	d := hosts.DetectWith(env, hosts.Rules{GOOS: "windows"})
	if d.Host.Kind != hosts.Herdr || !d.Host.HerdrCLI || len(d.Problems) != 0 {
		t.Fatalf("on windows: host %s, CLI %v, problems %v; want herdr through its binary", d.Host.Kind, d.Host.HerdrCLI, d.Problems)
	}
	list, chans := hosts.Build(d, hosts.Config{Agent: "chat", Output: io.Discard}.S())
	if len(list) != 1 || list[0].Name() != "herdr" {
		t.Fatalf("backends %v, channels %v; want herdr alone", list, chans)
	}
	mustReport(t, list[0], state(host.Working), host.Report{Kind: host.KindExit})
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
