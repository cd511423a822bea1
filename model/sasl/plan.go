package sasl

import (
	"math"
	"slices"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// Experiment returns the crossing as an engine experiment.
func (c *Crossing) Experiment() (sim.Experiment, error) { return c.ExperimentOn(1) }

// ExperimentOn is Experiment with its tables built on up to workers
// goroutines (≤ 0: GOMAXPROCS), those a run on that many workers has: the
// same experiment, sooner.
//
// The experiment works from a copy of the crossing, so that changing the
// crossing afterwards changes no experiment made from it; the tables are
// shared, and must not change while an experiment made with them lives.
func (c *Crossing) ExperimentOn(workers int) (sim.Experiment, error) {
	c = c.clone()
	if err := c.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	p, err := newPlan(c, workers)
	if err != nil {
		return sim.Experiment{}, err
	}
	// A crossing keeps its paths (sim.Experiment.KeepPaths), which its
	// merge keys join: a short crossing's states repeat, and walking them
	// is two or three times as fast as the model. A long one's hardly do
	// (a village crossing's trials still leave the graph a third of the
	// time after a hundred thousand trials, each replaying a long chain of
	// checks and attacks), and each worker gives up its walk once the walk
	// has cost more than the model would.
	return sim.Experiment{Schema: p.schema(), New: p.newTrial, KeepPaths: true}, nil
}

// listing is one S? eligible at one Location, with what checking it there
// can do.
type listing struct {
	sq    int
	group int // S? sharing a Location share a group; -1: alone (S3, S20)
	pass  int // AC dr faces that Activate: the check order (S2)
	rng   int
	long  bool
	gen   genDist
}

// stepPlan is one Location of the path, worked out once.
type stepPlan struct {
	listings []listing
	shots    int // per firer (S13)
	tem      int
	open     bool
	hasLong  bool
	// rolls holds the shot rolls by column, base DRM and mode.
	baseMin, bases int
	rolls          []*shotRoll
	multi          bool
}

func (s *stepPlan) roll(col asl.Column, base, mode int) *shotRoll {
	return s.rolls[(int(col)*s.bases+base-s.baseMin)*numModes+mode]
}

// plan is everything about a crossing that does not depend on the dice.
type plan struct {
	c       *Crossing
	steps   []stepPlan
	lrDR    *sim.Dist // a Long Range DR: index 0 is the Original 2 (S17)
	normal  int       // per-unit DRM of a Good Order target beyond FFMO (S12)
	maxGen  [numItems]int
	anyLong bool
	m       metricIndex
	ahead   [][]int  // per Location, the S? eligible there or later (mergekey.go)
	adds    []uint16 // per S?, the counts checking it can add to (mergekey.go)
	// twin is, per unit of the stack, the first unit of the same counter
	// that may trade states with it in the merge keys, or -1 (mergekey.go);
	// twins says some unit has one; fixed says the keys during an
	// attack's morale checks keep every unit in its place all the same (a
	// switch for tests, mergeResolve).
	twin  [asl.MaxUnits]int8
	twins bool
	fixed bool
}

// normalDRM is a Good Order (or berserk) moving unit's own DRM: −1 FFNAM
// unless Assault or Hazardous Movement, −2 Hazardous (S12).
func (c *Crossing) normalDRM() int {
	d := 0
	if !c.Assault && !c.Hazardous {
		d--
	}
	if c.Hazardous {
		d -= 2
	}
	return d
}

func newPlan(c *Crossing, workers int) (*plan, error) {
	p := &plan{c: c, lrDR: sim.NewDist(1, 35), normal: c.normalDRM()}
	groups := map[string]int{}
	for _, s := range c.SQ {
		if _, ok := groups[s.Loc]; s.Loc != "" && !ok {
			groups[s.Loc] = len(groups)
		}
	}
	sqIndex := map[string]int{}
	for i, s := range c.SQ {
		sqIndex[s.ID] = i
	}
	keys := p.shotKeys()
	perSQ := make([][numItems]int, len(c.SQ))
	type rollSet struct {
		tem, maxHind int
		multi        bool
	}
	// The generation tables and the shot rolls are first listed, then
	// built (setup.go), then put in place in path order, so that the
	// first error in that order is the one returned.
	var b setup
	shared := map[rollSet]int{} // the step whose rolls the rollSet's steps share
	rollsOf := make([]int, len(c.Path))
	for si, st := range c.Path {
		sp := stepPlan{shots: st.rounds(), tem: st.TEM, open: st.Open}
		sp.multi = sp.shots > 1
		maxHind := 0
		for _, el := range st.Eligible {
			i := sqIndex[el.ID]
			sq := &c.SQ[i]
			g := -1
			if sq.Loc != "" {
				g = groups[sq.Loc]
			}
			a := activation{t: c.Tables, sq: sq, en: c.Enemy, nat: firerNationality(c.Enemy.Nationality), r: el.Range, shots: sp.shots, hind: int8(el.Hindrance)}
			if el.LongRange {
				sp.hasLong, p.anyLong = true, true
			}
			b.listings = append(b.listings, b.gen(a, el.LongRange))
			sp.listings = append(sp.listings, listing{sq: i, group: g, pass: acPass(c.Enemy.AC, sq.ACDRM), rng: el.Range, long: el.LongRange})
			maxHind = max(maxHind, el.Hindrance)
		}
		rs := rollSet{st.TEM, maxHind, sp.multi}
		if o, ok := shared[rs]; ok {
			rollsOf[si] = o
		} else {
			shared[rs], rollsOf[si] = si, si
			sp.baseMin = sp.tem - 3 // the best leader's −3
			sp.bases = maxHind + 4
			sp.rolls = make([]*shotRoll, asl.Columns*sp.bases*numModes)
			b.rolls = append(b.rolls, si)
		}
		p.steps = append(p.steps, sp)
	}
	if err := b.checkGenBound(); err != nil {
		return nil, err
	}
	b.build(workers, p.steps, keys)
	id := uint16(0)
	for _, si := range b.rolls {
		for _, r := range p.steps[si].rolls {
			if r != nil && id < math.MaxUint16 {
				id++
				r.id = id
			}
		}
	}
	n := 0
	for si := range p.steps {
		sp := &p.steps[si]
		for li := range sp.listings {
			l := &sp.listings[li]
			gd, err := b.result(b.listings[n])
			n++
			if err != nil {
				return nil, err
			}
			l.gen = gd
			for _, pr := range gd.profiles {
				for it := range numItems {
					perSQ[l.sq][it] = max(perSQ[l.sq][it], int(pr.counts[it]))
				}
			}
		}
		o := &p.steps[rollsOf[si]]
		sp.baseMin, sp.bases, sp.rolls = o.baseMin, o.bases, o.rolls
	}
	for _, m := range perSQ {
		for it := range numItems {
			p.maxGen[it] += m[it]
		}
	}
	p.m = p.metrics()
	p.ahead = p.aheadSQ()
	p.adds = p.addsOf()
	p.twin, p.twins = twinsOf(c.Stack)
	return p, nil
}

// buildColumn makes the shot roll of every base DRM and mode a shot in
// column col at the Location can have.
func (s *stepPlan) buildColumn(col asl.Column, k *shotKeys) {
	for b := range s.bases {
		for mode := range numModes {
			s.rolls[(int(col)*s.bases+b)*numModes+mode] = newShotRoll(shotShape{col: col, base: s.baseMin + b, mode: mode, multi: s.multi}, k)
		}
	}
}

// shotKeys gathers the per-unit DRMs a target can have beyond the shot's
// base (S12, S23: Good Order with and without FFMO, pinned, broken with
// and without FFMO; plus the unit's own drm), and the tables' ROF and B#
// (B#−2 for Subsequent First Fire, S13).
func (p *plan) shotKeys() *shotKeys {
	k := &shotKeys{offNone: p.c.Options.CowerOffLowestNoEffect}
	for _, u := range p.c.Stack {
		for _, e := range []int{p.normal, p.normal - 1, 0, -1, -2} {
			if !slices.Contains(k.offsets, u.DRM+e) {
				k.offsets = append(k.offsets, u.DRM+e)
			}
		}
	}
	for _, u := range p.c.Tables.Units {
		if u.Kind != MG {
			continue
		}
		if u.ROF > 0 && !slices.Contains(k.rofs, u.ROF) {
			k.rofs = append(k.rofs, u.ROF)
		}
		for _, b := range []int{u.B, u.B - 2} {
			if !slices.Contains(k.bs, b) {
				k.bs = append(k.bs, b)
			}
		}
	}
	slices.Sort(k.offsets)
	slices.Sort(k.rofs)
	slices.Sort(k.bs)
	return k
}
