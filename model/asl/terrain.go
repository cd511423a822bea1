package asl

import (
	"fmt"
	"strings"
)

// Building is the kind of building the target Location is in, for Rubble
// (B24.11) and Flame (B25.13).
type Building uint8

const (
	NoBuilding Building = iota
	Wooden
	Stone
)

var buildingNames = [...]string{"none", "wooden", "stone"}

func (b Building) String() string               { return buildingNames[b] }
func (b Building) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// ParseBuilding reads none, wooden or stone.
func ParseBuilding(s string) (Building, error) {
	for i, n := range buildingNames {
		if strings.EqualFold(s, n) {
			return Building(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want wooden or stone", s)
}

// TEM is the building's TEM: wooden +2, stone +3, one more if Fortified
// (B23.921).
func (b Building) TEM(fortified bool) int {
	t := [...]int{0, 2, 3}[b]
	if b != NoBuilding && fortified {
		t++
	}
	return t
}

// kindling is the Kindling # of burnable terrain (B25.11, Terrain Chart;
// rules/asl.md §7.3).
var kindling = map[string]int{
	"wooden-building":   7,
	"stone-building":    8,
	"woods":             9,
	"brush":             9,
	"vineyard":          9,
	"grain":             10,
	"orchard":           11,
	"olive-grove":       11,
	"cactus":            12,
	"rail-cars":         8,
	"wrecked-rail-cars": 7,
}

// TerrainNames lists the non-building terrains with a Kindling #.
func TerrainNames() []string {
	return []string{"woods", "brush", "vineyard", "grain", "orchard", "olive-grove", "cactus", "rail-cars", "wrecked-rail-cars"}
}

// EC is the Environmental Condition (B25.5), with its Flame DRM.
type EC int8

var ecNames = [...]string{"snow", "mud", "wet", "moist", "moderate", "dry", "very-dry"}
var ecDRM = [...]int{-3, -3, -2, -1, 0, 1, 2}

// Moderate is the default EC.
const Moderate EC = 4

func (e EC) String() string               { return ecNames[e] }
func (e EC) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// DRM is the EC's DRM on a Flame DR outside buildings (B25.5).
func (e EC) DRM() int { return ecDRM[e] }

// ParseEC reads an EC name.
func ParseEC(s string) (EC, error) {
	for i, n := range ecNames {
		if strings.EqualFold(s, n) {
			return EC(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(ecNames[:], ", "))
}

// Breach is the kind of wall a Placed DC tries to breach.
type Breach uint8

const (
	NoBreach         Breach = iota
	RowhouseHexside         // a Rowhouse black-bar hexside (B23.711)
	FortifiedHexside        // a Fortified building hexside (B23.9221)
)

var breachNames = [...]string{"none", "rowhouse", "fortified"}

func (b Breach) String() string               { return breachNames[b] }
func (b Breach) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// ParseBreach reads none, rowhouse or fortified.
func ParseBreach(s string) (Breach, error) {
	for i, n := range breachNames {
		if strings.EqualFold(s, n) {
			return Breach(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want rowhouse or fortified", s)
}
