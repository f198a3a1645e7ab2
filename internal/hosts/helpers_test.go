package hosts_test

import (
	"runtime"
	"testing"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/host"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func state(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

func needSh(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a sh script")
	}
}
