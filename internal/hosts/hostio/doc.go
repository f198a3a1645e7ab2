// Package hostio is what the host rooms share: the JSON-lines client on a
// Unix socket (herdr, tuios), the bounded CLI runner (herdr on Windows,
// cmux, tmux), one [Refusals] type for "stop sending what this host
// refused", the errors every backend wraps, the token diff (herdr's
// tokens, tuios's rail facts), the environment reader the rooms' detection
// shares (Env, Problem), and the sanitizing helpers. It knows no host.
package hostio
