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

const (
	readmePath  = "../../../README.md"
	tableBegin  = "<!-- terminal table: generated from internal/hosts/terminal/terminals.go; go test ./internal/hosts/terminal -run TestREADMETable -update -->"
	tableFinish = "<!-- end of the generated terminal table -->"
)

// TestREADMETable fails when the README's terminal table is not the one
// the table in terminals.go makes; -update rewrites it.
func TestREADMETable(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	i, j := strings.Index(readme, tableBegin), strings.Index(readme, tableFinish)
	if i < 0 || j < i {
		t.Fatalf("README.md has no %q ... %q markers", tableBegin, tableFinish)
	}
	want := readme[:i] + tableBegin + "\n" + readmeTable() + tableFinish + readme[j+len(tableFinish):]
	if want == readme {
		return
	}
	if updating() {
		if err := os.WriteFile(readmePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's terminal table differs from terminals.go: run go test ./internal/hosts/terminal -run TestREADMETable -update")
}

// readmeTable is the table in Markdown, a source in every cell.
func readmeTable() string {
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
