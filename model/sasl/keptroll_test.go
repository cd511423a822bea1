package sasl

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// keptCrossings are crossings whose shots tell apart different dice: a
// Fire Group of MGs at 3 MF (ROF, B#, Subsequent First Fire), Cowering
// firers with either reading of a shot Cowering off the IFT, a Fire Group
// of two S? with a Long Range one, targets of DRMs far apart, and those
// of the merge tests.
func keptCrossings(t *testing.T) map[string]*Crossing {
	cs := mergeCrossings(t)
	cs["MGs at 3 MF"] = rofCrossing(t, "4-6-7", "leader:8-1")
	for name, o := range oracleCrossings(t) {
		cs["oracle: "+name] = o
		if o.Enemy.Nationality != "russian" {
			o = o.clone()
			o.Options.CowerOffLowestNoEffect = !o.Options.CowerOffLowestNoEffect
			o.Path[0].MF = 2
			cs["oracle: "+name+", the other Cowering, 2 MF"] = o
		}
	}
	cs["a Fire Group and Long Range at 2 MF"] = groupsCrossing(t, 2)
	// Target DRMs down to −9: a unit's own −6, Hazardous Movement, FFMO.
	c := groupsCrossing(t, 2)
	c.Stack = mustUnits(t, "4-6-7,drm=-6", "4-6-7,drm=3", "leader:8-1")
	c.Hazardous = true
	cs["DRMs from −9 to +3"] = c
	return cs
}

// TestKeptRollsAreTheRoll: a run that walks its kept paths, whose shots
// draw their rolls merged (keptRoll), gives the figures of the model
// drawing every roll as it is, to the byte.
func TestKeptRollsAreTheRoll(t *testing.T) {
	trials := uint64(40_000)
	if testing.Short() {
		trials = 8_000
	}
	for name, c := range keptCrossings(t) {
		walkedIsModel(t, name, c, sim.Config{Trials: trials, Seed: 11, Workers: 1})
	}
}

// TestKeptRollsMergeByEffect: a shot's roll merged for the targets and
// firers of a key has one class per effect its classes have on them
// (shotEffect), represented by dice of that effect and weighing what the
// classes of that effect weigh; and the crossings here do merge some.
func TestKeptRollsMergeByEffect(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 26))
	subset := func(lo, hi int) uint64 {
		var m uint64
		for v := lo; v <= hi; v++ {
			if rng.IntN(2) == 0 {
				m |= 1 << v
			}
		}
		return m
	}
	merges := 0
	for name, c := range keptCrossings(t) {
		p, err := newPlan(c.clone(), 1)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		offNone := c.Options.CowerOffLowestNoEffect
		for si := range p.steps {
			sp := &p.steps[si]
			for i, r := range sp.rolls {
				if r == nil {
					continue
				}
				mode := i % numModes
				b := i / numModes % sp.bases
				sh := shotShape{col: asl.Column(i / numModes / sp.bases), base: sp.baseMin + b, mode: mode}
				for range 8 {
					k := keptKey{later: sp.multi && rng.IntN(2) == 0}
					k.drms = uint32(subset(-9-keptMinDRM, 6-keptMinDRM)) // DRMs −9…+6, some of them
					if k.drms == 0 {
						k.drms = 1 << -keptMinDRM
					}
					if k.later {
						k.rofs, k.bs = uint8(subset(1, 3)), uint16(subset(10, 12))
					}
					sh.multi = k.later
					m := r.merged(sh, offNone, k)
					if m != r {
						merges++
					}
					where := fmt.Sprintf("%s: step %d, roll %d, key %+v", name, si, i, k)
					if err := sameEffects(r, m, sh, offNone, k); err != nil {
						t.Fatalf("%s: %v", where, err)
					}
				}
			}
		}
	}
	if merges == 0 {
		t.Error("no shot's roll merged any classes")
	}
}

// sameEffects checks m against r as TestKeptRollsMergeByEffect says.
func sameEffects(r, m *shotRoll, sh shotShape, offNone bool, k keptKey) error {
	ds := bitsOf(uint64(k.drms), keptMinDRM)
	rofs, bs := bitsOf(uint64(k.rofs), 0), bitsOf(uint64(k.bs), 0)
	classes := func(s *shotRoll) (effects []string, weights []uint64) {
		n := s.sum.Classes()
		if s.usePair {
			n = s.pair.Classes()
		}
		for c := range n {
			var w, col int
			var weight uint64
			if s.usePair {
				w, col, weight = s.pair.Rep(c)
			} else {
				var sum int
				sum, weight = s.sum.Rep(c)
				w, col = max(sum-6, 1), min(sum-1, 6)
			}
			effects = append(effects, string(shotEffect(nil, sh, offNone, ds, rofs, bs, w, col)))
			weights = append(weights, weight)
		}
		return effects, weights
	}
	fine, fw := classes(r)
	want := map[string]uint64{}
	for i, e := range fine {
		want[e] += fw[i]
	}
	coarse, cw := classes(m)
	if len(coarse) != len(want) {
		return fmt.Errorf("%d classes, want one for each of %d effects", len(coarse), len(want))
	}
	for i, e := range coarse {
		if cw[i] != want[e] {
			return fmt.Errorf("class %d weighs %d, want %d", i, cw[i], want[e])
		}
		delete(want, e)
	}
	if len(want) != 0 {
		return fmt.Errorf("%d effects with no class", len(want))
	}
	return nil
}
