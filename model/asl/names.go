package asl

import "slices"

// The words each enumerated input is written with, in order: what a
// parser accepts (exactly as listed) and what a front end offers as choices.
// Each call returns a fresh slice.

// ModeNames are the ways a DC is used (A23.3, A23.6, A23.7).
func ModeNames() []string { return slices.Clone(modeNames[:]) }

// UserNames are the DC user's classes for its X# (A23.2).
func UserNames() []string { return slices.Clone(userNames[:]) }

// BuildingNames are the target Location's building kinds.
func BuildingNames() []string { return slices.Clone(buildingNames[:]) }

// BreachNames are the walls a Placed DC may breach (B23.711).
func BreachNames() []string { return slices.Clone(breachNames[:]) }

// ECNames are the Environmental Conditions, driest last (B25.5).
func ECNames() []string {
	names := make([]string, len(ecOrder))
	for i, e := range ecOrder {
		names[i] = ecNames[e]
	}
	return names
}

// RoadblockNames are the roadblocks a DC may attack (B29.5).
func RoadblockNames() []string { return slices.Clone(roadblockNames[:]) }

// BridgeNames are the bridges the targets may be on or beneath (B6.33).
func BridgeNames() []string { return slices.Clone(bridgeNames[:]) }

// WeaponNames are the weapons of an IFT attack (§7.4).
func WeaponNames() []string { return slices.Clone(weaponNames[:]) }

// FirerNames are who makes an IFT attack, for Cowering (A7.9).
func FirerNames() []string { return slices.Clone(firerNames[:]) }

// NationalityNames are the firers' nationalities Cowering tells apart.
func NationalityNames() []string { return slices.Clone(nationalityNames[:]) }

// ClassNames are the Classes of a MMC (A19.3), as the class= option and
// --firer-class read them.
func ClassNames() []string { return slices.Clone(classNames[:]) }

// FacingNames are an AFV's facings (C7.346).
func FacingNames() []string { return slices.Clone(facingNames[:]) }
