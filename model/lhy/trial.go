package lhy

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// trial is one worker's scratch state for one fire resolution; fixed-size
// arrays, so that the trial loop does not allocate.
type trial struct {
	p          *plan
	selected   int
	unit       [MaxUnits]uint8
	check      [MaxUnits]uint8
	disrupted  [MaxUnits]bool
	vehicle    [MaxVehicles]uint8
	collateral bool
}

func (p *plan) newTrial() sim.Trial {
	t := sim.Scratch[trial]()
	t.p = p
	return t.run
}

// run resolves the fire in the order of the rules: the small-arms or
// mortar result (§2), the mortar's roll of 10 (§2.6), the anti-tank
// results (§3), the Shock of AFVs (13.3.5), then Collateral Damage once at
// the end (13.3.7, rules/lhy.md L7).
func (t *trial) run(src *sim.Source, rec *sim.Record) {
	t.reset()
	mortarRoll := t.smallArmsAndMortar(src)
	if mortarRoll == d10Faces && t.p.mortarSpecial {
		t.mortarTen(src)
	}
	t.antiTank(src)
	t.shock(src)
	if t.collateral {
		t.collateralDamage(src)
	}
	t.record(rec)
}

func (t *trial) reset() {
	t.selected = -1
	for i, u := range t.p.a.Units {
		t.unit[i] = unitUnaffected
		t.check[i] = checkNone
		t.disrupted[i] = u.Disrupted
	}
	for i := range t.p.a.Vehicles {
		t.vehicle[i] = vehicleUnaffected
	}
	t.collateral = false
}

// smallArmsAndMortar rolls the SADRMs and the MDRM and applies the single
// highest result to the unit it selects (§2.1–2.5). A tie between the two
// counts as small arms, so RNP stay eligible (rules/lhy.md L1). When a
// mortar result has no target, all units being RNP, the highest small-arms
// result is the most detrimental one that can apply. It returns the
// mortar's original d10, 0 with no MDRM.
func (t *trial) smallArmsAndMortar(src *sim.Source) (mortarRoll int) {
	p := t.p
	result, cands := 0, []uint8(nil)
	if p.smallArms != nil {
		result, cands = p.smallArms.roll(src), p.smallArmsTargets
	}
	if p.mortar {
		mortarRoll = dice.D10(src)
		if m := mortarRoll + p.mdrm; (p.smallArms == nil || m > result) && len(p.mortarTargets) > 0 {
			result, cands = m, p.mortarTargets
		}
	}
	if len(cands) == 0 {
		return mortarRoll
	}
	u := int(cands[pick(src, len(cands))]) // rules/lhy.md L1: ties at random
	t.selected = u
	t.hit(src, u, result)
	return mortarRoll
}

// hit applies a small-arms or mortar result to the selected unit u.
func (t *trial) hit(src *sim.Source, u, result int) {
	unit := t.p.a.Units[u]
	f := ffar(result, unit, t.p.a.Leader)
	if f >= unit.Cohesion && unit.Concealed {
		t.worsen(u, unitConcealmentLost) // §2.4
	}
	if f <= unit.Cohesion {
		return
	}
	// §2.5: a Rider that is hit unloads with every other Rider; the RNP
	// that later rules speak of are those aboard when the fire began
	// (rules/lhy.md L2), so the unloading changes no outcome here.
	if casualtyOnHit(unit, f) {
		t.worsen(u, unitCasualty)
		return
	}
	t.disrupt(u)
	t.cohesionCheck(src, u)
}

// mortarTen applies a Mortar Fire Action's original roll of 10 with MV ≥ 2,
// whether or not it was the highest result (13.1.7, rules/lhy.md L4): it
// unloads every RNP (no outcome changes, as in hit) and Destroys a random
// vehicle other than a towed Gun, marking Collateral Damage; an AFV is
// Shocked instead.
func (t *trial) mortarTen(src *sim.Source) {
	if vs := t.p.mortarVehicles; len(vs) > 0 {
		t.strike(int(vs[pick(src, len(vs))]))
	}
}

// strike is the mortar's roll of 10 on vehicle v.
func (t *trial) strike(v int) {
	if t.p.a.Vehicles[v].AFV {
		t.vehicle[v] = min(t.vehicle[v], vehicleShocked)
		return
	}
	t.vehicle[v] = vehicleDestroyed
	t.collateral = true
}

// antiTank reads the counting roll against each vehicle under fire (§3):
// Destruction marks Collateral Damage only when the vehicle's ATV > 0.
func (t *trial) antiTank(src *sim.Source) {
	for v, d := range t.p.at {
		if d.dist == nil {
			continue
		}
		switch atOutcome(t.p.a.Vehicles[v], d.roll(src)) {
		case vehicleDestroyed:
			t.vehicle[v] = vehicleDestroyed
			t.collateral = t.collateral || t.p.a.Vehicles[v].ATV > 0
		case vehicleShocked:
			t.vehicle[v] = min(t.vehicle[v], vehicleShocked)
		}
	}
}

// shock: the Riders of an AFV that ends Shocked (not Destroyed) unload and
// take a Cohesion check, those aboard when the fire began (13.3.5,
// rules/lhy.md L2).
func (t *trial) shock(src *sim.Source) {
	for i, u := range t.p.a.Units {
		if c := t.p.carrier[i]; u.Rider && c >= 0 && t.vehicle[c] == vehicleShocked {
			t.cohesionCheck(src, i)
		}
	}
}

// collateralDamage is applied once, however many vehicles were Destroyed
// (13.3.7, rules/lhy.md L7): every RNP unloads; those aboard a Destroyed
// vehicle Disrupt and take a Cohesion check; every towed Gun is Destroyed
// unless the anti-tank fire came from an MG; in open terrain, with no IP
// and not during an Assault, one on-foot unit that is not Disrupted and
// did not suffer a Casualty, drawn at random, Disrupts.
func (t *trial) collateralDamage(src *sim.Source) {
	a := &t.p.a
	for i := range a.Units {
		if c := t.p.carrier[i]; c >= 0 && t.vehicle[c] == vehicleDestroyed {
			t.disrupt(i)
			t.cohesionCheck(src, i)
		}
	}
	if !a.ATFromMG {
		for v, veh := range a.Vehicles {
			if veh.TowedGun {
				t.vehicle[v] = vehicleDestroyed
			}
		}
	}
	if !a.OpenTerrain || a.IP || a.Assault {
		return
	}
	var onFoot [MaxUnits]uint8
	n := 0
	for i := range a.Units {
		if t.p.carrier[i] < 0 && !t.disrupted[i] && t.unit[i] != unitCasualty {
			onFoot[n] = uint8(i)
			n++
		}
	}
	if n > 0 {
		t.disrupt(int(onFoot[pick(src, n)]))
	}
}

// pick draws one of n > 0 equally likely choices; a single choice costs no
// draw, and so no branch in exact enumeration.
func pick(src *sim.Source, n int) int {
	if n == 1 {
		return 0
	}
	return src.Intn(n)
}

// disrupt Disrupts unit u; a Japanese or Russian unit goes to Regrouping
// instead (rules/lhy.md L3).
func (t *trial) disrupt(u int) {
	if t.p.a.Units[u].Nationality.fanatic() {
		t.worsen(u, unitRegrouping)
		return
	}
	t.worsen(u, unitDisrupted)
	t.disrupted[u] = true
}

// cohesionCheck: d10 ≤ Cohesion passes (rules/lhy.md [M1]). Japanese and
// Russian units never check, nor does a unit that suffered a Casualty
// (rules/lhy.md L2). A failure is a Casualty, or with the disrupt reading
// a Disruption (nothing more if already Disrupted).
func (t *trial) cohesionCheck(src *sim.Source, u int) {
	unit := t.p.a.Units[u]
	if unit.Nationality.fanatic() || t.unit[u] == unitCasualty {
		return
	}
	if src.Pick(cohesionCheck[unit.Cohesion]) == checkPassed {
		if t.check[u] == checkNone {
			t.check[u] = checkPassed // an earlier failure still stands
		}
		return
	}
	t.check[u] = checkFailed
	switch {
	case t.p.a.Options.CohesionFail == FailCasualty:
		t.worsen(u, unitCasualty)
	case !t.disrupted[u]:
		t.disrupt(u)
	}
}

// cohesionCheck[c] draws a Cohesion check of Cohesion c as pass (d10 ≤ c)
// or fail: two branches in exact enumeration, not ten.
var cohesionCheck = func() (ds [MaxRating + 1]*sim.Dist) {
	for c := range ds {
		ds[c] = sim.NewDist(uint64(c), uint64(d10Faces-c))
	}
	return ds
}()

func (t *trial) worsen(u, outcome int) { t.unit[u] = min(t.unit[u], uint8(outcome)) }

func (t *trial) record(rec *sim.Record) {
	l := t.p.layout
	n := len(t.p.a.Units)
	if l.selected >= 0 {
		sel := t.selected
		if sel < 0 {
			sel = n // none
		}
		rec.Set(l.selected, sel)
	}
	for i := range n {
		rec.Set(l.units+i, int(t.unit[i]))
		rec.Set(l.checks+i, int(t.check[i]))
	}
	for v := range t.p.a.Vehicles {
		rec.Set(l.vehicles+v, int(t.vehicle[v]))
	}
	if l.collateral >= 0 {
		applied := 1 // not_applied
		if t.collateral {
			applied = 0
		}
		rec.Set(l.collateral, applied)
	}
}
