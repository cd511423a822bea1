package asl_test

// An independent exact calculator of a DC attack on a vehicle, written
// from rules/asl.md §5 (and §2.2, §8.5–§8.13, §8.37, §8.38) to cross-check
// the model. It reads only the public input type asl.AFVAttack. Every die
// it needs is looped over face by face: the Position DR as 36
// white/colored pairs, the To Kill DR, each Crew Survival DR and TC, the
// CE crew's MC, the Unlikely Kill dr, the Shock drs. The units caught in
// an attack are resolved by the Personnel oracle of oracle_test.go, fed
// the Original DR already rolled (D.8: the Collateral Attack uses the TK
// DR).

import (
	"strconv"

	"github.com/sapperhq/sapper/model/asl"
)

// faces calls f for every white/colored pair of a DR with its probability.
func faces(f func(white, colored int, p float64)) {
	for w := 1; w <= 6; w++ {
		for c := 1; c <= 6; c++ {
			f(w, c, 1.0/36)
		}
	}
}

// pDR is the probability that a DR is at most n (and above n: 1 − pDR).
func pDR(n int) float64 {
	k := 0
	faces(func(w, c int, _ float64) {
		if w+c <= n {
			k++
		}
	})
	return float64(k) / 36
}

// aerialRow is the C7.12 Aerial AF row of rules/asl.md §5.3, confirmed up
// to a worst AF of 11.
var aerialRow = map[int]int{0: 0, 1: 0, 2: 1, 3: 2, 4: 3, 6: 3, 8: 4, 11: 4}

type vehicleOracle struct {
	a     asl.AFVAttack
	out   map[string]map[string]float64
	units []asl.Unit // Riders, then Passengers, then the others
	names []string   // their fate metrics
	kind  []int      // 0 Rider, 1 Passenger, 2 other
	xnum  int
	// facing: the Target Facing (the rear from the AFV's own hex).
	facing     int
	noArmor    bool // every facing unarmored: an unarmored vehicle
	unarmoredF bool // the Target Facing's hull is unarmored
}

func newVehicleOracle(a asl.AFVAttack) *vehicleOracle {
	o := &vehicleOracle{a: a, out: map[string]map[string]float64{}}
	o.facing = int(a.Facing)
	if a.SameHex || a.Bypass {
		o.facing = 2
	}
	o.noArmor = true
	for f := range 3 {
		if a.Armor.Hull[f] != asl.Unarmored || a.Armor.Turret[f] != asl.Unarmored {
			o.noArmor = false
		}
	}
	o.unarmoredF = a.Armor.Hull[o.facing] == asl.Unarmored
	o.xnum = 12 - xPenalty(asl.DCAttack{User: a.User, Captured: a.Captured, Options: a.Options.Options})
	for k, g := range [][]asl.Unit{a.Riders, a.Passengers, a.Others} {
		prefix := []string{"riders.", "collateral.", "others."}[k]
		for i, u := range g {
			o.units = append(o.units, u)
			o.names = append(o.names, prefix+strconv.Itoa(i+1))
			o.kind = append(o.kind, k)
		}
	}
	return o
}

func (o *vehicleOracle) metric(name string, labels ...string) {
	m := map[string]float64{}
	for _, l := range labels {
		m[l] = 0
	}
	o.out[name] = m
}

func (o *vehicleOracle) add(name, label string, p float64) {
	if m, ok := o.out[name]; ok {
		if _, ok := m[label]; !ok {
			panic("oracle: no label " + name + "=" + label)
		}
		m[label] += p
	}
}

// vehicleOracleRun returns every metric's exact distribution.
func vehicleOracleRun(a asl.AFVAttack) map[string]map[string]float64 {
	o := newVehicleOracle(a)
	set := a.Mode == asl.Set
	armored := !o.noArmor && !o.unarmoredF && !set
	if armored {
		o.metric("position", "optimal", "successful", "poor", "none")
		o.metric("hit", "hull", "turret", "none")
	}
	if a.Options.HullPlusOneAlsoShocks {
		o.metric("afv", "burning", "eliminated", "immobilized", "shocked", "no_effect", "dud", "malfunction", "immobilized_shocked")
	} else {
		o.metric("afv", "burning", "eliminated", "immobilized", "shocked", "no_effect", "dud", "malfunction")
	}
	if !set || o.noArmor {
		o.metric("killed", "yes", "no")
		o.metric("abandoned", "yes", "no")
		o.metric("crew", "survived", "lost", "aboard", "bailed_out")
	}
	crewVulnerable := a.CE || o.noArmor
	if crewVulnerable {
		o.metric("crew.collateral", "not_attacked", "no_effect", "buttoned_up", "stunned", "recalled")
	}
	if armored {
		o.metric("shock", "not_shocked", "recovered", "uk_recovered", "wrecked")
	}
	for _, n := range o.names {
		o.metric(n, oracleFateLabels...)
	}
	var pDetonated float64
	switch {
	case armored:
		pDetonated = o.positionDR()
	case set && !o.noArmor:
		pDetonated = o.setDC()
	default:
		pDetonated = o.vehicleLine()
	}
	// A23.6: the thrower's Location, with its own DR, whenever the DC goes
	// off (§8.17, §8.18).
	if len(a.Throwers) > 0 {
		dc := asl.DCAttack{Mode: asl.Thrown, Throwers: a.Throwers, ThrowerTEM: a.ThrowerTEM, CX: a.CX, AFPh: a.AFPh,
			FromVehicle: a.FromVehicle, ELR: a.ELR, Options: a.Options.Options}
		for k := range a.Throwers {
			o.metric("thrower."+strconv.Itoa(k+1), oracleFateLabels...)
		}
		loc, start := throwerLocation(dc)
		for w, p := range loc.resolve(start) {
			fates, _, _ := unitFates(&w, a.Throwers)
			for k, f := range fates {
				o.add("thrower."+strconv.Itoa(k+1), oracleFateLabels[f], pDetonated*p)
			}
		}
		fates, _, _ := unitFates(&start, a.Throwers)
		for k, f := range fates {
			o.add("thrower."+strconv.Itoa(k+1), oracleFateLabels[f], 1-pDetonated)
		}
	}
	return o.out
}

// positionDRM: C7.346's list, summed from the inputs.
func (o *vehicleOracle) positionDRM() int {
	a, d := o.a, 0
	if a.Motion || a.Concealed {
		d += 2 // once (§8.7)
	}
	if a.Mode == asl.Thrown {
		d += 2
		if a.FromVehicle {
			d++
		}
		if a.AFPh {
			d++
		}
	}
	if o.facing == 0 {
		d++
	}
	if o.facing == 2 {
		d--
	}
	for _, on := range []bool{a.CE, a.CX} {
		if on {
			d++
		}
	}
	if a.ElevationAdvantage {
		if a.OpenTopped {
			d -= 2
		} else {
			d--
		}
	}
	for _, on := range []bool{a.Immobile, a.OpenTopped, a.Bypass} {
		if on {
			d -= 2
		}
	}
	return d
}

// positionDR walks the Position DR and what follows; it returns the
// probability that the DC detonates.
func (o *vehicleOracle) positionDR() float64 {
	a := o.a
	det := 0.0
	faces(func(w, c int, p float64) {
		final := w + c + o.positionDRM()
		turret := c < w // C3.9
		switch {
		case final <= 8:
			pos := "optimal"
			if final >= 6 {
				pos = "successful"
			}
			o.add("position", pos, p)
			hit := "hull"
			if turret {
				hit = "turret"
			}
			o.add("hit", hit, p)
			// C7.11, C7.12, C7.21: 16 (+1 rear) less the AF.
			tk := a.BasicTK
			if o.facing == 2 {
				tk++
			}
			switch {
			case pos == "optimal" && a.AerialAF >= 0:
				tk -= int(a.AerialAF)
			case pos == "optimal":
				worst := 99
				for _, v := range append(a.Armor.Hull[:], a.Armor.Turret[:]...) {
					if v != asl.Unarmored {
						worst = min(worst, int(v))
					}
				}
				af, ok := aerialRow[worst]
				if !ok {
					af = 4 // §8.12 fallback
				}
				tk -= af
			case turret:
				tk -= int(a.Armor.Turret[o.facing])
			default:
				tk -= int(a.Armor.Hull[o.facing])
			}
			faces(func(w2, c2 int, p2 float64) {
				det += o.toKill(p*p2, w2+c2, tk, turret)
			})
		case final <= 11:
			o.add("position", "poor", p)
			o.add("hit", "none", p)
			// A new DR for the Collateral Attack; it may malfunction (§8.5).
			faces(func(w2, c2 int, p2 float64) {
				q := p * p2
				if !o.vehicleMissed(q, w2+c2) {
					return
				}
				det += q
				o.collateral(q, w2+c2, 1)
			})
		default:
			o.add("position", "none", p)
			o.add("hit", "none", p)
			faces(func(w2, c2 int, p2 float64) {
				q := p * p2
				if !o.vehicleMissed(q, w2+c2) {
					return
				}
				o.add("crew.collateral", "not_attacked", q)
				det += q
				// C7.346, §8.6: Area Fire, 15 FP (7.5 concealed), TEM.
				o.attack(q, w2+c2, func(i int) (int, int, bool) {
					if o.kind[i] != 2 {
						return 0, 0, false
					}
					col := col12
					if o.units[i].Concealed {
						col = 3 // the 6 column
					}
					return col, a.TEM + o.units[i].DRM, true
				})
			})
		}
	})
	return det
}

// toKill is one To Kill DR (rules/asl.md §5.4), returning q if the DC
// went off.
func (o *vehicleOracle) toKill(q float64, orig, tk int, turret bool) float64 {
	a := o.a
	red := 0
	if a.RedCS {
		red = 1
	}
	var res string
	immob := false
	switch {
	case orig == 12:
		res = "dud"
	case orig >= o.xnum:
		res = "malfunction"
	case 2*(orig-red) <= tk:
		res = "burning"
	case orig < tk:
		res = "eliminated"
	case (orig == tk || orig == tk+1) && turret:
		res = "shocked"
	case orig == tk || orig == tk+1:
		res, immob = "immobilized", true
		if orig == tk+1 && a.Options.HullPlusOneAlsoShocks {
			res = "immobilized_shocked"
		}
	default:
		res = "no_effect"
	}
	if res == "shocked" || res == "immobilized_shocked" {
		// C7.42: 1–2 recovers; else a UK, removed on 1–3, a wreck on 4–6.
		o.add("shock", "recovered", q*2/6)
		o.add("shock", "uk_recovered", q*4/6*3/6)
		o.add("shock", "wrecked", q*4/6*3/6)
	} else {
		o.add("shock", "not_shocked", q)
	}
	return o.vehicleResult(q, res, orig, immob)
}

// vehicleMissed records a DC that left the vehicle alone (Poorly or not
// Positioned), judged on its new effects DR sum: a malfunction attacks
// nobody (§8.5) and it reports false; otherwise the vehicle is untouched
// and the caller resolves the attack on the PRC or the other units.
func (o *vehicleOracle) vehicleMissed(q float64, sum int) bool {
	o.add("killed", "no", q)
	o.add("abandoned", "no", q)
	o.add("crew", "aboard", q)
	o.add("shock", "not_shocked", q)
	if sum >= o.xnum {
		o.add("afv", "malfunction", q)
		o.add("crew.collateral", "not_attacked", q)
		o.untouched(q)
		return false
	}
	o.add("afv", "no_effect", q)
	return true
}

// vehicleResult applies the vehicle's result to its crew, PRC and, for an
// unarmored vehicle, the rest of its Location; it returns q if the DC went
// off.
func (o *vehicleOracle) vehicleResult(q float64, res string, orig int, immob bool) float64 {
	o.add("afv", res, q)
	killed := res == "burning" || res == "eliminated"
	if killed {
		o.add("killed", "yes", q)
	} else {
		o.add("killed", "no", q)
	}
	if res == "dud" || res == "malfunction" {
		o.add("abandoned", "no", q)
		o.add("crew", "aboard", q)
		o.add("crew.collateral", "not_attacked", q)
		o.untouched(q)
		return 0
	}
	if killed {
		o.add("abandoned", "no", q)
		o.add("crew.collateral", "not_attacked", q)
		// C7.6: a burning wreck kills every PRC; D5.6: otherwise each
		// rolls Final DR ≤ CS# to survive.
		live := pDR(o.a.CS)
		if res == "burning" {
			live = 0
		}
		o.add("crew", "survived", q*live)
		o.add("crew", "lost", q*(1-live))
		for i, u := range o.units {
			if o.kind[i] == 2 {
				continue
			}
			o.add(o.names[i], "eliminated", q*(1-live))
			o.add(o.names[i], oracleFateLabels[startFate(u)], q*live)
		}
		if o.noArmor {
			o.attackSome(q, orig, o.othersOnLine, false)
		} else {
			for i, u := range o.units {
				if o.kind[i] == 2 {
					o.add(o.names[i], oracleFateLabels[startFate(u)], q)
				}
			}
		}
		return q
	}
	// D5.5: the Immobilization Crew TC, a NTC at the crew's ML, part of
	// the AFV's result: a crew that fails it has bailed out, no PRC of the
	// AFV, when the Collateral Attack comes after that result (§5.5); an
	// unarmored vehicle's crew beneath it is in the Location attacked
	// (A7.308).
	aboard := 1.0
	if immob {
		aboard = pDR(o.a.CrewML)
	}
	o.add("abandoned", "no", q*aboard)
	o.add("abandoned", "yes", q*(1-aboard))
	o.add("crew", "aboard", q*aboard)
	o.add("crew", "bailed_out", q*(1-aboard))
	if o.noArmor {
		aboard = 1
	}
	// D.8: a Shocked crew buttons up; only the Riders are attacked.
	if res == "shocked" || res == "immobilized_shocked" {
		o.add("crew.collateral", "not_attacked", q)
		o.attack(q, orig, func(i int) (int, int, bool) {
			if o.kind[i] != 0 {
				return 0, 0, false
			}
			return o.prcCol(o.units[i]), o.prcDRM() + o.units[i].DRM, true
		})
	} else {
		o.collateral(q, orig, aboard)
	}
	return q
}

// collateral is the attack of Original DR orig on the Vulnerable PRC (and
// on an unarmored vehicle's whole Location): the CE crew, if still aboard
// (with probability aboard), then the units.
func (o *vehicleOracle) collateral(q float64, orig int, aboard float64) {
	a := o.a
	if a.CE || o.noArmor {
		col := o.prcCol(asl.Unit{})
		o.crewMC(q*aboard, iftCell(col, orig+o.prcDRM()))
		o.add("crew.collateral", "not_attacked", q*(1-aboard))
	}
	o.attack(q, orig, func(i int) (int, int, bool) {
		if o.kind[i] == 2 {
			return o.othersOnLine(i)
		}
		return o.prcCol(o.units[i]), o.prcDRM() + o.units[i].DRM, true
	})
}

// othersOnLine: the other units are attacked along with an unarmored
// vehicle (A7.308), or by a Set DC (A23.71); not otherwise.
func (o *vehicleOracle) othersOnLine(i int) (int, int, bool) {
	a, u := o.a, o.units[i]
	if o.kind[i] != 2 {
		return 0, 0, false
	}
	switch {
	case a.Mode == asl.Set:
		col := col36p
		if u.Concealed {
			col = col16
		}
		return col, u.DRM - 3, true
	case o.noArmor:
		col := col30
		if u.Concealed {
			col = col12
		}
		return col, a.TEM + u.DRM + o.lineDRM(), true
	}
	return 0, 0, false
}

// prcCol: 30 FP (36 Set), halved for a concealed unit or a concealed
// vehicle (§8.6).
func (o *vehicleOracle) prcCol(u asl.Unit) int {
	half := u.Concealed || o.a.Concealed && o.a.Options.HalveCollateralIfConcealed
	switch {
	case o.a.Mode == asl.Set && half:
		return col16
	case o.a.Mode == asl.Set:
		return col36p
	case half:
		return col12
	}
	return col30
}

// prcDRM: the CE DRM +2 (Set −3 too); none through an unarmored facing
// (§8.37); an unarmored vehicle's occupants take the DC's own DRMs.
func (o *vehicleOracle) prcDRM() int {
	switch {
	case o.noArmor:
		return o.lineDRM()
	case o.unarmoredF && o.a.Mode != asl.Set:
		return 0
	case o.a.Mode == asl.Set:
		return -1
	}
	return 2
}

// lineDRM: CX, Thrown +2/+3, AFPh; Set −3; never TEM.
func (o *vehicleOracle) lineDRM() int {
	a := o.a
	switch a.Mode {
	case asl.Set:
		return -3
	case asl.Thrown:
		d := 2 + b2i(a.FromVehicle) + b2i(a.AFPh) + b2i(a.CX)
		return d
	}
	return b2i(a.CX)
}

// crewMC: a CE crew under IFT result r (D5.34).
func (o *vehicleOracle) crewMC(q float64, r iftResult) {
	ml := o.a.CrewML
	switch r.kind {
	case resKIA, resK:
		o.add("crew.collateral", "recalled", q)
	case resNone:
		o.add("crew.collateral", "no_effect", q)
	case resPTC:
		o.add("crew.collateral", "buttoned_up", q*(1-pDR(ml)))
		o.add("crew.collateral", "no_effect", q*pDR(ml))
	case resMC:
		faces(func(w, c int, p float64) {
			orig := w + c
			switch final := orig + r.n; {
			case orig == 12:
				o.add("crew.collateral", "recalled", q*p)
			case final > ml:
				o.add("crew.collateral", "stunned", q*p)
			case final == ml:
				o.add("crew.collateral", "buttoned_up", q*p)
			default:
				o.add("crew.collateral", "no_effect", q*p)
			}
		})
	}
}

// vehicleLine is a DC on the IFT vehicle line (A7.308, A7.309, §2.2).
func (o *vehicleOracle) vehicleLine() float64 {
	a := o.a
	fp := 30
	if a.Mode == asl.Set {
		fp = 36
	}
	col := map[int]int{30: col30, 36: col36p}[fp]
	if a.Concealed {
		col = map[int]int{30: col12, 36: col16}[fp]
	}
	kill := map[int]int{col12: 8, col16: 9, col30: 12, col36p: 13}[col]
	enemy := 0
	if a.Mode == asl.Set {
		enemy = a.EnemyInfantry
		if enemy < 0 {
			enemy = len(o.units)
		}
	}
	det := 0.0
	faces(func(w, c int, p float64) {
		orig := w + c
		if orig+enemy >= o.xnum {
			det += o.vehicleResult(p, "malfunction", orig, false)
			return
		}
		rank := func(final int) int {
			switch {
			case 2*final <= kill:
				return 0
			case final < kill:
				return 1
			case final == kill:
				return 2
			}
			return 3
		}
		names := []string{"burning", "eliminated", "immobilized", "no_effect"}
		r := rank(orig + o.lineDRM())
		if orig == 2 && r > 0 {
			// A7.309: the better of the subsequent dr and the DR.
			for dr := 1; dr <= 6; dr++ {
				u := min(r, []int{0, 0, 1, 2, 3, 3, 3}[dr])
				det += o.vehicleResult(p/6, names[u], orig, u == 2)
			}
			return
		}
		det += o.vehicleResult(p, names[r], orig, r == 2)
	})
	return det
}

// setDC: the AFV is untouched; the Vulnerable PRC and the other units take
// 36+ FP at −3 (A23.71, §8.38).
func (o *vehicleOracle) setDC() float64 {
	a := o.a
	enemy := a.EnemyInfantry
	if enemy < 0 {
		enemy = len(o.units)
	}
	det := 0.0
	faces(func(w, c int, p float64) {
		orig := w + c
		if orig+enemy >= o.xnum {
			o.add("afv", "malfunction", p)
			o.add("crew.collateral", "not_attacked", p)
			o.untouched(p)
			return
		}
		det += p
		o.add("afv", "no_effect", p)
		o.collateral(p, orig, 1)
	})
	return det
}

// attack resolves Original DR orig on the units who says are attacked,
// with their column and DRM, by the Personnel oracle; the rest keep their
// starting fate.
func (o *vehicleOracle) attack(q float64, orig int, who func(i int) (col, drm int, ok bool)) {
	o.attackSome(q, orig, who, true)
}

// attackSome is attack; with rest false the units not attacked are left
// for the caller to account for.
func (o *vehicleOracle) attackSome(q float64, orig int, who func(i int) (col, drm int, ok bool), rest bool) {
	var idx []int
	loc := &location{opts: o.a.Options.Options, fixedDR: orig, surrender: o.a.Mode != asl.Set}
	if o.a.Options.Surrender != nil {
		loc.surrender = *o.a.Options.Surrender
	}
	var start world
	var units []asl.Unit
	for i, u := range o.units {
		col, drm, ok := who(i)
		if !ok {
			if rest {
				o.add(o.names[i], oracleFateLabels[startFate(u)], q)
			}
			continue
		}
		if o.kind[i] != 2 {
			loc.opts.HeatOfBattle = false // A15.1: PRC are not subject to it
		}
		start.addPiece(newPiece(u, len(idx), o.a.ELR))
		idx = append(idx, i)
		units = append(units, u)
		loc.col = append(loc.col, col)
		loc.drm = append(loc.drm, drm)
	}
	if len(idx) == 0 {
		return
	}
	start.pushTasks(task{op: opAttack})
	for w, p := range loc.resolve(start) {
		fates, _, _ := unitFates(&w, units)
		for k, f := range fates {
			o.add(o.names[idx[k]], oracleFateLabels[f], q*p)
		}
	}
}

// untouched: nobody in the Location is attacked.
func (o *vehicleOracle) untouched(q float64) {
	for i, u := range o.units {
		o.add(o.names[i], oracleFateLabels[startFate(u)], q)
	}
}

func startFate(u asl.Unit) int {
	if u.Broken {
		return fateBroken
	}
	return fateGoodOrder
}
