package sasl

import (
	"math"
	"testing"
)

// acCrossing checks one S? whose {A1} roll never lands on 7 (Mission DRM
// +6), so that P(activated) is the AC's probability alone.
func acCrossing(t *testing.T, ac, drm int) *Crossing {
	c := twoSQ(t)
	c.Stack = mustUnits(t, "4-6-7")
	c.Enemy.AC, c.Enemy.MissionDRM = ac, 6
	c.SQ = []SQ{{ID: "A", ACDRM: drm, Site: "outside"}}
	c.Path = []Step{{Name: "M5", MF: 1, Eligible: []Eligible{{ID: "A", Range: 3}}}}
	return c
}

// TestActivationCheck holds the AC to S1 exactly: Final dr ≤ AC#
// Activates, an Original 1 always, an Original 6 never.
func TestActivationCheck(t *testing.T) {
	for _, tc := range []struct {
		name    string
		ac, drm int
		want    float64
	}{
		{"AC# 3, drm -1", 3, -1, 4.0 / 6},
		{"AC# 0: the Original 1", 0, 0, 1.0 / 6},
		{"AC# 0, drm -1: still only the Original 1", 0, -1, 1.0 / 6},
		{"AC# 0, drm -2: the Originals 1 and 2", 0, -2, 2.0 / 6},
		{"AC# 6, drm +1: not the Original 6", 6, 1, 5.0 / 6},
		{"AC# 6, drm -3: never the Original 6", 6, -3, 5.0 / 6},
		{"AC# 3, drm 0", 3, 0, 3.0 / 6},
		{"AC# 1, drm +6: the Original 1", 1, 6, 1.0 / 6},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := exactRun(t, acCrossing(t, tc.ac, tc.drm))
			if got := res.P(MetricActivated, "1"); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("P(activated) = %v, want %v", got, tc.want)
			}
			if got := res.P(MetricDummies, "1"); math.Abs(got-(1-tc.want)) > 1e-12 {
				t.Errorf("P(dummy) = %v, want %v", got, 1-tc.want)
			}
		})
	}
}

// TestACExample is S5.3's example: AC# 3, first level −1: an Original 5 is
// a Final 4, a dummy; an Original 2 Activates.
func TestACExample(t *testing.T) {
	pass := acPass(3, -1)
	activates := func(dr int) bool { return dr == 1 || dr != 6 && dr+(-1) <= 3 }
	if activates(5) || !activates(2) {
		t.Fatal("the example's rolls")
	}
	n := 0
	for dr := 1; dr <= 6; dr++ {
		if activates(dr) {
			n++
		}
	}
	if pass != n {
		t.Errorf("acPass(3, -1) = %d faces, want %d", pass, n)
	}
}

// TestEmptyA1RowIsDummy: an {A1} Final 7 (and any empty row) is a dummy
// even after a successful AC (S4, S25).
func TestEmptyA1RowIsDummy(t *testing.T) {
	c := acCrossing(t, 6, -6) // Activates on 1–5
	c.Enemy.MissionDRM = 0
	res := exactRun(t, c)
	want := 1.0/6 + 5.0/6*6.0/36 // the Original 6, or a {A1} DR of 7
	if got := res.P(MetricDummies, "1"); math.Abs(got-want) > 1e-12 {
		t.Errorf("P(dummy) = %v, want %v", got, want)
	}
	if got := res.P(MetricChecked, "1"); math.Abs(got-1) > 1e-12 {
		t.Errorf("P(checked = 1) = %v, want 1", got)
	}
}
