package host

// State is what the chat is doing, as every host is told it.
type State uint8

const (
	// Unknown is the state before the chat has reported anything.
	Unknown State = iota
	// Idle is "your move": the chat is ready for input.
	Idle
	// Working means a turn is running.
	Working
	// Blocked means the model needs you: an approval or a question.
	Blocked
	// Failed means the last turn failed.
	Failed
)

var stateNames = [...]string{"unknown", "idle", "working", "blocked", "failed"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return "State(" + itoa(int(s)) + ")"
}

// itoa avoids strconv in String methods that are otherwise dependency-free.
func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}
