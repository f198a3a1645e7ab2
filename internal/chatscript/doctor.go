package chatscript

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
)

// DoctorBackground is what -doctor says of the terminal's background and
// the palette chosen for it: each chat finds it as its Bubble Tea version
// does (v1 asks the terminal before the program starts, v2 at its start).
type DoctorBackground struct {
	Background string // the Background, as it prints
	Err        error  // why asking failed, if it did
	Palette    PaletteColors
}

// PaletteColors are a palette's name and its colours' true-colour values.
type PaletteColors struct {
	Name                                     string
	Text, Muted, Accent, Border              string
	User, Assistant, Error, Warning, Success string
}

// RunDoctor prints what hostbridge detected, the way the chat would run
// here, and returns the exit code: the host and its ids, the host
// variables that were present but unusable (and why), which host carries
// what, the lines the system prompt gets, the background (background is
// asked once the host is known) and the palette.
func RunDoctor(f Flags, sess Session, background func() DoctorBackground, stdout, stderr io.Writer) int {
	b, err := bridge.New(f.Options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return ExitUsage
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
	bg := background()
	cwd, _ := os.Getwd()
	d := doctorInfo{
		flags:    f,
		session:  sess,
		host:     b.Host(),
		channels: b.Channels(ctx), // before the problems: tmux's answer adds to them
		problems: b.Problems(),
		env:      b.EnvironmentLines(),
		bg:       bg,
	}
	d.system = SystemPrompt(f.Agent, cwd, d.env)
	_, _ = io.WriteString(stdout, d.String())
	return ExitOK
}

// doctorInfo is what -doctor prints.
type doctorInfo struct {
	flags    Flags
	session  Session
	host     string
	problems []error
	channels []string
	env      []string
	bg       DoctorBackground
	system   string
}

// String lays the report out: one "label: value" per line, lists
// indented, wording fixed so scripts and tests can read it.
func (d doctorInfo) String() string {
	var b strings.Builder
	// Every line goes through Escaped: ids, paths and the prompt come from
	// the environment, and may hold escapes or a bidi override.
	line := func(format string, args ...any) { b.WriteString(Escaped(fmt.Sprintf(format, args...)) + "\n") }
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
	list("terminal", "not used", terminalPlan(d.channels))
	list("environment lines", "none (the plain terminal adds none)", d.env)

	line("background: %s", d.bg.Background)
	if d.bg.Err != nil {
		line("  error: %v", d.bg.Err)
	}
	p := d.bg.Palette
	line("palette: %s", p.Name)
	line("  text %s, muted %s, accent %s, border %s", p.Text, p.Muted, p.Accent, p.Border)
	line("  user %s, assistant %s", p.User, p.Assistant)
	line("  error %s, warning %s, success %s", p.Error, p.Warning, p.Success)

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

// terminalPlan is the terminal channel's choice (its "chose: " part, see
// terminal.Plan) one fact a line: the terminal recognised and from what,
// the bar, the ping and the keep-alive, each with why where there is none.
func terminalPlan(channels []string) []string {
	for _, c := range channels {
		_, plan, ok := strings.Cut(c, "; chose: ")
		if !strings.HasPrefix(c, "terminal: ") || !ok {
			continue
		}
		plan, _, _ = strings.Cut(plan, "; but ") // the channel's note follows
		var out []string
		label := "recognised"
		for _, next := range []string{"; bar ", "; ping ", "; keep-alive "} {
			head, rest, _ := strings.Cut(plan, next)
			out = append(out, label+": "+head)
			label, plan = strings.TrimSpace(next[2:]), rest
		}
		return append(out, label+": "+plan)
	}
	return nil
}
