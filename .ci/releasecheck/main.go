// Command releasecheck checks that a release of hostbridge works for its
// users: it serves both modules, zipped from the commit's tracked files, from
// a module proxy on disk, and builds and tests a v1 app and a v2 app in fresh
// modules outside the repository, where teav2's `replace ../` does not apply.
//
//	go run . -repo ../.. -version v0.1.0
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

const (
	root  = "github.com/hostbridge/hostbridge"
	teav2 = root + "/teav2"
)

var env []string // the environment of the go commands in the fresh modules

func main() {
	repo := flag.String("repo", "../..", "the repository's checkout")
	version := flag.String("version", "v0.1.0", "the version to check")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "releasecheck")
	check(err)
	code := 1
	defer func() { os.RemoveAll(tmp); os.Exit(code) }()
	defer func() { // fail: print, clean up via the deferred RemoveAll
		if r := recover(); r != nil {
			fmt.Fprintln(os.Stderr, "releasecheck: FAIL:", r)
			return
		}
		code = 0
	}()

	// Only what git tracks is released: untracked junk in the checkout
	// never reaches the zips.
	src := filepath.Join(tmp, "src")
	proxy := filepath.Join(tmp, "proxy")
	check(os.MkdirAll(src, 0o755))
	archive := run(*repo, nil, "git", "archive", "--format=tar", "HEAD")
	cmd(src, nil, bytes.NewReader(archive), "tar", "-x")
	publish(proxy, root, *version, src)
	publish(proxy, teav2, *version, filepath.Join(src, "teav2"))
	step("proxy laid out at " + proxy)

	upstream := strings.TrimSpace(string(run(".", nil, "go", "env", "GOPROXY")))
	env = append(os.Environ(),
		"GOPROXY=file://"+filepath.ToSlash(proxy)+","+upstream,
		"GONOSUMDB="+root,                                          // not in the checksum database before it is pushed
		"GOFLAGS=-mod=mod -modcacherw", "GOWORK=off", "GOPRIVATE=", // -modcacherw: RemoveAll can delete it
		"GOMODCACHE="+filepath.Join(tmp, "modcache"), // no stale hostbridge zips
	)

	app := func(name, get, mainGo, testGo string) string {
		dir := filepath.Join(tmp, name)
		check(os.MkdirAll(dir, 0o755))
		run(dir, env, "go", "mod", "init", "example.com/user")
		run(dir, env, "go", "get", get+"@"+*version)
		step(name + ": go get ok")
		check(os.WriteFile(filepath.Join(dir, "main.go"), []byte(mainGo), 0o644))
		check(os.WriteFile(filepath.Join(dir, "main_test.go"), []byte(testGo), 0o644))
		for _, args := range [][]string{{"mod", "tidy"}, {"build", "-o", "app"}, {"vet", "./..."}, {"test", "./..."}} {
			run(dir, env, "go", args...)
			step(name + ": go " + strings.Join(args, " ") + " ok")
		}
		return dir
	}

	// A v1 app never needs Bubble Tea v2.
	dir := app("v1 alone", root, v1Main, v1Test)
	if mods := run(dir, env, "go", "list", "-m", "all"); bytes.Contains(mods, []byte("charm.land/bubbletea/v2")) {
		panic("v1 alone: go list -m all lists charm.land/bubbletea/v2:\n" + string(mods))
	}
	step("v1 alone: no charm.land/bubbletea/v2 in go list -m all")

	// A v2 app gets the root module only through teav2's require, and links
	// nothing of v1's stack.
	dir = app("v2 alone", teav2, v2Main, v2Test)
	bin := run(dir, env, "go", "version", "-m", "app")
	for _, bad := range []string{"github.com/muesli/termenv", "github.com/charmbracelet/bubbletea ", "github.com/charmbracelet/lipgloss "} {
		if bytes.Contains(bin, []byte("\t"+bad)) {
			panic(fmt.Sprintf("v2 alone: the binary links %q:\n%s", strings.TrimSpace(bad), bin))
		}
	}
	step("v2 alone: the binary links no termenv, bubbletea v1 or lipgloss v1")
	step("ok")
}

// publish writes one module version in GOPROXY's file layout.
func publish(proxy, path, version, dir string) {
	esc, err := module.EscapePath(path)
	check(err)
	at := filepath.Join(proxy, esc, "@v")
	check(os.MkdirAll(at, 0o755))
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	check(err)
	check(os.WriteFile(filepath.Join(at, "list"), []byte(version+"\n"), 0o644))
	info := fmt.Sprintf(`{"Version":%q,"Time":%q}`, version, time.Now().UTC().Format(time.RFC3339))
	check(os.WriteFile(filepath.Join(at, version+".info"), []byte(info), 0o644))
	check(os.WriteFile(filepath.Join(at, version+".mod"), gomod, 0o644))
	f, err := os.Create(filepath.Join(at, version+".zip"))
	check(err)
	defer f.Close()
	// CreateFromDir leaves out nested modules (teav2/ from the root's zip).
	check(zip.CreateFromDir(f, module.Version{Path: path, Version: version}, dir))
	check(f.Close())
}

func step(s string) { fmt.Println("releasecheck:", s) }

func check(err error) {
	if err != nil {
		panic(err)
	}
}

func run(dir string, env []string, name string, args ...string) []byte {
	return cmd(dir, env, nil, name, args...)
}

// cmd runs a command with a timeout (a hung download fails the check
// instead of CI) and panics with its output if it fails.
func cmd(dir string, env []string, stdin *bytes.Reader, name string, args ...string) []byte {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, name, args...)
	c.Dir, c.Env = dir, env
	if stdin != nil {
		c.Stdin = stdin
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	out, err := c.Output()
	if err != nil {
		panic(fmt.Sprintf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, out, stderr.Bytes()))
	}
	return out
}
