package asl

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/model/bound"
)

// Roadblock is a roadblock at the target Location (B29.5, B31.1411).
type Roadblock uint8

const (
	NoRoadblock Roadblock = iota
	// NormalRoadblock is affected only by a DC Placed through its hexside
	// or Set in its Location (B29.5); a Thrown DC has no effect (§8.19).
	NormalRoadblock
	// NarrowStreetRoadblock straddles a Narrow-Street hexside: a DC
	// Placed, Thrown or Set against its vertex affects only the roadblock
	// (B31.1411).
	NarrowStreetRoadblock
)

var roadblockNames = [...]string{"none", "normal", "narrow"}

func (r Roadblock) String() string               { return enum.Name("Roadblock", roadblockNames[:], r) }
func (r Roadblock) MarshalText() ([]byte, error) { return enum.Text("Roadblock", roadblockNames[:], r) }

// ParseRoadblock reads none, normal or narrow.
func ParseRoadblock(s string) (Roadblock, error) {
	for i, n := range roadblockNames {
		if s == n {
			return Roadblock(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want normal or narrow", s)
}

// roadblockTEM is the roadblock's own TEM (B29.5), which also applies to a
// Placed DC's attack on it (rules/asl.md §8.19).
const roadblockTEM = 2

// Bridge is the bridge a DC attacks, by its construction (B6.33).
type Bridge uint8

const (
	NoBridge Bridge = iota
	StoneBridge
	WoodenBridge
	PontoonBridge
	UnderwaterPontoon // a pontoon bridge laid underwater
)

var bridgeNames = [...]string{"none", "stone", "wooden", "pontoon", "underwater-pontoon"}

// bridgeTEM is the TEM a Placed or Thrown DC adds to its bridge check
// (B6.33).
var bridgeTEM = [...]int{0, 3, 2, 1, 2}

func (b Bridge) String() string               { return enum.Name("Bridge", bridgeNames[:], b) }
func (b Bridge) MarshalText() ([]byte, error) { return enum.Text("Bridge", bridgeNames[:], b) }

// ParseBridge reads a bridge kind.
func ParseBridge(s string) (Bridge, error) {
	for i, n := range bridgeNames {
		if s == n {
			return Bridge(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want one of %s", s, strings.Join(bridgeNames[1:], ", "))
}

// attackerDRM is the DRM the DC's user adds to any attack DR of the DC,
// whatever it attacks: CX +1 (A23.4); Thrown +2, +3 from a vehicle or by
// Cavalry (A23.6); AFPh +1 (A23.62).
func (a DCAttack) attackerDRM() int {
	d := b2i(a.CX)
	if a.Mode == Thrown {
		d += 2 + b2i(a.FromVehicle || a.Cavalry) + b2i(a.AFPh)
	}
	return d
}

// structureResult is the IFT result an Original DR gives against terrain
// or a fortification with its own TEM: a Placed or Thrown DC on the 30
// column with the attacker's DRMs and that TEM; a Set DC on the 36+ column
// at −3 with no TEM (A23.71).
func (a DCAttack) structureResult(orig, tem int) IFT {
	if a.Mode == Set {
		return Lookup(ColumnFor(36), orig-3)
	}
	return Lookup(ColumnFor(30), orig+a.attackerDRM()+tem)
}

// structureKIA is the KIA# of structureResult, 0 for none.
func (a DCAttack) structureKIA(orig, tem int) int { return a.structureResult(orig, tem).KIA() }

// ClearsWire reports whether Original DR orig clears Wire (B26.51): a
// Placed DC on an Original KIA (30 column), a Set DC on a Final KIA; a
// Thrown DC has no effect (§8.36).
func (a DCAttack) ClearsWire(orig int) bool {
	switch {
	case !a.Wire || a.Malfunctions(orig):
		return false
	case a.Mode == Placed:
		return Lookup(ColumnFor(30), orig).KIA() > 0
	case a.Mode == Set:
		return a.structureKIA(orig, 0) > 0
	}
	return false
}

// RemovesRoadblock reports whether Original DR orig removes the roadblock
// (B29.5, B31.1411): a Final KIA against it, with its +2 TEM for a Placed
// or Thrown DC (§8.19); a Thrown DC affects only a Narrow-Street one.
func (a DCAttack) RemovesRoadblock(orig int) bool {
	if a.Roadblock == NoRoadblock || a.Malfunctions(orig) ||
		(a.Mode == Thrown && a.Roadblock == NormalRoadblock) {
		return false
	}
	return a.structureKIA(orig, roadblockTEM) > 0
}

// BridgeSpans is the number of bridge spans Original DR orig destroys, 0
// for none (B6.33, A23.71, §8.35): a Placed or Thrown DC destroys the
// span of its hex on a Final KIA with the bridge's TEM and the attacker's
// DRMs; a Set DC on a Final KIA, destroying as many spans as the KIA#.
func (a DCAttack) BridgeSpans(orig int) int {
	if a.Bridge == NoBridge || a.Malfunctions(orig) {
		return 0
	}
	k := a.structureKIA(orig, bridgeTEM[a.Bridge])
	if a.Mode != Set {
		k = min(k, 1)
	}
	return k
}

// validateStructures checks the inputs of rules/asl.md §6 and upper-level
// Rubble, naming the flag at fault.
func (a DCAttack) validateStructures() error {
	exclusive := 0
	for _, on := range []bool{a.Breach != NoBreach, a.Cave, a.Bridge != NoBridge, a.Roadblock == NarrowStreetRoadblock} {
		exclusive += b2i(on)
	}
	switch {
	case exclusive > 1:
		return bound.Invalidf("breach", "--breach, --cave, --bridge and a narrow --roadblock each aim the DC at something else; give one")
	case a.site().validateLevels() != nil:
		return a.site().validateLevels()
	case a.Roadblock == NarrowStreetRoadblock && len(a.Targets) > 0:
		return bound.Invalidf("roadblock", "a DC against a Narrow-Street roadblock's vertex affects only the roadblock (B31.1411); give no --target")
	case a.Roadblock == NarrowStreetRoadblock && a.Building != NoBuilding:
		return bound.Invalidf("roadblock", "a Narrow-Street roadblock is attacked alone; drop --building")
	case a.Bridge != NoBridge && a.Building != NoBuilding:
		return bound.Invalidf("bridge", "a bridge is not in a building; drop --building")
	case a.Gun && len(a.Targets) > 0 && a.Targets[0].Kind != Squad && a.Targets[0].Kind != HalfSquad && a.Targets[0].Kind != Crew:
		return bound.Invalidf("gun", "the first --target mans the Gun and must be a crew, HS or squad, not %s", a.Targets[0].Kind)
	case a.Gun && len(a.Targets) == 0:
		return bound.Invalidf("gun", "give the manning Infantry as the first --target")
	case a.Gun && (a.Cave || a.Bridge != NoBridge):
		return bound.Invalidf("gun", "a Gun attacked in a cave or on a bridge is not modeled")
	case a.Cave && (a.Building != NoBuilding || a.Terrain != "" || a.Wire || a.Roadblock != NoRoadblock):
		return bound.Invalidf("cave", "a cave DC attacks only the cave and its contents; drop --building, --terrain, --wire and --roadblock")
	case a.Cave && a.TEM != 0:
		return bound.Invalidf("tem", "a cave's contents have its +4 TEM only when a Thrown DC drops to the Entrance Hex (G11.83); give no --tem with --cave")
	case a.Cave && a.Elevation != 0:
		return bound.Invalidf("elevation", "a Thrower may be at most one level below a cave, and above it does not apply; use --cave-drm")
	case a.CaveDRM != 0 && !(a.Cave && a.Mode == Thrown):
		return bound.Invalidf("cave-drm", "only a DC Thrown into a --cave makes the cave dr")
	case inRange("cave-drm", a.CaveDRM, MinCaveDRM, MaxCaveDRM, "") != nil:
		return inRange("cave-drm", a.CaveDRM, MinCaveDRM, MaxCaveDRM, "")
	case a.Japanese && !a.Cave:
		return bound.Invalidf("japanese", "only a --cave's Japanese occupants change the DC's DRM")
	}
	return nil
}

// validateLevels checks the building levels of the Location, naming the
// flag at fault.
func (s site) validateLevels() error {
	switch {
	case inRange("level", s.level, MinLevel, MaxLevel, "") != nil:
		return inRange("level", s.level, MinLevel, MaxLevel, "")
	case s.level > 0 && s.building == NoBuilding:
		return bound.Invalidf("level", "building levels need --building wooden or stone")
	case s.top > 0 && s.building == NoBuilding:
		return bound.Invalidf("top", "building levels need --building wooden or stone")
	case s.top < s.level || s.top > 9:
		// 0 is a level like any other: an upper-level target's building
		// reaches at least its level, and a Top left at 0 under it would
		// be read as no levels above ground (B24.11, B24.12).
		return bound.Invalidf("top", "%d: want the building's highest non-rooftop level, from --level (%d) to 9", s.top, s.level)
	}
	return nil
}
