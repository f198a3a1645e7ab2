package herdr

import (
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Transport is how requests reach herdr.
type Transport uint8

const (
	// TransportAuto is the Unix socket, or the herdr binary on Windows
	// (where herdr listens on a named pipe).
	TransportAuto Transport = iota
	// TransportSocket writes JSON lines to Config.SocketPath.
	TransportSocket
	// TransportCLI runs the herdr binary once per request.
	TransportCLI
)

var transportNames = [...]string{"auto", "socket", "cli"}

func (t Transport) String() string {
	if int(t) < len(transportNames) {
		return transportNames[t]
	}
	return fmt.Sprintf("Transport(%d)", uint8(t))
}

// Limits herdr puts on what it is sent.
const (
	// MaxSource is the longest source herdr takes.
	MaxSource = 80
	// MaxAgent caps the agent name: it is a short label in a sidebar.
	MaxAgent = 64
	// maxPaneID caps the pane id, an opaque string like "w1:p2".
	maxPaneID = 256
)

// Config says where the pane is and how the chat shows in it. The zero
// value of every field but Agent, PaneID and (for the socket) SocketPath is
// a sensible default.
type Config struct {
	// SocketPath is herdr's API socket (HERDR_SOCKET_PATH). Required for
	// the socket transport; passed to the binary as HERDR_SOCKET_PATH.
	SocketPath string
	// PaneID is the pane the chat runs in (HERDR_PANE_ID). Required.
	PaneID string
	// Agent is the name herdr shows for the chat. Required.
	Agent string
	// Source identifies the reporter to herdr, which orders reports per
	// source and pane. 1–80 of [A-Za-z0-9:._-]; default "custom:<agent>"
	// (herdr's convention for third-party reporters).
	Source string
	// Transport picks the socket or the binary (default: TransportAuto).
	Transport Transport
	// BinPath is the herdr binary (HERDR_BIN_PATH) for the CLI transport;
	// empty means "herdr" looked up on PATH when a report is made.
	BinPath string
	// BlockedMessage sends what a blocked chat waits on as the report's
	// message. Off by default: the pane already shows the request.
	BlockedMessage bool
	// SessionInReports attaches the session id and directory to every
	// state report, not only to session reports.
	SessionInReports bool
	// Metadata sends the chat's facts (model, context, cost) as metadata
	// tokens, and the session's resume command as the token "resume",
	// since a state report has no field for a command.
	Metadata bool
	// Now is the clock seq values are taken from (default time.Now).
	Now func() time.Time
	// Logger receives a debug line per request (default: none).
	Logger *slog.Logger
}

// check validates c and fills in its defaults.
func (c Config) check() (Config, error) {
	if c.Agent == "" {
		return c, fmt.Errorf("herdr: agent name is required")
	}
	if core.Clean(c.Agent, 0) != c.Agent || utf8.RuneCountInString(c.Agent) > MaxAgent {
		return c, fmt.Errorf("herdr: agent name %q: want 1-%d printable characters on one line", c.Agent, MaxAgent)
	}
	if c.PaneID == "" {
		return c, fmt.Errorf("herdr: pane id is required (HERDR_PANE_ID)")
	}
	if core.Clean(c.PaneID, 0) != c.PaneID || len(c.PaneID) > maxPaneID {
		return c, fmt.Errorf("herdr: pane id %q: want printable text on one line", c.PaneID)
	}
	if c.Source == "" {
		c.Source = DefaultSource(c.Agent)
	} else if !validSource(c.Source) {
		return c, fmt.Errorf("herdr: source %q: want 1-%d of [A-Za-z0-9:._-]", c.Source, MaxSource)
	}
	switch c.Transport {
	case TransportAuto:
		c.Transport = TransportSocket
		if runtime.GOOS == "windows" {
			c.Transport = TransportCLI
		}
	case TransportSocket, TransportCLI:
	default:
		return c, fmt.Errorf("herdr: unknown transport %v", c.Transport)
	}
	if c.Transport == TransportSocket && c.SocketPath == "" {
		return c, fmt.Errorf("herdr: socket path is required (HERDR_SOCKET_PATH)")
	}
	if strings.ContainsRune(c.SocketPath, 0) || strings.ContainsRune(c.BinPath, 0) {
		return c, fmt.Errorf("herdr: socket or binary path contains NUL")
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c, nil
}

// DefaultSource is the source used when Config.Source is empty:
// "custom:" and the agent name, every run of characters herdr does not
// take replaced by one '_', cut to MaxSource bytes.
func DefaultSource(agent string) string {
	var b strings.Builder
	b.WriteString("custom:")
	under := false
	for _, r := range agent {
		if sourceRune(r) {
			b.WriteRune(r)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
	}
	s := strings.TrimRight(b.String(), "_")
	if s == "custom:" {
		s = "custom:agent"
	}
	return s[:min(len(s), MaxSource)]
}

func validSource(s string) bool {
	if len(s) == 0 || len(s) > MaxSource {
		return false
	}
	for _, r := range s {
		if !sourceRune(r) {
			return false
		}
	}
	return true
}

func sourceRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
		r == ':' || r == '.' || r == '_' || r == '-'
}
