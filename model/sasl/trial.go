package sasl

import (
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// firer is one weapon of the Fire Group during a Location's shots (S13).
type firer struct {
	weapon
	fired  bool // fired this round
	keep   bool // kept ROF: fires again at full FP
	sff    bool // made its Subsequent First Fire, or makes it this round
	sffNow bool
	done   bool
	cur    float64 // FP this round
	curB   int8    // B# this round
}

// fireGroup is the Fire Group of one check (S3, S11, S22, S23).
type fireGroup struct {
	f     [maxGroup * maxComps]firer
	n     int
	lead  int8
	close bool
	hind  int8
}

func (g *fireGroup) reset() {
	g.n, g.lead, g.close, g.hind = 0, noLead, false, 0
}

// join adds an Activation's weapons and leader to the Fire Group: a leader
// of an Activation that fires nothing directs the others' (S3, S11, S23).
func (g *fireGroup) join(p *profile) {
	g.lead = min(g.lead, p.lead)
	if !p.fires() {
		return
	}
	for _, w := range p.w[:p.n] {
		g.f[g.n] = firer{weapon: w}
		g.n++
	}
	g.close = g.close || p.close
	g.hind = max(g.hind, p.hind)
}

// trial is one worker's scratch state.
type trial struct {
	p                              *plan
	st                             *asl.Stack
	checked                        [MaxSQ]bool
	present                        [asl.MaxUnits]bool
	reached                        [asl.MaxUnits]int8
	res                            [asl.Slots]asl.IFT
	fg                             fireGroup
	gen                            [numItems]int
	nChecked, nActivated, nDummies int
	longRange                      int
	ties                           [MaxSQ]int
	step                           int                  // the Location reached
	key                            []byte               // scratch: the merge key (mergekey.go)
	stop                           bool                 // the rest is known (exact mode)
	final                          uint16               // counts recorded already (exact mode, mergekey.go)
	base                           []int                // per metric, the count so far of each count still open (exact mode, mergekey.go)
	rec                            *sim.Record          // where the counts go
	round                          int                  // of the shots at the Location (S13)
	rolls                          map[string]*shotRoll // exact mode's shot rolls (exactRoll)
	kept                           map[uint64]*shotRoll // a run's that keeps its paths (keptRoll)
	rollKey                        []byte               // scratch: a roll's key in rolls
	// settled are the units recorded during the crossing's last attack
	// (exact mode, settle), out of present; held says some of them counts
	// for good_order at the Location reached, moving that some moves on.
	settled      uint32
	held, moving bool
	// perm maps each metric to the one the merge key's canonical order of
	// twins puts it in (mergekey.go), the identity but while a key is
	// built; swapped says it is not the identity now. ukey and uoff are
	// the units' keys and where each starts.
	perm    []int32
	swapped bool
	ukey    []byte
	uoff    [asl.MaxUnits + 1]int
}

func (p *plan) newTrial() sim.Trial {
	c := p.c
	t := sim.Scratch[trial]()
	t.p, t.st = p, asl.NewStack(c.Stack, c.ELR, c.Options.StackRules)
	t.st.SetMerge(t.mergeResolve)
	t.base = make([]int, p.m.targets+unitMetrics*len(c.Stack))
	t.perm = make([]int32, len(t.base))
	for m := range t.perm {
		t.perm[m] = int32(m)
	}
	return t.run
}

// run is one crossing: at each Location, the checks and their shots while
// the stack keeps Good Order (S16), Long Range Activation last (S17), and
// the units that may move on do (S18).
func (t *trial) run(src *sim.Source, rec *sim.Record) {
	p := t.p
	t.st.Reset()
	t.checked = [MaxSQ]bool{}
	t.gen = [numItems]int{}
	t.nChecked, t.nActivated, t.nDummies = 0, 0, 0
	t.longRange = 2 // not rolled
	t.stop, t.final, t.rec = false, 0, rec
	t.settled, t.held, t.moving = 0, false, false
	for i := range t.st.Len() {
		t.present[i] = true
		t.reached[i] = 0
	}
	if src.Exact() {
		// The engine keeps the merged states of each outcome of a trial's
		// first draw apart, so that one worker walks each (sim/merge.go).
		// A first draw of one outcome keeps every state of the crossing in
		// one table, where any path can meet it: the paths of two outcomes
		// of the first check meet at every later Location and attack, and
		// walking them apart, in parallel, costs more than walking them
		// once on one core.
		src.Intn(1)
	}
	for k := range p.steps {
		sp := &p.steps[k]
		t.step = k
		for i := range t.st.Len() {
			if t.present[i] {
				t.reached[i] = int8(k)
			}
		}
		for t.fireGoesOn() && !t.merge(src, 0) && t.checkNext(src, sp) {
		}
		if !t.stop && sp.hasLong && t.longRange == 2 && t.fireGoesOn() {
			t.longRangeCheck(src, sp)
		}
		if t.stop {
			return // the rest is known (exact mode): sim.Source.Merge
		}
		goodOrder := t.held
		t.held = t.moving // a settled unit that moves on counts at every Location after
		for i := range t.st.Len() {
			if !t.present[i] {
				continue
			}
			f := t.st.Fate(i)
			goodOrder = goodOrder || f == asl.GoodOrder || f == asl.Pinned
			if f != asl.GoodOrder { // S18: only Good Order, unpinned, non-berserk units move on
				t.present[i] = false
				t.st.Leave(i, k)
				// A unit that stops is never attacked again, nor led, nor
				// checked for a leader's loss: its figures are final.
				t.recordUnit(rec, i)
			}
		}
		// Final too: so the merge keys need neither the Location, nor
		// the state, of a unit that stopped.
		rec.Set(p.m.goodOrder+k, boolInt(!goodOrder))
		if k == len(p.steps)-1 {
			rec.Set(p.m.arrived, boolInt(!goodOrder))
		}
	}
	t.record(rec)
}

// fireGoesOn is S16: some target at the Location is Good Order (pinned
// counts) or berserk and uneliminated.
func (t *trial) fireGoesOn() bool {
	o := &t.p.c.Options
	for i := range t.st.Len() {
		if !t.present[i] {
			continue
		}
		switch t.st.Fate(i) {
		case asl.GoodOrder:
			return true
		case asl.Pinned:
			if o.PinnedKeepsFire {
				return true
			}
		case asl.Berserk:
			if o.BerserkDrawsFire {
				return true
			}
		}
	}
	return false
}

// checkNext checks the next eligible S? and the others in its Location,
// and resolves their Fire Group's shots; it reports false when no S? is
// left to check here (S2, S3, S5.31).
func (t *trial) checkNext(src *sim.Source, sp *stepPlan) bool {
	best, n := t.first(sp, false)
	if best < 0 {
		return false
	}
	if n > 1 && !(src.Exact() && t.oneGroup(sp, n)) {
		best = t.ties[src.Intn(n)] // S2: otherwise a random dr
	}
	t.fg.reset()
	first := &sp.listings[best]
	more := false
	for i := range sp.listings {
		l := &sp.listings[i]
		if i == best || !l.long && !t.checked[l.sq] && first.group >= 0 && l.group == first.group {
			if more && t.mergeGroup(src, i, first.group) {
				return true
			}
			t.check(src, l)
			more = true
		}
	}
	t.shoot(src, sp)
	return true
}

// oneGroup reports whether the n S? tied to be checked first all share a
// Location: they are then all checked at once (S3), so which comes first
// only orders draws that are independent, and exact mode need not draw
// it.
func (t *trial) oneGroup(sp *stepPlan, n int) bool {
	g := sp.listings[t.ties[0]].group
	for _, i := range t.ties[1:n] {
		if sp.listings[i].group != g {
			return false
		}
	}
	return g >= 0
}

// first finds the unchecked S? to check first at the Location, among the
// Long Range ones or the others: the most likely to Activate, then the
// closest (S2; Long Range: the closest, S5.32). Its ties are t.ties[:n].
func (t *trial) first(sp *stepPlan, long bool) (best, n int) {
	best = -1
	for i := range sp.listings {
		l := &sp.listings[i]
		if l.long != long || t.checked[l.sq] {
			continue
		}
		if best >= 0 {
			b := &sp.listings[best]
			pass, bpass := l.pass, b.pass
			if long {
				pass, bpass = 0, 0
			}
			if pass < bpass || pass == bpass && l.rng > b.rng {
				continue
			}
			if pass == bpass && l.rng == b.rng {
				t.ties[n] = i
				n++
				continue
			}
		}
		best, n = i, 1
		t.ties[0] = i
	}
	return best, n
}

// check makes one S?'s AC and generation (S1, S4–S8).
func (t *trial) check(src *sim.Source, l *listing) {
	t.checked[l.sq] = true
	t.nChecked++
	pr := &l.gen.profiles[src.Pick(l.gen.dist)]
	if !pr.act {
		t.nDummies++
		return
	}
	t.activate(pr)
}

func (t *trial) activate(pr *profile) {
	t.nActivated++
	for it := range numItems {
		t.gen[it] += int(pr.counts[it])
	}
	t.fg.join(pr)
}

// longRangeCheck makes the one Long Range DR of the stack (S17, S26).
func (t *trial) longRangeCheck(src *sim.Source, sp *stepPlan) {
	best, n := t.first(sp, true)
	if best < 0 {
		return // S26: the DR is spent only where an S? can answer it
	}
	if src.Pick(t.p.lrDR) != 0 {
		t.longRange = 1
		return
	}
	t.longRange = 0
	if n > 1 {
		best = t.ties[src.Intn(n)]
	}
	l := &sp.listings[best]
	t.checked[l.sq] = true
	t.nChecked++
	t.fg.reset()
	t.activate(&l.gen.profiles[src.Pick(l.gen.dist)])
	t.shoot(src, sp)
}

func (t *trial) record(rec *sim.Record) {
	m := t.p.m
	for c := range numCounts {
		if t.final&(1<<c) == 0 {
			n, m := t.count(c)
			rec.Set(m, n)
		}
	}
	if m.longRange >= 0 {
		rec.Set(m.longRange, t.longRange)
	}
	for i := range t.st.Len() {
		if t.present[i] {
			t.recordUnit(rec, i)
		}
	}
}

// recordUnit records moving unit i's figures.
func (t *trial) recordUnit(rec *sim.Record, i int) {
	j := t.p.m.targets + unitMetrics*i
	rec.Set(j, int(t.st.Fate(i)))
	rec.Set(j+1, boolInt(!t.st.Reduced(i)))
	rec.Set(j+2, boolInt(!t.st.Replaced(i)))
	rec.Set(j+3, int(t.reached[i]))
}
