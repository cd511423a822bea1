//go:build !js

package report

import "testing"

// TestTellingGroupsAcrossRuns: of two panels of runs side by side, the
// one whose runs agree tells least, however far apart its outcomes are
// within each run; the one whose runs differ stays.
func TestTellingGroupsAcrossRuns(t *testing.T) {
	cells := func(ps ...float64) []Cell {
		var cs []Cell
		for _, p := range ps {
			cs = append(cs, Cell{P: p, Lo: p, Hi: p, Valid: true})
		}
		return cs
	}
	agree := Panel{Kind: Groups, Title: "reduced", Series: []Series{
		{Name: "placed", Cells: cells(0.01, 0.99)}, {Name: "set", Cells: cells(0.01, 0.99)}}}
	differ := Panel{Kind: Groups, Title: "cleared", Series: []Series{
		{Name: "placed", Cells: cells(0.2, 0.8)}, {Name: "set", Cells: cells(0.6, 0.4)}}}
	for _, ps := range [][]Panel{{agree, differ}, {differ, agree}} {
		if k := leastTelling(ps); ps[k].Title != "reduced" {
			t.Errorf("least telling of %q, %q: %q", ps[0].Title, ps[1].Title, ps[k].Title)
		}
	}
}
