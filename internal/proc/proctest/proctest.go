// Package proctest counts the processes a test's commands leave behind: a
// hung command with children of its own, and the survivors once it was
// killed.
package proctest
