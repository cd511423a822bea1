package asl

import (
	"strings"
	"testing"
)

// TestAFVWorkingHalvesAsItRuns: the working's column of the attack on a
// concealed AFV's CE Passenger says what the run does: halved by default
// (§8.6), and not, nor said to be, with the switch off.
func TestAFVWorkingHalvesAsItRuns(t *testing.T) {
	for _, halve := range []bool{true, false} {
		a := NewAFVAttack(Placed, tigerLike(t))
		a.Concealed, a.CE = true, true
		a.Passengers = []Unit{mustUnit(t, "4-6-7")}
		a.Options.HalveCollateralIfConcealed = halve
		w := a.Working()
		if len(w.Units) == 0 {
			t.Fatal("no attack on the units")
		}
		c := w.Units[0].Column
		says := strings.Contains(c.Why, "halved for a concealed unit or a concealed vehicle's PRC")
		if (c.FP == 15) != halve || says != halve {
			t.Errorf("halve %v: column %g FP, %q", halve, c.FP, c.Why)
		}
	}
}

// TestAFVWorkingSaysHowThePRCAreAttacked: the working's line on the
// attack on the Vulnerable PRC names the DR the run gives it: a new DR
// after a Poor Position through armor (D.8), the vehicle line's own DR,
// with no CE DRM, through an unarmored facing (§8.37), where no Position
// DR is made.
func TestAFVWorkingSaysHowThePRCAreAttacked(t *testing.T) {
	for _, c := range []struct {
		armor, want, not string
	}{
		{"hull=11/8/8,turret=11/8/8", "after a Position DR of 9–11", "vehicle line"},
		{"hull=8/8/-,turret=8/8/8", "with the vehicle line's DR, without the CE DRM", "Position DR"},
	} {
		a := NewAFVAttack(Placed, mustArmor(t, c.armor))
		a.Facing, a.CE = Rear, true
		w := a.Working()
		if !strings.Contains(w.UnitsRule, c.want) || strings.Contains(w.UnitsRule, c.not) {
			t.Errorf("%s through the rear: units %q, want it to say %q and not %q", c.armor, w.UnitsRule, c.want, c.not)
		}
	}
}
