package teatest

import (
	hostbridge "github.com/hostbridge/hostbridge/teav2"

	"github.com/hostbridge/hostbridge/internal/bridge"
)

// backendDrawsBar makes hostbridge's terminal backend write the bar, one
// write per state, instead of leaving it to v2's renderer (see the package
// doc). TODO(12b): 12a's option.
func backendDrawsBar() hostbridge.Option { return bridge.WithProgress(true) }
