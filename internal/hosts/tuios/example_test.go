package tuios_test

import (
	"fmt"
	"strings"

	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
)

// A fact's name becomes a key tuios's rail accepts; its reserved keys are
// never sent.
func ExampleMetaKey() {
	for _, name := range []string{"model", "Context", "cost (USD)", "now"} {
		fmt.Printf("%q\n", tuios.MetaKey(name))
	}
	// Output:
	// "model"
	// "context"
	// "cost__usd_"
	// ""
}

// A sub-agent id tuios would refuse is replaced by a stable hash, so its
// start and its stop name the same child.
func ExampleAgentID() {
	fmt.Println(tuios.AgentID("task-7"))
	id := tuios.AgentID("task 7") // a space: refused as it is
	fmt.Println(strings.HasPrefix(id, "h-"), id == tuios.AgentID("task"+" 7"))
	// Output:
	// task-7
	// true true
}
