package sasl

import (
	"slices"
	"testing"
)

// TestCreatedHeroIsNotFollowed: a hero that Heat of Battle creates
// (A15.21) is left out of the crossing. No later shot attacks him, he keeps
// no fire going (S16) and he does not move on (S18): the single attack of
// sapper dc leaves him out the same way (rules/asl.md §8.26), and S29 points
// there. A lone 4-6-7 at 2 MF and TEM 1, under Assault Movement, passes one
// S? at range 3 (AC# 3, Mission DRM 0, 1944-08). Every {A1} row but the
// dummy 7 is a squad, and every {x2} row a 4-4-7. An independent exact
// calculation that leaves the hero out gives P(no unit in Good Order at the
// Location) = 2436685/30233088. One that follows him gives
// 788910785/9795520512. Without Heat of Battle both give 7415/93312.
func TestCreatedHeroIsNotFollowed(t *testing.T) {
	squads := slices.Repeat([]string{"4-4-7"}, 11)
	for _, c := range []struct {
		hob  bool
		want float64
	}{
		{true, 2436685.0 / 30233088},
		{false, 7415.0 / 93312},
	} {
		cr := oneItem(t, ItemS, squads...)
		cr.Options.HeatOfBattle = c.hob
		cr.Assault = true
		cr.Enemy = Enemy{AC: 3, Attitude: Hold, Nationality: "russian", Date: Date{1944, 8}}
		cr.SQ = []SQ{{ID: "A", Site: "outside"}}
		cr.Path = []Step{{Name: "P1", MF: 2, TEM: 1, Eligible: []Eligible{{ID: "A", Range: 3}}}}
		row := []Item{ItemS}
		cr.Tables.A1 = A1{First: 2, Rows: [][]Item{row, row, row, row, row, {}, row, row, row, row, row}}
		res := exactRun(t, cr)
		if got := res.P(GoodOrderMetric(1), "no"); !near(got, c.want) {
			t.Errorf("Heat of Battle %v: P(no unit in Good Order) = %.15g, want %.15g", c.hob, got, c.want)
		}
	}
}
