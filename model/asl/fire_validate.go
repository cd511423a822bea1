package asl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/bound"
)

// Validate reports the first input that cannot be resolved or does not
// apply, naming its flag first and any flag it conflicts with.
func (a IFTAttack) Validate() error {
	for _, check := range []func() error{a.fireEnums, a.validateKind, a.validateFP, a.validateFirer, a.validateTerrain, a.validateTargets} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// validateKind checks the inputs of the attacks that are not on the IFT:
// WP's Flame DR and an AFV entering a building (Table 23).
func (a IFTAttack) validateKind() error {
	switch {
	case a.BogDRM != 0 && !a.AFVEntersBuilding:
		return bound.Invalidf("bog-drm", "only an AFV entering a building (--afv-enters-building) makes the Bog Check")
	case inRange("bog-drm", a.BogDRM, MinBogDRM, MaxBogDRM, "") != nil:
		return inRange("bog-drm", a.BogDRM, MinBogDRM, MaxBogDRM, "")
	case a.AFVEntersBuilding && a.Weapon != SmallArms:
		return bound.Invalidf("weapon", "%s with --afv-enters-building: the AFV's entry is the whole question; drop one", a.Weapon)
	case a.AFVEntersBuilding && a.Building == NoBuilding:
		return bound.Invalidf("afv-enters-building", "give the --building, wooden or stone")
	case a.AFVEntersBuilding && a.Level != 0:
		// No value named: a --level given as 0 is refused through here too
		// (it cannot matter), checked as 1.
		return bound.Invalidf("level", "not with --afv-enters-building: an AFV enters a ground-level building Location (Table 23); drop --level")
	}
	if a.attacks() {
		return nil
	}
	what := "--weapon wp, which makes no IFT attack here, only the Flame DR"
	if a.AFVEntersBuilding {
		what = "--afv-enters-building, which makes no IFT attack, only the Rubble check"
	}
	for _, f := range []struct {
		on   bool
		flag string
	}{{a.FP != 0, "fp"}, {len(a.Targets) > 0, "target"}, {a.TEM != 0, "tem"}, {a.DRM != 0, "drm"},
		{a.Concealed, "concealed"}, {a.AreaFire, "area-fire"}, {a.LeaderDirected, "leader-directed"}, {a.Calibre != 0, "calibre"},
		{a.FirerClass != FirstLine, "firer-class"}, {a.FirerNationality != OtherNationality, "firer-nationality"},
		{a.Fortified && a.AFVEntersBuilding, "fortified"}} {
		if f.on {
			return bound.Invalidf(f.flag, "not with %s (Table 23)", what)
		}
	}
	switch {
	case a.Weapon == WP && a.EC != Dry && a.EC != VeryDry:
		return bound.Invalidf("ec", "%s with --weapon wp: WP starts a Flame only in a Dry or Very Dry EC (Table 23)", a.EC)
	case a.Weapon == WP && !a.site().burnable():
		return bound.Invalidf("weapon", "wp needs burnable terrain: a --building or a --terrain with a Kindling # (%s)", strings.Join(TerrainNames(), ", "))
	}
	return nil
}

// validateFP checks the FP, its halvings (§8.62) and the calibre.
func (a IFTAttack) validateFP() error {
	if !a.attacks() {
		return nil
	}
	switch {
	case a.FP == 0:
		return bound.Invalidf("fp", "every IFT attack needs its FP: give --fp, from 1 to %d, e.g. --fp 8", MaxFP)
	case !(a.FP >= 1 && a.FP <= MaxFP):
		return bound.InvalidValue("fp", strconv.FormatFloat(a.FP, 'g', -1, 64), "outside 1…%d, the FP an IFT attack may have", MaxFP)
	case a.AreaFire && a.Weapon.IsFFE():
		return bound.Invalidf("area-fire", "not with --weapon %s: --fp is already the FP the FFE uses (§8.55)", a.Weapon)
	case a.Concealed && a.Weapon.IsFFE() && a.Options.FFEIgnoresConcealment:
		return bound.Invalidf("concealed", "not with --weapon %s: an FFE is never halved against concealed targets (C1.56)", a.Weapon)
	case a.Calibre == 0 && a.calibreRubbles():
		return bound.Invalidf("calibre", "--weapon %s against a building needs --calibre MM: it decides Rubble (from %dmm, Table 23)", a.Weapon, rubbleCalibre)
	case a.Calibre == 0 && a.calibreShellholes():
		return bound.Invalidf("calibre", "--weapon %s in --terrain %s needs --calibre MM: it decides Shellholes (from %dmm, Table 23)", a.Weapon, a.Terrain, shellholeCalibre)
	case a.Calibre != 0 && !a.takesCalibre():
		return bound.Invalidf("calibre", "not with --weapon %s: only HE and rockets take a calibre (Table 23)", a.Weapon)
	case inRange("calibre", a.Calibre, MinCalibre, MaxCalibre, "") != nil:
		return inRange("calibre", a.Calibre, MinCalibre, MaxCalibre, "mm")
	}
	for i, u := range append([]Unit{{}}, a.Targets...) {
		if a.fpAgainst(u) < 1 {
			return bound.Invalidf("fp", "%s", a.belowOne(i, u))
		}
	}
	return nil
}

// belowOne says why the attack's FP against u, target i (0: the Location
// itself), falls below 1, naming what halved it: the attack's own inputs,
// or the target's ,concealed, which halves against it alone (§8.21).
func (a IFTAttack) belowOne(i int, u Unit) string {
	halved := "halved"
	if n := a.halvings(u); n > 1 {
		halved = fmt.Sprintf("halved %d times", n)
	}
	var by []string
	if a.AreaFire {
		by = append(by, "--area-fire")
	}
	against := ""
	switch {
	case a.Concealed:
		by = append(by, "--concealed")
	case u.Concealed:
		against = fmt.Sprintf(" against target %d (%s)", i, u)
		by = append(by, "its ,concealed")
	}
	return fmt.Sprintf("%v FP %s is %v%s, below 1: it cannot attack (§8.62); drop %s, or give more FP", a.FP, halved, a.fpAgainst(u), against, strings.Join(by, " or "))
}

// validateFirer checks that the firer can use the weapon and that the
// Cowering inputs apply to it (A7.9).
func (a IFTAttack) validateFirer() error {
	if !a.attacks() {
		return nil
	}
	ok := firersOf(a.Weapon)
	if !slices.Contains(ok, a.Firer) {
		names := make([]string, len(ok))
		for i, f := range ok {
			names[i] = f.String()
		}
		return bound.Invalidf("firer", "%s with --weapon %s: want %s", a.Firer, a.Weapon, strings.Join(names, ", "))
	}
	// The firer's class and nationality change only whether it Cowers:
	// Infantry fire no leader directs (A7.9).
	infantry := a.Firer == InfantryFirer
	if infantry && !a.LeaderDirected {
		if a.FirerNationality == Finnish && a.FirerClass != FirstLine && a.FirerClass != Conscript {
			return bound.Invalidf("firer-class", "%s with --firer-nationality finnish: Finns other than Conscripts never Cower (A7.9, §7.4, sasl.md S29), which is all the class changes", a.FirerClass)
		}
		return nil
	}
	why := fmt.Sprintf("not with --firer %s: only Infantry fire can Cower (A7.9), which is all it changes", a.Firer)
	if infantry {
		why = "not with --leader-directed: fire a leader directs never Cowers (A7.9), which is all it changes"
	}
	for _, f := range []struct {
		on   bool
		flag string
	}{{a.LeaderDirected && !infantry, "leader-directed"}, {a.FirerClass != FirstLine, "firer-class"}, {a.FirerNationality != OtherNationality, "firer-nationality"}} {
		if f.on {
			return bound.Invalidf(f.flag, "%s", why)
		}
	}
	return nil
}

// validateTerrain checks the Location's terrain and that each terrain
// input can matter to this attack.
func (a IFTAttack) validateTerrain() error {
	switch {
	case a.Terrain != "" && a.Building != NoBuilding:
		return bound.Invalidf("terrain", "not with --building: a Location is a building or %s, give one", a.Terrain)
	case a.Terrain != "" && kindling[a.Terrain] == 0 && !shellholeTerrain[a.Terrain]:
		return bound.InvalidValue("terrain", a.Terrain, "want one of %s", strings.Join(FireTerrainNames(), ", "))
	case a.Fortified && a.Building == NoBuilding:
		return bound.Invalidf("fortified", "only a --building can be Fortified")
	case a.site().validateLevels() != nil:
		return a.site().validateLevels()
	case (a.Level > 0 || a.Top > 0) && !a.CanRubble():
		// The field named is the one given: --top alone is not --level.
		field := "level"
		if a.Level == 0 {
			field = "top"
		}
		return bound.Invalidf(field, "--level and --top matter only for Rubble, which --weapon %s cannot cause (Table 23)", a.Weapon)
	case a.Terrain != "" && !a.CanShellhole() && !a.CanFlame():
		return bound.Invalidf("terrain", "--weapon %s can neither Shellhole nor set fire to --terrain %s (Table 23), so only its TEM counts: drop --terrain, and give the TEM with --tem", a.Weapon, a.Terrain)
	case int(a.EC) < 0 || int(a.EC) >= len(ecNames):
		return bound.Invalidf("ec", "unknown Environmental Condition")
	case a.EC != Moderate && a.Weapon != WP && !(a.CanFlame() && a.Building == NoBuilding):
		return bound.Invalidf("ec", "--ec changes only a Flame DR outside buildings (B25.13) or WP's, and this attack makes neither")
	case inRange("tem", a.TEM, MinTEM, MaxTEM, whyTEM) != nil:
		return inRange("tem", a.TEM, MinTEM, MaxTEM, whyTEM)
	case a.TEM != 0 && a.Weapon == Flamethrower:
		return bound.Invalidf("tem", "not with --weapon ft: a FT takes no TEM (§8.58)")
	case inRange("drm", a.DRM, MinDRM, MaxDRM, "") != nil:
		return inRange("drm", a.DRM, MinDRM, MaxDRM, "")
	}
	return nil
}

// validateTargets checks the units, and that an attack with none can
// still do something to the terrain.
func (a IFTAttack) validateTargets() error {
	switch {
	case len(a.Targets) > MaxUnits:
		return bound.Invalidf("target", "at most %d units in a Location", MaxUnits)
	case inRange("elr", a.ELR, MinELR, MaxELR, "") != nil:
		return inRange("elr", a.ELR, MinELR, MaxELR, "")
	case a.Weapon == Flamethrower && len(a.Targets) == 0:
		return bound.Invalidf("target", "a FT attacks an unarmored target; give it with --target (Table 23)")
	case len(a.Targets) == 0 && a.attacks() && !a.CanShellhole() && !a.CanRubble() && !a.CanFlame():
		return bound.Invalidf("target", "give the units in the Location (--target); with none, --weapon %s has nothing to affect here", a.Weapon)
	}
	for i, u := range a.Targets {
		if err := u.Validate(); err != nil {
			return bound.Invalidf("target", "unit %d: %w", i+1, err)
		}
		if u.Concealed && a.Weapon.IsFFE() && a.Options.FFEIgnoresConcealment {
			return bound.Invalidf("target", "%s with --weapon %s: an FFE is never halved against concealed targets (C1.56)", u, a.Weapon)
		}
	}
	return nil
}
