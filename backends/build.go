package backends

import (
	"io"
	"log/slog"

	"github.com/hostbridge/hostbridge/host"
)

// Config is what Build needs from the app, beside the detection.
type Config struct {
	Agent          string
	Source         string
	Output         io.Writer
	NoPing         bool
	Off            bool
	BlockedMessage bool
	SessionInAll   bool
	Metadata       bool
	Logger         *slog.Logger
}

// Channel says which host carries what, for diagnostics.
type Channel struct {
	Host    string
	Carries string
	Via     string
}

// Build makes the backends for a detection: the detected host's, then the
// plain terminal behind it.
func Build(d Detection, c Config) ([]host.Backend, []Channel) {
	return nil, nil
}
