package terminal

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Plan is what the backend sends to a terminal, chosen from its row of
// the table (choose); every field says why in words for -doctor.
type Plan struct {
	Row     *Row   // nil: a terminal the table does not know
	Program string // Info.Program (the outer terminal's inside tmux)
	Version string // dotted ("0.80.2" from VTE_VERSION=8002); "" unknown
	From    string // what recognised it
	Bar     bool   // the bar is sent
	Forbid  bool   // no bar whatever a known-bad list says: a multiplexer's or ssh's rule, not the terminal's (WithProgress(true) still forces it)
	BarWhy  string
	Ping    PingMethod
	PingWhy string
	End     Terminator
	Cut     string        // characters a ping's text loses
	Keep    time.Duration // the keep-alive period; 0 none
	KeepWhy string
}

// rowByName is the row whose ID or alias is name, case-insensitively.
func rowByName(name string) *Row {
	for i := range rows {
		if rows[i].named(name) {
			return &rows[i]
		}
	}
	return nil
}

func (r *Row) named(name string) bool {
	if name == "" {
		return false
	}
	return strings.EqualFold(r.ID, name) || strings.EqualFold(r.Program, name)
}

// rowByTerm is the terminal (not multiplexer) row that sets TERM=t.
func rowByTerm(t string) *Row {
	for i := range rows {
		for _, v := range rows[i].Terms {
			p, prefix := strings.CutSuffix(v, "*")
			if !rows[i].Mux && t != "" && (t == v || prefix && strings.HasPrefix(t, p)) {
				return &rows[i]
			}
		}
	}
	return nil
}

// rowByXTVersion reads tmux's #{client_termtype}, the outer terminal's
// XTVERSION answer ("kitty(0.47.1)", "foot(1.20.0)", "iTerm2 3.6.6"),
// which tmux keeps (tty-keys.c tty_keys_extended_device_attributes, tmux
// 3.3+): the row and the version inside it.
// The name must end where the answer's version starts ("xterm.js(6.1.0)",
// VS Code's, is not xterm's), and a bare or cut answer has no version:
// it comes from the terminal, so anything may be in it.
func rowByXTVersion(s string) (*Row, string) {
	for i := range rows {
		x := rows[i].XTVersion
		if x == "" || len(s) < len(x) || !strings.EqualFold(s[:len(x)], x) || len(s) > len(x) && !strings.ContainsRune(" (", rune(s[len(x)])) {
			continue
		}
		v, _, _ := strings.Cut(strings.TrimLeft(s[len(x):], " ("), " ")
		return &rows[i], strings.TrimRight(v, ")")
	}
	return nil, ""
}

// dotted is a row's version as dots, from a number where the row's
// variable is one.
func (r *Row) dotted(v string) string {
	n, err := strconv.Atoi(v)
	if err != nil || r.Numeric == versionAsIs {
		return v
	}
	if r.Numeric == versionVTE {
		return fmt.Sprintf("%d.%d.%d", n/10000, n/100%100, n%100)
	}
	return fmt.Sprintf("%d.%02d.%d", n/10000, n/100%100, n%100)
}

// at is the step for version v; ok is false for a known version older than
// every step, or an unknown one (known false).
func at[T any](steps []Step[T], v string) (s Step[T], ok, known bool) {
	if _, known = VersionBelow(v, "0"); !known {
		return s, false, false
	}
	for _, st := range steps {
		if below, _ := VersionBelow(v, st.From); st.From != "" && below {
			break
		}
		s, ok = st, true
	}
	return s, ok, true
}

// barFor is whether the row's bar is sent at version v, and why. For an
// unknown version, none where any version misreads it (a notification
// per state change is worse than no bar), else the newest version's.
func barFor(r *Row, v string) (bool, string) {
	st, ok, known := at(r.Bar, v)
	if !known && len(r.Bar) > 0 {
		st, ok = r.Bar[len(r.Bar)-1], true
		for _, s := range r.Bar {
			if s.Is >= BarNotifies {
				return false, fmt.Sprintf("%s: OSC 9;4 %s from %s, and its version is unknown (%s)",
					r.Name, s.Is, cmp.Or(s.From, "its first version"), s.Src)
			}
		}
	}
	if !ok {
		return false, r.Name + " has no OSC 9;4 bar at this version"
	}
	from := ""
	if st.From != "" {
		from = " from " + st.From
	}
	return st.Is == BarDraws, fmt.Sprintf("%s%s: OSC 9;4 %s (%s)", r.Name, from, st.Is, st.Src)
}

// pingFor is the row's ping at version v. For an unknown version, the
// oldest that shows one: it reaches every version since.
func pingFor(r *Row, v string) (PingMethod, string) {
	st, ok, known := at(r.Ping, v)
	if !known {
		for _, s := range r.Ping {
			if s.Is != PingNone {
				st, ok = s, true
				break
			}
		}
	}
	if !ok {
		return PingNone, r.Name + " shows no notification at this version"
	}
	return st.Is, fmt.Sprintf("%s: %s (%s)", r.Name, st.Is, st.Src)
}

// choose is the plan for in: its row's facts at its version, through its
// multiplexer. Inside tmux, in holds the outer terminal tmux reported (Outer).
func choose(in Info) Plan {
	// An unknown terminal's ping loses its ';' too: WezTerm drops an OSC 9
	// that holds one, Rio and foot cut at it (their rows), and any of them
	// may be unknown here (over ssh, TERM set to another's).
	p := Plan{Program: in.Program, From: in.From, Bar: true, Ping: PingOSC9, End: EndBEL, Cut: ";",
		BarWhy:  "unknown terminal: OSC 9;4, BEL-terminated (drawn where it is known, ignored elsewhere)",
		PingWhy: "unknown terminal: OSC 9, BEL-terminated"}
	r := rowByName(in.Program)
	if in.Program == "" {
		r = rowByTerm(in.Term)
	}
	if r != nil && !r.Mux {
		p.Row, p.Version = r, r.dotted(in.Version)
		p.Bar, p.BarWhy = barFor(r, p.Version)
		p.Ping, p.PingWhy = pingFor(r, p.Version)
		p.End, p.Cut = r.End.Is, r.Cut.Is
		if ka := r.KeepAlive; ka.Is > 0 && p.Bar {
			if below, _ := VersionBelow(p.Version, ka.From); ka.From == "" || !below {
				p.Keep = keepAlive // well within each expiry (15 s the shortest)
				p.KeepWhy = fmt.Sprintf("%s drops a bar after %v without one (%s)", r.Name, ka.Is, ka.Src)
			}
		}
	}
	if r == nil && in.Mux == MuxScreen { // screen sets TERM and foot drops every marker: unknown
		p.Bar, p.BarWhy, p.Forbid = false, "an unknown terminal behind GNU screen, which sets TERM itself: it may be one "+
			"that shows OSC 9;4 as a notification (foot 1.8-1.19) or prints it (the Linux console)", true
	}
	if r == nil && in.Remote && in.Mux != MuxTmux { // tmux asks the terminal itself (Outer)
		// Over ssh with TERM set to another terminal's (xterm-256color where
		// the host lacks its terminfo) no marker crosses: the terminal may be
		// a kitty before 0.38 or a foot 1.8-1.19, which show each OSC 9;4 as
		// a notification (their rows), and nothing here can tell. No bar
		// rather than a notification per state change; the ping stays.
		p.Bar, p.Forbid, p.BarWhy = false, true, "an unknown terminal over ssh (SSH_CONNECTION, SSH_TTY): it may be one that shows OSC 9;4 "+
			"as a notification per state change (kitty before 0.38, foot 1.8-1.19), and its TERM does not tell"
	}
	if in.Mux == MuxScreen {
		// screen's DCS passthrough ends at the first ESC \ inside it.
		if p.End == EndSTOnly && p.Bar {
			p.Bar, p.BarWhy = false, p.Row.Name+" takes OSC 9;4 only ST-terminated, and an ST ends screen's passthrough early"
		}
		p.End, p.Keep = EndBEL, 0 // no keep-alive through screen (Refresh)
		if p.From != "" {         // screen keeps the environment it started in: maybe another terminal's
			p.From += " (as when screen started)"
		}
	}
	if in.Mux == MuxZellij || r != nil && r.ID == "zellij" { // inside it, or it is tmux's client (XTVERSION "Zellij(4500)")
		p.Bar, p.Forbid, p.BarWhy, p.Keep = false, true, "Zellij drops OSC 9;4 up to 0.44 and turns it into a notification \"4;3\" from 0.45 ("+srcZellij+"zellij-server/src/panes/grid.rs)", 0
	}
	if p.Keep == 0 && p.Bar {
		p.KeepWhy = "none needed"
	}
	return p
}

// Known says the plan came from a row of the table.
func (p Plan) Known() bool { return p.Row != nil }

// String is the plan in one line for -doctor and the channels.
func (p Plan) String() string {
	who := "unknown terminal"
	if p.Row != nil {
		who = p.Row.Name + " " + cmp.Or(p.Version, "(version unknown)")
	} else if p.Program != "" {
		who = "unknown terminal " + p.Program
	}
	if p.From != "" {
		who += " from " + p.From
	}
	// The program, version and from come from the environment: cleaned, as
	// Info.String's are, so no value reads as another field of the line.
	who = strings.ReplaceAll(core.Clean(who, 160), ";", ",")
	bar := "bar none: " + p.BarWhy
	if p.Bar {
		bar = "bar OSC 9;4 " + map[Terminator]string{EndBEL: "BEL-terminated", EndST: "ST-terminated",
			EndSTOnly: "ST-terminated (it ignores a BEL-terminated one)"}[p.End]
	}
	keep := "keep-alive none"
	if p.Keep > 0 {
		keep = fmt.Sprintf("keep-alive every %v (%s)", p.Keep, p.KeepWhy)
	}
	ping := "ping " + p.Ping.String()
	if p.Ping == PingNone {
		ping = "ping none: " + p.PingWhy
	}
	return who + "; " + bar + "; " + ping + "; " + keep
}
