package terminal

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

// updating says -update was given: the flag is x/exp/golden's, which a
// test helper of this package imports (it rewrites goldens the same way).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// The generated tables: the full one, a source in every cell, in the
// terminal room's FACTS.md; a compact one (terminal, bar, ping) for app
// authors in the README. -update rewrites both.
const (
	readmePath  = "../../../README.md"
	factsPath   = "FACTS.md"
	tableBegin  = "<!-- terminal table: generated from internal/hosts/terminal/terminals.go; go test ./internal/hosts/terminal -run TestREADMETable -update -->"
	tableFinish = "<!-- end of the generated terminal table -->"
)

// TestREADMETable fails when the README's compact matrix or FACTS.md's
// sourced table is not the one the table in terminals.go makes; -update
// rewrites them.
func TestREADMETable(t *testing.T) {
	for _, f := range []struct {
		path  string
		table func() string
	}{{readmePath, readmeMatrix}, {factsPath, factsTable}} {
		data, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(data)
		i, j := strings.Index(doc, tableBegin), strings.Index(doc, tableFinish)
		if i < 0 || j < i {
			t.Fatalf("%s has no %q ... %q markers", f.path, tableBegin, tableFinish)
		}
		want := doc[:i] + tableBegin + "\n" + f.table() + tableFinish + doc[j+len(tableFinish):]
		if want == doc {
			continue
		}
		if updating() {
			if err := os.WriteFile(f.path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s's terminal table differs from terminals.go: run go test ./internal/hosts/terminal -run TestREADMETable -update", f.path)
	}
}

// readmeMatrix is what an app author needs of the table: per terminal,
// whether the bar is drawn and which ping shows, by version, no sources
// (those are in FACTS.md).
func readmeMatrix() string {
	var b strings.Builder
	b.WriteString("| terminal | OSC 9;4 bar | ping |\n")
	b.WriteString("|---|---|---|\n")
	for i := range rows {
		r := &rows[i]
		fmt.Fprintf(&b, "| %s | %s | %s |\n", r.Name, bareSteps(r.Bar), bareSteps(r.Ping))
	}
	b.WriteString("| any other terminal | sent, BEL-terminated (drawn where known, ignored elsewhere) | OSC 9, BEL-terminated |\n")
	b.WriteString("\nSources for every cell, and how each terminal is recognised: [internal/hosts/terminal/FACTS.md](internal/hosts/terminal/FACTS.md).\n")
	return b.String()
}

func bareSteps[T fmt.Stringer](s []Step[T]) string {
	var out []string
	for _, st := range s {
		out = append(out, strings.TrimSpace(strings.TrimPrefix(fromText(st.From)+" "+st.Is.String(), ", ")))
	}
	if len(out) == 0 {
		return "ignored"
	}
	return strings.Join(out, "; ")
}

// factsTable is the table in Markdown, a source in every cell.
func factsTable() string {
	var b strings.Builder
	b.WriteString("| terminal | recognised by | OSC 9;4 bar | ping | OSC end | ping text | keep-alive | chosen when the version is unknown |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|\n")
	for i := range rows {
		r := &rows[i]
		var by []string
		for _, t := range r.Terms {
			by = append(by, "`TERM="+t+"`")
		}
		if r.VersionVar != "" && r.VersionVar != "TERM_PROGRAM_VERSION" && !r.Mux {
			by = append(by, "`"+r.VersionVar+"` (version)")
		}
		if r.Program != "" {
			by = append(by, "`TERM_PROGRAM="+r.Program+"`")
		}
		for _, m := range r.Markers {
			if m != r.VersionVar {
				by = append(by, "`"+m+"`")
			}
		}
		if r.XTVersion != "" {
			by = append(by, "behind tmux: XTVERSION `"+r.XTVersion+"…`")
		}
		recog := strings.Join(by, ", ") + " — " + r.RecogSrc
		keep := "none needed"
		if r.KeepAlive.Is > 0 {
			keep = fmt.Sprintf("every %v (it drops a bar after %v%s) — %s", keepAlive, r.KeepAlive.Is, fromText(r.KeepAlive.From), r.KeepAlive.Src)
		}
		end := "BEL (not known: BEL, as every parser takes)"
		if r.End.Src != "" {
			end = r.End.Is.String() + " — " + r.End.Src
		}
		cut := "kept as is (controls removed, 120 runes)"
		if r.Cut.Is != "" {
			cut = "`" + r.Cut.Is + "` becomes `,` — " + r.Cut.Src
		}
		unknown := "—"
		if !r.Mux {
			bar, _ := barFor(r, "")
			ping, _ := pingFor(r, "")
			unknown = fmt.Sprintf("bar %s, ping %s (plan.go barFor, pingFor)", map[bool]string{true: "sent", false: "none"}[bar], ping)
		}
		name := r.Name
		if r.Agent != "" {
			name += " (agent channel: " + r.Agent + ")"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, recog, steps(r.Bar), steps(r.Ping), end, cut, keep, unknown)
	}
	b.WriteString("| any other terminal | — | sent, BEL-terminated (drawn where known, ignored elsewhere) | OSC 9, BEL-terminated | BEL | a leading digit gets a space (ConEmu reads `4;` as a command) | none | — |\n")
	return b.String()
}

func fromText(v string) string {
	if v == "" {
		return ""
	}
	return ", from " + v
}

func steps[T fmt.Stringer](s []Step[T]) string {
	var out []string
	for _, st := range s {
		out = append(out, strings.TrimPrefix(fromText(st.From), ", ")+" "+st.Is.String()+" — "+st.Src)
	}
	if len(out) == 0 {
		return "ignored"
	}
	return strings.TrimSpace(strings.Join(out, "; "))
}
