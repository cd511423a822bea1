package cli

import "github.com/sapperhq/sapper/model/asl"

// fireRules are the modeling switches of sapper fire: the Personnel ones
// that matter to the units it hits, §8.60 for Falling Rubble, and those
// of rules/asl.md §8.53–8.59.
var fireRules = func() []rule[asl.FireOptions] {
	var rs []rule[asl.FireOptions]
	for _, r := range rules {
		switch r.key {
		case "inexperienced-penalty", "set-dc-uses-x-penalty", "cx-on-thrower-location", "flame-ignores-concealment":
			continue // a DC's own
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
		flag("cower-off-lowest-no-effect", "Cowering off the lowest column: no effect at all (§8.54)",
			func(o *asl.FireOptions) *bool { return &o.CowerOffLowestNoEffect }),
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
