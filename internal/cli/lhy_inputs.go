package cli

import "github.com/spf13/pflag"

// describeLHYFlags groups the lhy flags with the rules they follow
// (describe.go).
func describeLHYFlags(g *pflag.FlagSet) {
	renamed(g, "unit", "target")
	setGroup(g, groupAttack, "sadrm", "mdrm", "mfa-mv", "atdrm", "at-from-mg")
	setGroup(g, groupTarget, "target", "leader", "vehicle")
	setGroup(g, groupTerrain, "open-terrain", "ip", "assault")
	setGroup(g, groupAdvanced, "rule")
	setNoDefault(g, "mdrm", "leader")
	for name, ref := range map[string]string{
		"sadrm": "13.1", "mdrm": "13.1", "mfa-mv": "13.1.7", "atdrm": "13.3", "at-from-mg": "13.3.7",
		"target": "13.1.3", "leader": "13.1.3", "vehicle": "L8", "open-terrain": "13.3.7", "ip": "13.3.7",
		"assault": "13.3.7", "rule": "§6",
	} {
		setRuleRef(g, name, ref)
	}
}
