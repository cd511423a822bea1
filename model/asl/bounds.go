package asl

import "github.com/sapperhq/sapper/model/bound"

// The ranges of the attacks' whole-number inputs, declared once here: the
// models' Validate checks them (a *bound.Error naming the field), and every
// front end reads them from here for its flags, form and listing.
const (
	MinTEM, MaxTEM         = 0, 8 // TEM is never negative: a negative modifier is a DRM
	MinDRM, MaxDRM         = -8, 8
	MinELR, MaxELR         = 0, 5 // A19.1
	MinElevation           = 0    // levels a thrower stands above the target (A23.6)
	MaxElevation           = 5
	MinLevel, MaxLevel     = 0, 9 // building levels (B23.2)
	MinCaveDRM, MaxCaveDRM = -4, 4
	MinBogDRM, MaxBogDRM   = -6, 6
	MinCalibre, MaxCalibre = 0, 500 // mm; 0: none given
	MinCS, MaxCS           = 1, 11  // Crew Survival number (D5.6)
	MinCrewML, MaxCrewML   = 1, 10
	MinBasicTK, MaxBasicTK = 1, 30
	MinSW                  = 0
	// A unit's own options (ParseUnit): its DRM, and a leader's ML while
	// broken.
	MinUnitDRM, MaxUnitDRM   = -6, 6
	MinBrokenML, MaxBrokenML = 1, 10
	// MaxEnemyInfantry bounds the enemy Infantry units counted in a Set
	// DC's Location (A23.7): two full Locations.
	MaxEnemyInfantry = 2 * MaxUnits
)

// whyTEM says why a TEM's range starts at 0.
const whyTEM = "TEM is never negative; a negative modifier is a --drm"

// ranged is one whole-number input and its range, for firstOutOfRange.
type ranged struct {
	field  string
	v      int
	lo, hi int
	why    string
}

// firstOutOfRange returns the error of the first input outside its range,
// or nil.
func firstOutOfRange(rs ...ranged) error {
	for _, r := range rs {
		if err := inRange(r.field, r.v, r.lo, r.hi, r.why); err != nil {
			return err
		}
	}
	return nil
}

// inRange is bound.Int{lo, hi}.Check, with why when it says what the range
// stands for.
func inRange(field string, v, lo, hi int, why string) error {
	err := bound.Int{Lo: lo, Hi: hi}.Check(field, v)
	if be, ok := err.(*bound.Error); ok {
		be.Why = why
	}
	return err
}
