package asl

import "fmt"

// Comparison is one target Location attacked by a DC used each of the three
// ways, each with its own chain: Placed by a Placer under Defensive Fire,
// Thrown (at the thrower's own risk) and Set.
type Comparison struct {
	Targets   []Unit   `json:"targets"`
	TEM       int      `json:"tem"`
	DRM       int      `json:"drm"`
	Concealed bool     `json:"concealed"`
	Building  Building `json:"building"`
	Fortified bool     `json:"fortified"`
	Terrain   string   `json:"terrain,omitempty"`
	EC        EC       `json:"ec"`
	ELR       int      `json:"elr"`
	// User is the DC user's class in a way that names no user; one that
	// does takes his (A23.2, UserOf): the Placer's for Placed, the
	// thrower's (Throwers first, or else the Placer) for Thrown, the
	// Setter's for Set. Elite, the zero value, is left out of the JSON.
	User     User `json:"user,omitempty"`
	Captured bool `json:"captured"`
	CX       bool `json:"cx"`

	// Placed: the Placer and the Defensive Fire it faces.
	Placer []Unit       `json:"placer"`
	DFF    []FireAttack `json:"dff"`
	// Thrown: the thrower's Location (the Placer's units unless given) and
	// its TEM.
	Throwers   []Unit `json:"throwers"`
	ThrowerTEM int    `json:"thrower_tem"`
	AFPh       bool   `json:"afph"`
	// Set: the Setter, Set before play (Preset) or during play under the
	// same Defensive Fire at −2.
	Setter []Unit `json:"setter"`
	Preset bool   `json:"preset"`

	Options Options `json:"options"`
}

// DefaultComparison is the built-in comparison: a 4-6-7 and an 8-1 in a
// stone building (TEM +3); Placed by an elite 4-6-8 facing one 8 FP −1
// Defensive First Fire; Thrown in the PFPh by the same squad from open
// ground; Set during play by the same squad under the same fire at −2
// (Hazardous Movement, A4.62), with a setting dr ≤ 3, and detonated by it
// with a NTC at ML 8: the choice a player has in play. Preset Sets it
// before play by SSR instead.
func DefaultComparison() Comparison {
	must := func(s string) Unit {
		u, err := ParseUnit(s)
		if err != nil {
			panic(err)
		}
		return u
	}
	sapper := must("4-6-8,class=elite")
	return Comparison{
		Targets:  []Unit{must("4-6-7"), must("leader:8-1")},
		TEM:      Stone.TEM(false),
		Building: Stone,
		EC:       Moderate,
		ELR:      3,
		Placer:   []Unit{sapper},
		DFF:      []FireAttack{{FP: 8, DRM: -1}},
		Throwers: []Unit{sapper},
		Setter:   []Unit{sapper},
		Options:  DefaultOptions(),
	}
}

// Attacks returns the Placed, Thrown and Set attacks of the comparison, in
// that order.
func (c Comparison) Attacks() []DCAttack {
	base := func(m Mode) DCAttack {
		a := NewDCAttack(m, c.Targets...)
		a.TEM, a.DRM, a.Concealed = c.TEM, c.DRM, c.Concealed
		a.Building, a.Fortified, a.Terrain, a.EC = c.Building, c.Fortified, c.Terrain, c.EC
		a.ELR, a.User, a.Captured = c.ELR, c.User, c.Captured
		a.Options = c.Options
		return a
	}
	placed := base(Placed)
	if len(c.Placer) > 0 {
		placed.User = UserOf(c.Placer)
	}
	placed.CX = c.CX
	placed.Placer, placed.DFF = c.Placer, c.DFF
	thrown := base(Thrown)
	thrown.CX, thrown.AFPh = c.CX, c.AFPh
	thrown.Throwers, thrown.ThrowerTEM = c.Throwers, c.ThrowerTEM
	if len(thrown.Throwers) == 0 {
		thrown.Throwers = c.Placer
	}
	if len(thrown.Throwers) > 0 {
		thrown.User = UserOf(thrown.Throwers)
	}
	set := base(Set)
	if len(c.Setter) > 0 {
		set.User = UserOf(c.Setter)
	}
	set.Setter, set.Preset = c.Setter, c.Preset
	if !c.Preset && len(c.Setter) > 0 {
		set.DFF = c.DFF
	}
	return []DCAttack{placed, thrown, set}
}

// Validate checks each of the three attacks, naming the one at fault.
func (c Comparison) Validate() error {
	for _, a := range c.Attacks() {
		if err := a.Validate(); err != nil {
			return fmt.Errorf("%w (in the %s run)", err, a.Mode)
		}
	}
	return nil
}
