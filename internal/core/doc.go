// Package core is hostbridge's framework-free core: the [Machine] turns what
// a chat does into [host.Report]s with no I/O, the [Reporter] delivers them,
// and [Clean] makes hostile text safe for any host. MAINTAINING.md walks one
// report through it, from the app to the host, and maps its goroutines.
package core
