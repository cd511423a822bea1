package cli

import (
	"slices"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
)

// The --rule switches of sapper plans: the modeling decisions of
// rules/asl.md §8 that its attacks read, each set for every attack of
// every plan that reads it, so that the plans are compared under one
// reading of the rules. A DC's switches are sapper dc's, a fire attack's
// sapper fire's. Surrender is no switch here: it is each attack's own
// option (surrender, surrender=false), since a plan may mix a firer
// ADJACENT with one that is not (§8.26, §8.61).

// planUnread are the switches of sapper dc and sapper fire that no
// attack of a plan can read, and why: refused, and left out of the help.
var planUnread = map[string]string{
	"cx-on-thrower-location": "a plan's DC attacks its one Location, never a thrower's (A23.6, §8.16)",
	"falling-rubble":         "a plan's building has no level above ground, from which Rubble falls (B24.11, §8.60)",
	"wp-drms-add":            "a plan's attacks are on the IFT, and WP makes no IFT attack (§8.53)",
	"wp-fortified":           "a plan's attacks are on the IFT, and WP makes no IFT attack (§8.59)",
}

// planRuleKeys are the keys --rule takes in plans, in help order: the
// DC's, then those only a fire attack reads.
func planRuleKeys() []string {
	var keys []string
	add := func(key string) {
		_, unread := planUnread[key]
		if key != "surrender" && !unread && !slices.Contains(keys, key) {
			keys = append(keys, key)
		}
	}
	for _, r := range rules {
		add(r.key)
	}
	for _, r := range fireRules {
		add(r.key)
	}
	return keys
}

// planRuleDocs are the help's lines of the plans switches, with the
// defaults of the commands they come from.
func planRuleDocs() [][3]string {
	keys := planRuleKeys()
	fire := ruleDocs(fireRules, asl.DefaultFireOptions())
	var docs [][3]string
	for _, d := range append(ruleDocs(rules, asl.DefaultOptions()), fire...) {
		if i := slices.Index(keys, d[0]); i >= 0 {
			// Listed once, in the DC's place, with a fire attack's words
			// where both have it: a plan's attacks of both kinds read it.
			if j := slices.IndexFunc(fire, func(f [3]string) bool { return f[0] == d[0] }); j >= 0 {
				d = fire[j]
			}
			docs = append(docs, d)
			keys[i] = ""
		}
	}
	return docs
}

// checkPlanRules refuses a --rule of plans before any plan is read: a
// surrender, which is each attack's own, an unknown key, a value that is
// no BOOL, and a key given twice.
func checkPlanRules(given []string) error {
	keys := planRuleKeys()
	seen := map[string]bool{}
	for _, s := range given {
		key, val, ok := strings.Cut(s, "=")
		switch {
		case key == "surrender":
			return badValue("rule", s, "surrender is each attack's own in a plan: write surrender or surrender=false in the attack, e.g. --plan 'a: fire 8 surrender'")
		case key == hobRuleKey:
			return badValue("rule", s, hobFlagWhy)
		case planUnread[key] != "":
			return badValue("rule", s, planUnread[key])
		case !ok:
			return badValue("rule", s, "want KEY=BOOL with KEY one of "+strings.Join(keys, ", "))
		case !slices.Contains(keys, key):
			return unknownRule(s, key, keys)
		case seen[key]:
			return badValue("rule", s, key+" given twice; give each rule once")
		}
		if _, ok := readYesNo(val); !ok {
			return badValue("rule", s, "want "+key+"=true or "+key+"=false")
		}
		seen[key] = true
	}
	return nil
}

// setDCRules and setFireRules set the plans switches an attack of each
// kind reads on its options; checkPlanRules has read every one.
func setDCRules(o *asl.Options, given []string) {
	for _, s := range given {
		if ruleOf(rules, s) {
			mustRule(applyRule(rules, o, s))
		}
	}
}

func setFireRules(o *asl.FireOptions, given []string) {
	for _, s := range given {
		if ruleOf(fireRules, s) {
			mustRule(applyRule(fireRules, o, s))
		}
	}
}

// ruleOf reports whether the switch s (KEY=BOOL) is one of rs.
func ruleOf[O any](rs []rule[O], s string) bool {
	key, _, _ := strings.Cut(s, "=")
	return slices.ContainsFunc(rs, func(r rule[O]) bool { return r.key == key })
}

// mustRule panics on a switch that checkPlanRules let through and an
// attack's rules then refused: the two lists disagree.
func mustRule(err error) {
	if err != nil {
		panic("cli: a plans --rule checked, then refused: " + err.Error())
	}
}

// planRulesRead refuses a --rule of plans that no attack of any plan
// reads: one no attack of its kind takes (a DC's switch in plans of fire
// attacks alone), or one that every attack of its kind makes meaningless,
// as sapper dc and sapper fire refuse it (its leaders, its weapon, its
// concealment, --no-hob…), with the first such attack's reason.
func planRulesRead(given []string, plans []planSpec, noHoB bool) error {
	for _, s := range given {
		if err := planRuleRead(s, plans, noHoB); err != nil {
			return err
		}
	}
	return nil
}

// readsConcealedOnly reports whether switch s, a reading of concealment
// (flame-ignores-concealment, table23-unhalved), changes the attack st
// once only its concealed targets are left in the Location: a later
// attack of a plan may meet them alone, the others gone (§7.5), and its
// Flame, or its Table 23, then reads their halved column.
func readsConcealedOnly(s string, noHoB bool, st asl.PlanStep) bool {
	key, _, _ := strings.Cut(s, "=")
	if key != "flame-ignores-concealment" && key != "table23-unhalved" {
		return false
	}
	hidden := func(us []asl.Unit, all bool) []asl.Unit {
		return slices.DeleteFunc(slices.Clone(us), func(u asl.Unit) bool { return !all && !u.Concealed })
	}
	one := []string{s}
	switch {
	case st.DC != nil:
		a := *st.DC
		if a.Targets = hidden(a.Targets, a.Concealed); len(a.Targets) == 0 {
			return false
		}
		return checkConflicts(dcRuleConflicts(one, noHoB, a)...) == nil
	case st.Fire != nil:
		a := *st.Fire
		if a.Targets = hidden(a.Targets, a.Concealed); len(a.Targets) == 0 {
			return false
		}
		return checkConflicts(fireRuleConflicts(one, noHoB, a)...) == nil
	}
	return false
}

// planRuleRead is planRulesRead for the one switch s.
func planRuleRead(s string, plans []planSpec, noHoB bool) error {
	one := []string{s}
	read := false
	var first error
	for _, p := range plans {
		for k, st := range p.Plan.Attacks() {
			var cs []conflict
			switch {
			case st.DC != nil && ruleOf(rules, s):
				cs = dcRuleConflicts(one, noHoB, *st.DC)
			case st.Fire != nil && ruleOf(fireRules, s):
				a := *st.Fire
				cs = append(fireRuleConflicts(one, noHoB, a), unitRuleConflicts(one, a.Building, a.Top, a.Targets)...)
				cs = append(cs, checkedUnitConflicts(planOptions(nil), one, a.Targets)...)
			default:
				continue
			}
			read = true
			err := checkConflicts(cs...)
			if err == nil || k > 0 && readsConcealedOnly(s, noHoB, st) {
				return nil
			}
			if first == nil {
				first = err
			}
		}
	}
	if !read {
		// Only a switch of one kind's attacks: every plan has an attack,
		// and each reads the switches both kinds have.
		kind := "a fire attack's"
		if ruleOf(rules, s) {
			kind = "a DC's"
		}
		return inputErrorf("rule", "--rule %s: no attack of any plan reads it: it is %s switch", s, kind)
	}
	if first != nil {
		// Named as the plan's attacks write them: weapon=ft, not --weapon ft.
		return inputErrorf("rule", "%s", planWords(first.Error()))
	}
	return nil
}
