package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// SettingDR makes the dr to Set a DC during play (A23.7): it succeeds when
// the dr plus an assisting leader's modifier is at most the setter's US#
// (squad 3, HS or crew 2, SMC 1). A leader never modifies his own roll
// (A10.7), so leaderMod applies only when the setter is not that leader.
func SettingDR(src *sim.Source, setter Kind, leaderMod int) bool {
	return dice.Dr(src)+leaderMod <= setter.USNumber()
}
