//go:build race

package main

// raceEnabled says the tests run with -race: the end-to-end tests then
// build the chat with it too.
const raceEnabled = true
