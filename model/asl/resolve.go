package asl

import "github.com/sapperhq/sapper/sim"

// resolve applies one attack's IFT results to the Location (rules/asl.md
// §3.11): res[i] is unit i's result from the attack's one Original DR
// (A.5). Units on the same result are resolved together; #KIA before K/#
// before MCs before PTCs, then the after-attack events.
//
// In exact mode, before each MC and each after-attack event the Location's
// merge hook may find the rest of the trial already known (sim.Merge);
// resolve then returns true and the trial must stop.
func (l *loc) resolve(src *sim.Source, res *[Slots]IFT) (stop bool) {
	if !l.ordered() {
		l.sortOrder()
	}
	l.head, l.tail = 0, 0
	l.hobTriggered = false
	l.mc = [Slots]int8{}
	mc := &l.mc
	var seen uint32 // results already resolved, as a bit set
	for _, oi := range l.order[:l.n] {
		r := res[oi]
		if seen&(1<<r) != 0 {
			continue
		}
		seen |= 1 << r
		switch {
		case r.KIA() > 0:
			l.kia(src, res, r)
		case r.K() > 0:
			l.k(src, res, r, mc)
		default:
			if d, ok := r.MC(); ok {
				for i := range l.n {
					if res[i] == r {
						mc[i] = int8(d + 1)
					}
				}
			}
		}
	}
	// A10.2: leaders check first, highest ML first; each check sees the
	// leaders as the checks before it left them (A7.831).
	for k, oi := range l.order[:l.n] {
		if d := mc[oi]; d > 0 {
			if src.Merging() && l.checkpoint(src, k, res) {
				return true
			}
			if tb := l.tab.lookup(int(oi), &l.u[oi], int(d-1)); tb != nil {
				u, hob := tb.draw(src)
				l.u[oi] = *u
				l.hobTriggered = l.hobTriggered || hob
				continue
			}
			l.moraleCheck(src, int(oi), int(d-1), true, true)
		}
	}
	if seen&(1<<PTC) != 0 {
		for _, oi := range l.order[:l.n] {
			if res[oi] == PTC {
				l.ptc(src, int(oi))
			}
		}
	}
	return l.runEvents(src)
}

// retire records unit i's metrics now and leaves it out of the rest.
func (l *loc) retire(i int) {
	u := &l.u[i]
	u.recordTo(l.rec, l.recBase+3*i)
	l.retired |= 1 << i
	l.retiredOut += int8(b2i(u.out()))
}

// recordTo records the unit's fate, reduced and replaced from metric m on
// (docs/output.md, rules/asl.md §8.39).
func (u *unit) recordTo(rec *sim.Record, m int) { r := recordOf(u); r.setTo(rec, m) }

// setTo records r from metric m on.
func (r *unitRecord) setTo(rec *sim.Record, m int) {
	rec.Set(m, r.fate)
	rec.Set(m+1, r.reduced)
	rec.Set(m+2, r.replaced)
}

// group returns the units on result r, in check order, as indices and as
// their count.
func (l *loc) group(res *[Slots]IFT, r IFT) (members [Slots]int8, k int) {
	for _, oi := range l.order[:l.n] {
		if res[oi] == r {
			members[k] = oi
			k++
		}
	}
	return members, k
}

// selected draws Random Selection of n among k units as a mask over the
// group's members; all k when n ≥ k, with no draw (A7.301, A7.302).
func selected(src *sim.Source, k, n int) uint16 {
	if n >= k {
		return uint16(1<<k - 1)
	}
	return selectionFor(k, n).Draw(src)
}

// kia resolves a #KIA (A7.301): Random Selection eliminates # units (ties
// at the cut added); every other unit breaks, or is Casualty Reduced if it
// cannot break. Events: the eliminated first, then the broken (§8.45).
func (l *loc) kia(src *sim.Source, res *[Slots]IFT, r IFT) {
	members, k := l.group(res, r)
	l.kiaOf(src, &members, k, selected(src, k, r.KIA()))
}

// kiaOf applies a #KIA to the k members once Random Selection has chosen
// (a mask over members). It draws only to Casualty Reduce a SMC that
// cannot break.
func (l *loc) kiaOf(src *sim.Source, members *[Slots]int8, k int, chosen uint16) {
	var before [Slots]snapshot
	for m := range k {
		before[m] = l.snap(int(members[m]))
	}
	for m := range k {
		if chosen&(1<<m) != 0 {
			l.u[members[m]].elim = true
			l.u[members[m]].byKIA = true
			l.settle(int(members[m]), before[m])
		}
	}
	for m := range k {
		if chosen&(1<<m) != 0 {
			continue
		}
		i := int(members[m])
		if u := &l.u[i]; u.canBreak() {
			u.breakUnit()
		} else {
			l.reduce(src, i)
			u.byKIA = u.elim // A7.301: an unbreakable unit reduced away by the KIA
		}
		l.settle(i, before[m])
	}
}

// k resolves a K/# (A7.302): Random Selection Casualty Reduces one unit
// (ties all); every other unit, a squad's new HS included, takes a MC at
// +#; a Reduced SMC does not (rules/asl.md §8.29).
func (l *loc) k(src *sim.Source, res *[Slots]IFT, r IFT, mc *[Slots]int8) {
	members, k := l.group(res, r)
	l.kOf(src, &members, k, r, selected(src, k, 1), mc)
}

// kOf applies K/# result r to the k members once Random Selection has
// chosen, marking in mc the MCs to take. It draws only to wound a chosen
// SMC.
func (l *loc) kOf(src *sim.Source, members *[Slots]int8, k int, r IFT, chosen uint16, mc *[Slots]int8) {
	for m := range k {
		i := int(members[m])
		if chosen&(1<<m) != 0 {
			before := l.snap(i)
			smc := l.u[i].kind.SMC()
			l.reduce(src, i)
			l.settle(i, before)
			if smc {
				continue
			}
		}
		mc[i] = int8(r.K() + 1)
	}
}
