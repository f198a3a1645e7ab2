//go:build unix

package bridge_test

import (
	"io"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// tuiosFault is one way the tuios host misbehaves: the fake daemon's own
// faults (hung, restarted, dropping connections), or the proxy's in front
// of it (slow, garbage, closing early, absent: the socket gone).
type tuiosFault struct {
	name     string
	fault    func(f *fakehost.Tuios, p *faultProxy)
	recover  func(f *fakehost.Tuios, p *faultProxy)
	mid      bool
	wantFail bool // the fault must show as failed reports
}

var tuiosFaults = []tuiosFault{
	{
		name:     "slow",
		fault:    func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxySlow, 4*faultTimeout) },
		recover:  func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyPass, 0) },
		wantFail: true,
	},
	{
		name:     "hung",
		fault:    func(f *fakehost.Tuios, _ *faultProxy) { f.Hang() },
		recover:  func(f *fakehost.Tuios, _ *faultProxy) { f.Normal() },
		wantFail: true,
	},
	{
		name:     "absent",
		fault:    func(_ *fakehost.Tuios, p *faultProxy) { p.Stop() },
		recover:  func(_ *fakehost.Tuios, p *faultProxy) { p.Restart() },
		wantFail: true,
	},
	{
		name:     "garbage",
		fault:    func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyGarbage, 0) },
		recover:  func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyPass, 0) },
		wantFail: true,
	},
	{
		name:     "closing-early",
		fault:    func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyCloseEarly, 0) },
		recover:  func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyPass, 0) },
		wantFail: true,
	},
	{
		name:     "hung-proxy",
		fault:    func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyHang, 0) },
		recover:  func(_ *fakehost.Tuios, p *faultProxy) { p.set(proxyPass, 0) },
		wantFail: true,
	},
	{
		name:     "restarting",
		fault:    func(f *fakehost.Tuios, _ *faultProxy) { f.Stop() },
		recover:  func(f *fakehost.Tuios, _ *faultProxy) { f.Restart() },
		mid:      true,
		wantFail: true,
	},
	{
		// A daemon that drops idle clients: the client dials again, and
		// nothing needs to fail.
		name:    "dropping-idle-connections",
		fault:   func(f *fakehost.Tuios, _ *faultProxy) { f.DropConnections() },
		recover: func(*fakehost.Tuios, *faultProxy) {},
		mid:     true,
	},
}

func TestTuiosFaults(t *testing.T) {
	for _, tf := range tuiosFaults {
		t.Run(tf.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			f := fakehost.NewTuios(t)
			p := newFaultProxy(t, f.Env()["TUIOS_SOCKET"])
			defer f.Stop() // before goleak looks
			defer p.Stop()
			b := newBridge(t, tuiosEnv(f, p.path), io.Discard,
				bridge.WithTimeout(faultTimeout), bridge.WithExitTimeout(faultExit))
			wantHost(t, b, hosts.Tuios)

			faultLife{
				host: "tuios", mid: tf.mid, wantFail: tf.wantFail, settle: 5 * time.Second,
				fault: func() { tf.fault(f, p) }, recover: func() { tf.recover(f, p) },
				converged: func() {
					fakehost.WaitFor(t, func() bool { return f.Pane().State == "working" }, fakehost.WithTimeout(converge))
				},
			}.run(t, b)
			if st := f.Pane().State; st != "none" {
				t.Errorf("tuios pane is %q after Close, want none", st)
			}
		})
	}
}
