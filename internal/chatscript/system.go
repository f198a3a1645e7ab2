package chatscript

import (
	"runtime"
	"strings"
)

// SystemPrompt is the chat's own system prompt, as a real chat would send
// it to its model. It ends with the <environment> block, whose last lines
// are what the detected host adds (hostbridge's EnvironmentLines: "host:
// herdr", "herdr pane: w1:p2", ...) so the model can drive the host's CLI
// with the right ids. The scripted model never reads it: /system and
// -doctor show it.
func SystemPrompt(agent, cwd string, hostLines []string) string {
	var b strings.Builder
	b.WriteString("You are " + agent + ", a coding assistant in a terminal. ")
	b.WriteString("Answer briefly. Ask before running a tool that changes files or pushes.\n\n")
	b.WriteString("<environment>\n")
	if cwd != "" {
		b.WriteString("working directory: " + cwd + "\n")
	}
	b.WriteString("platform: " + runtime.GOOS + "/" + runtime.GOARCH + "\n")
	for _, l := range hostLines {
		b.WriteString(l + "\n")
	}
	b.WriteString("</environment>")
	return b.String()
}
