// Package host is the contract for a host that shows what a chat does:
// implement Backend (and, where it applies, Closer, Refresher or Drawer)
// and pass it to hostbridge.WithBackends; hosttest checks it. Reports
// carry typed States and Kinds, text already cleaned and bounded.
package host
