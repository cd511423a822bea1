package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// afvConflicts rejects the afv inputs that the mode, the armor or another
// flag make meaningless; each reason cites the rule.
func afvConflicts(fs *pflag.FlagSet, rules []string, noHoB bool, a asl.AFVAttack) error {
	mode := "--mode " + a.Mode.String()
	set := a.Mode == asl.Set
	unarmored := a.Armor.Unarmored()
	// Only a DC through an armored facing makes the Position and To Kill
	// DRs (C7.346, C7.34).
	armoredFacing := !set && !unarmored && a.Armor.Hull[a.TargetFacing()] != asl.Unarmored
	noKill := "an unarmored facing"
	switch {
	case set:
		noKill = mode
	case unarmored:
		noKill = "an unarmored vehicle"
	}
	_, confirmed := a.Armor.AerialAF()
	cs := []conflict{
		flagConflict(fs, "tem", "no --other", len(a.Others) == 0, "the TEM protects the --other units only"),
		flagConflict(fs, "tem", mode, set, "a Set DC attacks with no TEM (A23.71)"),
		flagConflict(fs, "tem", "an unarmored facing", !set && !unarmored && !armoredFacing,
			"through an unarmored facing the --other units are not attacked (C7.346)"),
		flagConflict(fs, "basic-tk", noKill, !armoredFacing, "only a DC through an armored facing makes a To Kill DR (C7.34)"),
		flagConflict(fs, "aerial-af", noKill, !armoredFacing, "only a DC through an armored facing reads the Aerial AF (C7.12)"),
		flagConflict(fs, "open-topped", noKill, !armoredFacing, "Open-Topped changes only the Position DR (C7.346)"),
		flagConflict(fs, "motion", noKill, !armoredFacing, "Motion changes only the Position DR (C7.346)"),
		flagConflict(fs, "immobile", noKill, !armoredFacing, "Immobile changes only the Position DR (C7.346)"),
		flagConflict(fs, "bypass", noKill, !armoredFacing, "Bypass changes only the Position DR and the facing (C7.346)"),
		flagConflict(fs, "elevation-advantage", noKill, !armoredFacing, "the elevation advantage changes only the Position DR (C7.22)"),
		flagConflict(fs, "red-cs", noKill, !armoredFacing, "the red CS# modifies a To Kill DR (D5.7)"),
		flagConflict(fs, "cs", mode, set, "a Set DC never eliminates the AFV, so its crew never rolls for Crew Survival (A23.71, D5.6)"),
		flagConflict(fs, "crew-ml", mode+" and no --ce", set && !unarmored && !a.CE,
			"a Set DC leaves the AFV untouched and attacks its crew only when CE, so the crew takes no TC or MC (A23.71, D.8, D5.5)"),
		flagConflict(fs, "ce", "an unarmored vehicle", unarmored, "its crew is unprotected and attacked whatever it does, with no CE DRM (D5.311, §8.37)"),
		flagConflict(fs, "other", "an unarmored facing", !set && !unarmored && !armoredFacing,
			"through an unarmored facing the --other units are not attacked (C7.346)"),
		flagConflict(fs, "concealed", mode+" with nothing to attack", set && !unarmored && !a.CE && len(a.Riders)+len(a.Passengers)+len(a.Others) == 0,
			"a Set DC attacks an armored AFV's Vulnerable PRC and the other units only, and there are none (A23.71)"),
		flagConflict(fs, "facing", "an unarmored vehicle", unarmored, "every facing is unarmored: the DC attacks on the vehicle line (A7.308)"),
		flagConflict(fs, "same-hex", "an unarmored vehicle", unarmored, "every facing is unarmored: the DC attacks on the vehicle line (A7.308)"),
		ruleConflict(rules, "dc-hull-plus-one-also-shocks", noKill, !armoredFacing, "it reads a To Kill DR (§8.8)"),
		ruleConflict(rules, "aerial-af-fallback", noKill, !armoredFacing, "it supplies an Aerial AF for the To Kill DR (§8.12)"),
		ruleConflict(rules, "aerial-af-fallback", "--aerial-af", fs.Changed("aerial-af"), "the Aerial AF is given (§8.12)"),
		ruleConflict(rules, "aerial-af-fallback", "a worst AF the Aerial AF row confirms", confirmed,
			"the fallback is used only for a worst AF of 14 or more (C7.12, §8.12)"),
		ruleConflict(rules, "halve-collateral-if-concealed", "no --concealed", !a.Concealed, "it halves the Collateral FP against a concealed AFV's PRC (§8.6)"),
	}
	cs = append(cs, useConflicts(fs, rules, a.Mode, a.CX, len(a.Throwers))...)
	units := append(append(append([]asl.Unit(nil), a.Riders...), a.Passengers...), a.Others...)
	cs = append(cs, sharedRuleConflicts(rules, noHoB, oneUser(a.User, a.Captured), false, false)...)
	cs = append(cs, checkedUnitConflicts(fs, rules, units, a.Throwers)...)
	// each group its own, as a lost leader's LLMC reaches his group only
	cs = append(cs, leaderRuleConflicts(rules, a.Riders, a.Passengers, a.Others, a.Throwers)...)
	return checkConflicts(cs...)
}
