package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// describeAFVFlags groups the afv flags, with their choices and rule
// numbers (describe.go).
func describeAFVFlags(g *pflag.FlagSet) {
	renamed(g, "riders", "rider")
	renamed(g, "passengers", "passenger")
	renamed(g, "others", "other")
	setGroup(g, groupAttack, "mode", "same-hex", "cx", "afph", "from-vehicle", "user", "captured", "elevation-advantage",
		"thrower", "thrower-tem", "enemy-infantry")
	setGroup(g, groupTarget, "af", "vehicle", "aerial-af", "facing", "motion", "concealed", "ce", "open-topped", "immobile",
		"bypass", "red-cs", "cs", "crew-ml", "rider", "passenger", "other", "elr")
	setGroup(g, groupTerrain, "tem")
	setNumbers(g, "aerial-af")
	setComputed(g, "enemy-infantry", "user", "open-topped")
	setGroup(g, groupAdvanced, "basic-tk", "no-hob", "rule")
	setChoices(g, "mode", asl.ModeNames())
	setChoices(g, "facing", asl.FacingNames())
	setChoices(g, "user", asl.UserNames())
	for name, ref := range map[string]string{
		"mode": "A23.5", "same-hex": "C7.346", "cx": "C7.346", "afph": "A23.62", "from-vehicle": "A23.6",
		"user": "A23.2", "captured": "A23.2", "elevation-advantage": "C7.22", "thrower": "A23.6",
		"enemy-infantry": "A23.7", "af": "C7.346", "aerial-af": "C7.12", "facing": "C7.346",
		"motion": "C7.346", "concealed": "C7.346", "ce": "C7.346", "open-topped": "C7.346", "immobile": "C7.346",
		"bypass": "C7.346", "red-cs": "D5.7", "cs": "D5.6", "crew-ml": "D5.1", "rider": "D6.2",
		"passenger": "D6.1", "other": "C7.346", "elr": "A19.1", "basic-tk": "C7.34", "no-hob": "A15", "rule": "§8",
	} {
		setRuleRef(g, name, ref)
	}
}
