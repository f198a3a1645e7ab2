package herdr

// FreshSequence gives b a seq counter of its own, as a new process would
// have, so one test can play a chat and its restarted successor.
func FreshSequence(b *Backend) { b.seq = new(sequence) }
