package teatest_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestREADME holds the README to its Go: every Go block of "Use",
// "Testing your app" and "Bubble Tea v2" is a file of a chat, marked
// <!-- readme-test: SET FILE --> (SET v1 or v2), and each set is built in
// a module of its own outside the repository, with a replace to it, as a
// user following the README would: go vet, then its tests with -race,
// against the golden file the README shows (the v2 chat's is the v1
// chat's, as the README says). testdata/readme/SET adds a test that the
// exit has run when Run returns, with main.go's tea.NewProgram arguments
// (see exit_test.go there).
func TestREADME(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two modules")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	sets, untested := readmeBlocks(readme, "Use", "Testing your app", "Bubble Tea v2")
	for _, where := range untested {
		t.Errorf("README: a Go block with no readme-test mark (%s): mark it, or it goes untested", where)
	}
	const golden = "testdata/TestGoldenTurn.golden"
	for _, set := range []string{"v1", "v2"} {
		for _, f := range []string{"main.go", "chat.go", "chat_test.go"} {
			if _, ok := sets[set][f]; !ok {
				t.Fatalf("README: no block marked %q %q", set, f)
			}
		}
	}
	if _, ok := sets["v1"][golden]; !ok {
		t.Fatalf("README: no block marked v1 %q", golden)
	}
	sets["v2"][golden] = sets["v1"][golden]

	for _, set := range []string{"v1", "v2"} {
		t.Run(set, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			files := sets[set]
			extra, err := os.ReadFile(filepath.Join("testdata", "readme", set, "exit_test.go"))
			if err != nil {
				t.Fatal(err)
			}
			// The exit's test runs the program as main.go makes it.
			args := regexp.MustCompile(`tea\.NewProgram\(([^\n]*)\)\.Run\(\)`).FindStringSubmatch(files["main.go"])
			if args == nil {
				t.Fatalf("README: the %s main.go has no tea.NewProgram(...).Run()", set)
			}
			files["exit_test.go"] = strings.Replace(string(extra), "tea.NewProgram(README,", "tea.NewProgram("+args[1]+",", 1)
			gomod, gosum := readmeModule(t, root, set)
			files["go.mod"], files["go.sum"] = gomod, gosum
			for name, text := range files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			run := func(args ...string) {
				t.Helper()
				cmd := exec.Command(goCmd, args...)
				cmd.Dir = dir
				// The modules are the repository's own, at its versions:
				// in the cache already, but for teav2's on a fresh machine
				// where only the root module was built (then GOPROXY
				// fetches them, as it would for a user).
				cmd.Env = append(os.Environ(), "GOFLAGS="+os.Getenv("GOFLAGS")+" -mod=mod", "GOWORK=off", "GOTOOLCHAIN=local")
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("go %s, in the README's %s chat: %v\n%s", strings.Join(args, " "), set, err, out)
				}
			}
			run("vet", ".")
			run("test", "-race", "-count=2", ".")
		})
	}
}

// readmeBlocks returns the marked blocks of readme by set and file name,
// and where each unmarked Go block of the sections named is.
func readmeBlocks(readme []byte, sections ...string) (sets map[string]map[string]string, untested []string) {
	mark := regexp.MustCompile(`^<!-- readme-test: (\S+) (\S+) -->$`)
	sets = map[string]map[string]string{}
	var section, set, file, prev string
	var block *strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(readme))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case block != nil && line == "```":
			if sets[set] == nil {
				sets[set] = map[string]string{}
			}
			sets[set][file] = block.String()
			block = nil
		case block != nil:
			block.WriteString(line + "\n")
		case strings.HasPrefix(line, "```"):
			if m := mark.FindStringSubmatch(prev); m != nil {
				set, file, block = m[1], m[2], &strings.Builder{}
			} else if line == "```go" && slices.Contains(sections, section) {
				untested = append(untested, section+", line "+strconv.Itoa(n))
			}
			if block == nil { // unmarked: skip to its end
				for sc.Scan() && sc.Text() != "```" {
					n++
				}
				n++
			}
		case strings.HasPrefix(line, "## "):
			section = strings.TrimPrefix(line, "## ")
		}
		prev = line
	}
	return sets, untested
}

// readmeModule returns the go.mod and go.sum of the README's chat of set:
// the repository's module's own (its requirements, so nothing is
// upgraded or fetched), renamed, with a requirement of hostbridge's
// frontend and a replace of it by the repository.
func readmeModule(t *testing.T, root, set string) (gomod, gosum string) {
	t.Helper()
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	rename := regexp.MustCompile(`(?m)^module \S+$`)
	switch set {
	case "v1":
		gomod = rename.ReplaceAllString(read("go.mod"), "module example.com/readme") +
			"\nrequire github.com/hostbridge/hostbridge v0.0.0\n" +
			"\nreplace github.com/hostbridge/hostbridge => " + root + "\n"
		return gomod, read("go.sum")
	default:
		gomod = rename.ReplaceAllString(read("teav2/go.mod"), "module example.com/readme")
		gomod = regexp.MustCompile(`(?m)^replace github.com/hostbridge/hostbridge => .*$`).ReplaceAllString(gomod, "")
		gomod += "\nrequire github.com/hostbridge/hostbridge/teav2 v0.0.0\n" +
			"\nreplace github.com/hostbridge/hostbridge => " + root + "\n" +
			"\nreplace github.com/hostbridge/hostbridge/teav2 => " + filepath.Join(root, "teav2") + "\n"
		lines := strings.Split(read("teav2/go.sum")+read("go.sum"), "\n")
		slices.Sort(lines)
		return gomod, strings.Join(slices.Compact(lines), "\n") + "\n"
	}
}
