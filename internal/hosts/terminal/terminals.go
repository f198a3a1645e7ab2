package terminal

import "time"

// The terminal table: what each terminal does with the bar and the ping,
// read from its own source at the repository, commit and file named in
// each cell (re-check a row there before changing it: MAINTAINING.md). The
// backend (plan.go), -doctor, Bridge.Channels and the README's support
// matrix (TestREADMETable) all read it: change a fact here, nowhere else.

// BarSupport is what a terminal does with OSC 9;4.
type BarSupport uint8

const (
	BarIgnored  BarSupport = iota // nothing drawn, nothing printed: not sent
	BarDraws                      // draws the states the chat uses (3, 4;100, 2;100, 0)
	BarNotifies                   // shows it as a desktop notification: never sent
	BarPrints                     // prints it as text: never sent
)

func (s BarSupport) String() string {
	return TypedName(s, "BarSupport", "ignored", "drawn", "shown as a notification", "printed as text")
}

// PingMethod is the sequence a terminal shows as a notification.
type PingMethod uint8

const (
	PingNone   PingMethod = iota
	PingBEL               // BEL: the window's urgency hint, a bell notification
	PingOSC9              // ESC ] 9 ; text
	PingOSC777            // ESC ] 777 ; notify ; title ; text
	PingOSC99             // ESC ] 99 ; o=unfocused ; text (kitty's protocol): dropped while focused
)

func (p PingMethod) String() string {
	return TypedName(p, "PingMethod", "none", "BEL", "OSC 9", "OSC 777", "OSC 99 o=unfocused")
}

// Terminator is how an OSC must end for the terminal.
type Terminator uint8

const (
	EndBEL    Terminator = iota // unknown terminal: BEL, which every OSC parser takes
	EndST                       // takes both: ST (ESC \) is written
	EndSTOnly                   // ignores a BEL-terminated OSC 9;4: ST only
)

func (e Terminator) String() string { return TypedName(e, "Terminator", "BEL", "ST", "ST only") }

// Step is a fact from a version on ("" = every version), with its source.
type Step[T any] struct {
	From string
	Is   T
	Src  string
}

// Row is one terminal or multiplexer.
type Row struct {
	ID      string   // the name Info.Program holds and the known-bad list matches
	Name    string   // as the README shows it
	Program string   // the TERM_PROGRAM it sets ("" none)
	Terms   []string // TERM values only it sets ("foot*": a prefix)
	Markers []string // variables only it sets, in the order they are read
	// VersionVar holds its version; Numeric says how a number is dotted.
	VersionVar string
	Numeric    numericVersion
	XTVersion  string // the start of its XTVERSION answer (tmux's #{client_termtype})
	RecogSrc   string
	Bar        []Step[BarSupport]
	Ping       []Step[PingMethod]
	End        Step[Terminator]
	Cut        Step[string]        // characters a ping's text loses (each becomes ',')
	KeepAlive  Step[time.Duration] // it drops a bar not refreshed within this
	Mux        bool                // a multiplexer: plan.go decides through it
	Agent      string              // an agent-status channel of its own (issue 29 item 5), and why it is not used
}

// numericVersion is how a version variable that is one number is dotted.
type numericVersion uint8

const (
	versionAsIs    numericVersion = iota
	versionVTE                    // 8002 = 0.80.2 (vte's VTE_VERSION: major*10000+minor*100+micro)
	versionKonsole                // 260400 = 26.04.0 (KDE Gear's yymmpp)
)

// Sources, one per repository and commit (file in each cell).
const (
	srcGhostty   = "ghostty-org/ghostty@3b9c4e0 "
	srcKitty     = "kovidgoyal/kitty@9475a58 "
	srcWezTerm   = "wezterm/wezterm@4ff581a "
	srcITerm     = "gnachman/iTerm2@b9c78a2 "
	srcWT        = "microsoft/terminal@2058813 "
	srcFoot      = "dnkl/foot (mirror DanteAlighierin/foot@22ea711) "
	srcVTE       = "GNOME/vte@1f53b48 "
	srcKonsole   = "KDE/konsole@a626e1b "
	srcAlacritty = "alacritty/alacritty@bdb72b3 "
	srcWarp      = "warpdotdev/Warp@01729f5 "
	srcRio       = "raphamorim/rio@11cfbe7 "
	srcContour   = "contour-terminal/contour@a784f61 "
	srcZellij    = "zellij-org/zellij@bf8d23a "
	srcTmux      = "tmux/tmux@c1f947a "
	srcCodex     = "openai/codex codex-rs/tui/src/notifications/mod.rs (BEL for terminals without OSC 9)"
	srcXterm     = "ThomasDickey/xterm-snapshots@6380a3e "
	srcURxvt     = "exg/rxvt-unicode@c149b94 "
	srcScreen    = "alexander-naumov/gnu-screen@81b3c2c "
	srcVSCode    = "microsoft/vscode@bf4a048 "
	srcUnread    = "no public source read: "
)

// rows is the table, in the order Detect tries markers and the README lists them.
var rows = []Row{
	{ID: "ghostty", Program: "ghostty", Name: "Ghostty", Terms: []string{"xterm-ghostty"}, Markers: []string{"GHOSTTY_RESOURCES_DIR"},
		VersionVar: "TERM_PROGRAM_VERSION", XTVersion: "ghostty",
		RecogSrc: srcGhostty + "src/termio/Exec.zig (TERM_PROGRAM, GHOSTTY_RESOURCES_DIR)",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcGhostty + "src/terminal/osc/parsers/osc9.zig (a ConEmu number is not a ping)"},
			{"1.2.0", BarDraws, srcGhostty + "src/terminal/osc/parsers/osc9.zig"}},
		Ping: []Step[PingMethod]{{"1.0.0", PingOSC9, srcGhostty +
			"src/terminal/osc/parsers/osc9.zig (a text starting with a digit may be a ConEmu command: it gets a space)"}},
		End:       Step[Terminator]{"", EndST, srcGhostty + "src/terminal/osc.zig (BEL or ST)"},
		KeepAlive: Step[time.Duration]{"", 15 * time.Second, srcGhostty + "src/apprt/gtk/class/surface.zig progress_bar_timeout_seconds"}},
	{ID: "kitty", Name: "kitty", Terms: []string{"xterm-kitty"}, Markers: []string{"KITTY_WINDOW_ID", "KITTY_PID", "KITTY_PUBLIC_KEY"},
		XTVersion: "kitty", RecogSrc: srcKitty + "kitty/child.py (KITTY_WINDOW_ID, KITTY_PID; no version variable)",
		Bar: []Step[BarSupport]{{"", BarNotifies, srcKitty + "kitty/notifications.py (OSC 9 body as the title, before 0.38)"},
			{"0.38", BarIgnored, srcKitty + "docs/changelog.rst 0.38 (OSC 9;4 discarded)"},
			{"0.39", BarDraws, srcKitty + "kitty/progress.py (tab title; a bar from 0.47)"}},
		Ping:      []Step[PingMethod]{{"", PingOSC99, srcKitty + "kitty/notifications.py (o=unfocused: 0.31+, older kittys ignore the key)"}},
		End:       Step[Terminator]{"", EndST, srcKitty + "kitty/vt-parser.c (BEL or ST)"},
		KeepAlive: Step[time.Duration]{"0.39", 60 * time.Second, srcKitty + "kitty/progress.py clear_timeout"}},
	{ID: "WezTerm", Program: "WezTerm", Name: "WezTerm", Terms: []string{"wezterm"}, Markers: []string{"WEZTERM_PANE", "WEZTERM_EXECUTABLE"},
		VersionVar: "TERM_PROGRAM_VERSION", XTVersion: "WezTerm",
		RecogSrc: srcWezTerm + "config/src/config.rs (TERM_PROGRAM), mux/src/domain.rs (WEZTERM_PANE)",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcWezTerm + "termwiz/src/escape/osc.rs (a text with ';' is dropped)"},
			{"20250209", BarDraws, srcWezTerm + "termwiz/src/escape/osc.rs ConEmuProgress (nightly fb02395; term/src/terminalstate/performer.rs: 3 draws nothing, 4 clears)"}},
		Ping: []Step[PingMethod]{{"", PingOSC9, srcWezTerm + "termwiz/src/escape/osc.rs SystemNotification"}},
		End:  Step[Terminator]{"", EndST, srcWezTerm + "vtparse/src/lib.rs (BEL or ST)"},
		Cut:  Step[string]{"", ";", srcWezTerm + "termwiz/src/escape/osc.rs (OSC 9 wants one parameter: a ';' drops it)"}},
	{ID: "iTerm2", Name: "iTerm2", Program: "iTerm.app", VersionVar: "TERM_PROGRAM_VERSION", XTVersion: "iTerm2",
		RecogSrc: srcITerm + "sources/PTYSession/PTYSession.m (TERM_PROGRAM=iTerm.app; LC_TERMINAL=iTerm2 survives ssh)",
		Bar: []Step[BarSupport]{{"", BarNotifies, srcITerm + "sources/VT100/VT100Terminal.m (every OSC 9 a notification before 3.6.6; the report is kitty's, claude-code#21435 is not iTerm2's)"},
			{"3.6.6", BarDraws, srcITerm + "sources/VT100/VT100Terminal.m (OSC 9;4)"}},
		Ping:  []Step[PingMethod]{{"", PingOSC9, srcITerm + "sources/VT100/VT100Terminal.m"}},
		End:   Step[Terminator]{"", EndST, srcITerm + "sources/VT100/VT100Parser.m (BEL or ST)"},
		Agent: "OSC 21337 tab status: not used, only in 3.7 betas (b3dd6d2, first tag v3.7.0beta2; sources/VT100/VT100Terminal.m executeSetTabStatus)"},
	{ID: "foot", Name: "foot", Terms: []string{"foot*"}, XTVersion: "foot",
		RecogSrc: srcFoot + "slave.c slave_spawn (TERM=foot; TERM_PROGRAM, VTE_VERSION, KITTY_* removed since 1.17); XTVERSION foot(X) csi.c",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcFoot + "osc.c"}, {"1.8", BarNotifies, srcFoot + "osc.c (OSC 9 a notification, title \"4\")"},
			{"1.20", BarIgnored, srcFoot + "osc.c (9;4 ignored)"}},
		Ping: []Step[PingMethod]{{"1.6", PingOSC777, srcFoot + "osc.c osc_notify (OSC 777 notify, 21cc68d)"},
			{"1.18", PingOSC99, srcFoot + "osc.c kitty_notification, notify.c notify_notify (OSC 99, o=unfocused)"}},
		End: Step[Terminator]{"", EndST, srcFoot + "vt.c (BEL or ST)"},
		Cut: Step[string]{"", ";", srcFoot + "osc.c osc_notify (the title ends at the first ';')"}},
	{ID: "konsole", Name: "Konsole", Markers: []string{"KONSOLE_VERSION"}, VersionVar: "KONSOLE_VERSION", Numeric: versionKonsole,
		XTVersion: "Konsole", RecogSrc: srcKonsole + "src/session/SessionManager.cpp (KONSOLE_VERSION, 260400 = 26.04.0)",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcKonsole + "src/Vt102Emulation.cpp updateSessionAttributes (26.04: only state 1 drawn, 3 hides it, 2 and 4 ignored)"}},
		Ping: []Step[PingMethod]{{"", PingBEL, srcKonsole + "src/session/Session.cpp, desktop/konsole.notifyrc (BellInvisible: a popup while unfocused)"},
			{"23.04", PingOSC777, srcKonsole + "src/Vt102Emulation.cpp (OSC 777)"},
			{"24.12", PingOSC99, srcKonsole + "src/Vt102Emulation.cpp KittyNotification (OSC 99, o=unfocused)"}},
		End: Step[Terminator]{"", EndST, srcKonsole + "src/Vt102Emulation.cpp (BEL or ST)"},
		Cut: Step[string]{"", ";", srcKonsole + "src/Vt102Emulation.cpp (OSC 777 body = field 3 only: a ';' cuts it)"}},
	{ID: "vte", Name: "VTE (GNOME Terminal, Ptyxis, xfce4-terminal, Tilix)", Markers: []string{"VTE_VERSION"},
		VersionVar: "VTE_VERSION", Numeric: versionVTE, XTVersion: "VTE",
		RecogSrc: srcVTE + "src/spawn.cc, src/vtedefines.hh VTE_VERSION_NUMERIC (8002 = 0.80.2); XTVERSION VTE(n) src/vteseq.cc",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcVTE + "src/vteseq.cc (no OSC 9 before 0.80)"},
			{"0.80", BarDraws, srcVTE + "src/vteseq.cc (OSC 9;4, ST only)"}},
		Ping: []Step[PingMethod]{{"", PingBEL, srcVTE + "src/vteseq.cc (no OSC 9 or 99 notification; OSC 777 urxvt_extension shows none upstream)"}},
		End:  Step[Terminator]{"", EndSTOnly, srcVTE + "src/vteseq.cc (if (seq.is_st_bel()) return;)"}},
	{ID: "alacritty", Name: "Alacritty", Terms: []string{"alacritty"}, Markers: []string{"ALACRITTY_WINDOW_ID", "ALACRITTY_SOCKET"},
		RecogSrc: srcAlacritty + "alacritty/src/event.rs (ALACRITTY_WINDOW_ID)",
		Bar:      []Step[BarSupport]{{"", BarIgnored, srcAlacritty + "alacritty_terminal/src/term/mod.rs (no OSC 9)"}},
		Ping:     []Step[PingMethod]{{"", PingBEL, srcAlacritty + "alacritty/src/event.rs (BEL: urgency hint when unfocused)"}},
		End:      Step[Terminator]{"", EndST, srcAlacritty + "vte crate (BEL or ST)"}},
	{ID: "xterm", Name: "xterm", Markers: []string{"XTERM_VERSION"}, XTVersion: "XTerm",
		RecogSrc: srcXterm + "main.c (XTERM_VERSION=XTerm(410); TERM=xterm is shared by many)",
		Bar:      []Step[BarSupport]{{"", BarIgnored, srcXterm + "misc.c do_osc (no OSC 9, 777, 99)"}},
		Ping:     []Step[PingMethod]{{"", PingBEL, srcXterm + "charproc.c bellIsUrgent (off by default: a beep), " + srcCodex}},
		End:      Step[Terminator]{"", EndST, srcXterm + "charproc.c (BEL or ST)"}},
	{ID: "urxvt", Name: "rxvt-unicode", Terms: []string{"rxvt-unicode*"},
		RecogSrc: srcURxvt + "src/rxvt.h TERMENV",
		Bar:      []Step[BarSupport]{{"", BarIgnored, srcURxvt + "src/command.C (no OSC 9, 99; 777 only to a Perl extension, none bundled)"}},
		Ping:     []Step[PingMethod]{{"", PingBEL, srcURxvt + "src/xdefaults.C urgentOnBell (off by default), " + srcCodex}},
		End:      Step[Terminator]{"", EndST, srcURxvt + "src/command.C (BEL or ST)"}},
	{ID: "warp", Name: "Warp", Program: "WarpTerminal", VersionVar: "TERM_PROGRAM_VERSION",
		RecogSrc: srcWarp + "(TERM_PROGRAM=WarpTerminal, WARP_CLIENT_VERSION)",
		Bar:      []Step[BarSupport]{{"", BarIgnored, "warpdotdev/Warp@19548ae (no OSC 9;4; not re-read)"}},
		Ping:     []Step[PingMethod]{{"", PingOSC9, "warpdotdev/Warp@19548ae (OSC 9 notification; not re-read)"}},
		End:      Step[Terminator]{"", EndST, "warpdotdev/Warp@19548ae (BEL or ST)"},
		Agent: "OSC 777;notify;warp://cli-agent;{json}: not used, Warp listens only to the agents it knows " +
			"(app/src/terminal/cli_agent_sessions/listener/mod.rs is_agent_supported): a chat of ours is ignored"},
	{ID: "vscode", Program: "vscode", Name: "VS Code", VersionVar: "TERM_PROGRAM_VERSION",
		RecogSrc: srcVSCode + "src/vs/workbench/contrib/terminal (TERM_PROGRAM=vscode)",
		Bar: []Step[BarSupport]{{"1.97", BarDraws,
			"xtermjs/xterm.js@904ae93 addons/addon-progress/src/ProgressAddon.ts (shown with ${progress} in the tab title)"}},
		Ping: []Step[PingMethod]{{"", PingOSC99, srcVSCode +
			"src/vs/workbench/contrib/terminalContrib/notification/browser/terminalNotificationHandler.ts (an in-window toast, o=unfocused; ~1.110)"}},
		End: Step[Terminator]{"", EndST, "xtermjs/xterm.js@904ae93 src/common/parser (BEL or ST)"}},
	{ID: "Apple_Terminal", Program: "Apple_Terminal", Name: "Apple Terminal",
		RecogSrc: srcUnread + "closed source; TERM_PROGRAM=Apple_Terminal",
		Bar:      []Step[BarSupport]{{"", BarIgnored, srcUnread + "closed source: not sent"}},
		Ping:     []Step[PingMethod]{{"", PingBEL, srcCodex + "; the Dock bounces"}}},
	// No KeepAlive: every OSC 9;4 sets the tab's progress ring and the taskbar again, restarting their animation,
	// microsoft/terminal@2058813 src/cascadia/TerminalCore/TerminalApi.cpp SetTaskbarProgress, src/cascadia/TerminalApp/Tab.cpp _UpdateProgressState
	{ID: "WindowsTerminal", Name: "Windows Terminal", Markers: []string{"WT_SESSION"},
		RecogSrc: srcWT + "src/cascadia/TerminalConnection/ConptyConnection.cpp (WT_SESSION, also in WSL; leaks into children)",
		Bar:      []Step[BarSupport]{{"", BarDraws, srcWT + "src/terminal/adapter/adaptDispatch.cpp (OSC 9;4, 1.6+)"}},
		Ping:     []Step[PingMethod]{{"", PingBEL, srcWT + "src/terminal/adapter/adaptDispatch.cpp (OSC 9 text ignored; OSC 777 off by default)"}},
		End:      Step[Terminator]{"", EndST, srcWT + "src/terminal/parser/stateMachine.cpp (BEL or ST)"}},
	{ID: "ConEmu", Name: "ConEmu", Markers: []string{"ConEmuPID", "ConEmuANSI"}, VersionVar: "ConEmuBuild",
		RecogSrc: srcUnread + "ConEmu sets ConEmuPID, ConEmuANSI, ConEmuBuild",
		Bar:      []Step[BarSupport]{{"", BarDraws, srcUnread + "ConEmu's OSC 9;4 is the bar's origin"}},
		Ping:     []Step[PingMethod]{{"", PingOSC9, srcUnread + "ConEmu"}}},
	{ID: "rio", Program: "rio", Name: "Rio", Terms: []string{"rio", "xterm-rio"}, VersionVar: "TERM_PROGRAM_VERSION", XTVersion: "rio",
		RecogSrc: srcRio + "frontends/rioterm/src/main.rs (TERM=xterm-rio or rio, TERM_PROGRAM=rio)",
		Bar:      []Step[BarSupport]{{"0.3.0", BarDraws, srcRio + "rio-vt/src/performer/osc.rs"}},
		Ping:     []Step[PingMethod]{{"0.3.0", PingOSC9, srcRio + "rio-vt/src/performer/osc.rs"}},
		End:      Step[Terminator]{"", EndST, srcRio + "rio-vt (BEL or ST)"},
		Cut:      Step[string]{"", ";", srcRio + "rio-vt/src/performer/osc.rs (OSC 9 text cut at the first ';')"},
		KeepAlive: Step[time.Duration]{"", 15 * time.Second,
			srcRio + "frontends/rioterm/src/renderer/island.rs PROGRESS_BAR_TIMEOUT_SECS"}},
	{ID: "contour", Program: "contour", Name: "Contour", Terms: []string{"contour"},
		VersionVar: "TERM_PROGRAM_VERSION", XTVersion: "contour",
		RecogSrc: srcContour + "src/contour/config/Config.cpp (TERM=contour, TERM_PROGRAM)",
		Bar:      []Step[BarSupport]{{"", BarIgnored, srcContour + "src/vtbackend/screen/Screen.cpp"}, {"0.7.0", BarDraws, srcContour + "src/vtbackend/vt/ProgressState_test.cpp"}},
		Ping: []Step[PingMethod]{{"", PingOSC777, srcContour + "src/vtbackend/screen/Screen.cpp NOTIFY (exactly notify;title;body)"},
			{"0.6.3", PingOSC99, srcContour + "src/vtbackend/vt/DesktopNotification.cpp (OSC 99, o=unfocused)"}},
		End: Step[Terminator]{"", EndST, srcContour + "src/vtparser (BEL or ST)"},
		Cut: Step[string]{"", ";", srcContour + "src/vtbackend/screen/Screen.cpp NOTIFY (a ';' in the body drops it)"}},
	{ID: "linux", Name: "Linux console, dumb", Terms: []string{"linux", "dumb"}, RecogSrc: "TERM=linux, TERM=dumb",
		Bar:  []Step[BarSupport]{{"", BarPrints, "torvalds/linux drivers/tty/vt/vt.c do_con_trol (ESC ] takes only P and R: the rest shows; not re-read here)"}},
		Ping: []Step[PingMethod]{{"", PingNone, "torvalds/linux drivers/tty/vt/vt.c"}}},
	{ID: "zellij", Name: "Zellij", Markers: []string{"ZELLIJ", "ZELLIJ_SESSION_NAME", "ZELLIJ_PANE_ID"}, Mux: true, XTVersion: "Zellij",
		RecogSrc: srcZellij + "zellij-server/src/pty.rs (ZELLIJ, ZELLIJ_SESSION_NAME, ZELLIJ_PANE_ID; TERM and TERM_PROGRAM are the outer terminal's); " +
			"behind tmux: XTVERSION Zellij(4500) for 0.45.0, zellij-server/src/panes/grid.rs, zellij-utils/src/shared.rs version_number",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcZellij + "zellij-server/src/panes/grid.rs (dropped up to 0.44)"},
			{"0.45", BarNotifies, srcZellij + "zellij-server/src/notifications.rs (9;4 re-sent as OSC 9, or to kitty as an OSC 99 notification \"4;3\")"}},
		Ping: []Step[PingMethod]{{"", PingNone, srcZellij + "zellij-server/src/notifications.rs (the outer terminal's ping: " +
			"OSC 99 passed 0.44.1+; 0.45 re-sends OSC 9, 777, 99 in the host's protocol)"}}},
	{ID: "tmux", Name: "tmux 3.3–3.7", Markers: []string{"TMUX", "TMUX_PANE"}, Mux: true,
		RecogSrc: srcTmux + "environ.c (TMUX, TMUX_PANE); the outer terminal: #{client_termname}, #{client_termtype} (tty-keys.c, XTVERSION)",
		Bar: []Step[BarSupport]{{"", BarIgnored, srcTmux + "input.c (dropped up to 3.6; passthrough with allow-passthrough)"},
			{"3.7", BarDraws, srcTmux + "input.c input_osc_9, tty-features.c progressbar (the outer terminal's row decides)"}},
		Ping: []Step[PingMethod]{{"", PingNone, srcTmux + "input.c (OSC 9 dropped: passthrough only, as the outer terminal's row)"}},
		End:  Step[Terminator]{"", EndST, srcTmux + "input.c (DCS passthrough, ESC doubled)"}},
	{ID: "screen", Name: "GNU screen", Terms: []string{"screen*"}, Markers: []string{"STY"}, Mux: true,
		RecogSrc: srcScreen + "src/screen.c (STY; no version variable; the outer terminal only as its environment was)",
		Bar:      []Step[BarSupport]{{"", BarDraws, srcScreen + "src/ansi.c StringEnd (DCS passed to the displays showing the window)"}},
		Ping:     []Step[PingMethod]{{"", PingOSC9, srcScreen + "src/ansi.c StringEnd (DCS passthrough)"}},
		End:      Step[Terminator]{"", EndBEL, srcScreen + "src/ansi.c STRESC (an inner ESC \\ ends its DCS early: BEL)"}},
}
