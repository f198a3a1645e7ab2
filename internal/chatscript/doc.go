// Package chatscript is the framework-free part of the example chats
// (examples/chat on Bubble Tea v1, teav2/examples/chat on v2): the
// command line and the choice of mode (Run), the scripted model and its
// turns, the chat's state and what it does with a line, a command or a
// due step (Chat, returning Effects each chat turns into its own Bubble
// Tea Cmds), the conversation and its labels, the status line's text and
// layout, the sessions /save writes, the system prompt, the -m run, the
// -doctor report (RunDoctor) and the exit codes (RunProgram). Both chats
// share it, so they run the same script with the same flags and tell the
// hosts the same things; each keeps only its screen (prompt, viewport,
// styles, keys) and what its Bubble Tea version needs.
//
// Their end-to-end and golden tests are written once too, in chattest.
//
// It is internal to this repository: it is the example chats' support,
// not hostbridge's API, and promises nothing to anyone else. The v2 chat
// in the nested teav2 module may import it (Go's internal rule is by
// import path, and teav2's path is under this module's), and it always
// builds against this checkout: teav2/go.mod replaces the root module
// with ../, and `go install` or `go run` of a package@version refuses a
// module whose go.mod has a replace. So the two chats, unlike the other
// examples, do not build copied out of the repository (.ci/copyout skips
// them); a program of your own takes from here what it needs.
package chatscript
