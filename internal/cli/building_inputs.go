package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/toi"
)

// describeBuildingFlags groups the building flags, with their choices and
// the rules/toi.md sections they follow (describe.go).
func describeBuildingFlags(g *pflag.FlagSet) {
	renamed(g, "squad", "target")
	setGroup(g, groupAttack, "dice", "combined", "fire-and-move", "area", "suppressive", "pin-hits", "disrupt-hits", "charges", "per-charge", "charge-hits")
	setGroup(g, groupTarget, "cover", "threshold", "pillbox", "target", "collapse-cover")
	setGroup(g, groupAdvanced, "hit-on", "cancel-on", "needed")
	setChoices(g, "pillbox", toi.PillboxNames())
	setNumbers(g, "combined", "needed")
	for name, ref := range map[string]string{
		"dice": "D2", "combined": "§1", "fire-and-move": "D2", "area": "D3", "charges": "D4", "per-charge": "[M5]",
		"charge-hits": "§3", "cover": "[M2]", "threshold": "§4", "pillbox": "D6", "target": "D1",
		"collapse-cover": "[M6]", "hit-on": "[M1]", "cancel-on": "§1", "suppressive": "[M4]", "pin-hits": "[M4]", "disrupt-hits": "[M4]",
	} {
		setRuleRef(g, name, ref)
	}
}
