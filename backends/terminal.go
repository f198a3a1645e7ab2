package backends

// TerminalInfo is a placeholder until the terminal backend's Info lands.
type TerminalInfo struct{}

func detectTerminal(Env) TerminalInfo { return TerminalInfo{} }
