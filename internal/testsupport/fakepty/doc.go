// Package fakepty lets a test play the terminal on a real pseudo-terminal:
// open one, then answer what the code under test asks the terminal.
package fakepty
