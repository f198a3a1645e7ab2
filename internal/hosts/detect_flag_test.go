package hosts

import "testing"

// An id that starts with '-' would be read as a flag by a host's command
// line: herdr's CLI (the Windows transport) takes the pane id as the first
// argument of `herdr pane report-agent` without any "--" handling, treats
// "--help" there as a help request (exit 0, nothing reported) and pulls
// "--session"/"--remote" out of any position. Detection refuses it.
// ogulcancelik/herdr@10974c82 src/cli/pane.rs, src/cli/spec.rs, src/session.rs
func TestDetectRefusesFlagLikeIDs(t *testing.T) {
	for _, v := range []string{"--help", "-", "--state=blocked", "-h", "--session=x"} {
		for _, tc := range []struct {
			vars map[string]string
			name string
		}{
			{herdrVars, "HERDR_PANE_ID"},
			{herdrVars, "HERDR_TAB_ID"},
			{tuiosVars, "TUIOS_PANE_ID"},
			{cmuxVars, "CMUX_SURFACE_ID"},
		} {
			d := DetectEnv(testEnv(t, with(tc.vars, tc.name, v), false))
			if d.Host.Kind != Terminal || len(d.Problems) != 1 || d.Problems[0].Var != tc.name {
				t.Errorf("%s=%q: host %s, problems %v; want the plain terminal and one problem", tc.name, v, d.Host.Kind, d.Problems)
			}
		}
	}
	// A '-' inside an id is fine: only a leading one reads as a flag.
	if d := DetectEnv(testEnv(t, with(herdrVars, "HERDR_PANE_ID", "w1-p2"), false)); d.Host.Kind != Herdr {
		t.Errorf("w1-p2: host %s, problems %v", d.Host.Kind, d.Problems)
	}
}
