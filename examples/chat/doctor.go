package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge"
)

// runDoctor prints what hostbridge detected, the way the chat would run
// here, and exits: the host and its ids, the host variables that were
// present but unusable (and why), which host carries what, the lines the
// system prompt gets, the background answer and the palette it chose.
func runDoctor(f flags, sess session, stdout, stderr io.Writer) int {
	b, err := hostbridge.New(f.Options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	defer func() { _ = b.Close() }()
	// What tmux lets through is asked at the first report; the doctor
	// makes none, so it asks now, bounded as a report is (no Bubble Tea
	// program runs here).
	timeout := f.Timeout
	if timeout == 0 {
		timeout = time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	bg, bgErr := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: f.Background})
	cwd, _ := os.Getwd()
	d := doctorInfo{
		flags:    f,
		session:  sess,
		host:     b.Host(),
		problems: b.Problems(),
		channels: b.Channels(ctx),
		env:      b.EnvironmentLines(),
		bg:       bg,
		bgErr:    bgErr,
		palette:  hostbridge.PaletteFor(bg),
	}
	d.system = systemPrompt(f.Agent, cwd, d.env)
	_, _ = io.WriteString(stdout, d.String())
	return exitOK
}

// doctorInfo is what -doctor prints.
type doctorInfo struct {
	flags    flags
	session  session
	host     string
	problems []error
	channels []string
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
	list := func(label, none string, items []string) {
		if len(items) == 0 {
			line("%s: %s", label, none)
			return
		}
		line("%s:", label)
		for _, it := range items {
			line("  %s", it)
		}
	}

	line("host: %s", d.host)
	problems := make([]string, len(d.problems))
	for i, p := range d.problems {
		problems[i] = p.Error()
	}
	list("problems", "none", problems)
	list("channels", "none", d.channels)
	list("environment lines", "none (the plain terminal adds none)", d.env)

	line("background: %s", d.bg)
	if d.bgErr != nil {
		line("  error: %v", d.bgErr)
	}
	p := d.palette
	line("palette: %s", p.Name)
	line("  text %s, muted %s, accent %s, border %s", colorName(p.Text), colorName(p.Muted), colorName(p.Accent), colorName(p.Border))
	line("  user %s, assistant %s", colorName(p.User), colorName(p.Assistant))
	line("  error %s, warning %s, success %s", colorName(p.Error), colorName(p.Warning), colorName(p.Success))

	line("agent: %s (profile %s, notify %s)", d.flags.Agent, d.flags.Profile,
		map[bool]string{true: "on", false: "off"}[d.flags.Notify])
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
