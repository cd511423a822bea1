package asl

// XNumber is the DC's effective malfunction number (rules/asl.md §4.2,
// §8.3): 12 for an elite user's own DC. A non-elite user applies the
// captured-SW penalty of −2 (A23.2, A21.11), doubled to −4 for a captured
// DC; an elite user of a captured DC takes −2; an Inexperienced user −1
// more (A19.32). A Placed or Thrown DC malfunctions on an Original DR ≥ X#
// (A23.4).
func (a DCAttack) XNumber() int {
	pen := 0
	if a.User != EliteUser {
		pen = 2
		if a.Captured {
			pen = 4
		}
		if a.User == Inexperienced && a.Options.InexperiencedPenalty {
			pen++
		}
	} else if a.Captured {
		pen = 2
	}
	return 12 - pen
}

// enemyInfantry is the count of enemy Infantry units in a Set DC's
// Location (A23.7): given, or every target counter.
func (a DCAttack) enemyInfantry() int {
	if a.EnemyInfantry >= 0 {
		return a.EnemyInfantry
	}
	return len(a.Targets)
}

// Malfunctions reports whether the DC fails to detonate on Original DR
// orig: Placed and Thrown on orig ≥ X# (A23.4; a Thrown DC judges its
// target DR only, §8.17); Set on orig + enemy Infantry ≥ 12 less the user's
// X# penalties (A23.7, §8.4).
func (a DCAttack) Malfunctions(orig int) bool {
	if a.Mode != Set {
		return orig >= a.XNumber()
	}
	limit := 12
	if a.Options.SetDCUsesXPenalty {
		limit = a.XNumber()
	}
	return orig+a.enemyInfantry() >= limit
}

// targetDRM is the DRM on the target DR for target u (rules/asl.md §2.4,
// §4.6): TEM (none for a Set DC, A23.71), the given DRMs, CX +1 (A23.4),
// Thrown +2 (+3 from a vehicle or by Cavalry) and AFPh +1 (A23.6, A23.62),
// Set −3.
func (a DCAttack) targetDRM(u Unit) int {
	if a.Cave {
		return a.caveDRM(u, false)
	}
	d := a.DRM + u.DRM + b2i(a.CX)
	if a.Breach != NoBreach {
		// B23.711: the follow-on attack beyond the wall, with its TEM.
		return d + a.TEM
	}
	switch a.Mode {
	case Placed:
		d += a.TEM
	case Thrown:
		d += a.TEM + 2 + b2i(a.FromVehicle || a.Cavalry) + b2i(a.AFPh)
	case Set:
		d -= 3
	}
	return d
}

// targetColumn is 30 FP (36 Set), halved against a concealed target
// (A23.1).
func (a DCAttack) targetColumn(u Unit) Column {
	fp := 30.0
	switch {
	case a.Mode == Set:
		fp = 36
	case a.Breach != NoBreach:
		fp = 12 // B23.711: Area Fire beyond the wall; concealed 6 (A23.3 ex.)
	}
	if a.Concealed || u.Concealed {
		fp /= 2
	}
	return ColumnFor(fp)
}

// Flame's column (§8.14, B25.13) is the highest the DC uses against the
// units in the Location as it detonates: one Original DR reads every
// unit's column (A.5), and the highest shows a KIA whenever any does, so
// a concealed unit beside an unconcealed one reads the unhalved column,
// whatever the order of the targets. An empty Location reads its own
// column; flame-ignores-concealment reads the unhalved one throughout.
// Which units are there is a plan's question too (§7.5): those an
// earlier attack eliminated are gone, and a hero it created has joined.

// flameColumns are the two columns Flame may read: the one before any
// halving for concealment, and the halved one.
func (a DCAttack) flameColumns() (unhalved, halved Column) {
	open := a
	open.Concealed = false
	return open.targetColumn(Unit{}), open.targetColumn(Unit{Concealed: true})
}

// flameReading is which of the two columns Flame reads with the units in
// the Location: the unhalved with any target attacked on it there, or
// with none there and the attack not concealed; always under
// flame-ignores-concealment.
func (a DCAttack) flameReading() columnReading {
	if a.Options.FlameIgnoresConcealment {
		return newColumnReading(^uint32(0), len(a.Targets), true)
	}
	var units uint32
	for i, u := range a.Targets {
		if !a.Concealed && !u.Concealed {
			units |= 1 << i
		}
	}
	return newColumnReading(units, len(a.Targets), !a.Concealed)
}

// FlameSwitchMatters reports whether flame-ignores-concealment moves the
// column Flame reads against these targets (§8.14): off, it reads the
// halved one only when every target is concealed.
func (a DCAttack) FlameSwitchMatters() bool {
	off := a
	off.Options.FlameIgnoresConcealment = false
	return !off.flameReading().unhalved(uint32(1)<<len(a.Targets) - 1)
}

// flameKIA reports whether Flame reads an Original KIA in o with the
// units present, a bit each, in the Location.
func (r columnReading) flameKIA(o *outcome, present uint32) bool {
	if r.unhalved(present) {
		return o.flameKIA
	}
	return o.flameHalvedKIA
}

// columnReading tells, from the units in a Location as an attack meets
// them, a bit each, whether an effect on the whole Location (Flame,
// §8.14; Table 23, §8.53) reads the unhalved of its two columns: with any
// of units there, or with none there and empty. all: whoever is there.
// One Original DR reads every unit's column (A.5), and the higher shows a
// KIA whenever the lower does.
type columnReading struct {
	units      uint32
	empty, all bool
}

// newColumnReading is the reading of an attack on n targets, those of
// units on the unhalved column.
func newColumnReading(units uint32, n int, empty bool) columnReading {
	every := uint32(1)<<n - 1
	return columnReading{units: units, empty: empty, all: units&every == every && (n > 0 || empty)}
}

// unhalved reports whether the effect reads the unhalved column with the
// units present.
func (r columnReading) unhalved(present uint32) bool {
	return r.all || present&r.units != 0 || present == 0 && r.empty
}

// throwerDRM is the DRM on the DR against the thrower's Location (A23.6,
// rules/asl.md §8.16): its TEM, +3 (+4 from a vehicle or by Cavalry), AFPh
// +1, the CX +1 only under the option; never halved for concealment.
func (a DCAttack) throwerDRM(u Unit) int {
	d := a.ThrowerTEM + 3 + b2i(a.FromVehicle || a.Cavalry) + b2i(a.AFPh) + u.DRM
	if a.Options.CXOnThrowerLocation {
		d += b2i(a.CX)
	}
	return d
}

// surrender is the §8.26 default: an ADJACENT enemy for Placed and Thrown
// DCs, none for a Set DC.
func (a DCAttack) surrender() bool {
	if a.Options.Surrender != nil {
		return *a.Options.Surrender
	}
	return a.Mode != Set
}

// Breaches reports whether Original DR orig breaches the wall (B23.711,
// B23.9221): a detonating DC whose Final DR on the 30 column, with the
// building's TEM (+1 Fortified, B23.921) and the Placer's CX, is at most 13
// (NMC or better).
func (a DCAttack) Breaches(orig int) bool {
	return a.Breach != NoBreach && !a.Malfunctions(orig) &&
		orig+a.Building.TEM(a.Fortified)+b2i(a.CX) <= 13
}
