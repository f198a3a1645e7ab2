package fakehost

import (
	"maps"
	"strconv"
	"strings"
)

// Cmux is a fake cmux CLI: a sh script named cmux in a directory of its
// own that records the arguments of every call, then succeeds, fails,
// hangs or floods its output, as told. It needs a POSIX sh (not on
// Windows). Its methods are safe for concurrent use, and the script may run
// in many processes at once.
type Cmux struct {
	exe
	surface   string
	workspace string
	env       map[string]string // Env's
}

// cmuxScript follows recordCall, which records the call, and acts on the
// mode file: "ok", "fail CODE", "failon CODE WORD...", "unknown WORD...",
// "hang" or "spew".
const cmuxScript = `mode=ok
code=1
[ -r "$dir/mode" ] && read -r mode code <"$dir/mode"
case "$mode" in
fail)
	echo "cmux: fake failure" >&2
	exit "$code"
	;;
failon)
	read -r mode code words <"$dir/mode"
	for word in $words; do
		if [ "$1" = "$word" ]; then
			echo "cmux: fake failure of $word" >&2
			exit "$code"
		fi
	done
	;;
unknown)
	read -r mode words <"$dir/mode"
	for word in $words; do
		if [ "$1" = "$word" ]; then
			printf 'cmux: unknown command "%s"\n' "$1" >&2
			exit 2
		fi
	done
	;;
hang)
	exec sleep 3600
	;;
spew)
	head -c 4194304 /dev/zero | tr '\000' o
	head -c 4194304 /dev/zero | tr '\000' e >&2
	;;
esac
echo OK
`

// NewCmux writes the fake into a fresh directory, removed at t's cleanup.
// Its surface and workspace ids are random UUIDs unless WithEnv sets
// CMUX_SURFACE_ID or CMUX_WORKSPACE_ID.
func NewCmux(t TB, opts ...Option) *Cmux {
	t.Helper()
	set := settings(opts).set
	c := &Cmux{exe: newExe(t, "cmux", cmuxScript), surface: newUUID(), workspace: newUUID()}
	if id := set["CMUX_SURFACE_ID"]; id != "" {
		c.surface = id
	}
	if id := set["CMUX_WORKSPACE_ID"]; id != "" {
		c.workspace = id
	}
	c.env = map[string]string{"CMUX_SURFACE_ID": c.surface, "CMUX_PANEL_ID": c.surface, "CMUX_WORKSPACE_ID": c.workspace,
		"PATH": c.path()}
	maps.Copy(c.env, set)
	c.set("mode", "ok")
	return c
}

func (c *Cmux) apply(r *Rig) { r.fakes[2] = c }
func (c *Cmux) name() string { return "cmux" }
func (c *Cmux) unstable() []string {
	return []string{c.dir, "<cmux-dir>", c.surface, "<cmux-surface>", c.workspace, "<cmux-workspace>"}
}

// Bin is the fake executable's path: cmux in the directory Env puts first
// on PATH.
func (c *Cmux) Bin() string { return c.bin() }

// Env is what cmux gives a surface: CMUX_SURFACE_ID, CMUX_PANEL_ID,
// CMUX_WORKSPACE_ID, and PATH with the fake's directory first, with
// WithEnv's variables over them. The map is the caller's.
func (c *Cmux) Env() map[string]string { return maps.Clone(c.env) }

// Normal makes every later call exit 0 (the default).
func (c *Cmux) Normal() { c.set("mode", "ok") }

// Fail makes every later call print an error and exit with code; with
// commands, only the calls whose first argument is one of them, the
// others succeeding: a cmux that lacks those commands.
func (c *Cmux) Fail(code int, commands ...string) {
	if len(commands) == 0 {
		c.set("mode", "fail "+strconv.Itoa(code))
		return
	}
	c.set("mode", "failon "+strconv.Itoa(code)+" "+strings.Join(commands, " "))
}

// Refuse makes every later call whose first argument is one of commands
// answer as the remote daemon cmuxd-remote answers a command its table
// lacks: `cmux: unknown command "<command>"` on stderr, exit 2 (cmux main,
// daemon/remote/cmd/cmuxd-remote/cli.go runCLI). The others succeed.
func (c *Cmux) Refuse(commands ...string) { c.set("mode", "unknown "+strings.Join(commands, " ")) }

// Hang makes every later call sleep for an hour: the caller must kill it.
func (c *Cmux) Hang() { c.set("mode", "hang") }

// Spew makes every later call print 4 MiB on stdout and on stderr, then
// exit 0.
func (c *Cmux) Spew() { c.set("mode", "spew") }

// Calls returns the arguments of every call so far (without the program
// name), in the order they were recorded.
func (c *Cmux) Calls() [][]string { return c.calls() }

// Transcript renders every call as a line (nil when there are none), as
// it would be typed: "cmux set-status chat Running --icon bolt.fill
// --color #4C8DFF"; an argument with blanks or quotes is quoted (%q).
func (c *Cmux) Transcript() []string {
	var out []string
	for _, args := range c.Calls() {
		out = append(out, c.typed(args))
	}
	return out
}
