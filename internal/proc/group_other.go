//go:build !unix

package proc

import "os/exec"

// ownGroup does nothing here: exec.CommandContext kills the direct child.
func ownGroup(*exec.Cmd) {}
