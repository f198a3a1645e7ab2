//go:build linux || darwin

package chattest

import "testing"

// Tests are the end-to-end tests, by name: each runs the Chat it is given.
var Tests = []struct {
	Name string
	Run  func(t *testing.T, ch *Chat)
}{
	{"PTYChat", PTYChat},
	{"PTYNotifyOff", PTYNotifyOff},
	{"PTYCoalescedFocus", PTYCoalescedFocus},
	{"PTYSignals", PTYSignals},
	{"PTYHeadless", PTYHeadless},
	{"PTYHerdr", PTYHerdr},
	{"PTYHerdrMendcode", PTYHerdrMendcode},
	{"HostsHerdrIota", HostsHerdrIota},
	{"HostsHerdrKilled", HostsHerdrKilled},
	{"HostsHerdrHeadless", HostsHerdrHeadless},
	{"HostsTuios", HostsTuios},
	{"HostsTuiosHeadless", HostsTuiosHeadless},
	{"HostsTuiosHerdrAPI", HostsTuiosHerdrAPI},
	{"HostsTuiosRestart", HostsTuiosRestart},
	{"HostsCmux", HostsCmux},
	{"HostsCmuxKilled", HostsCmuxKilled},
	{"HostsCmuxHeadless", HostsCmuxHeadless},
	{"HostsCmuxRemote", HostsCmuxRemote},
	{"HostsHerdrInCmux", HostsHerdrInCmux},
	{"HostsDoctorNested", HostsDoctorNested},
	{"HostsDoctorCmux", HostsDoctorCmux},
	{"DoctorMalformedHerdr", DoctorMalformedHerdr},
	{"DoctorHerdr", DoctorHerdr},
	{"DoctorHerdrWithoutEnv", DoctorHerdrWithoutEnv},
	{"DoctorOptions", DoctorOptions},
	{"DoctorTuiosSessionWithBlanks", DoctorTuiosSessionWithBlanks},
	{"DoctorSanitisesEnvironmentPaths", DoctorSanitisesEnvironmentPaths},
	{"DoctorTerminal", DoctorTerminal},
	{"ExitCodes", ExitCodes},
}

// Run runs every test in Tests on ch, each as a subtest of t named for it.
func Run(t *testing.T, ch *Chat) {
	for _, tt := range Tests {
		t.Run(tt.Name, func(t *testing.T) { tt.Run(t, ch) })
	}
}
