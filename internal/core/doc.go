// Package core is hostbridge's framework-free core: the Machine turns what
// a chat does into host.Reports with no I/O, and the Reporter delivers
// them, one worker goroutine per backend, deciding what each host was
// already shown; Clean makes hostile text safe for any host.
package core
