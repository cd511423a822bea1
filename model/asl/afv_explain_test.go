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
