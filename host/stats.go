package host

// Stats counts what happened to one backend's reports.
type Stats struct {
	Backend   string
	Sent      int64 // delivered
	Failed    int64 // attempts that returned an error
	Coalesced int64 // superseded before delivery, or unchanged
	Dropped   int64 // the queue was full, the exit ran out of time, or ErrDropped
	Retried   int64 // sent again after a failure
	Refreshed int64 // sent again so the host does not forget it
}
