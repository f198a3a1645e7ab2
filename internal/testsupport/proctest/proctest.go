// Package proctest plays and counts the processes a test's commands start:
// a script written so that it can run at once (WriteScript), a hung
// command with children of its own, and the survivors once it was killed.
package proctest
