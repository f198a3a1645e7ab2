package host

import "strconv"

// State is what the chat is doing, as every host is told it.
type State uint8

const (
	Unknown State = iota // before the chat reported anything
	Idle                 // your move: ready for input
	Working              // a turn runs
	Blocked              // the model needs you: an approval or a question
	Failed               // the last turn failed
)

var stateNames = [...]string{"unknown", "idle", "working", "blocked", "failed"}

func (s State) String() string { return name(stateNames[:], s, "State") }

// name is the String of a typed constant.
func name[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}
