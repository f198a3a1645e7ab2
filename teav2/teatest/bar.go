package teatest

import (
	"github.com/hostbridge/hostbridge/internal/bridge"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// backendDrawsBar makes hostbridge's terminal backend write the bar, one
// write per state, instead of handing it to v2's renderer (see the package
// doc): the wrapper then leaves View.ProgressBar to the app.
func backendDrawsBar() hostbridge.Option { return bridge.WithBarByBackend() }
