package cli

import (
	"slices"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/model/asl"
)

// terrainTEM refuses a --terrain given with the Location's TEM left at its
// default 0: the terrain decides Flame and Shellholes (B25, Table 23),
// never the TEM, and woods at TEM 0 would be a wrong answer no one was
// told of. Open ground is TEM 0 by its name.
func terrainTEM(fs *pflag.FlagSet, terrain string) error {
	if terrain == "" || terrain == "open-ground" || fs.Changed("tem") || !slices.Contains(asl.FireTerrainNames(), terrain) {
		return nil // no terrain, or one refused elsewhere
	}
	return inputErrorf("terrain", "--terrain %s without --tem: the terrain decides Flame and Shellholes, not the TEM; give the Location's TEM too, e.g. --tem 1 for woods", terrain)
}
