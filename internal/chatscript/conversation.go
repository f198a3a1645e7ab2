package chatscript

import (
	"strings"
)

// Role says who wrote a line of the conversation. It is saved as is in
// transcripts.
type Role string

const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool"   // what a tool or sub-agent did
	RoleAsk       Role = "ask"    // what the model asks the user
	RoleError     Role = "error"  // a failed turn
	RoleInfo      Role = "info"   // the chat's own messages (/help, /save)
	RoleSystem    Role = "system" // the system prompt, shown by /system
)

// Entry is one line (or block) of the conversation.
type Entry struct {
	Role Role   `json:"role"`
	Text string `json:"text"`
}

// Conversation is what the viewport shows.
type Conversation struct {
	Entries []Entry
}

// Add appends an entry.
func (c *Conversation) Add(r Role, text string) { c.Entries = append(c.Entries, Entry{r, text}) }

// Say appends words to the assistant's reply being written, starting it
// when the last entry is not the assistant's.
func (c *Conversation) Say(words string) {
	n := len(c.Entries)
	if n > 0 && c.Entries[n-1].Role == RoleAssistant {
		c.Entries[n-1].Text += " " + words
		return
	}
	c.Add(RoleAssistant, words)
}

// Words counts the words said so far: the scripted context use.
func (c *Conversation) Words() int {
	n := 0
	for _, e := range c.Entries {
		if e.Role == RoleUser || e.Role == RoleAssistant {
			n += len(strings.Fields(e.Text))
		}
	}
	return n
}

// EmptyText is what an empty conversation shows.
const EmptyText = "Type a prompt and press enter. /help lists the commands."

// Label is the label an entry of role r is shown with, and its tone.
func (r Role) Label() (string, Tone) {
	switch r {
	case RoleUser:
		return "you  ", ToneUser
	case RoleAssistant:
		return "chat ", ToneAssistant
	case RoleTool:
		return "  ⎿  ", ToneMuted
	case RoleAsk:
		return "  ?  ", ToneWarning
	case RoleError:
		return "  ✗  ", ToneError
	case RoleSystem:
		return "sys  ", ToneMuted
	}
	return "  ·  ", ToneMuted
}
