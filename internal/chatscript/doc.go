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
// It lives under the root module's internal directory, not under
// examples/, because Go lets only the tree above an internal directory
// import it, and the v2 chat sits in teav2/, the nested module.
package chatscript
