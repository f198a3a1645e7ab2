// Package cmux is cmux's room: its detection (CMUX_* and the cmux on PATH
// into a [Surface]), its backend (a status row and the workspace loader by
// cmux's CLI), the [Handoff] by which the plain terminal takes the state
// when a cmux refuses rows, and the facts they follow (FACTS.md).
package cmux
