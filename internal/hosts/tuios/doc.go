// Package tuios is tuios's room: its detection (TUIOS_* into a [Pane]), its
// backend on the daemon's socket (states, rail facts, sub-agents), and the
// facts they follow (FACTS.md). A tuios pane with herdr's variables speaks
// herdr's API: the registry then gives the states to room herdr's backend
// and this one keeps the rest (Pane.HerdrAPI).
package tuios
