package asl

import "github.com/sapperhq/sapper/sim"

// Checkpoints: settling units early, and merging equal states.
//
// Before each check of resolve (each MC, and each unit's check of an
// after-attack event) the Location first records and retires the units
// nothing later can change, then asks its merge hook whether the rest of
// the trial is already known. Retiring settled units is what makes states
// merge: the rest of a trial does not depend on a squad whose fate is
// sealed, only on how many units are out of the fight, so paths that differ
// only there meet again.

// checkpoint is reached before the check of the unit at step k of the
// check order: in the MC phase with the MCs still pending in l.mc and the
// IFT results res (for the PTCs still to come), or inside the after-attack
// event l.cur (l.inEvent). It reports true when the trial must stop.
//
// Retiring is bookkeeping for merging only: a Monte Carlo trial records
// the same values at its end, so callers reach a checkpoint only when the
// source merges (sim.Source.Merging).
func (l *loc) checkpoint(src *sim.Source, k int, res *[Slots]IFT) bool {
	if l.rec != nil {
		l.retireSettled(k, res)
	}
	return l.merge != nil && l.merge(src, k)
}

// future reports whether unit i will still take a check, and whether one
// of those checks can raise a new after-attack event: a leader's MC, LLMC
// or Berserk TC can eliminate, break or berserk him (A10.2, A15.41); a
// PTC or LLTC only pins.
func (l *loc) future(i, k int, res *[Slots]IFT) (checks, raises bool) {
	leader := l.u[i].kind == Leader && !l.u[i].gone()
	later := int(l.pos[i]) >= k
	if !l.inEvent {
		if later && l.mc[i] > 0 {
			checks, raises = true, leader
		}
		if res[i] == PTC {
			checks = true
		}
	} else if later && l.touches(l.cur, i) {
		checks, raises = true, leader && l.cur.kind != lltc
	}
	for _, e := range l.events[l.head:l.tail] {
		if l.touches(e, i) {
			checks = true
			raises = raises || leader && e.kind != lltc
		}
	}
	return checks, raises
}

// retireSettled records and retires the units that nothing later in the
// trial can change: a unit eliminated or captured, unless its SW still
// face Random SW Destruction (A9.74), which reads its state after the
// attack; and, while no check to come can raise a new event, every unit
// other than a leader in play that takes no further check. Leaders in
// play stay: their state sets the leadership DRM of the checks to come.
func (l *loc) retireSettled(k int, res *[Slots]IFT) {
	calm := true
	for i := range l.n {
		if _, raises := l.future(i, k, res); raises {
			calm = false
			break
		}
	}
	for i := range l.n {
		u := &l.u[i]
		if l.retired&(1<<i) != 0 {
			continue
		}
		if u.gone() {
			if !u.byKIA || u.sw == 0 {
				l.retire(i)
			}
			continue
		}
		if !calm || u.kind == Leader {
			continue
		}
		if checks, _ := l.future(i, k, res); !checks {
			l.retire(i)
		}
	}
}
