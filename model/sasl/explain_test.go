package sasl

import "testing"

// TestWorkingACAgreesWithPlan: the dr faces the working marks as
// Activating are the plan's count, for every AC# and drm, and the S5.3
// example (AC# 3: an Original 5 at −1 is a dummy, an Original 2 Activates).
func TestWorkingACAgreesWithPlan(t *testing.T) {
	for ac := 0; ac <= 6; ac++ {
		for drm := -4; drm <= 4; drm++ {
			c := &Crossing{Enemy: Enemy{AC: ac}, SQ: []SQ{{ID: "a", ACDRM: drm}}, Tables: &Tables{A1: A1{Rows: [][]Item{{}}}}}
			w := c.Working()
			n := 0
			for _, r := range w.SQ[0].Rows {
				if r.Activates {
					n++
				}
			}
			if n != w.SQ[0].Pass || n != acPass(ac, drm) {
				t.Errorf("AC# %d drm %+d: %d faces marked, plan %d", ac, drm, n, acPass(ac, drm))
			}
		}
	}
	c := &Crossing{Enemy: Enemy{AC: 3}, SQ: []SQ{{ID: "a", ACDRM: -1}}, Tables: &Tables{A1: A1{Rows: [][]Item{{}}}}}
	rows := c.Working().SQ[0].Rows
	if rows[4].Activates || !rows[1].Activates {
		t.Errorf("S5.3 example: dr 5 %v, dr 2 %v", rows[4].Activates, rows[1].Activates)
	}
}
