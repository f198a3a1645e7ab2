package hosts

// Kind names a host hostbridge knows.
type Kind uint8

const (
	// Terminal is the plain terminal: always there, behind every other host.
	Terminal Kind = iota
	// Herdr is a herdr pane (HERDR_ENV=1, HERDR_PANE_ID, HERDR_SOCKET_PATH).
	Herdr
	// Tuios is a tuios daemon pane (TUIOS_ENV=1, TUIOS_SOCKET, ...).
	Tuios
	// Cmux is a cmux surface (CMUX_SURFACE_ID and cmux on PATH).
	Cmux
)

var kindNames = [...]string{"terminal", "herdr", "tuios", "cmux"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}
