// Package core is hostbridge's framework-free core: the [Machine] turns what
// a chat does into [host.Report]s with no I/O, the [Reporter] delivers them,
// and [Clean] makes hostile text safe for any host. The README's "How it
// works" walks one report through it, from the app to the host.
package core
