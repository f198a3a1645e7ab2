package kitcore

import (
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/settings"
)

type bridgeOptions []bridge.Option

// WithBridgeOptions is both kits' WithBridgeOptions: the app's own
// hostbridge options, passed to Wrap after the kit's.
func WithBridgeOptions(opts []bridge.Option) hosttest.Option {
	return hosttest.KitOption(bridgeOptions(opts))
}

// BridgeOptions are the options a kit makes its bridge with: the agent
// name "chat" (not the test binary's, so a golden is the same from any
// package), the rig's environment and terminal, no signal handler, and
// every report and ping going out; then the kit's own, then the app's
// (WithBridgeOptions).
func BridgeOptions(rig *hosttest.Rig, own ...bridge.Option) []bridge.Option {
	env := rig.Env
	opts := []bridge.Option{func(c *bridge.Config) {
		c.Agent = "chat"
		c.Env = func(name string) string { return env[name] }
		c.Output = rig.Terminal
		c.NoSignalHandler = true
		// A slow fake on a loaded machine must not fail a report and
		// retry it: transcripts would differ between runs.
		c.Timeout = min(rig.Timeout, time.Minute)
		c.ExitTimeout = min(rig.Timeout, time.Minute)
	}, kitOption(false)}
	opts = append(opts, own...)
	for _, v := range rig.Kit {
		if o, ok := v.(bridgeOptions); ok {
			opts = append(opts, o...)
		}
	}
	return opts
}

// BarByBackend is the option for a kit whose framework's renderer could
// draw the bar (Bubble Tea v2): the terminal backend keeps it, so the bar
// is in the kit's terminal transcript as under v1.
var BarByBackend = kitOption(true)

// kitOption is the kits' settings, which no frontend option reaches
// (settings.Kit): every report reaches every host, none coalesced while a
// host is busy, and every ping goes, none rate-limited, so a transcript
// depends on the app's messages alone.
func kitOption(barByBackend bool) bridge.Option {
	return settings.KitOption(func(k *settings.Kit) {
		k.EveryReport, k.PingInterval = true, -1
		k.BarByBackend = k.BarByBackend || barByBackend
	}).(bridge.Option)
}
