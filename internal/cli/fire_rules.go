package cli

import (
	"fmt"
	"strconv"

	"github.com/sapperhq/sapper/model/asl"
)

// fireRules are the modeling switches of sapper fire: the Personnel ones
// that matter to the units it hits, §8.60 for Falling Rubble, and those
// of rules/asl.md §8.53–8.59.
var fireRules = func() []rule[asl.FireOptions] {
	var rs []rule[asl.FireOptions]
	for _, r := range rules {
		switch r.key {
		case "inexperienced-penalty", "set-dc-uses-x-penalty", "cx-on-thrower-location", "flame-ignores-concealment":
			continue // a DC's own
		case "cower-off-lowest-no-effect":
			r.doc = "Cowering off the lowest column: no effect at all (§8.54)"
		case "surrender":
			r.doc = "a HoB 12 surrenders: the firer is ADJACENT (§8.26, §8.61)"
			r.get = func(o asl.Options) string { return boolText(o.Surrender != nil && *o.Surrender) }
		}
		rs = append(rs, rule[asl.FireOptions]{r.key, r.doc,
			func(o asl.FireOptions) string { return r.get(o.Options) },
			func(o *asl.FireOptions, v bool) { r.set(&o.Options, v) }})
	}
	flag := func(key, doc string, field func(*asl.FireOptions) *bool) rule[asl.FireOptions] {
		return rule[asl.FireOptions]{key, doc,
			func(o asl.FireOptions) string { return boolText(*field(&o)) },
			func(o *asl.FireOptions, v bool) { *field(o) = v }}
	}
	return append(rs,
		flag("table23-unhalved", "Table 23 reads the column before concealment/Area Fire halving (§8.53)",
			func(o *asl.FireOptions) *bool { return &o.Table23Unhalved }),
		flag("wp-drms-add", "WP's Flame DRMs −1 Dry and −2 building add up (§8.53)",
			func(o *asl.FireOptions) *bool { return &o.WPDRMsAdd }),
		flag("cowering-shifts-table23", "Cowering moves the column Table 23 reads too (§8.54)",
			func(o *asl.FireOptions) *bool { return &o.CoweringShiftsTable23 }),
		flag("ffe-ignores-concealment", "an FFE is never halved vs concealed targets (C1.56, §8.55)",
			func(o *asl.FireOptions) *bool { return &o.FFEIgnoresConcealment }),
		flag("ffe-is-concentration", "a plain FFE is a Concentration: it makes Shellholes (§8.55)",
			func(o *asl.FireOptions) *bool { return &o.FFEIsConcentration }),
		flag("shellhole-calibre-rockets-only", "the Shellhole 150mm limit is for rockets only (§8.56)",
			func(o *asl.FireOptions) *bool { return &o.ShellholeCalibreRocketsOnly }),
		flag("shellhole-no-flame", "a Location given a Shellhole gets no Flame (§8.56)",
			func(o *asl.FireOptions) *bool { return &o.ShellholeNoFlame }),
		flag("rubble-bombs-rockets", "aerial bombs and rockets ≥ 70mm Rubble like HE ≥ 70mm (§8.57)",
			func(o *asl.FireOptions) *bool { return &o.RubbleBombsRockets }),
		flag("wp-fortified", "WP's Flame DR −1 in a Fortified building (§8.59)",
			func(o *asl.FireOptions) *bool { return &o.WPFortified }),
	)
}()

// fireRuleConflicts are the --rule switches of sapper fire that its
// weapon, firer or targets make meaningless: each reads one weapon's
// Table 23 effect, Cowering, concealment or Heat of Battle.
func fireRuleConflicts(rules []string, noHoB bool, a asl.IFTAttack) []conflict {
	w := a.Weapon
	weapon := "--weapon " + w.String()
	concealed := anyConcealed(a.Concealed, a.Targets)
	shellholes := w == asl.ConcentratedFFE || w == asl.FFE || w == asl.AerialBomb || w == asl.Rocket
	least, onTable := a.LeastCowered()
	cs := []conflict{
		ruleConflict(rules, "wp-drms-add", weapon, w != asl.WP, "it adds up WP's Flame DRMs (§8.53)"),
		ruleConflict(rules, "wp-fortified", weapon, w != asl.WP, "it changes WP's Flame DR (§8.59)"),
		ruleConflict(rules, "wp-fortified", "no --fortified", !a.Fortified, "it changes WP's Flame DR in a Fortified building (§8.59)"),
		ruleConflict(rules, "ffe-ignores-concealment", weapon, !w.IsFFE(), "it changes an FFE's attack on concealed targets (C1.56, §8.55)"),
		ruleConflict(rules, "ffe-ignores-concealment", "no concealed target", !concealed,
			"it changes an FFE's attack on concealed targets (C1.56, §8.55)"),
		ruleConflict(rules, "ffe-is-concentration", weapon, w != asl.FFE, "it reads a plain FFE as a Concentration (§8.55)"),
		ruleConflict(rules, "rubble-bombs-rockets", weapon, w != asl.AerialBomb && w != asl.Rocket,
			"it changes the Rubble of aerial bombs and rockets (§8.57)"),
		ruleConflict(rules, "shellhole-no-flame", weapon, !shellholes, "only a Concentration, an FFE, an aerial bomb or a rocket makes a Shellhole (Table 23, §8.56)"),
		ruleConflict(rules, "shellhole-calibre-rockets-only", weapon, !shellholes || w == asl.Rocket,
			"it changes only whether the 150mm Shellhole limit holds a Concentration, an FFE or an aerial bomb (§8.56)"),
		ruleConflict(rules, "table23-unhalved", weapon, w == asl.SmallArms, "small arms have no Table 23 effect (§8.53)"),
		ruleConflict(rules, "table23-unhalved", "an attack on the same column either way", w != asl.SmallArms && !a.Table23SwitchMatters(),
			"off, Table 23 reads the highest column used against the units in the Location, here the column before any halving (§8.53)"),
		ruleConflict(rules, "cowering-shifts-table23", weapon, w == asl.SmallArms, "small arms have no Table 23 effect (§8.54)"),
		ruleConflict(rules, "cowering-shifts-table23", "an attack that never cowers", !a.Cowers(),
			"it moves the column of a cowering attack (A7.9, §8.54)"),
		ruleConflict(rules, "cower-off-lowest-no-effect", "an attack that never cowers", !a.Cowers(),
			"it changes a cowering attack off the lowest column (A7.9, §8.54)"),
		ruleConflict(rules, "cower-off-lowest-no-effect", "--fp "+strconv.FormatFloat(a.FP, 'f', -1, 64), a.Cowers() && onTable,
			fmt.Sprintf("it changes only an attack that Cowers off the lowest column (§8.54), and this one Cowers to the %s-FP column at the least",
				strconv.FormatFloat(least.FP(), 'f', -1, 64))),
	}
	return append(cs, noHoBConflicts(rules, noHoB)...)
}
