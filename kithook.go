package hostbridge

import "github.com/hostbridge/hostbridge/internal/kithook"

// The test kit (package teatest) needs every report delivered; no app
// should, so the option has no exported name.
func init() {
	kithook.EveryReport = Option(func(c *config) { c.everyReport = true })
}
