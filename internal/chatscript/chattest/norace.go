//go:build !race

package chattest

const raceEnabled = false
