package cmux_test

import (
	"fmt"

	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
)

// An agent name becomes the key of its sidebar row; nothing of it can read
// as an option on cmux's command line.
func ExampleStatusKey() {
	for _, agent := range []string{"chat", "my agent", "--icon"} {
		fmt.Printf("%q\n", cmux.StatusKey(agent))
	}
	// Output:
	// "chat"
	// "my_agent"
	// "icon"
}
