package cli

import (
	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// describeDCFlags groups the DC flags of dc and compare, with their
// choices and rule numbers (describe.go). A flag the command lacks is
// skipped, so compare, which takes no --mode, shares the list.
func describeDCFlags(g *pflag.FlagSet) {
	only := func(names ...string) []string {
		var out []string
		for _, n := range names {
			if g.Lookup(n) != nil {
				out = append(out, n)
			}
		}
		return out
	}
	setGroup(g, groupAttack, only("mode", "drm", "cx", "afph", "from-vehicle", "cavalry", "user", "captured",
		"thrower", "thrower-tem", "thrower-building", "elevation", "placer", "setter", "preset", "dff", "enemy-infantry")...)
	setGroup(g, groupTarget, only("target", "elr", "concealed", "sw", "beyond", "gun")...)
	setGroup(g, groupTerrain, only("tem", "building", "fortified", "breach", "terrain", "ec", "level", "top",
		"wire", "roadblock", "bridge", "cave", "japanese", "cave-drm")...)
	setGroup(g, groupAdvanced, only("no-hob", "rule")...)
	setComputed(g, "tem", "top", "enemy-infantry", "user")
	choices := map[string][]string{
		"mode": asl.ModeNames(), "user": asl.UserNames(), "building": asl.BuildingNames(),
		"breach": asl.BreachNames(), "terrain": asl.TerrainNames(), "ec": asl.ECNames(),
		"roadblock": asl.RoadblockNames(), "bridge": asl.BridgeNames(),
	}
	for name, c := range choices {
		if g.Lookup(name) != nil {
			setChoices(g, name, c)
		}
	}
	refs := map[string]string{
		"mode": "A23", "cx": "A23.4", "afph": "A23.62", "from-vehicle": "A23.6", "cavalry": "A23.6",
		"user": "A23.2", "captured": "A23.2", "thrower": "A23.6", "thrower-tem": "A23.6", "elevation": "A23.6",
		"placer": "A23.3", "setter": "A23.7", "preset": "A23.7", "dff": "A23.3", "enemy-infantry": "A23.7",
		"elr": "A19.1", "concealed": "A23.1", "sw": "A9.74", "beyond": "B23.711", "gun": "C11.6",
		"building": "B24", "fortified": "B23.9", "breach": "B23.711", "terrain": "B25", "ec": "B25.5",
		"level": "B24.12", "top": "B24.12", "wire": "B26.51", "roadblock": "B29.5", "bridge": "B6.33",
		"cave": "G11.83", "japanese": "G11.83", "cave-drm": "G11.83", "no-hob": "A15", "rule": "§8",
	}
	for name, ref := range refs {
		if g.Lookup(name) != nil {
			setRuleRef(g, name, ref)
		}
	}
}
