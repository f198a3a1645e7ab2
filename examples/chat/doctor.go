package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/host"
)

// runDoctor prints what hostbridge detected, the way the chat would run
// here, and exits: the host and its ids, the host variables that were
// present but unusable (and why), which host carries what, the lines the
// system prompt gets, the background answer and the palette it chose.
func runDoctor(f flags, sess session, stdout, stderr io.Writer) int {
	b, err := hostbridge.New(f.options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	defer func() { _ = b.Close() }()
	// What tmux lets through is asked at the first report; the doctor
	// makes none, so it asks now, bounded as a report is (no Bubble Tea
	// program runs here).
	timeout := f.timeout
	if timeout == 0 {
		timeout = time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	for _, c := range b.Channels() {
		c.Probe(ctx)
	}
	cancel()
	bg, bgErr := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: f.background})
	cwd, _ := os.Getwd()
	d := doctorInfo{
		flags:    f,
		session:  sess,
		detected: b.Detection(),
		channels: b.Channels(),
		env:      b.EnvironmentLines(),
		bg:       bg,
		bgErr:    bgErr,
		palette:  hostbridge.PaletteFor(bg),
	}
	d.system = systemPrompt(f.agent, cwd, d.env)
	_, _ = io.WriteString(stdout, d.String())
	return exitOK
}

// doctorInfo is what -doctor prints.
type doctorInfo struct {
	flags    flags
	session  session
	detected backends.Detection
	channels []backends.Channel
	env      []string
	bg       hostbridge.Background
	bgErr    error
	palette  hostbridge.Palette
	system   string
}

// String lays the report out: one "label: value" per line, lists
// indented, wording fixed so scripts and tests can read it.
func (d doctorInfo) String() string {
	var b strings.Builder
	// Every line goes through escaped: ids, paths and the prompt come from
	// the environment, and may hold escapes or a bidi override.
	line := func(format string, args ...any) { b.WriteString(escaped(fmt.Sprintf(format, args...)) + "\n") }
	h := d.detected.Host

	line("host: %s", h.Kind)
	for _, id := range hostIDs(h) {
		line("  %s: %s", id[0], id[1])
	}
	if t, ok := any(h.Terminal).(fmt.Stringer); ok && t.String() != "" {
		line("  terminal: %s", t)
	}

	if len(d.detected.Problems) == 0 {
		line("problems: none")
	} else {
		line("problems:")
		for _, p := range d.detected.Problems {
			line("  %s: %s %s", p.Host, p.Var, p.Reason)
		}
		if h.Kind == backends.Terminal {
			line("  so the chat uses the plain terminal")
		}
	}

	if len(d.channels) == 0 {
		line("channels: none")
	} else {
		line("channels:")
		for _, c := range d.channels {
			if c.Err != nil {
				line("  %s", c)
				continue
			}
			line("  %s: %s via %s", c.Host, c.Carries, c.Via)
			if n := c.Note(); n != "" {
				line("    but %s", n)
			}
		}
	}

	if len(d.env) == 0 {
		line("environment lines: none (the plain terminal adds none)")
	} else {
		line("environment lines (system prompt <environment> lines):")
		for _, l := range d.env {
			line("  %s", l)
		}
	}

	line("background: %s", d.bg)
	if d.bgErr != nil {
		line("  error: %v", d.bgErr)
	}
	p := d.palette
	line("palette: %s", p.Name)
	line("  text %s, muted %s, accent %s, border %s", colorName(p.Text), colorName(p.Muted), colorName(p.Accent), colorName(p.Border))
	line("  user %s, assistant %s", colorName(p.User), colorName(p.Assistant))
	line("  error %s, warning %s, success %s", colorName(p.Error), colorName(p.Warning), colorName(p.Success))

	line("agent: %s (profile %s, notify %s)", d.flags.agent, d.flags.profile,
		map[bool]string{true: "on", false: "off"}[d.flags.notify])
	line("session: %s", d.session.ID)
	if d.session.Dir != "" {
		line("  directory: %s", d.session.Dir)
	}
	line("system prompt:")
	for _, l := range strings.Split(d.system, "\n") {
		line("  | %s", l)
	}
	return b.String()
}

// hostIDs lists the ids the host gave the pane, in a fixed order, leaving
// out those it did not give.
func hostIDs(h backends.Host) [][2]string {
	var out [][2]string
	add := func(label, v string) {
		if v != "" {
			out = append(out, [2]string{label, printable(v)})
		}
	}
	add("pane", h.Pane)
	add("workspace", h.Workspace)
	add("tab", h.Tab)
	add("surface", h.Surface)
	add("session", h.Session)
	add("socket", h.Socket)
	add("tuios socket", h.TuiosSocket)
	if h.HerdrAPI {
		add("herdr API pane", h.HerdrPane)
	}
	add("executable", h.Bin)
	return out
}

// printable shows a value from the environment as it is when it reads as
// it is, else quoted (a tuios session may hold blanks: "my  work ").
func printable(v string) string {
	if host.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}

// colorName names a palette colour by its true-colour value.
func colorName(c lipgloss.TerminalColor) string {
	switch c := c.(type) {
	case lipgloss.CompleteColor:
		return c.TrueColor
	case lipgloss.Color:
		return string(c)
	}
	return fmt.Sprint(c)
}
