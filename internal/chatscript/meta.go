package chatscript

import (
	"fmt"

	"github.com/hostbridge/hostbridge/bridge"
)

// StartModel is the scripted model a chat starts with.
const StartModel = "scripted-1"

// The scripted model's context window and price.
const (
	contextWords = 2000
	costPerTurn  = 0.01
)

// Meta is the model's facts as hosts show them: the model's name, the
// context the conversation fills and what the turns ended so far cost.
func Meta(model string, conv *Conversation, ended int) bridge.MetaChanged {
	return bridge.MetaChanged{
		Model:   model,
		Context: fmt.Sprintf("%d%%", min(100, conv.Words()*100/contextWords)),
		Cost:    fmt.Sprintf("$%.2f", float64(ended)*costPerTurn),
	}
}
