package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// describeFireFlags groups the fire flags, with their choices and rule
// numbers (describe.go).
func describeFireFlags(g *pflag.FlagSet) {
	setGroup(g, groupAttack, "fp", "weapon", "calibre", "firer", "firer-class", "firer-nationality", "leader-directed", "area-fire", "drm")
	setGroup(g, groupTarget, "target", "concealed", "elr", "sw")
	setGroup(g, groupTerrain, "tem", "building", "fortified", "level", "top", "terrain", "ec", "afv-enters-building", "bog-drm")
	setGroup(g, groupAdvanced, "no-hob", "rule")
	setComputed(g, "tem", "top", "firer")
	setNoDefault(g, "fp", "calibre")
	setChoices(g, "weapon", asl.WeaponNames())
	setChoices(g, "firer", asl.FirerNames())
	setChoices(g, "firer-class", asl.ClassNames())
	setChoices(g, "firer-nationality", asl.NationalityNames())
	setChoices(g, "building", asl.BuildingNames())
	setChoices(g, "terrain", asl.FireTerrainNames())
	setChoices(g, "ec", asl.ECNames())
	setBounds(g, "fp", 1, asl.MaxFP)
	for name, ref := range map[string]string{
		"fp": "A7", "weapon": "§7.4", "firer": "A7.9", "firer-class": "A19.33", "firer-nationality": "A7.9",
		"leader-directed": "A7.9", "area-fire": "A7.23", "concealed": "A7.4", "elr": "A19.1", "sw": "A9.74",
		"building": "B24", "fortified": "B23.94", "level": "B24.12", "top": "B24.12", "terrain": "B25",
		"ec": "B25.5", "afv-enters-building": "B24.1", "bog-drm": "§8.53", "no-hob": "A15", "rule": "§8",
	} {
		setRuleRef(g, name, ref)
	}
}
