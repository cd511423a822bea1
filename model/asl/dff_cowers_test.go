package asl

import (
	"math"
	"testing"
)

// TestDFFCowersAsFire: a Defensive Fire attack on the Placer is an IFT
// attack on his Location. Given ,cowers it Cowers on Original doubles as
// sapper fire's unled Infantry attack does (A7.9); given ,cowers=2, as
// one by Inexperienced firers, two columns (A19.33); given neither, as a
// leader-directed one, which never Cowers (rules/asl.md §8.31). The
// Placer's fate is then the fire target's, outcome by outcome, and for a
// Setter the same attack at −2 (Hazardous Movement).
//
// By hand, the elite 4-6-8 under 8 FP at −1 gets through (good order or
// berserk) 555/1296 without Cowering and 576/1296 with it: only the
// doubles 3-3, 4-4 and 5-5 read another result on the 6 column.
func TestDFFCowersAsFire(t *testing.T) {
	for _, c := range []struct {
		fp     float64
		drm    int
		cowers int
		placer string
	}{
		{8, -1, 0, "4-6-8,class=elite"},
		{8, -1, 1, "4-6-8,class=elite"},
		{8, -1, 2, "4-6-8,class=elite"},
		{4, 0, 1, "4-4-7"},
		{2, 2, 2, "4-4-7"},
		// The 1 column: Cowering off it, no effect at all (§8.54).
		{1, -3, 1, "4-4-7"},
		{20, 1, 1, "2-3-7"},
	} {
		dff := FireAttack{FP: c.fp, DRM: c.drm, Cowers: c.cowers}
		for _, mode := range []Mode{Placed, Set} {
			dc := NewDCAttack(mode, mustUnit(t, "4-6-7"))
			if mode == Placed {
				dc.Placer = []Unit{mustUnit(t, c.placer)}
			} else {
				dc.Setter = []Unit{mustUnit(t, c.placer)}
			}
			dc.DFF = []FireAttack{dff}
			dc.User = UserOf(dc.Placer)
			if mode == Set {
				dc.User = UserOf(dc.Setter)
			}
			fire := NewIFTAttack(c.fp)
			fire.DRM = c.drm
			if mode == Set {
				fire.DRM -= 2
			}
			fire.Targets = []Unit{mustUnit(t, c.placer)}
			surrender := true // the DC user's Location's rules (trial.go)
			fire.Options.Surrender = &surrender
			switch c.cowers {
			case 0:
				fire.LeaderDirected = true
			case 2:
				fire.FirerClass = Green
			}
			got, want := exactOf(t, dc), exactOf(t, fire)
			for _, l := range fateLabels {
				metric := MetricPlacer
				if mode == Set {
					metric = MetricSetter
				}
				if g, w := got.P(metric, l), want.P(TargetMetric(1), l); math.Abs(g-w) > 1e-12 {
					t.Errorf("%v under --dff %v: %s %s %.15f; as a fire attack %.15f", mode, dff, metric, l, g, w)
				}
			}
		}
	}
	dc := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	dc.Placer = []Unit{mustUnit(t, "4-6-8,class=elite")}
	for cowers, through := range map[int]int64{0: 555, 1: 576} {
		dc.DFF = []FireAttack{{FP: 8, DRM: -1, Cowers: cowers}}
		res := exactOf(t, dc)
		check(t, dc.DFF[0].String()+" Placer through", res.P(MetricPlacer, "good_order")+res.P(MetricPlacer, "berserk"), through, 1296)
	}
	dc.DFF = []FireAttack{{FP: 8, DRM: -1, Cowers: 1}, {FP: 4, DRM: 0, Cowers: 2}}
	checkMonteCarlo(t, "two Cowering attacks on the Placer", dc)
}

// TestParseFireAttackCowers: ,cowers and ,cowers=N after FP:DRM, and back
// as written; anything else refused.
func TestParseFireAttackCowers(t *testing.T) {
	for in, want := range map[string]FireAttack{
		"8:-1":          {FP: 8, DRM: -1},
		"8:-1,cowers":   {FP: 8, DRM: -1, Cowers: 1},
		"8:-1,cowers=1": {FP: 8, DRM: -1, Cowers: 1},
		"4:+2,cowers=2": {FP: 4, DRM: 2, Cowers: 2},
	} {
		got, err := ParseFireAttack(in)
		if err != nil || got != want {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
		if back, err := ParseFireAttack(got.String()); err != nil || back != got {
			t.Errorf("%q: %q read back as %+v, %v", in, got.String(), back, err)
		}
	}
	for _, in := range []string{"8:-1,", "8:-1,cowers=0", "8:-1,cowers=3", "8:-1,cowers,cowers", "8:-1,cower", "8:-1,COWERS", "8,cowers:-1", "8:-1,cowers=1.0"} {
		if f, err := ParseFireAttack(in); err == nil {
			t.Errorf("%q: read as %+v", in, f)
		}
	}
}
