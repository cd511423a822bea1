package asl

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
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

func (b Building) String() string               { return enum.Name("Building", buildingNames[:], b) }
func (b Building) MarshalText() ([]byte, error) { return enum.Text("Building", buildingNames[:], b) }

// ParseBuilding reads none, wooden or stone.
func ParseBuilding(s string) (Building, error) {
	for i, n := range buildingNames {
		if s == n {
			return Building(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want wooden or stone", s)
}

// TEM is the building's TEM: wooden +2, stone +3, one more if Fortified
// (B23.921). It panics for a Building other than those named (a Validate
// refuses it).
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

// EC is the Environmental Condition (B25.5), with its Flame DRM. Its zero
// value is Moderate, the default, so that an attack written as a struct
// literal, or read from JSON with no "ec", takes it.
type EC int8

// Moderate is the default EC; ParseEC reads the others.
const Moderate EC = 0

const (
	ecSnow EC = iota + 1
	ecMud
	ecWet
	ecMoist
	ecDry
	ecVeryDry
)

var ecNames = [...]string{"moderate", "snow", "mud", "wet", "moist", "dry", "very-dry"}
var ecDRM = [...]int{0, -3, -3, -2, -1, 1, 2}

// ecOrder is the ECs wettest first, as names and messages list them.
var ecOrder = [...]EC{ecSnow, ecMud, ecWet, ecMoist, Moderate, ecDry, ecVeryDry}

func (e EC) String() string               { return enum.Name("EC", ecNames[:], e) }
func (e EC) MarshalText() ([]byte, error) { return enum.Text("EC", ecNames[:], e) }

// DRM is the EC's DRM on a Flame DR outside buildings (B25.5).
func (e EC) DRM() int { return ecDRM[e] }

// ParseEC reads an EC name.
func ParseEC(s string) (EC, error) {
	for i, n := range ecNames {
		if s == n {
			return EC(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(ECNames(), ", "))
}

// Breach is the kind of wall a Placed DC tries to breach.
type Breach uint8

const (
	NoBreach         Breach = iota
	RowhouseHexside         // a Rowhouse black-bar hexside (B23.711)
	FortifiedHexside        // a Fortified building hexside (B23.9221)
)

var breachNames = [...]string{"none", "rowhouse", "fortified"}

func (b Breach) String() string               { return enum.Name("Breach", breachNames[:], b) }
func (b Breach) MarshalText() ([]byte, error) { return enum.Text("Breach", breachNames[:], b) }

// ParseBreach reads none, rowhouse or fortified.
func ParseBreach(s string) (Breach, error) {
	for i, n := range breachNames {
		if s == n {
			return Breach(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want rowhouse or fortified", s)
}

// shellholeTerrain is where Table 23 can place a Shellhole (B2.1; rules/
// asl.md §7.4).
var shellholeTerrain = map[string]bool{
	"open-ground": true,
	"orchard":     true,
	"palm-trees":  true,
	"brush":       true,
	"grain":       true,
	"kunai":       true,
}

// FireTerrainNames lists the non-building terrains a fire attack may hit:
// the Shellhole terrains, then the burnable ones. Open ground, palm trees
// and kunai have no Kindling # (§8.56).
func FireTerrainNames() []string {
	names := []string{"open-ground", "palm-trees", "kunai"}
	return append(names, TerrainNames()...)
}

// site is the target Location's terrain as Table 23 reads it (B24, B25),
// for a DC and any other weapon alike.
type site struct {
	building   Building
	fortified  bool
	terrain    string
	ec         EC
	level, top int
	// groundFalls: §8.60, Rubble at ground level beneath upper levels
	// falls too, and a collapse adds the levels it brings down.
	groundFalls bool
}

// site is the DC's target Location.
func (a DCAttack) site() site {
	return site{building: a.Building, fortified: a.Fortified, terrain: a.Terrain, ec: a.EC,
		level: a.Level, top: a.Top, groundFalls: a.Options.FallingRubble}
}

// rubbles makes the Rubble dr after an Original KIA# kia (B24.11): the
// dr, +1 in a stone building, at most the KIA#.
func (s site) rubbles(src *sim.Source, kia int) bool {
	return kia > 0 && dice.Dr(src)+s.rubbleDRM() <= kia
}

// rubbleDRM is the Rubble dr's modifier: +1 in a stone building (B24.11).
func (s site) rubbleDRM() int { return b2i(s.building == Stone) }

// upperLevel: Rubble there may collapse the whole hex (B24.11).
func (s site) upperLevel() bool { return s.building != NoBuilding && s.level > 0 }

// canFall: Rubble here may fall into the adjacent hex (B24.12): from an
// upper level, or (§8.60) from ground level with levels above it.
func (s site) canFall() bool {
	return s.upperLevel() || s.groundFalls && s.building != NoBuilding && s.top > 0
}

// afterRubble makes the rolls that follow Rubble in this Location: the
// collapse dr of an upper level, ≥ 6 with +1 per non-rooftop level above
// it (B24.11), then the Falling Rubble DR, whose colored die falls on ≥ 7
// with +1 per non-rooftop level above ground that the shot rubbled
// (B24.12): the Location's level and those above it, all of them when the
// whole hex collapsed (§8.60). The white die only gives the direction.
func (s site) afterRubble(src *sim.Source) (collapse, falls bool) {
	if s.upperLevel() {
		collapse = dice.Dr(src)+s.collapseDRM() >= collapseAt
	}
	if s.canFall() {
		falls = dice.Dr(src)+s.fallDRM(collapse) >= fallsAt
	}
	return collapse, falls
}

// collapseAt and fallsAt are the least modified collapse dr and Falling
// Rubble colored die that bring the hex down and the Rubble next door
// (B24.11, B24.12).
const (
	collapseAt = 6
	fallsAt    = 7
)

// collapseDRM is the collapse dr's modifier: +1 per non-rooftop level
// above the rubbled one (B24.11).
func (s site) collapseDRM() int { return max(s.top-s.level, 0) }

// fallDRM is the Falling Rubble colored die's modifier: +1 per
// non-rooftop level above ground the shot rubbled, all of them when the
// whole hex collapsed (B24.12, §8.60).
func (s site) fallDRM(collapse bool) int {
	if collapse && s.groundFalls {
		return s.top
	}
	return s.collapseDRM() + b2i(s.level > 0)
}

// kindling is the Location's Kindling # (B25.11), 0 where nothing burns.
func (s site) kindling() int {
	switch s.building {
	case Wooden:
		return kindling["wooden-building"]
	case Stone:
		return kindling["stone-building"]
	}
	return kindling[s.terrain]
}

// burnable: the Location has a Kindling # (B25.11).
func (s site) burnable() bool { return s.kindling() > 0 }

// flameDRM is the DRM on a Flame DR after an attack: the EC DRM outside
// buildings, −1 in a Fortified building (B25.13, B23.94).
func (s site) flameDRM() int {
	if s.building != NoBuilding {
		return -b2i(s.fortified)
	}
	return s.ec.DRM()
}

// flames makes the Flame DR: Final DR ≥ the Kindling # (B25.13).
func (s site) flames(src *sim.Source, drm int) bool {
	return s.flamesOn(dice.DR(src), drm)
}

// flamesOn reports whether Original Flame DR dr with modifier drm places
// a Flame (B25.13).
func (s site) flamesOn(dr, drm int) bool { return dr+drm >= s.kindling() }
