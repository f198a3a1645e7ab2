// Package kitcore is what the test kits for Bubble Tea v1 (teatest) and
// v2 (teav2/teatest) share besides the Cmd tracker (internal/cmdtrack):
// the queue that hands the test's messages to the program without
// blocking the test, and the conditions WaitModel waits on. Both are
// generic over the version's Msg and Model types.
package kitcore
