package hostbridge_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A source reference names the upstream repository and the commit a fact
// was read at, "owner/name@commit", then the file and the symbol.
var (
	sourceRef = regexp.MustCompile(`\b([A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+)([@ ])([0-9a-f]{7,40})\b`)
	// A line's text, after its comment or quote marker, that starts with a
	// source file's path: the rest of a reference cut from the line above.
	pathStart = regexp.MustCompile(`^[\w./-]+\.(rs|go|c|h|m|mm|zig|ts|js|py|cc|cpp|swift|sh|mdx?|toml|json|lua)\b`)
	// A host named by its branch with no repository ("tuios" and a branch name before a commit):
	// which fork was read cannot be told.
	bareHost = regexp.MustCompile(`\b(herdr|tuios|cmux) (main|master) [0-9a-f]{7,}`)
)

// TestSourcesOneNameEach holds the source references of the code and the
// docs (issue 31) to one spelling of each repository, in the "@" form, each
// whole on one line, so that a search for "ogulcancelik/herdr@10974c82"
// finds every fact read there. Commits may differ: a fact cites the commit
// it was read at, or the one that brought the behaviour.
func TestSourcesOneNameEach(t *testing.T) {
	type use struct{ spelling, where string }
	byName := map[string][]use{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != "." || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".md")) || path == "CHANGELOG.md" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		lines := strings.Split(string(b), "\n")
		for i, line := range lines {
			where := path + ":" + strconv.Itoa(i+1)
			if m := bareHost.FindString(line); m != "" {
				t.Errorf("%s: %q: name the repository (owner/name@commit)", where, m)
			}
			for _, m := range sourceRef.FindAllStringSubmatchIndex(line, -1) {
				repo, sep, commit := line[m[2]:m[3]], line[m[4]:m[5]], line[m[6]:m[7]]
				owner, name, _ := strings.Cut(repo, "/")
				if !upstream(strings.ToLower(name)) || owner == "src" || owner == "internal" {
					continue // a path followed by a hex word, not a repository
				}
				if sep != "@" {
					t.Errorf("%s: %q: write %s@%s", where, line[m[0]:m[1]], repo, commit)
				}
				byName[strings.ToLower(name)] = append(byName[strings.ToLower(name)], use{repo, where})
				rest := strings.TrimSpace(strings.TrimRight(line[m[1]:], " ,;:(—-"))
				if rest == "" && i+1 < len(lines) && pathStart.MatchString(strings.TrimLeft(lines[i+1], " \t/*#>-|")) {
					t.Errorf("%s: the reference to %s goes on on the next line: keep it on one line, searchable", where, repo)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		first := byName[n][0]
		for _, u := range byName[n][1:] {
			if u.spelling != first.spelling {
				t.Errorf("%s cites %s; %s cites %s: one repository name everywhere", u.where, u.spelling, first.where, first.spelling)
			}
		}
	}
}

// upstream: name is a repository hostbridge reads (a host, a terminal, a
// library), not a path's last part that a hex word happens to follow.
func upstream(name string) bool {
	switch name {
	case "herdr", "tuios", "cmux", "tmux", "kitty", "foot", "ghostty", "wezterm", "warp", "vte", "konsole",
		"iterm2", "zellij", "gnu-screen", "rio", "contour", "alacritty", "xterm-snapshots", "rxvt-unicode",
		"xterm.js", "vscode", "terminal", "bubbletea", "bubbles", "lipgloss", "openssh-portable":
		return true
	}
	return false
}
