package tuios_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// fakeConfig is the Config of a chat in the fake's pane, read from the
// pane's environment.
func fakeConfig(f *fakehost.Tuios) tuios.TestConfig {
	env := f.Env()
	return tuios.TestConfig{Socket: env["TUIOS_SOCKET"], Session: env["TUIOS_SESSION"], Pane: env["TUIOS_PANE_ID"], Agent: "chat"}
}

// newTestBackend returns a Backend for the fake's pane, closed at cleanup.
func newTuiosBackend(t *testing.T, f *fakehost.Tuios, edit ...func(*tuios.TestConfig)) *tuios.Backend {
	t.Helper()
	cfg := fakeConfig(f)
	for _, e := range edit {
		e(&cfg)
	}
	b := tuios.NewTest(cfg)
	t.Cleanup(func() { b.Close() })
	return b
}

// transcriptFrom returns the fake's transcript from line n on.
func transcriptFrom(f *fakehost.Tuios, n int) []string {
	tr := f.Transcript()
	if n > len(tr) {
		return nil
	}
	return tr[n:]
}
