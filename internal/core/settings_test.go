package core

import (
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// An edit changes one setting from its default: each test names only what
// it changes (settings.Default is what an app without options gets).
type edit = func(*settings.Settings)

func with(edits ...edit) settings.Settings {
	s := settings.Default()
	for _, e := range edits {
		e(&s)
	}
	return s
}

func newMachine(session host.Session, edits ...edit) *Machine {
	return NewMachine(with(append(edits, func(s *settings.Settings) { s.Session = session })...))
}

var (
	noPing            edit = func(s *settings.Settings) { s.Ping = false }
	subAgentsBlock    edit = func(s *settings.Settings) { s.SubAgentsBlock = true }
	quietWhileUnknown edit = func(s *settings.Settings) { s.PingWhileFocusUnknown = false }
)

func timeout(d time.Duration) edit      { return func(s *settings.Settings) { s.Timeout = d } }
func exitTimeout(d time.Duration) edit  { return func(s *settings.Settings) { s.ExitTimeout = d } }
func pingInterval(d time.Duration) edit { return func(s *settings.Settings) { s.PingInterval = d } }
func queueLimit(n int) edit             { return func(s *settings.Settings) { s.QueueLimit = n } }
func everyReport(on bool) edit          { return func(s *settings.Settings) { s.EveryReport = on } }

// retryMin sets the first retry's wait, and the longest to at least it.
func retryMin(d time.Duration) edit {
	return func(s *settings.Settings) { s.RetryMin, s.RetryMax = d, max(s.RetryMax, d) }
}
