package settings

import "time"

// Kit is what only the test kits set: no frontend option reaches it, so
// it is not in bridge.Config's public fields. A kit gets a bridge.Option
// for it from KitOption (teatest/kitcore wraps that for both kits).
type Kit struct {
	EveryReport  bool          // Settings.EveryReport
	BarByBackend bool          // Settings.BarByBackend
	PingInterval time.Duration // Settings.PingInterval; 0: the default, negative: no limit
}

// KitOption returns a bridge.Option (as any: this package cannot name
// bridge's types) that applies edit to the Bridge's Kit. Package bridge
// sets it at init.
var KitOption func(edit func(*Kit)) any
