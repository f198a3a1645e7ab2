package herdr_test

import (
	"fmt"

	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
)

func ExampleDefaultSource() {
	fmt.Println(herdr.DefaultSource("iota"))
	fmt.Println(herdr.DefaultSource("My Chat 2"))
	// Output:
	// custom:iota
	// custom:My_Chat_2
}

func ExampleTokenName() {
	fmt.Println(herdr.TokenName("model"))
	fmt.Println(herdr.TokenName("context window"))
	// Output:
	// model
	// context_window
}

func ExampleNew() {
	b, err := herdr.New(herdr.Config{
		SocketPath: "/run/user/1000/herdr.sock", // HERDR_SOCKET_PATH
		PaneID:     "w1:p2",                     // HERDR_PANE_ID
		Agent:      "chat",
		Transport:  herdr.TransportSocket,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Name(), b.Source())

	_, err = herdr.New(herdr.Config{PaneID: "w1:p2", Agent: "chat", Source: "not a source"})
	fmt.Println(err)
	// Output:
	// herdr custom:chat
	// herdr: source "not a source": want 1-80 of [A-Za-z0-9:._-]
}
