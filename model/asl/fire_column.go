package asl

// attacks reports whether the attack is resolved on the IFT at all: WP and
// an AFV entering a building make no IFT attack (rules/asl.md §7.4).
func (a IFTAttack) attacks() bool { return a.Weapon != WP && !a.AFVEntersBuilding }

// halvings is how many times the FP is halved against unit u (A7.23):
// once for Area Fire, once for concealment — which never halves an FFE
// (C1.56, §8.55). They compound, fractions kept (§7.4).
func (a IFTAttack) halvings(u Unit) int {
	n := b2i(a.AreaFire)
	if (a.Concealed || u.Concealed) && !(a.Weapon.IsFFE() && a.Options.FFEIgnoresConcealment) {
		n++
	}
	return n
}

// fpAgainst is the FP the attack uses against unit u.
func (a IFTAttack) fpAgainst(u Unit) float64 { return a.FP / float64(int(1)<<a.halvings(u)) }

// column is the IFT column against unit u: the rightmost whose FP does
// not exceed the halved FP (A7.3, §2.3).
func (a IFTAttack) column(u Unit) Column { return ColumnFor(a.fpAgainst(u)) }

// locationColumn is the column against the Location itself, with no unit
// of its own concealed: for the reported IFT cell of an empty Location.
func (a IFTAttack) locationColumn() Column { return a.column(Unit{}) }

// table23Column is the column Table 23 reads (§8.53): the attack's before
// any halving; off, the highest used against the Location's units, which
// shows an Original KIA whenever any of their columns does (A.5), so that
// the order of the targets does not matter.
func (a IFTAttack) table23Column() Column {
	switch {
	case a.Options.Table23Unhalved:
		return ColumnFor(a.FP)
	case len(a.Targets) > 0:
		return a.column(a.unitOfTable23())
	}
	return a.locationColumn()
}

// Table23SwitchMatters reports whether table23-unhalved moves the column
// Table 23 reads against these targets (§8.53): off, it reads the highest
// column used against them, which their concealment or Area Fire may
// have halved onto another.
func (a IFTAttack) Table23SwitchMatters() bool {
	on, off := a, a
	on.Options.Table23Unhalved, off.Options.Table23Unhalved = true, false
	return on.table23Column() != off.table23Column()
}

// unitOfTable23 is the target whose column table23Column reads with the
// option off: the first of those attacked on the highest column.
func (a IFTAttack) unitOfTable23() Unit {
	best := a.Targets[0]
	for _, u := range a.Targets[1:] {
		if a.column(u) > a.column(best) {
			best = u
		}
	}
	return best
}

// targetDRM is the DRM on unit u's Final DR (A.5): the Location's TEM
// (none for a FT, §8.58), the attack's DRM and the unit's own.
func (a IFTAttack) targetDRM(u Unit) int {
	d := a.DRM + u.DRM
	if a.Weapon != Flamethrower {
		d += a.TEM
	}
	return d
}

// Cowers reports whether the attack Cowers on Original doubles (A7.9): an
// Infantry attack not directed by a leader, unless the firers are British
// Elite or 1st Line, or Finns. DC, CC, SMC-only, berserk, Fire Lane,
// ordnance, vehicle, aircraft and OBA attacks never cower.
func (a IFTAttack) Cowers() bool {
	if !a.attacks() || a.Firer != InfantryFirer || a.LeaderDirected {
		return false
	}
	switch a.FirerNationality {
	case Finnish:
		// Finns other than Conscripts: asl.md §7.4 says "Finns",
		// sasl.md S29 gives the exception, which sasl's Fire Groups
		// (cower.go) and this attack now both read.
		return a.FirerClass == Conscript
	case British:
		return a.FirerClass != Elite && a.FirerClass != FirstLine
	}
	return true
}

// CoweringShift is how many columns a Cowering attack moves left: two if
// Inexperienced units take part (A19.33: Conscripts, and Green units — a
// Green firer stacked with a Good Order leader is not Inexperienced,
// A19.3, and is given as --firer-class second), otherwise one.
func (a IFTAttack) CoweringShift() int {
	if a.FirerClass == Green || a.FirerClass == Conscript {
		return 2
	}
	return 1
}

// LeastCowered is the lowest column the attack reads once Cowering has
// moved it (a target's, the Location's, or Table 23's where Cowering
// moves it), and whether that is still on the IFT: an attack that Cowers
// off the lowest column is the only one Options.CowerOffLowestNoEffect
// changes (§8.54). An attack that never Cowers reads its own columns.
func (a IFTAttack) LeastCowered() (c Column, onTable bool) {
	least := a.locationColumn()
	if a.Cowers() && a.Options.CoweringShiftsTable23 {
		least = min(least, a.table23Column())
	}
	for _, u := range a.Targets {
		least = min(least, a.column(u))
	}
	if !a.Cowers() {
		return least, true
	}
	k := int(least) - a.CoweringShift()
	return Column(max(k, 0)), k >= 0
}

// shifted is column c moved shift columns left by Cowering; ok is false
// when it Cowers off the lowest column, which leaves no attack at all
// (§8.54) unless the switch keeps it on the 1 column.
func (a IFTAttack) shifted(c Column, shift int) (Column, bool) {
	switch k := int(c) - shift; {
	case k >= 0:
		return Column(k), true
	case a.Options.CowerOffLowestNoEffect:
		return 0, false
	}
	return 0, true
}

// cell is the IFT result on column c, Cowered shift columns, at Final DR
// final.
func (a IFTAttack) cell(c Column, shift, final int) IFT {
	c, ok := a.shifted(c, shift)
	if !ok {
		return NoEffect
	}
	return Lookup(c, final)
}
