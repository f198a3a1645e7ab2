// Package chatscript is the framework-free part of the example chats
// (examples/chat on Bubble Tea v1, teav2/examples/chat on v2): the
// command line, the scripted model and its turns, the conversation, the
// sessions /save writes, the system prompt and the -m run. Both chats
// share it, so they run the same script with the same flags and tell the
// hosts the same things.
//
// It lives under the root module's internal directory, not under
// examples/, because Go lets only the tree above an internal directory
// import it, and the v2 chat sits in teav2/, the nested module.
package chatscript
