package host

// Stats counts what happened to one backend's reports.
type Stats struct {
	Backend   string
	Sent      int64 // delivered
	Failed    int64 // attempts that returned an error
	Coalesced int64 // superseded before delivery
	Dropped   int64 // not shown: the queue was full, the exit ran out of time, or ErrDropped
	Retried   int64 // re-sent after a failure
	Refreshed int64 // re-sent to keep the host from forgetting
}
