//go:build !js

package report

import (
	"testing"

	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// TestSlantGroups: a Groups panel turns its labels only when the widest
// would run into its neighbour side by side.
func TestSlantGroups(t *testing.T) {
	panel := func(labels ...string) Panel {
		cells := make([]Cell, len(labels))
		for i := range cells {
			cells[i] = Cell{P: 0.5, Lo: 0.4, Hi: 0.6, Valid: true}
		}
		return Panel{Title: "t", Kind: Groups, Series: []Series{{Name: "a", Labels: labels, Cells: cells}, {Name: "b", Labels: labels, Cells: cells}}}
	}
	c := draw.New(vgimg.New(chartWidth, groupsHeight))
	for _, tc := range []struct {
		labels []string
		slant  bool
	}{
		{[]string{"chain ok", "detonates", "any KIA", "cleared", "rubble", "flame", "user out"}, false},
		{[]string{"detonation detonated", "target.1 eliminated", "target.1 out", "target.1.reduced", "target.1.replaced",
			"target.2 eliminated", "target.2 out", "target.2.reduced", "target.2.replaced", "stack cleared", "out ≥ 1", "hob", "rubble", "flame"}, true},
	} {
		b, err := buildPanel(panel(tc.labels...), false)
		if err != nil {
			t.Fatal(err)
		}
		b.draw(c, b.stripWidth(c), 0)
		if got := b.pl.X.Tick.Label.Rotation != 0; got != tc.slant {
			t.Errorf("%d groups, %q…: slanted %v, want %v", len(tc.labels), tc.labels[0], got, tc.slant)
		}
	}
}
