package asl

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestFanaticBerserkNeedsALeader holds the reading behind refusing §8.52's
// switch with no leader and at most one --dff: a unit reads it only at a
// Heat of Battle DR after one that made it Fanatic (A15.3), and in one
// attack only a Leader Loss MC (A10.2), or a further Defensive Fire
// attack on the Placer, gives a unit a second MC. On
// random DC and fire attacks with no leader, Heat of Battle on, a Known
// enemy and Battle Hardening accepted, the exact figures are the same
// either way (randomDCAttack gives the Placer one Defensive Fire attack
// at most); with a leader, or three such attacks, they are not.
func TestFanaticBerserkNeedsALeader(t *testing.T) {
	r := rand.New(rand.NewPCG(852, 15))
	leader := func(u Unit) bool { return u.Kind == Leader }
	for i, n := 0, 0; n < 24; i++ {
		var x experimenter
		var units []Unit
		var set func(bool)
		if i%2 == 0 {
			a := randomDCAttack(t, r)
			o := &a.Options
			o.HeatOfBattle, o.KnownEnemyInLOS, o.AcceptBattleHardening = true, true, true
			units = slices.Concat(a.Targets, a.Throwers, a.Placer, a.Setter)
			set = func(on bool) { o.FanaticBerserk = on; x = a }
			if len(a.DFF) > 1 || a.Validate() != nil {
				continue
			}
		} else {
			a := randomFireAttack(t, r)
			o := &a.Options.Options
			o.HeatOfBattle, o.KnownEnemyInLOS, o.AcceptBattleHardening = true, true, true
			units = a.Targets
			set = func(on bool) { o.FanaticBerserk = on; x = a }
			if a.Validate() != nil {
				continue
			}
		}
		if slices.ContainsFunc(units, leader) {
			continue
		}
		n++
		set(true)
		on := exactOf(t, x)
		set(false)
		off := exactOf(t, x)
		if d := firstDifference(on, off); d != "" {
			t.Errorf("attack %d (%+v): fanatic-berserk changes %s with no leader", i, x, d)
		}
	}

	// The two shapes the switch needs: a leader whose loss brings a
	// second MC, and a Placer under several Defensive Fire attacks.
	fire := NewIFTAttack(30, mustUnit(t, "4-4-3,class=elite"), mustUnit(t, "leader:10-3"))
	dc := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	dc.Placer = []Unit{mustUnit(t, "4-6-8,class=elite")}
	dc.User = UserOf(dc.Placer)
	dc.DFF = []FireAttack{{FP: 8}, {FP: 8}, {FP: 8}}
	for _, c := range []struct {
		name string
		o    *Options
		x    experimenter
	}{{"a leader", &fire.Options.Options, &fire}, {"three Defensive Fire attacks on the Placer", &dc.Options, &dc}} {
		c.o.HeatOfBattle, c.o.KnownEnemyInLOS, c.o.AcceptBattleHardening = true, true, true
		c.o.FanaticBerserk = true
		on := exactOf(t, c.x)
		c.o.FanaticBerserk = false
		if firstDifference(on, exactOf(t, c.x)) == "" {
			t.Errorf("with %s, fanatic-berserk changes nothing: the check above proves nothing", c.name)
		}
	}
}

// firstDifference names the first outcome whose exact probability differs
// between a and b, "" for none.
func firstDifference(a, b *sim.Result) string {
	for i, m := range a.Metrics {
		for k, o := range m.Outcomes {
			if p := b.Metrics[i].Outcomes[k].P; p != o.P {
				return fmt.Sprintf("%s=%s (%v, %v)", m.Name, o.Label, o.P, p)
			}
		}
	}
	return ""
}
