package cli

import (
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
)

// activateRules are the [M] switches of rules/sasl.md §7, then the moving
// units' morale switches, which are sapper dc's and sapper fire's (S29):
// the same keys, the same help.
var activateRules = func() []rule[sasl.Options] {
	flag := func(key, doc string, field func(*sasl.Options) *bool) rule[sasl.Options] {
		return rule[sasl.Options]{key, doc,
			func(o sasl.Options) string { return boolText(*field(&o)) },
			func(o *sasl.Options, v bool) { *field(o) = v }}
	}
	rs := []rule[sasl.Options]{
		flag("pinned-keeps-fire", "a pinned target keeps the checks and shots going (S16)",
			func(o *sasl.Options) *bool { return &o.PinnedKeepsFire }),
		flag("berserk-draws-fire", "a berserk target keeps the checks and shots going (S16)",
			func(o *sasl.Options) *bool { return &o.BerserkDrawsFire }),
		flag("heat-of-battle", "an Original 2 on a moving unit's MC: Heat of Battle (A15)",
			func(o *sasl.Options) *bool { return &o.HeatOfBattle }),
		flag("cower-off-lowest-no-effect", "an ENEMY shot Cowering off the lowest column: no effect at all (asl.md §8.54)",
			func(o *sasl.Options) *bool { return &o.CowerOffLowestNoEffect }),
	}
	morale := map[string]func(*sasl.Options) *bool{
		"accept-battle-hardening": func(o *sasl.Options) *bool { return &o.AcceptBattleHardening },
		"known-enemy-in-los":      func(o *sasl.Options) *bool { return &o.KnownEnemyInLOS },
		"llmc-reverse-positive":   func(o *sasl.Options) *bool { return &o.LeaderLossReversesPositive },
		"berserk-tc-chain":        func(o *sasl.Options) *bool { return &o.BerserkTCChain },
		"leaders-elite":           func(o *sasl.Options) *bool { return &o.LeadersElite },
		"fanatic-berserk":         func(o *sasl.Options) *bool { return &o.FanaticBerserk },
	}
	for _, r := range rules {
		if field, ok := morale[r.key]; ok {
			// The reading is asl's: say so, where every other citation
			// here is rules/sasl.md's.
			rs = append(rs, flag(r.key, strings.Replace(r.doc, "(§", "(asl.md §", 1), field))
		}
	}
	return rs
}()

// applyActivateRules reads the --rule values into o. A key given twice is
// refused rather than the last one taken, and so are the Heat of Battle
// switches with Heat of Battle off, which they could not change (A15),
// and the leaders' switches with too few leaders in the moving stack,
// the only units the crossing checks.
func applyActivateRules(given []string, o *sasl.Options, stack []asl.Unit) error {
	seen := map[string]bool{}
	for _, r := range given {
		if key, _, _ := strings.Cut(r, "="); key == "surrender" {
			// sapper dc's switch says whether an enemy is ADJACENT; a
			// crossing knows, from the range of the S? that fired.
			return badValue("rule", r, "surrender is no switch in a crossing: Heat of Battle surrender needs a firing S? at range 1 or less (S24), as the path's ranges say")
		}
		if err := applyRule(activateRules, o, r); err != nil {
			return err
		}
		key, _, _ := strings.Cut(r, "=")
		if seen[key] {
			return badValue("rule", r, key+" given twice; give each KEY once")
		}
		seen[key] = true
	}
	var cs []conflict
	for _, key := range hobRules {
		cs = append(cs, ruleConflict(given, key, "--rule heat-of-battle=false", !o.HeatOfBattle, "it changes only what Heat of Battle does (A15)"))
	}
	for _, c := range leaderRuleConflicts(given, stack) {
		c.why = strings.Replace(c.why, "§", "asl.md §", 1) // as in the rules' help above
		cs = append(cs, c)
	}
	return checkConflicts(cs...)
}

// s16Conflicts refuses the switches of S16 on a path where no Location
// has a second check or round of shots for them to stop
// (sasl.Crossing.FireCanStop), and the switch of Cowering off the lowest
// column where no ENEMY Fire Group can cower (sasl.Crossing.MayCower).
// It reads a crossing that is valid, its tables loaded: one that is not
// is refused for what is wrong with it (a pinned unit that cannot move,
// A7.8) before any switch it makes moot.
func s16Conflicts(given []string, c *sasl.Crossing) error {
	once := !c.FireCanStop()
	const path = "a path of one check and one round of shots at each Location"
	return checkConflicts(
		ruleConflict(given, "pinned-keeps-fire", path, once, "it decides only whether a pinned target keeps a Location's later checks and rounds coming (S16)"),
		ruleConflict(given, "berserk-draws-fire", path, once, "it decides only whether a berserk target keeps a Location's later checks and rounds coming (S16)"),
		ruleConflict(given, "cower-off-lowest-no-effect", "tables whose every MMC is exempt from Cowering as "+c.Enemy.Nationality+" (A7.9, S29)", !c.MayCower(), "no ENEMY Fire Group cowers, so what Cowering off the lowest column does changes nothing (asl.md §8.54)"))
}
