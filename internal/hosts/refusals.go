package hosts

import (
	"fmt"
	"log/slog"
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// refusals are what a host refused as unknown (a method, a verb, a part
// of one): an older build would refuse it again, so it is not sent again,
// the reports needing it are dropped, and one debug line says so.
type refusals struct {
	host string
	log  *slog.Logger
	set  []string
}

func (r *refusals) before(features ...string) error {
	for _, f := range features {
		if slices.Contains(r.set, f) {
			return fmt.Errorf("%s: %s: not sent, this %s refused it: %w", r.host, f, r.host, host.ErrDropped)
		}
	}
	return nil
}

func (r *refusals) note(f string, err error) error {
	r.set = append(r.set, f)
	r.log.Debug(r.host+": this "+r.host+" lacks a feature; not sending it again", "feature", f, "err", err)
	return fmt.Errorf("%w: %w", err, host.ErrDropped)
}
