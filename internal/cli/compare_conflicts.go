package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// compareConflicts rejects the compare inputs that the target Location or
// another flag make meaningless. Every mode runs, so no input is
// meaningless for want of its mode.
func compareConflicts(fs *pflag.FlagSet, rules []string, noHoB bool, c asl.Comparison) error {
	flame := c.Building != asl.NoBuilding || c.Terrain != ""
	cs := []conflict{
		flagConflict(fs, "ec", "--building "+c.Building.String(), c.Building != asl.NoBuilding,
			"the EC changes the Flame DR outside buildings only (B25.13)"),
		flagConflict(fs, "ec", "no --terrain", !flame, "without burnable terrain there is no Flame DR for the EC to change (B25.13)"),
		ruleConflict(rules, "cx-on-thrower-location", "no --cx", !c.CX, "it moves the CX +1 onto the thrower's Location (§8.16)"),
		dffRuleConflict(rules, c.DFF),
	}
	ways := c.Attacks()
	users := dcUsers{users: "no Inexperienced Placer, thrower or Setter", setXFree: ways[2].User == asl.EliteUser && !c.Captured}
	for _, a := range ways {
		users.inexperienced = users.inexperienced || a.User == asl.Inexperienced
	}
	cs = append(cs, sharedRuleConflicts(rules, noHoB, users, ways[0].FlameSwitchMatters(), flame)...)
	cs = append(cs, unitRuleConflicts(rules, c.Building, 0, c.Targets, c.Throwers, c.Placer, c.Setter)...)
	cs = append(cs, checkedUnitConflicts(fs, rules, c.Targets, c.Throwers, c.Placer, c.Setter)...)
	cs = append(cs, fanaticConflict(rules, len(c.DFF), c.Targets, c.Throwers, c.Placer, c.Setter))
	cs = append(cs, concealedConflict(fs, c.Targets))
	return checkConflicts(cs...)
}
