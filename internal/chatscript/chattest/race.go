//go:build race

package chattest

// raceEnabled says the tests run with -race: the chat is then built with
// it too.
const raceEnabled = true
