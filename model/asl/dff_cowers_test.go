package asl

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestDFFCowersAsFire: a Defensive Fire attack on the Placer is an IFT
// attack on his Location. Given its firers' class (and nationality) it
// Cowers on Original doubles as sapper fire's unled Infantry attack by
// them does (A7.9), two columns for Inexperienced firers (A19.33), never
// for British Elite or 1st Line ones; given none, as a leader-directed
// one, which never Cowers (rules/asl.md §8.31). The Placer's fate is then
// the fire target's, outcome by outcome, with the DC user's Location's
// surrender (trial.go), and for a Setter the same attack at −2
// (Hazardous Movement). Off the lowest column it has no effect at all, or,
// with §8.54's switch off for both, stays on that column.
//
// By hand, the elite 4-6-8 under 8 FP at −1 gets through (good order or
// berserk) 555/1296 without Cowering and 576/1296 with it: only the
// doubles 3-3, 4-4 and 5-5 read another result on the 6 column.
func TestDFFCowersAsFire(t *testing.T) {
	firers := func(c Class, n Nationality) *Firers { return &Firers{Class: c, Nationality: n} }
	for _, c := range []struct {
		fp     float64
		drm    int
		firers *Firers
		placer string
	}{
		{8, -1, nil, "4-6-8,class=elite"},
		{8, -1, firers(FirstLine, OtherNationality), "4-6-8,class=elite"},
		{8, -1, firers(Green, OtherNationality), "4-6-8,class=elite"},
		{8, -1, firers(Elite, British), "4-6-8,class=elite"},
		{4, 0, firers(SecondLine, British), "4-4-7"},
		{4, 0, firers(Conscript, Finnish), "4-4-7"},
		{2, 2, firers(Conscript, OtherNationality), "4-4-7"},
		// Off the lowest column (§8.54): from the 1 column, and two
		// columns from the 2.
		{1, -3, firers(Elite, OtherNationality), "4-4-7"},
		{2, -2, firers(Green, OtherNationality), "4-4-7"},
		{20, 1, firers(Conscript, Finnish), "2-3-7"},
	} {
		dff := FireAttack{FP: c.fp, DRM: c.drm, Firers: c.firers}
		for _, mode := range []Mode{Placed, Set} {
			for _, offNone := range []bool{true, false} {
				if !offNone && !dff.CowersOffLowest() {
					continue
				}
				dc := NewDCAttack(mode, mustUnit(t, "4-6-7"))
				dc.Options.CowerOffLowestNoEffect = offNone
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
				fire.Options.CowerOffLowestNoEffect = offNone
				fire.DRM = c.drm
				if mode == Set {
					fire.DRM -= 2
				}
				fire.Targets = []Unit{mustUnit(t, c.placer)}
				surrender := true // the DC user's Location's rules (trial.go)
				fire.Options.Surrender = &surrender
				if c.firers == nil {
					fire.LeaderDirected = true
				} else {
					fire.FirerClass, fire.FirerNationality = c.firers.Class, c.firers.Nationality
				}
				got, want := exactOf(t, dc), exactOf(t, fire)
				for _, l := range fateLabels {
					metric := MetricPlacer
					if mode == Set {
						metric = MetricSetter
					}
					if g, w := got.P(metric, l), want.P(TargetMetric(1), l); math.Abs(g-w) > 1e-12 {
						t.Errorf("%v under --dff %v, no effect off the lowest column %v: %s %s %.15f; as a fire attack %.15f", mode, dff, offNone, metric, l, g, w)
					}
				}
			}
		}
	}
	dc := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	dc.Placer = []Unit{mustUnit(t, "4-6-8,class=elite")}
	for _, c := range []struct {
		firers  *Firers
		through int64
	}{{nil, 555}, {firers(FirstLine, OtherNationality), 576}, {firers(FirstLine, British), 555}} {
		dc.DFF = []FireAttack{{FP: 8, DRM: -1, Firers: c.firers}}
		res := exactOf(t, dc)
		check(t, dc.DFF[0].String()+" Placer through", res.P(MetricPlacer, "good_order")+res.P(MetricPlacer, "berserk"), c.through, 1296)
	}
	dc.DFF = []FireAttack{{FP: 8, DRM: -1, Firers: firers(FirstLine, OtherNationality)}, {FP: 4, DRM: 0, Firers: firers(Green, OtherNationality)}}
	checkMonteCarlo(t, "two Cowering attacks on the Placer", dc)

	// Green firers' 2 FP: the doubles Cower two columns, off the lowest,
	// and do nothing; held on the 1 column, they still attack there.
	dc.DFF = []FireAttack{{FP: 2, DRM: -2, Firers: firers(Green, OtherNationality)}}
	dc.Placer = []Unit{mustUnit(t, "4-4-7")}
	dc.User = UserOf(dc.Placer)
	offNone := exactOf(t, dc)
	dc.Options.CowerOffLowestNoEffect = false
	held := exactOf(t, dc)
	if g, h := offNone.P(MetricPlacer, "good_order"), held.P(MetricPlacer, "good_order"); !(h < g) {
		t.Errorf("2 FP Green Defensive Fire held on the 1 column left the Placer in good order %.6f, no more rarely than Cowering off it, %.6f", h, g)
	}
}

// TestParseFireAttackFirers: ,class=CLASS and ,nation=N after FP:DRM,
// and back as written; anything else refused.
func TestParseFireAttackFirers(t *testing.T) {
	for in, want := range map[string]FireAttack{
		"8:-1":                             {FP: 8, DRM: -1},
		"8:-1,class=first":                 {FP: 8, DRM: -1, Firers: &Firers{Class: FirstLine}},
		"4:+2,class=green":                 {FP: 4, DRM: 2, Firers: &Firers{Class: Green}},
		"4:+2,nation=british,class=elite":  {FP: 4, DRM: 2, Firers: &Firers{Class: Elite, Nationality: British}},
		"4:0,class=conscript,nation=other": {FP: 4, Firers: &Firers{Class: Conscript}},
	} {
		got, err := ParseFireAttack(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %+v, %v; want %+v", in, got, err, want)
		}
		if back, err := ParseFireAttack(got.String()); err != nil || !reflect.DeepEqual(back, got) {
			t.Errorf("%q: %q read back as %+v, %v", in, got.String(), back, err)
		}
	}
	for _, in := range []string{"8:-1,", "8:-1,class", "8:-1,class=", "8:-1,class=best", "8:-1,nation=british", "8:-1,class=elite,class=elite",
		"8:-1,class=elite,", "8:-1,cowers", "8:-1,class=green,nation=finnish", "8:-1,class=first,nation=finnish", "8:-1,CLASS=elite", "8,class=elite:-1", "8:-1,class=elite,nation=french"} {
		if f, err := ParseFireAttack(in); err == nil {
			t.Errorf("%q: read as %+v", in, f)
		}
	}
	// A misspelt option or value offers the one meant, and then only the
	// options' own list, not the whole attack's form.
	for in, want := range map[string]string{
		"8:-1,clas=elite":                `"8:-1,clas=elite": unknown option "clas=elite"; did you mean class=elite? (after FP:DRM, want ,class=CLASS (and ,nation=N))`,
		"8:-1,clas":                      `unknown option "clas"; did you mean class=CLASS?`,
		"8:-1,class=elit":                `"8:-1,class=elit": class=elit: did you mean class=elite? (want one of first, elite, second, green, conscript)`,
		"8:-1,class=first,nation=britsh": `nation=britsh: did you mean nation=british? (want one of other, british, finnish)`,
		"8:-1,cowers":                    `unknown option "cowers"; want FP:DRM such as 8:-1`,
		"8:-1,class=best":                `"8:-1,class=best": class=best: want one of first, elite, second, green, conscript`,
	} {
		_, err := ParseFireAttack(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to contain %q", in, err, want)
		}
	}
}
