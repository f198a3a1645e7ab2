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
// It is a public package, not internal, so that each example copies out
// of this repository and builds in a module of its own: an example's
// main package imports only public packages (CI copies each one out and
// builds it). It is example support, not hostbridge's API: a program of
// your own takes from it what it needs, it does not import it.
package chatscript
