package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/sasl"
)

// describeActivateFlags groups the activate flags with their choices and
// the items of rules/sasl.md they follow (describe.go).
func describeActivateFlags(g *pflag.FlagSet) {
	setGroup(g, groupAttack, "tables", "ac", "mission-drm", "a5-drm", "attitude", "date")
	setGroup(g, groupTarget, "elr", "hazardous", "assault")
	setGroup(g, groupAdvanced, "rule")
	// The crossing file gives these; a flag replaces the file's value.
	setComputed(g, "tables", "ac", "mission-drm", "a5-drm", "attitude", "date", "elr", "hazardous", "assault")
	setChoices(g, "attitude", sasl.AttitudeNames())
	setChoices(g, "tables", []string{illustrativeTables})
	for name, ref := range map[string]string{
		"tables": "S19", "ac": "S1", "mission-drm": "§3", "a5-drm": "S8", "attitude": "S8", "date": "S27",
		"elr": "A19.1", "hazardous": "S12", "assault": "A4.61", "rule": "S29",
	} {
		setRuleRef(g, name, ref)
	}
}
