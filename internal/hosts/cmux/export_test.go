package cmux

// WaitDelay is waitDelay, for the external tests' bound on how long a
// Report to a hung cmux may take.
const WaitDelay = waitDelay
