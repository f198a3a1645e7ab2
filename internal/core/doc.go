// Package core is hostbridge's framework-free core: the Machine turns what
// a chat does into host.Reports with no I/O, the Reporter delivers them,
// and Clean makes hostile text safe for any host.
package core
