package hosts

// The backends, for the tests that drive them against teatest's fake
// hosts (package hosts_test: teatest imports this package).
type (
	HerdrConfig  = herdrConfig
	TuiosConfig  = tuiosConfig
	CmuxConfig   = cmuxConfig
	HerdrBackend = herdrBackend
	TuiosBackend = tuiosBackend
	CmuxBackend  = cmuxBackend
)

var (
	NewHerdr  = newHerdr
	NewTuios  = newTuios
	NewCmux   = newCmux
	AgentID   = agentID
	StatusKey = statusKey
)

// FreshSequence gives b a seq counter of its own, as a new process would
// have, so one test can play a chat and its restarted successor.
func FreshSequence(b *HerdrBackend) { b.seq = new(sequence) }

func (b *herdrBackend) Source() string { return b.cfg.Source }
func (b *cmuxBackend) Bin() string     { return b.bin }
func (b *cmuxBackend) Key() string     { return b.key }
