package sasl

import (
	"reflect"
	"slices"
	"testing"
)

// TestWorkingACAgreesWithPlan: the dr faces the working marks as
// Activating are the plan's count, for every AC# and drm, and the S5.3
// example (AC# 3: an Original 5 at −1 is a dummy, an Original 2 Activates).
func TestWorkingACAgreesWithPlan(t *testing.T) {
	for ac := 0; ac <= 6; ac++ {
		for drm := -4; drm <= 4; drm++ {
			c := twoSQ(t)
			c.Enemy.AC, c.SQ[0].ACDRM = ac, drm
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
	c := twoSQ(t)
	c.Enemy.AC, c.SQ[0].ACDRM = 3, -1
	rows := c.Working().SQ[0].Rows
	if rows[4].Activates || !rows[1].Activates {
		t.Errorf("S5.3 example: dr 5 %v, dr 2 %v", rows[4].Activates, rows[1].Activates)
	}
}

// TestWorkingFire: the fire of each Location's eligible S? carries the
// DRM the attacks take on a Good Order unit (S12): FFMO only in open
// ground with no Hindrance, FFNAM −1 unless Assault or Hazardous
// Movement, which is −2; rounds are the MF, at least one (S13). An S?
// checked at an earlier Location never fires later (S15), and the
// stack's one Long Range DR is rolled at the first Location that can
// answer it (S17).
func TestWorkingFire(t *testing.T) {
	path := []Step{
		{Name: "field", MF: 1, Open: true, Eligible: []Eligible{{ID: "a", Range: 3}, {ID: "b", Range: 4, Hindrance: 1}}},
		{Name: "house", MF: 2, TEM: 2, Eligible: []Eligible{{ID: "b", Range: 12, LongRange: true}}},
		{Name: "hedge", MF: 0.5, TEM: 1, Eligible: []Eligible{{ID: "a", Range: 1}}},
	}
	for _, tc := range []struct {
		hazardous, assault bool
		move               int
	}{{false, false, -1}, {true, false, -2}, {false, true, 0}} {
		// Assault Movement enters one Location (A4.61).
		steps := path
		if tc.assault {
			steps = path[:1]
		}
		c := onPath(t, steps)
		c.Hazardous, c.Assault = tc.hazardous, tc.assault
		got := c.Working().Fire
		want := []FireWorking{
			{Location: "field", MF: 1, Rounds: 1, SQ: "a", Range: 3, FFMO: -1, Movement: tc.move, DRM: -1 + tc.move},
			{Location: "field", MF: 1, Rounds: 1, SQ: "b", Range: 4, Hindrance: 1, Movement: tc.move, DRM: 1 + tc.move},
			{Location: "house", MF: 2, Rounds: 2, SQ: "b", Range: 12, LongRange: true, TEM: 2, Movement: tc.move, DRM: 2 + tc.move,
				Never: "checked at field first (S15)"},
			{Location: "hedge", MF: 0.5, Rounds: 1, SQ: "a", Range: 1, TEM: 1, Movement: tc.move, DRM: 1 + tc.move,
				Never: "checked at field first (S15)"},
		}
		if tc.assault {
			want = want[:2]
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("hazardous %v assault %v:\n got %+v\nwant %+v", tc.hazardous, tc.assault, got, want)
		}
	}
	long := onPath(t, []Step{
		{Name: "field", MF: 1, Eligible: []Eligible{{ID: "a", Range: 10, LongRange: true}}},
		{Name: "house", MF: 1, Eligible: []Eligible{{ID: "b", Range: 12, LongRange: true}, {ID: "a", Range: 3}}},
	})
	var never []string
	for _, f := range long.Working().Fire {
		never = append(never, f.Never)
	}
	if want := []string{"", "the Long Range DR is rolled at field (S17)", ""}; !slices.Equal(never, want) {
		t.Errorf("Long Range: %q, want %q", never, want)
	}
	// No DR is rolled where no S? can answer it (S26): a Long Range
	// listing of an S? checked earlier leaves the DR for a later one.
	spent := onPath(t, []Step{
		{Name: "field", MF: 1, Eligible: []Eligible{{ID: "a", Range: 3}}},
		{Name: "house", MF: 1, Eligible: []Eligible{{ID: "a", Range: 10, LongRange: true}}},
		{Name: "barn", MF: 1, Eligible: []Eligible{{ID: "b", Range: 12, LongRange: true}}},
	})
	never = never[:0]
	for _, f := range spent.Working().Fire {
		never = append(never, f.Never)
	}
	if want := []string{"", "checked at field first (S15)", ""}; !slices.Equal(never, want) {
		t.Errorf("a Long Range listing of an S? checked before: %q, want %q", never, want)
	}
}

// onPath is the two S? of twoSQ, named a and b and b's AC drm taken
// off (an S? eligible only at Long Range has none), along path.
func onPath(t *testing.T, path []Step) *Crossing {
	c := twoSQ(t)
	c.SQ[0].ID, c.SQ[1].ID, c.SQ[1].ACDRM = "a", "b", 0
	c.Path = path
	return c
}
