package cli

import (
	"slices"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
)

// hobRules are the switches that only change what Heat of Battle does.
var hobRules = []string{"known-enemy-in-los", "accept-battle-hardening", "surrender", "berserk-tc-chain", "leaders-elite", "fanatic-berserk"}

// dcUsers are what the X# switches read of the users of a command's DCs,
// each the Placer's or Setter's class or --user (A23.2).
type dcUsers struct {
	// inexperienced: some DC's user is Inexperienced; else names who the
	// users are, for the message: "a non-elite user".
	inexperienced bool
	users         string
	// setXFree: the Set DC's X# takes no penalty, its user elite and the
	// DC not captured.
	setXFree bool
}

// oneUser are the dcUsers of a command whose DC has one user.
func oneUser(user asl.User, captured bool) dcUsers {
	return dcUsers{user == asl.Inexperienced, user.Phrase(), user == asl.EliteUser && !captured}
}

// noHoBConflicts are the Heat of Battle switches under --no-hob.
func noHoBConflicts(rules []string, noHoB bool) []conflict {
	return hobRuleConflicts(rules, "--no-hob", noHoB, "it changes only what Heat of Battle does (A15)")
}

// hobRuleConflicts are the Heat of Battle switches, each meaningless
// alongside with when when holds, for why.
func hobRuleConflicts(rules []string, with string, when bool, why string) []conflict {
	var cs []conflict
	for _, key := range hobRules {
		cs = append(cs, ruleConflict(rules, key, with, when, why))
	}
	return cs
}

// sharedRuleConflicts are the --rule switches of every DC command that
// its other inputs can make meaningless: the Heat of Battle ones under
// --no-hob, the Inexperienced penalty for any other user, a Set DC's X#
// penalties when the X# has none, and Flame's reading of concealment when
// it moves no column (flameMoves: DCAttack.FlameSwitchMatters) or there is no
// Flame DR.
func sharedRuleConflicts(rules []string, noHoB bool, u dcUsers, flameMoves, flame bool) []conflict {
	cs := noHoBConflicts(rules, noHoB)
	cs = append(cs,
		ruleConflict(rules, "inexperienced-penalty", u.users, !u.inexperienced,
			"the extra −1 X# is an Inexperienced user's only (A19.32)"),
		ruleConflict(rules, "set-dc-uses-x-penalty", "an elite user and a DC not captured", u.setXFree,
			"the X# is then 12, as a Set DC's malfunction reads it with the rule off (A23.7, §8.4)"),
		ruleConflict(rules, "flame-ignores-concealment", "a target not concealed", !flameMoves,
			"it changes only the Flame column, halved only when every target is concealed: Flame reads the highest column the DC uses against the Location's units (§8.14)"),
		ruleConflict(rules, "flame-ignores-concealment", "no --building or --terrain", !flame,
			"without burnable terrain there is no Flame DR (B25.13)"),
	)
	return cs
}

// dffRuleConflict is §8.54's switch with no Defensive Fire that Cowers
// off the IFT's lowest column, the only attack it changes.
func dffRuleConflict(rules []string, dff []asl.FireAttack) conflict {
	off := false
	var given []string
	for _, f := range dff {
		off = off || f.CowersOffLowest()
		given = append(given, "--dff "+f.String())
	}
	with := "no --dff"
	if len(given) > 0 {
		with = strings.Join(given, " ")
	}
	return ruleConflict(rules, "cower-off-lowest-no-effect", with, !off,
		"it changes only Defensive Fire by unled Infantry (,class=CLASS) whose Cowering takes it off the IFT's lowest column (A7.9, §8.54)")
}

// unitRuleConflicts are the --rule switches that the units or the
// Location make meaningless: a leader's with too few leaders among every
// unit the attack may check, and Falling Rubble with no building, or none
// above ground level (top, the building's highest level).
func unitRuleConflicts(rules []string, building asl.Building, top int, units ...[]asl.Unit) []conflict {
	return append(leaderRuleConflicts(rules, units...),
		ruleConflict(rules, "falling-rubble", "no --building", building == asl.NoBuilding,
			"only a building's Rubble falls (B24.11, §8.60)"),
		ruleConflict(rules, "falling-rubble", "a building with no level above ground", building != asl.NoBuilding && top == 0,
			"only Rubble under upper levels falls, and only a collapse adds its levels (B24.11, B24.12, §8.60)"))
}

// leaderRuleConflicts are the leaders' --rule switches with too few
// leaders among units, every unit that may be checked.
func leaderRuleConflicts(rules []string, units ...[]asl.Unit) []conflict {
	// A leader's modifier may turn positive only from 0 or above: a
	// wound makes it one step worse (A17.3), and a second wound kills.
	// A LLMC or LLTC is taken by the units of the lost leader's group
	// (A10.2: his Location; a vehicle's Passengers apart from the units
	// around it), and a leader alone in his leaves nobody to take one.
	leaders, canBePositive, withOthers := 0, false, false
	for _, us := range units {
		for _, u := range us {
			if u.Kind == asl.Leader {
				leaders++
				canBePositive = canBePositive || u.Mod >= 0
				withOthers = withOthers || u.Mod >= 0 && len(us) > 1
			}
		}
	}
	return []conflict{
		ruleConflict(rules, "leaders-elite", "no leader", leaders == 0,
			"it changes only a leader's Heat of Battle DR (A1.11, §8.51)"),
		ruleConflict(rules, "llmc-reverse-positive", "no leader", leaders == 0,
			"it changes only the DRM a lost leader gives a LLMC or LLTC (A10.2, §8.46)"),
		ruleConflict(rules, "llmc-reverse-positive", "no leader whose modifier is or may become positive", leaders > 0 && !canBePositive,
			"it reverses only a positive modifier, and a leader of −1 or better is at worst 0 once wounded (A10.2, A17.3, §8.46)"),
		ruleConflict(rules, "llmc-reverse-positive", "no other unit with a leader of modifier 0 or worse", canBePositive && !withOthers,
			"a LLMC or LLTC is taken by the units with the lost leader, and he is alone (A10.2, §8.46)"),
		ruleConflict(rules, "berserk-tc-chain", "fewer than two leaders", leaders < 2,
			"it changes only a leader made berserk by another berserk leader's Berserk TC (A15.41, §8.50)"),
	}
}

// fanaticConflict is §8.52's switch where no unit can be Fanatic at a
// Heat of Battle DR that reads it. Units start at most Elite; one turns
// Fanatic only by a Battle Hardening of its own (A15.3), a HoB DR's
// result, which also rallies it, and reads the switch at a later HoB DR
// of Final 12 or more: with the Fanatic −1, only a broken unit's, so it
// must break again, and roll its Original 2 on a further MC (A15.1). In
// one attack a unit takes a second MC only as a Leader Loss MC (A10.2),
// or as the Placer under a second --dff; dffs is how many the command
// has, -1 for none to give.
func fanaticConflict(rules []string, dffs int, units ...[]asl.Unit) conflict {
	leader := false
	for _, us := range units {
		leader = leader || slices.ContainsFunc(us, func(u asl.Unit) bool { return u.Kind == asl.Leader })
	}
	with := "no leader"
	if dffs >= 0 {
		with = "no leader and at most one --dff"
	}
	return ruleConflict(rules, "fanatic-berserk", with, !leader && dffs < 2,
		"it changes only a Heat of Battle DR of a unit turned Fanatic by an earlier one, and in one attack only a Leader Loss MC, or a second Defensive Fire attack on the Placer, gives a unit a further MC (A10.2, A15.3, §8.52)")
}

// useConflicts are the inputs on how the DC is used that some modes do
// not have, shared by every command that makes one DC attack.
func useConflicts(fs givenFlags, rules []string, mode asl.Mode, cx bool, throwers int) []conflict {
	m := "--mode " + mode.String()
	thrown := mode == asl.Thrown
	return []conflict{
		flagConflict(fs, "afph", m, !thrown, "the AFPh +1 is a Thrown DC's (A23.62); a Placed DC always detonates in the AFPh"),
		flagConflict(fs, "from-vehicle", m, !thrown, "only a Thrown DC is thrown from a vehicle (A23.6)"),
		flagConflict(fs, "cx", m, mode == asl.Set, "a Set DC has no CX DRM (A23.71)"),
		flagConflict(fs, "thrower-tem", m, !thrown, "only a Thrown DC attacks the thrower's Location (A23.6)"),
		flagConflict(fs, "thrower-tem", "no --thrower", thrown && throwers == 0, "it is the TEM of the thrower's Location, whose units --thrower gives"),
		ruleConflict(rules, "set-dc-uses-x-penalty", m, mode != asl.Set, "it changes only a Set DC's malfunction DR (A23.7, §8.4)"),
		ruleConflict(rules, "cx-on-thrower-location", "no --cx", !cx, "it moves the CX +1 onto the thrower's Location (§8.16)"),
		ruleConflict(rules, "cx-on-thrower-location", "no --thrower", throwers == 0, "only a Thrown DC attacks the thrower's Location (A23.6)"),
	}
}

// anyConcealed reports whether the targets are concealed, all of them or
// one by its own option.
func anyConcealed(all bool, units []asl.Unit) bool {
	return all || slices.ContainsFunc(units, func(u asl.Unit) bool { return u.Concealed })
}

// checkedUnitConflicts are --elr, --no-hob and the Heat of Battle
// switches when no unit the attack may check reads them: crews and
// heroes never take Heat of Battle (A15, §3.8) and are never ELR
// Replaced (A19.11), and a unit's own elr= stands over --elr.
func checkedUnitConflicts(fs givenFlags, rules []string, units ...[]asl.Unit) []conflict {
	hob := false
	for _, us := range units {
		for _, u := range us {
			hob = hob || u.Kind != asl.Crew && u.Kind != asl.Hero && !u.Berserk
		}
	}
	cs := []conflict{
		flagConflict(fs, "no-hob", "no unit that takes Heat of Battle", !hob,
			"crews, heroes and berserk units never take it (A15, §3.8)"),
		elrConflict(fs, units...),
	}
	return append(cs, hobRuleConflicts(rules, "no unit that takes Heat of Battle", !hob,
		"it changes only what Heat of Battle does, which crews, heroes and berserk units never take (A15, §3.8)")...)
}

// concealedConflict is --concealed when every target is concealed by its
// own ,concealed already: the FP is halved against each either way.
func concealedConflict(fs givenFlags, targets []asl.Unit) conflict {
	all := len(targets) > 0 && !slices.ContainsFunc(targets, func(u asl.Unit) bool { return !u.Concealed })
	return flagConflict(fs, "concealed", "every --target concealed by its own ,concealed", all,
		"the FP is halved against each of them already (A23.1, A7.23)")
}

// elrConflict is --elr when no unit reads it: crews and heroes have no
// ELR (A19.11), and a unit's own elr= stands over it.
func elrConflict(fs givenFlags, units ...[]asl.Unit) conflict {
	elr := false
	for _, us := range units {
		for _, u := range us {
			elr = elr || u.ReadsELR()
		}
	}
	return flagConflict(fs, "elr", "no unit that reads it", !elr,
		"crews and heroes have no ELR (A19.11), and a unit's own elr= stands")
}
