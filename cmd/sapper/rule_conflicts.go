package main

import (
	"slices"

	"github.com/sapperhq/sapper/model/asl"
)

// hobRules are the switches that only change what Heat of Battle does.
var hobRules = []string{"known-enemy-in-los", "accept-battle-hardening", "surrender", "berserk-tc-chain", "leaders-elite", "fanatic-berserk"}

// sharedRuleConflicts are the --rule switches of every DC command that
// its other inputs can make meaningless: the Heat of Battle ones under
// --no-hob, the Inexperienced penalty for any other user, and Flame's
// reading of concealment with no concealed target or no Flame DR.
func sharedRuleConflicts(rules []string, noHoB bool, user asl.User, concealed, flame bool) []conflict {
	var cs []conflict
	for _, key := range hobRules {
		cs = append(cs, ruleConflict(rules, key, "--no-hob", noHoB, "it changes only what Heat of Battle does (A15)"))
	}
	cs = append(cs,
		ruleConflict(rules, "inexperienced-penalty", "--user "+user.String(), user != asl.Inexperienced,
			"the extra −1 X# is an Inexperienced user's only (A19.32)"),
		ruleConflict(rules, "flame-ignores-concealment", "no concealed target", !concealed,
			"it changes only the Flame column against concealed targets (§8.14)"),
		ruleConflict(rules, "flame-ignores-concealment", "no --building or --terrain", !flame,
			"without burnable terrain there is no Flame DR (B25.13)"),
	)
	return cs
}

// anyConcealed reports whether the targets are concealed, all of them or
// one by its own option.
func anyConcealed(all bool, units []asl.Unit) bool {
	return all || slices.ContainsFunc(units, func(u asl.Unit) bool { return u.Concealed })
}
