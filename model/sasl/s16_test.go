package sasl

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestFireCanStop: on random crossings, and on each again at 1 MF a
// Location, the switches of S16 change no exact figure where FireCanStop
// says no Location has a second check or round of shots to stop, which
// is when sapper activate refuses them; and they do change some where it
// says one has, so that the test holds both sides.
func TestFireCanStop(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 18))
	n := 40
	if testing.Short() {
		n = 12
	}
	var still, moved, stops int
	for i := range 2 * n {
		c := randomCrossing(t, rng)
		if i%2 == 1 {
			for k := range c.Path {
				c.Path[k].MF = 1
			}
		}
		if c.Validate() != nil {
			continue
		}
		base, ok := exactCrossing(t, c)
		if !ok {
			continue
		}
		flipped := c.clone()
		flipped.Options.PinnedKeepsFire = !c.Options.PinnedKeepsFire
		flipped.Options.BerserkDrawsFire = !c.Options.BerserkDrawsFire
		other, ok := exactCrossing(t, flipped)
		if !ok {
			continue
		}
		diff := resultsDiffer(base, other)
		switch {
		case !c.FireCanStop() && diff != "":
			t.Errorf("crossing %d: no Location has a second check or round, yet S16's switches move %s", i, diff)
		case !c.FireCanStop():
			still++
		case diff != "":
			moved++
			stops++
		default:
			stops++
		}
	}
	t.Logf("%d crossings with one check and round a Location, unchanged; %d of %d others moved by S16's switches", still, moved, stops)
	if still < n/8 || moved < n/8 {
		t.Errorf("%d crossings with nothing for S16 to stop, %d moved by its switches: too few to hold either side", still, moved)
	}
}

// exactCrossing enumerates c's dice paths, reporting false for a crossing
// past a small budget.
func exactCrossing(t *testing.T, c *Crossing) (*sim.Result, bool) {
	t.Helper()
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, MaxPaths: 50_000})
	var over *sim.BudgetError
	if errors.As(err, &over) {
		return nil, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return res, true
}

// resultsDiffer names the first outcome whose probability a and b give
// more than 1e-12 apart, or "" for none.
func resultsDiffer(a, b *sim.Result) string {
	for i, m := range a.Metrics {
		for k, o := range m.Outcomes {
			if q := b.Metrics[i].Outcomes[k].P; math.Abs(o.P-q) > 1e-12 {
				return m.Name + "=" + o.Label
			}
		}
	}
	return ""
}

// TestFireCanStopOnceChecked: an S? checked at the first Location, its
// only check there, is not checked again at the second, where it is
// eligible beside another: one check comes at each, and S16 has nothing
// to stop.
func TestFireCanStopOnceChecked(t *testing.T) {
	c := &Crossing{ELR: 3, Tables: testTables(), Options: DefaultOptions(), Stack: mustUnits(t, "4-6-7"),
		Enemy: Enemy{AC: 3, Attitude: Attitude(0), Nationality: "russian", Date: Date{1941, 8}},
		SQ:    []SQ{{ID: "hut", Site: Outside}, {ID: "stone", Site: Inside}},
		Path: []Step{
			{Name: "open", MF: 1, Open: true, Eligible: []Eligible{{ID: "hut", Range: 3}}},
			{Name: "wood", MF: 1, TEM: 2, Eligible: []Eligible{{ID: "hut", Range: 4}, {ID: "stone", Range: 2}}},
		}}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.FireCanStop() {
		t.Errorf("FireCanStop: hut is checked at open, its only check, and stone alone is left at wood")
	}
	base, _ := exactCrossing(t, c)
	flipped := c.clone()
	flipped.Options.PinnedKeepsFire, flipped.Options.BerserkDrawsFire = false, false
	if other, _ := exactCrossing(t, flipped); resultsDiffer(base, other) != "" {
		t.Errorf("S16's switches move %s", resultsDiffer(base, other))
	}
	c.Path[0].MF = 2 // a second round at open: S16 may stop it
	if !c.FireCanStop() {
		t.Errorf("FireCanStop at 2 MF: false")
	}
}
