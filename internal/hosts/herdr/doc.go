// Package herdr is herdr's room: its detection (HERDR_* into a [Pane]), its
// backend over herdr's socket API or, on Windows, its binary (herdr 0.8,
// protocol 20), and the facts both follow (FACTS.md). A tuios pane that
// speaks herdr's API uses this backend too: room tuios says when.
package herdr
