package cli

import (
	"fmt"

	"github.com/sapperhq/sapper/model/asl"
)

// dcConflicts rejects the dc inputs that the mode, the target Location or
// another flag make meaningless; each reason cites the rule.
func dcConflicts(fs givenFlags, rules []string, noHoB, heightSwept bool, a asl.DCAttack) error {
	mode := "--mode " + a.Mode.String()
	set, thrown := a.Mode == asl.Set, a.Mode == asl.Thrown
	noThrower := thrown && len(a.Throwers) == 0
	// A thrower too high above a target that cannot rubble: his own
	// Location is never attacked, unless a sweep of the height meets
	// lower values too.
	spared := thrown && !noThrower && !heightSwept && !a.ThrowerLocationMayBeAttacked()
	flame := a.Building != asl.NoBuilding || a.Terrain != ""
	xIgnored := set && !a.Options.SetDCUsesXPenalty
	cs := []conflict{
		flagConflict(fs, "tem", mode, set, "a Set DC attacks with no TEM (A23.71)"),
		flagConflict(fs, "tem", "--roadblock narrow", a.Roadblock == asl.NarrowStreetRoadblock,
			"only the roadblock is attacked, with its own +2 TEM (B31.1411)"),
		flagConflict(fs, "enemy-infantry", mode, !set, "only a Set DC's malfunction DR counts enemy Infantry (A23.7)"),
		flagConflict(fs, "cavalry", mode, !thrown, "only a Thrown DC is thrown by Cavalry (A23.6)"),
		flagConflict(fs, "elevation", mode, !thrown, "only a Thrown DC is thrown from above (A23.6)"),
		flagConflict(fs, "elevation", "no --thrower", noThrower, "the height matters only to the attack on the thrower's Location (--thrower)"),
		flagConflict(fs, "thrower-tem", fmt.Sprintf("--elevation %d", a.Elevation), spared,
			"from two or more levels up the thrower's Location is attacked only if the DC rubbles the target level, which takes a --building (A23.6, B24.11)"),
		ruleConflict(rules, "cx-on-thrower-location", fmt.Sprintf("--elevation %d", a.Elevation), spared,
			"from two or more levels up the thrower's Location is attacked only if the DC rubbles the target level, which takes a --building (A23.6, B24.11)"),
		flagConflict(fs, "preset", mode, !set, "only a Set DC can be Set before play (A23.7)"),
		flagConflict(fs, "preset", "no --setter", set && len(a.Setter) == 0,
			"without a Setter the DC is taken as Set already; --preset spares a Setter the setting dr and the Defensive Fire"),
		flagConflict(fs, "ec", "--building "+a.Building.String(), a.Building != asl.NoBuilding,
			"the EC changes the Flame DR outside buildings only (B25.13)"),
		flagConflict(fs, "ec", "no --terrain", !flame, "without burnable terrain there is no Flame DR for the EC to change (B25.13)"),
		flagConflict(fs, "japanese", mode, thrown && a.Cave,
			"only a DC Placed or Set into the cave takes the −4 for no Japanese in it; a Thrown one takes no DRM inside, all outside (G11.83, §6.7)"),
		flagConflict(fs, "wire", mode, thrown, "a Thrown DC never clears Wire (§8.36)"),
		flagConflict(fs, "roadblock", mode, thrown && a.Roadblock == asl.NormalRoadblock,
			"a Thrown DC affects only a Narrow-Street roadblock (B31.1411)"),
		flagConflict(fs, "user", "--rule set-dc-uses-x-penalty=false", xIgnored, "a Set DC's malfunction then ignores the X# (A23.7, §8.4)"),
		flagConflict(fs, "captured", "--rule set-dc-uses-x-penalty=false", xIgnored, "a Set DC's malfunction then ignores the X# (A23.7, §8.4)"),
	}
	cs = append(cs, useConflicts(fs, nil, a.Mode, a.CX, len(a.Throwers))...)
	cs = append(cs, dcRuleConflicts(rules, noHoB, a)...)
	cs = append(cs, fanaticConflict(rules, len(a.DFF), a.Targets, a.Throwers, a.Placer, a.Setter))
	cs = append(cs, checkedUnitConflicts(fs, nil, a.Targets, a.Throwers, a.Placer, a.Setter)...)
	cs = append(cs, concealedConflict(fs, a.Targets))
	return checkConflicts(cs...)
}

// dcRuleConflicts are the --rule switches that a DC attack's mode, users,
// units and Location make meaningless, for sapper dc and for each DC
// attack of a plan.
func dcRuleConflicts(rules []string, noHoB bool, a asl.DCAttack) []conflict {
	none := planOptions(nil) // the flags' own conflicts are the caller's
	flame := a.Building != asl.NoBuilding || a.Terrain != ""
	cs := useConflicts(none, rules, a.Mode, a.CX, len(a.Throwers))
	cs = append(cs, sharedRuleConflicts(rules, noHoB, oneUser(a.User, a.Captured), a.FlameSwitchMatters(), flame)...)
	cs = append(cs, unitRuleConflicts(rules, a.Building, a.Top, a.Targets, a.Throwers, a.Placer, a.Setter)...)
	cs = append(cs, dffRuleConflict(rules, a.DFF))
	return append(cs, checkedUnitConflicts(none, rules, a.Targets, a.Throwers, a.Placer, a.Setter)...)
}
