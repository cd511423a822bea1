package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Setting outcomes (A23.7): berserk is a Setter that Heat of Battle made
// berserk under the Defensive Fire, which cannot Set (A15.431).
var settingLabels = []string{"set", "failed_dr", "broken_or_pinned", "berserk"}

const (
	settingSet = iota
	settingFailedDR
	settingBrokenOrPinned
	settingBerserk
)

// runChain resolves what must happen before the DC can detonate and
// reports whether it does: a Placed DC's Placement (A23.3), a Set DC's
// Setting and detonation NTC (A23.7). A Thrown DC has no chain.
func (t *dcTrial) runChain(src *sim.Source, rec *sim.Record) bool {
	a := &t.p.a
	switch {
	case a.Mode == Placed && len(a.Placer) > 0:
		ok := t.defensiveFire(src)
		rec.Set(t.p.m.placer, int(t.chain.u[0].fate()))
		return ok
	case a.Mode == Set && len(a.Setter) > 0:
		s := t.setDC(src)
		rec.Set(t.p.m.setting, s)
		if t.p.m.setter >= 0 {
			rec.Set(t.p.m.setter, int(t.chain.u[0].fate()))
		}
		// A23.7: a later fire phase, the Setter (Good Order, in LOS) must
		// pass a NTC to detonate it; leadership applies.
		return s == settingSet && t.chain.taskCheck(src, 0, t.chain.leaderDRM(0))
	}
	return true
}

// defensiveFire resolves each Defensive Fire attack on the DC user's
// Location in turn with the full morale rules, and reports whether the
// user is still neither broken, pinned nor eliminated: operable Placement
// (A23.3; berserk is fine) or a Setting not spoiled (A23.7).
func (t *dcTrial) defensiveFire(src *sim.Source) bool {
	t.chain.restart(&t.chainStart)
	for k := range t.p.dff {
		t.chain.resolve(src, t.p.dff[k].roll(src))
	}
	u := &t.chain.u[0]
	return !u.gone() && !u.broken && !u.pinned
}

// setDC resolves Setting a DC (A23.7): by SSR before play it is simply
// Set; during play the Setter survives the Defensive Fire of its Hazardous
// Movement, not berserk (A15.431: a berserk unit never Sets, though one
// may Place), and then needs a dr ≤ its US#, helped by a leader with it
// (never his own roll, A10.7). A failed dr leaves the DC with the unit
// (rules/asl.md §8.33).
func (t *dcTrial) setDC(src *sim.Source) int {
	if t.p.a.Preset {
		t.chain.restart(&t.chainStart)
		return settingSet
	}
	if !t.defensiveFire(src) {
		return settingBrokenOrPinned
	}
	if t.chain.u[0].berserk {
		return settingBerserk
	}
	if !SettingDR(src, t.chain.u[0].kind, t.chain.leaderDRM(0)) {
		return settingFailedDR
	}
	return settingSet
}

// SettingDR makes the dr to Set a DC during play (A23.7): it succeeds when
// the dr plus an assisting leader's modifier is at most the setter's US#
// (squad 3, HS or crew 2, SMC 1).
func SettingDR(src *sim.Source, setter Kind, leaderMod int) bool {
	return dice.Dr(src)+leaderMod <= setter.USNumber()
}
