package cli

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/model/asl"
)

// rule is one modeling switch of rules/asl.md §8 that --rule sets, on a
// command's options O.
type rule[O any] struct {
	key string
	doc string
	get func(O) string
	set func(*O, bool)
}

func boolText(b bool) string { return strconv.FormatBool(b) }

var rules = []rule[asl.Options]{
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
	{"llmc-reverse-positive", "a LLMC/LLTC reverses a + modifier too (§8.46)",
		func(o asl.Options) string { return boolText(o.LeaderLossReversesPositive) },
		func(o *asl.Options, v bool) { o.LeaderLossReversesPositive = v }},
	{"berserk-tc-chain", "a leader made berserk by a Berserk TC makes his own (§8.50)",
		func(o asl.Options) string { return boolText(o.BerserkTCChain) },
		func(o *asl.Options, v bool) { o.BerserkTCChain = v }},
	{"leaders-elite", "leaders take the Elite −1 on their HoB DR (§8.51)",
		func(o asl.Options) string { return boolText(o.LeadersElite) },
		func(o *asl.Options, v bool) { o.LeadersElite = v }},
	{"fanatic-berserk", "a Fanatic unit goes berserk on a HoB 12, not surrender (§8.52)",
		func(o asl.Options) string { return boolText(o.FanaticBerserk) },
		func(o *asl.Options, v bool) { o.FanaticBerserk = v }},
	{"falling-rubble", "ground-level Rubble under upper levels falls; a collapse adds its levels (§8.60)",
		func(o asl.Options) string { return boolText(o.FallingRubble) },
		func(o *asl.Options, v bool) { o.FallingRubble = v }},
	{"cower-off-lowest-no-effect", "--dff by unled firers (,class=) Cowering off the lowest column: no effect at all (§8.54)",
		func(o asl.Options) string { return boolText(o.CowerOffLowestNoEffect) },
		func(o *asl.Options, v bool) { o.CowerOffLowestNoEffect = v }},
}

// compareRules are sapper dc's switches but falling-rubble: compare's
// building has no level above ground for Rubble to fall from (§8.60).
var compareRules = slices.DeleteFunc(slices.Clone(rules), func(r rule[asl.Options]) bool { return r.key == "falling-rubble" })

// ruleKeys are the keys of rs, in their order.
func ruleKeys[O any](rs []rule[O]) []string {
	keys := make([]string, len(rs))
	for i, r := range rs {
		keys[i] = r.key
	}
	return keys
}

// applyRules reads every --rule KEY=BOOL into o. A key given twice is
// refused: taking the last would silently drop the first.
func applyRules[O any](rs []rule[O], o *O, given []string) error {
	seen := make(map[string]bool, len(given))
	for _, s := range given {
		key, _, _ := strings.Cut(s, "=")
		if seen[key] {
			return badValue("rule", s, key+" given twice; give each rule once")
		}
		seen[key] = true
		if err := applyRule(rs, o, s); err != nil {
			return err
		}
	}
	return nil
}

// applyRule reads one --rule KEY=BOOL into o, BOOL true or false.
func applyRule[O any](rs []rule[O], o *O, s string) error {
	key, val, ok := strings.Cut(s, "=")
	if !ok && key != hobRuleKey {
		return badValue("rule", s, "want KEY=BOOL with KEY one of "+strings.Join(ruleKeys(rs), ", "))
	}
	for _, r := range rs {
		if r.key == key {
			v, ok := readYesNo(val)
			if !ok {
				return badValue("rule", s, "want "+key+"=true or "+key+"=false")
			}
			r.set(o, v)
			return nil
		}
	}
	if key == hobRuleKey {
		return badValue("rule", s, hobFlagWhy)
	}
	return unknownRule(s, key, ruleKeys(rs))
}

// unknownRule refuses --rule s, whose key is none of keys, offering the
// nearest when one is near: by the whole key, or by its first word, as a
// player who knows the rule's subject types it (cowr for
// cower-off-lowest-no-effect).
func unknownRule(s, key string, keys []string) error {
	if k := strings.TrimSpace(key); k != key && slices.Contains(keys, k) {
		// surrender = false: the key is right, the spaces are not.
		_, val, _ := strings.Cut(s, "=")
		return badValue("rule", s, "no spaces around the =: "+k+"="+strings.TrimSpace(val))
	}
	want := "want one of " + strings.Join(keys, ", ")
	if near := nearestRule(key, keys); near != "" {
		return badValue("rule", s, "unknown KEY; did you mean "+near+"? ("+want+")")
	}
	return badValue("rule", s, "unknown KEY; "+want)
}

// nearestRule is the key of keys nearest key (yamlfile.Nearest), or the
// one whose first word is near it or that it begins; "" when none is, or
// more than one, or key is too short to tell.
func nearestRule(key string, keys []string) string {
	if utf8.RuneCountInString(key) < 3 {
		return ""
	}
	if meant := spell.Nearest(key, keys); meant != "" {
		return meant
	}
	// A first word typed whole stands over one it begins (cower over
	// cowering-shifts-table23), each over one merely near.
	var whole, begun, alike []string
	for _, k := range keys {
		first, _, _ := strings.Cut(k, "-")
		switch {
		case first == key:
			whole = append(whole, k)
		case strings.HasPrefix(k, key):
			begun = append(begun, k)
		case spell.Nearest(key, []string{first}) != "":
			alike = append(alike, k)
		}
	}
	for _, hits := range [][]string{whole, begun, alike} {
		if len(hits) > 0 {
			if len(hits) == 1 {
				return hits[0]
			}
			return ""
		}
	}
	return ""
}

// ruleDocs lists each rule's key, doc and value in o, for help.
func ruleDocs[O any](rs []rule[O], o O) [][3]string {
	var docs [][3]string
	for _, r := range rs {
		docs = append(docs, [3]string{r.key, r.doc, r.get(o)})
	}
	return docs
}
