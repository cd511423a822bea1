package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// describePlansFlags groups the plans flags with their choices and the
// rules they follow (describe.go).
func describePlansFlags(g *pflag.FlagSet) {
	setGroup(g, groupAttack, "plan")
	setGroup(g, groupTarget, "target", "elr")
	setGroup(g, groupTerrain, "building", "fortified", "tem", "terrain", "ec")
	setGroup(g, groupAdvanced, "no-hob", "rule")
	setComputed(g, "tem")
	setChoices(g, "building", asl.BuildingNames())
	setChoices(g, "terrain", asl.FireTerrainNames())
	setChoices(g, "ec", asl.ECNames())
	for name, ref := range map[string]string{
		"plan": "§7.5", "target": "A7.4", "elr": "A19.1", "building": "B24", "fortified": "B23.9",
		"tem": "A7.4", "terrain": "B25", "ec": "B25.5", "no-hob": "A15", "rule": "§8",
	} {
		setRuleRef(g, name, ref)
	}
}
