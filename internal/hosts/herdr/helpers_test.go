package herdr_test

import (
	"os"
	"testing"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/internal/testsupport/reporttest"
)

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) != "" {
		os.Exit(runChild())
	}
	goleak.VerifyTestMain(m)
}

// The reports the tests hand the backend directly, the same in every
// room (internal/testsupport/reporttest).
var (
	state      = reporttest.State
	stateMsg   = reporttest.StateMsg
	tryReport  = reporttest.TryReport
	report     = reporttest.Report
	mustReport = reporttest.MustReport
)
