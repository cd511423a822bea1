package main

import (
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
)

// rule is one modeling switch of rules/asl.md §8 that --rule sets.
type rule struct {
	key string
	doc string
	get func(asl.Options) string
	set func(*asl.Options, bool)
}

func boolText(b bool) string { return strconv.FormatBool(b) }

var rules = []rule{
	{"inexperienced-penalty", "an Inexperienced user's extra −1 X# (§8.3)",
		func(o asl.Options) string { return boolText(o.InexperiencedPenalty) },
		func(o *asl.Options, v bool) { o.InexperiencedPenalty = v }},
	{"set-dc-uses-x-penalty", "X# penalties lower a Set DC's malfunction 12 (§8.4)",
		func(o asl.Options) string { return boolText(o.SetDCUsesXPenalty) },
		func(o *asl.Options, v bool) { o.SetDCUsesXPenalty = v }},
	{"cx-on-thrower-location", "the CX +1 also on the thrower's Location (§8.16)",
		func(o asl.Options) string { return boolText(o.CXOnThrowerLocation) },
		func(o *asl.Options, v bool) { o.CXOnThrowerLocation = v }},
	{"accept-battle-hardening", "Battle Hardening is always taken (§8.26)",
		func(o asl.Options) string { return boolText(o.AcceptBattleHardening) },
		func(o *asl.Options, v bool) { o.AcceptBattleHardening = v }},
	{"flame-ignores-concealment", "Flame reads the 30 column even vs concealed (§8.14)",
		func(o asl.Options) string { return boolText(o.FlameIgnoresConcealment) },
		func(o *asl.Options, v bool) { o.FlameIgnoresConcealment = v }},
	{"known-enemy-in-los", "a Known enemy in LOS: HoB can berserk (§8.26)",
		func(o asl.Options) string { return boolText(o.KnownEnemyInLOS) },
		func(o *asl.Options, v bool) { o.KnownEnemyInLOS = v }},
	{"surrender", "a HoB 12 surrenders to an ADJACENT enemy (§8.26)",
		func(o asl.Options) string {
			if o.Surrender == nil {
				return "true for placed/thrown, false for set"
			}
			return boolText(*o.Surrender)
		},
		func(o *asl.Options, v bool) { o.Surrender = &v }},
}

func ruleKeys() string {
	keys := make([]string, len(rules))
	for i, r := range rules {
		keys[i] = r.key
	}
	return strings.Join(keys, ", ")
}

// applyRule reads one --rule KEY=BOOL.
func applyRule(o *asl.Options, s string) error {
	key, val, ok := strings.Cut(s, "=")
	if !ok {
		return badValue("rule", s, "want KEY=BOOL with KEY one of "+ruleKeys())
	}
	for _, r := range rules {
		if r.key == key {
			v, err := strconv.ParseBool(val)
			if err != nil {
				return badValue("rule", s, "want "+key+"=true or "+key+"=false")
			}
			r.set(o, v)
			return nil
		}
	}
	return badValue("rule", s, "unknown KEY; want one of "+ruleKeys())
}
