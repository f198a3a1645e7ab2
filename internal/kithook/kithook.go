// Package kithook lets package teatest switch on, in package hostbridge,
// what only a test kit needs, without a public name an app could reach.
package kithook

// EveryReport is a hostbridge.Option (held as any: this package cannot
// import hostbridge) that makes every report reach every host, none
// coalesced or refreshed (host.ReporterOptions.EveryReport), so that a
// kit's transcript depends on the app's messages alone. Package
// hostbridge sets it at init.
var EveryReport any
