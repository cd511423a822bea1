package asl

// Table 23 (Flame, Rubble, Shellholes) for any weapon: which weapons can
// do what to which terrain (rules/asl.md §7.4, §8.53–8.59).

// rubbleCalibre is the least calibre of HE, and of a rocket (§8.57), that
// can Rubble a building (Table 23).
const rubbleCalibre = 70

// shellholeCalibre is the least calibre of a rocket that can make a
// Shellhole (Table 23, §8.56).
const shellholeCalibre = 150

// site is the attack's target Location.
func (a IFTAttack) site() site {
	return site{building: a.Building, fortified: a.Fortified, terrain: a.Terrain, ec: a.EC,
		level: a.Level, top: a.Top, groundFalls: a.Options.FallingRubble}
}

// takesCalibre reports whether the weapon has a calibre that can decide a
// Table 23 row: HE and rockets always; Concentrations and aerial bombs
// only when the 150mm Shellhole limit is read as theirs too (§8.56).
func (a IFTAttack) takesCalibre() bool {
	return a.Weapon == HE || a.rubbleByCalibre() || a.shellholeByCalibre()
}

// rubbleByCalibre: the weapon Rubbles a building from 70mm, as HE does
// (Table 23), and rockets do when they Rubble at all (§8.57).
func (a IFTAttack) rubbleByCalibre() bool {
	return a.Weapon == HE || a.Weapon == Rocket && a.Options.RubbleBombsRockets
}

// shellholeByCalibre: the weapon makes a Shellhole from 150mm: a rocket
// (Table 23), and any other Shellhole weapon when the limit is read as
// theirs too (§8.56).
func (a IFTAttack) shellholeByCalibre() bool {
	return a.shellholeWeaponKind() && (a.Weapon == Rocket || !a.Options.ShellholeCalibreRocketsOnly)
}

// calibreRubbles and calibreShellholes report whether the calibre decides
// this attack's Rubble (against a building) and its Shellhole (in the
// Shellhole row's terrain). Elsewhere it decides nothing: HE starts a
// Flame at any calibre, and never makes a Shellhole (Table 23).
func (a IFTAttack) calibreRubbles() bool {
	return a.attacks() && a.Building != NoBuilding && a.rubbleByCalibre()
}

func (a IFTAttack) calibreShellholes() bool {
	return a.attacks() && shellholeTerrain[a.Terrain] && a.shellholeByCalibre()
}

// shellholeWeaponKind: a Concentration (a plain FFE is one, §8.55), an
// aerial bomb or a rocket, whatever the calibre; never Harassing Fire.
func (a IFTAttack) shellholeWeaponKind() bool {
	switch a.Weapon {
	case ConcentratedFFE, AerialBomb, Rocket:
		return true
	case FFE:
		return a.Options.FFEIsConcentration
	}
	return false
}

// shellholeWeapon: the Shellhole row's weapons, with their calibre limit
// (Table 23, §8.55, §8.56).
func (a IFTAttack) shellholeWeapon() bool {
	return a.shellholeWeaponKind() && (!a.shellholeByCalibre() || a.Calibre >= shellholeCalibre)
}

// rubbleWeapon: FFE, HE ≥ 70mm and HEAT (Table 23), and aerial bombs and
// rockets ≥ 70mm (§8.57).
func (a IFTAttack) rubbleWeapon() bool {
	switch a.Weapon {
	case FFE, ConcentratedFFE, HarassingFFE, HEAT:
		return true
	case HE, Rocket:
		return a.rubbleByCalibre() && a.Calibre >= rubbleCalibre
	case AerialBomb:
		return a.Options.RubbleBombsRockets
	}
	return false
}

// heFlameWeapon: HE of any calibre, FFE and HEAT start Flame on an
// Original KIA (B25.13, Table 23); bombs and rockets are HE.
func (a IFTAttack) heFlameWeapon() bool {
	switch a.Weapon {
	case HE, HEAT, FFE, ConcentratedFFE, HarassingFFE, AerialBomb, Rocket:
		return true
	}
	return false
}

// ReadsTerrain reports whether the attack reads its Location's other
// terrain and EC: WP's Flame DR, or an attack that can Shellhole or set
// fire (Table 23); small arms in woods take only the woods' TEM.
func (a IFTAttack) ReadsTerrain() bool {
	return a.Weapon == WP || a.CanShellhole() || a.CanFlame()
}

// CanShellhole reports whether the attack can place a Shellhole.
func (a IFTAttack) CanShellhole() bool {
	return a.attacks() && shellholeTerrain[a.Terrain] && a.shellholeWeapon()
}

// CanRubble reports whether the attack can Rubble its Location: a Rubble
// weapon against a building, or an AFV entering one.
func (a IFTAttack) CanRubble() bool {
	return a.Building != NoBuilding && (a.AFVEntersBuilding || a.attacks() && a.rubbleWeapon())
}

// CanFlame reports whether the attack can start a Flame: a Flame weapon or
// WP in burnable terrain, unless every Original KIA that would start it
// places a Shellhole instead (§8.56).
func (a IFTAttack) CanFlame() bool {
	if !a.site().burnable() || a.AFVEntersBuilding {
		return false
	}
	switch {
	case a.Weapon == WP:
		return a.EC == Dry || a.EC == VeryDry
	case a.Weapon == Flamethrower:
		return true
	}
	return a.heFlameWeapon() && !(a.CanShellhole() && a.Options.ShellholeNoFlame)
}

// Dry and VeryDry are the ECs in which WP can start a Flame (Table 23).
const (
	Dry     EC = 5
	VeryDry EC = 6
)

// wpFlameDRM is the DRM on WP's Flame DR (Table 23, §8.53, §8.59): not the
// EC DRM, but −1 in a Dry EC and −2 in a building, which add up, and −1
// more in a Fortified building.
func (a IFTAttack) wpFlameDRM() int {
	dry := -b2i(a.EC == Dry)
	bldg := -2 * b2i(a.Building != NoBuilding)
	d := dry + bldg
	if !a.Options.WPDRMsAdd {
		d = min(dry, bldg)
	}
	if a.Options.WPFortified {
		d -= b2i(a.Fortified)
	}
	return d
}

// table23At is the column Table 23 reads when the attack Cowered shift
// columns: moved with it unless the switch keeps it (§8.54); ok is false
// when it Cowered off the lowest column.
func (a IFTAttack) table23At(shift int) (Column, bool) {
	if !a.Options.CoweringShiftsTable23 {
		shift = 0
	}
	return a.shifted(a.table23Column(), shift)
}

// t23Outcome is what an attack's Original DR does to the terrain before
// any further dice: the Shellhole, the KIA# for the Rubble dr, and whether
// the Flame DR is made.
type t23Outcome struct {
	shellhole bool
	rubbleKIA int8
	flame     bool
}

// table23 reads Original DR orig on the Table 23 column, Cowered shift
// columns when Cowering moves it (§8.54): an Original KIA places a
// Shellhole (no further roll), else calls for the Rubble dr (Rubble takes
// precedence over Flame, B24.6), and for HE the Flame DR; a FT's K/# or
// KIA calls for the Flame DR (Table 23). A Location that gets a Shellhole
// gets no Flame (§8.56).
func (a IFTAttack) table23(orig, shift int) t23Outcome {
	var o t23Outcome
	// An attack Cowered off the lowest column has no effect at all
	// (§8.54), on the terrain too, though Table 23 reads a column to the
	// right of its own (a FT halved for Area Fire and concealment).
	own := a.locationColumn()
	if len(a.Targets) > 0 {
		own = a.column(a.unitOfTable23())
	}
	if _, ok := a.shifted(own, shift); !ok {
		return o
	}
	c, ok := a.table23At(shift)
	if !ok {
		return o
	}
	r := Lookup(c, orig)
	kia := r.KIA() > 0
	o.shellhole = a.CanShellhole() && kia
	if a.CanRubble() {
		o.rubbleKIA = int8(r.KIA())
	}
	trigger := kia
	if a.Weapon == Flamethrower {
		trigger = kia || r.K() > 0
	}
	o.flame = a.CanFlame() && trigger && !(o.shellhole && a.Options.ShellholeNoFlame)
	return o
}
