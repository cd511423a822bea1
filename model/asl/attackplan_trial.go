package asl

import (
	"github.com/sapperhq/sapper/sim"
)

// planTrial is one worker's scratch state for a plan: a trial of every
// compiled attack, each with its own copy of the target Location, handed
// on from one attack to the next.
type planTrial struct {
	ap     *attackPlan
	dcs    [][2][]*dcTrial // by step, rubbled, count
	fires  [][2][]*fireTrial
	k      int   // the attack being resolved
	v      uint8 // its variant: rubbled and count
	cur    *loc  // the Location as it stands
	acc    planAcc
	dcBuf  outcome
	frBuf  fireOutcome
	key    []byte
	target int // the plan's targets: the first slots of the Location
}

// planAcc is what the attacks so far did beyond the units' states.
type planAcc struct {
	hob bool
	terrainMarks
	clearedAfter int // 0: not yet
	lastHeroes   int // heroes created by the last attack
}

func (ap *attackPlan) newTrial() sim.Trial {
	t := sim.Scratch[planTrial]()
	t.ap, t.target = ap, len(ap.p.Targets)
	t.dcs = make([][2][]*dcTrial, len(ap.steps))
	t.fires = make([][2][]*fireTrial, len(ap.steps))
	for k, s := range ap.steps {
		for r, vs := range s.variants {
			for _, x := range vs {
				var d *dcTrial
				var f *fireTrial
				if x.dc != nil {
					d = &dcTrial{p: x.dc}
					d.chainStart.setup(x.dc.a.chain(), x.dc.a.ELR, x.dc.chainRules())
					d.target.merge = t.mergeIn
				} else {
					f = &fireTrial{p: x.fire}
					f.target.merge = t.mergeIn
				}
				t.dcs[k][r] = append(t.dcs[k][r], d)
				t.fires[k][r] = append(t.fires[k][r], f)
			}
		}
	}
	return t.run
}

// chain is the DC user's own stack: the Placer's or the Setter's.
func (a DCAttack) chain() []Unit {
	if a.Mode == Set {
		return a.Setter
	}
	return a.Placer
}

// chainRules are the rules of the DC user's Location: Defensive Fire at it
// comes from the targets' side, ADJACENT and Known (§8.26 defaults).
func (p *dcPlan) chainRules() locRules {
	r := p.rules
	r.surrender = true
	r.heroesRead = false // the user's own heroes are not the plan's
	return r
}

// run resolves the plan's attacks in order, each on the Location the one
// before left (rules/asl.md §7.5), then records the state after the last.
func (t *planTrial) run(src *sim.Source, rec *sim.Record) {
	ap := t.ap
	t.acc = planAcc{}
	t.cur = &ap.start
	if src.Exact() && len(ap.steps) > 1 {
		// One root for the whole walk: the engine keeps its memo of equal
		// states per root (first draw), and what makes a plan exact in
		// time is that a later attack meets the same Location from many
		// paths of the earlier ones, whatever their first DR. A draw of
		// one outcome changes no weight.
		src.Intn(1)
	}
	for k := range ap.steps {
		if k > 0 && src.Merging() && t.mergeBetween(src, k) {
			return // the rest is known (exact mode): sim.Source.Merge
		}
		t.k = k
		if t.step(src, rec, k) {
			return
		}
	}
	t.record(rec)
}

// variant picks attack k's compiled variant for the Location as it stands:
// Rubbled or not, and a Set DC's enemy Infantry count, the units there
// now (A23.7).
func (t *planTrial) variant(k int) (rubbled, count int) {
	if t.acc.rubble && len(t.ap.steps[k].variants[1]) > 0 {
		rubbled = 1
	}
	if t.ap.steps[k].byCount {
		for i := range t.cur.n {
			count += b2i(!t.cur.u[i].gone())
		}
	}
	return rubbled, count
}

// step resolves attack k, the whole procedure of one attack on the
// Location as the attacks before left it, and carries its state on. It
// reports true when the trial must stop (exact mode, sim.Source.Merge).
func (t *planTrial) step(src *sim.Source, rec *sim.Record, k int) (stop bool) {
	r, c := t.variant(k)
	t.v = uint8(r<<7 | c)
	var l *loc
	var rules locRules
	d, f := t.dcs[k][r][c], t.fires[k][r][c]
	if d != nil {
		l, rules = &d.target, d.p.rules
	} else {
		l, rules = &f.target, f.p.rules
	}
	l.restart(t.cur)
	l.rules, l.tab, l.rec, l.spawned = rules, nil, nil, 0
	if k == len(t.ap.steps)-1 && l.n == t.target {
		// Nothing after the last attack reads a unit it has settled: it
		// may be recorded and retired as one attack does (settle.go), as
		// long as no hero has joined, whose record has no metric.
		l.rec, l.recBase = rec, t.ap.m.targets
	}
	t.cur = l
	if d != nil {
		if d.attackOn(src, rec, &t.dcBuf) {
			return true
		}
		t.afterDC(rec, k, d)
	} else {
		if f.attackOn(src, &t.frBuf) {
			return true
		}
		t.afterFire(f)
	}
	t.carry(k)
	return false
}

// attackOn resolves one use of the DC on the target Location as it stands
// (t.target), the whole procedure and never the short path: its chain
// (Placement under Defensive Fire, or Setting and the detonation NTC), the
// DR with its malfunction check, then the detonation (detonate) with the
// IFT results of the units no longer there taken away. buf holds that
// outcome. It reports true when the trial must stop (sim.Source.Merge).
func (t *dcTrial) attackOn(src *sim.Source, rec *sim.Record, buf *outcome) (stop bool) {
	p := t.p
	t.e = effects{detonation: detonated}
	if !p.bare && !t.runChain(src, rec) {
		t.e.detonation = notPlaced
		return false
	}
	orig := p.attackDR.Roll(src)
	at := &p.at[orig]
	if at.malf {
		t.e.detonation = malfunctioned
		return false
	}
	*buf = *at
	t.target.present(&buf.res)
	t.e.at, t.e.orig = buf, int8(orig)
	return t.detonate(src, nil, &t.e) // a plan records after its last attack
}

// attackOn resolves one fire attack on the Location as it stands
// (t.target): its Original DR, then hit, with the IFT results of the
// units no longer there taken away. buf holds that outcome. It reports
// true when the trial must stop (sim.Source.Merge).
func (t *fireTrial) attackOn(src *sim.Source, buf *fireOutcome) (stop bool) {
	p := t.p
	t.e = fireEffects{}
	w, c := p.dr.Roll(src)
	t.orig = byte(2*(w+c) + b2i(w == c))
	*buf = p.at[w+c][b2i(w == c)]
	t.target.present(&buf.res)
	return t.hit(src, buf)
}

// presentUnits are the units in the Location, a bit each: those an
// earlier attack left there, and the heroes it created.
func (l *loc) presentUnits() (m uint32) {
	for i := range l.n {
		if !l.u[i].gone() {
			m |= 1 << i
		}
	}
	return m
}

// present takes the IFT results of the units gone from the Location
// (eliminated or captured by an earlier attack) away: they are no longer
// targets (A7.4).
func (l *loc) present(res *[Slots]IFT) {
	for i := range l.n {
		if l.u[i].gone() {
			res[i] = NoEffect
		}
	}
}

// afterDC adds what DC attack k did beyond the units to the plan's
// account and records its detonation.
func (t *planTrial) afterDC(rec *sim.Record, k int, d *dcTrial) {
	e := &d.e
	rec.Set(t.ap.m.detonation[k], e.detonation)
	a := &t.acc
	a.rubble = a.rubble || e.rubble
	a.collapse = a.collapse || e.collapse
	a.falls = a.falls || e.falls
	a.flame = a.flame || e.flame
	a.swLost += e.swLost
	a.swMalf += e.swMalf
}

// afterFire adds what a fire attack did beyond the units to the plan's
// account.
func (t *planTrial) afterFire(f *fireTrial) {
	e := &f.e
	a := &t.acc
	a.shellhole = a.shellhole || e.shellhole
	a.rubble = a.rubble || e.rubble
	a.collapse = a.collapse || e.collapse
	a.falls = a.falls || e.falls
	a.flame = a.flame || e.flame
	a.swLost += e.swLost
	a.swMalf += e.swMalf
}

// carry readies the Location attack k left for the next one (rules/asl.md
// §7.5, §8.64): it notes whether attack k cleared its targets; the heroes
// it created, which were not its targets (§8.26), join the Location as
// targets of the attacks after it; a unit gone keeps nothing to lose (its
// SW were rolled for already, A9.74); a berserk leader has made his
// Berserk TC (A15.41).
func (t *planTrial) carry(k int) {
	l, a := t.cur, &t.acc
	a.hob = a.hob || l.hobTriggered
	if a.clearedAfter == 0 && t.cleared() {
		a.clearedAfter = k + 1
	}
	if k == len(t.ap.steps)-1 {
		a.lastHeroes = int(l.spawned)
	} else {
		for range l.spawned {
			l.u[l.n] = t.ap.hero
			l.n++
		}
	}
	l.spawned = 0
	for i := range l.n {
		u := &l.u[i]
		if u.gone() {
			u.sw, u.byKIA = 0, false
		}
		if u.berserk && u.kind == Leader {
			u.berserkTCDone = true
		}
	}
}

// cleared reports whether no target of the attack just made is left in
// Good Order: the plan's targets, and the heroes created by the attacks
// before it (§8.64), not by it (§8.26).
func (t *planTrial) cleared() bool {
	l := t.cur
	for i := range l.n {
		if !l.u[i].out() {
			return false
		}
	}
	return true
}

// out counts the plan's targets out of the fight.
func (t *planTrial) out() int {
	n := 0
	for i := range t.target {
		n += b2i(t.cur.u[i].out())
	}
	return n
}

// record records the state after the last attack: the targets as one
// attack records them, the plan's account, cleared_after and heroes.
func (t *planTrial) record(rec *sim.Record) {
	m, l, a := &t.ap.m, t.cur, &t.acc
	for i := range t.target {
		if l.retired&(1<<i) == 0 {
			l.u[i].recordTo(rec, m.targets+3*i) // the retired were recorded then
		}
	}
	recordCleared(rec, m.stack, t.out(), t.cleared(), a.hob)
	a.terrainMarks.record(rec, m.sw, m.t23)
	cleared := a.clearedAfter - 1
	if a.clearedAfter == 0 {
		cleared = len(t.ap.steps)
	}
	rec.Set(m.clearedAfter, cleared)
	heroes := a.lastHeroes
	for i := t.target; i < l.n; i++ {
		heroes += b2i(!l.u[i].gone())
	}
	rec.Set(m.heroes, heroes)
}

// Merge keys of a plan (exact mode, sim.Source.Merge). Between two attacks
// the rest of the trial depends only on which attack comes next, the
// plan's account so far and the Location's units: the event queue is
// empty and each attack starts its own checks. A unit gone counts only by
// its fate, which is all that is recorded of it. Within an attack the key
// is that attack's own (where resolve stands and the effects decided) on
// top of the plan's.

// mergeBetween is the merge point before attack k.
func (t *planTrial) mergeBetween(src *sim.Source, k int) bool {
	if src.Replaying() {
		return src.Merge(nil) // a state the engine knows from the paths before
	}
	b := t.appendAcc(append(t.key[:0], 0xA0, byte(k)))
	l := t.cur
	b = append(b, byte(l.n))
	for i := range l.n {
		b = appendUnitKey(b, &l.u[i])
	}
	t.key = b
	return src.Merge(b)
}

// mergeIn is the Location's merge hook within attack t.k, at step kk of
// resolve.
func (t *planTrial) mergeIn(src *sim.Source, kk int) bool {
	if src.Replaying() {
		return src.Merge(nil) // a state the engine knows from the paths before
	}
	b := t.appendAcc(append(t.key[:0], 0xA1, byte(t.k), t.v))
	r, c := int(t.v>>7), int(t.v&0x7F)
	if d := t.dcs[t.k][r][c]; d != nil {
		e := &d.e
		b = append(b, byte(e.detonation), byte(e.orig),
			flagBits(e.rubble, e.collapse, e.falls, e.wholeLocationKilled, e.flameDue), byte(e.swLost), byte(e.swMalf))
	} else {
		f := t.fires[t.k][r][c]
		b = append(b, f.orig, flagBits(f.e.shellhole, f.e.flameDue))
	}
	l := t.cur
	b = append(l.appendResolvePos(b, kk), byte(l.spawned), byte(l.n), flagBits(l.hobTriggered), byte(l.retired), byte(l.retired>>8), byte(l.retiredOut))
	for i := range l.n {
		if l.retired&(1<<i) == 0 {
			b = appendUnitKey(b, &l.u[i])
		}
	}
	for _, e := range l.events[l.head:l.tail] {
		b = append(b, byte(e.kind), byte(e.from), byte(e.ml), byte(e.mod))
	}
	t.key = b
	return src.Merge(b)
}

// appendUnitKey appends what the rest of a plan can still read of a
// unit: all of it while in play; once gone, its fate, the SW a #KIA left
// to Random SW Destruction (A9.74) and its group (for the leader-loss
// checks it raised), nothing else being read again.
func appendUnitKey(b []byte, u *unit) []byte {
	if !u.gone() {
		return u.appendKey(b)
	}
	sw := byte(0)
	if u.byKIA {
		sw = byte(u.sw)
	}
	return append(b, 0xFF, byte(u.fate()), sw, byte(u.group))
}

// appendAcc appends the plan's account so far.
func (t *planTrial) appendAcc(b []byte) []byte {
	a := &t.acc
	return append(b, flagBits(a.hob, a.shellhole, a.rubble, a.collapse, a.falls, a.flame),
		byte(a.swLost), byte(a.swMalf), byte(a.clearedAfter))
}
