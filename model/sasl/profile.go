package sasl

import (
	"fmt"
	"slices"

	"github.com/sapperhq/sapper/model/asl"
)

// Bounds of one Activation.
const (
	maxItems = 8 // items of an {A1} row
	maxComps = 8 // firing weapons of one Activation
	noLead   = 9 // no leader directs the fire
)

// weapon is one firing component at its S?'s range: a MMC's inherent FP
// or a MG it fires (S9, S10).
type weapon struct {
	fp     float64 // FP at the range, before any Subsequent First Fire halving
	rof    int8    // 0: never keeps ROF
	b      int8    // breakdown number; 0: not a MG
	normal bool    // within Normal Range: may make Subsequent First Fire (S13)
	// cower: the MMC firing it is subject to Cowering (A7.9, S29); green:
	// and is Green or Conscript (S22). Each round is a Fire Group of its
	// own (S13), which cowers if a firer of that round is subject to it.
	cower, green bool
}

// profile is what one Activation adds to a chain: the items it generated
// and the Fire Group it fires. Activations with equal profiles are one
// branch of the exact enumeration.
type profile struct {
	act    bool // Activated: not a dummy (S4)
	counts [numItems]uint8
	lead   int8 // the best directing leader's modifier (≤ 0), or noLead (S11)
	close  bool // fires from range ≤ 1: a Heat of Battle 12 surrenders (S24)
	hind   int8 // its LOS Hindrance, counted only if it fires (S23)
	n      uint8
	w      [maxComps]weapon
}

// fires reports whether the Activation fires at all.
func (p *profile) fires() bool { return p.n > 0 }

// fpAt is FP f of Normal Range rng at range r (S10; A7.21, A7.22): doubled at
// range ≤ 1, halved beyond Normal Range, none beyond twice it.
func fpAt(f float64, rng, r int) float64 {
	switch {
	case r > 2*rng:
		return 0
	case r > rng:
		return f / 2
	case r <= 1:
		return 2 * f
	}
	return f
}

// genUnit is one generated unit during an Activation.
type genUnit struct {
	def  *UnitDef
	item Item // the item it counts as; numItems: none (a Gun's crew)
	dm   bool // a dismantled SW (S7)
}

// fireGroup works out the profile's Fire Group from the generated units
// (S7, S9–S11): SW go to the highest-BPV MMC; a squad adds one MG or fires
// two MG instead of its own FP if that is more; a HS or crew with a MG
// fires only the MG; the best leader with a modifier ≤ 0 directs. Without
// one, the firers of nationality nat that are subject to Cowering make it
// cower (S22, S29).
//
// alone says the S? fires as a Fire Group of its own: with one shot only
// its IFT column matters then, not its exact FP.
func (p *profile) fireGroup(units []genUnit, r, shots int, onlySW, alone bool, nat asl.Nationality) error {
	owner := -1
	for i, u := range units {
		if u.def.Kind.mmc() && (owner < 0 || u.def.BPV > units[owner].def.BPV) {
			owner = i
		}
	}
	p.lead = noLead
	var ws []weapon
	for i, u := range units {
		switch {
		case u.def.Kind == Leader:
			if u.def.Mod <= 0 && int8(u.def.Mod) < p.lead {
				p.lead = int8(u.def.Mod)
			}
			continue
		case !u.def.Kind.mmc():
			continue
		}
		var inherent weapon
		if !onlySW {
			inherent = weapon{fp: fpAt(u.def.FP, u.def.Range, r), normal: r <= u.def.Range}
		}
		var mgs []weapon
		if i == owner {
			for _, s := range units {
				if w, ok := swWeapon(s, r); ok && s.def.Kind.sw() {
					mgs = append(mgs, w)
				}
			}
		}
		slices.SortStableFunc(mgs, func(a, b weapon) int { return cmpFloat(b.fp, a.fp) })
		var fire []weapon
		switch {
		case len(mgs) == 0:
			fire = []weapon{inherent}
		case u.def.Kind == Squad && len(mgs) >= 2 && mgs[0].fp+mgs[1].fp > inherent.fp+mgs[0].fp:
			fire = mgs[:2]
		case u.def.Kind == Squad:
			fire = []weapon{inherent, mgs[0]}
		default:
			fire = mgs[:1]
		}
		subject := subjectToCowering(nat, u.def.Class)
		green := subject && (u.def.Class == asl.Green || u.def.Class == asl.Conscript)
		for _, w := range fire {
			if w.fp > 0 {
				w.cower, w.green = subject, green
				ws = append(ws, w)
			}
		}
	}
	if shots == 1 {
		// One shot: only the total FP matters, not ROF, B# or range bands.
		sum := weapon{}
		for _, w := range ws {
			sum.fp += w.fp
			sum.cower, sum.green = sum.cower || w.cower, sum.green || w.green
		}
		ws = ws[:0]
		if alone && sum.fp >= 1 {
			sum.fp = asl.ColumnFor(sum.fp).FP()
		}
		if sum.fp > 0 {
			ws = append(ws, sum)
		}
	}
	if len(ws) > maxComps {
		return fmt.Errorf("an Activation fires %d weapons; at most %d", len(ws), maxComps)
	}
	slices.SortFunc(ws, func(a, b weapon) int {
		if c := cmpFloat(b.fp, a.fp); c != 0 {
			return c
		}
		if a.rof != b.rof {
			return int(a.rof) - int(b.rof)
		}
		if a.b != b.b {
			return int(a.b) - int(b.b)
		}
		if a.normal != b.normal {
			return boolInt(a.normal) - boolInt(b.normal)
		}
		if a.cower != b.cower {
			return boolInt(a.cower) - boolInt(b.cower)
		}
		return boolInt(a.green) - boolInt(b.green)
	})
	p.n = uint8(len(ws))
	copy(p.w[:], ws)
	if p.lead <= 0 {
		// A directed Fire Group never cowers (S11): its firers' classes
		// do not matter, and profiles that differ only in them are one.
		for i := range p.w[:p.n] {
			p.w[i].cower, p.w[i].green = false, false
		}
	}
	if p.n == 0 {
		// Nothing fires: its range and hindrance are no Fire Group's
		// (S23, S24), and who would have cowered does not matter. Who
		// would have directed matters to an S? checked with others: its
		// leader directs their units' fire, one Fire Group (S3, S11, S23).
		p.close, p.hind = false, 0
		if alone {
			p.lead = noLead
		}
	}
	return nil
}

// swWeapon is the firing component of SW s at range r: a MG, or a dm SW
// through its dm profile (S7, S25).
func swWeapon(s genUnit, r int) (weapon, bool) {
	d := s.def
	switch {
	case s.dm && d.DM != nil && d.DM.FP > 0:
		return weapon{fp: fpAt(d.DM.FP, d.DM.Range, r), b: int8(d.B), normal: r <= d.DM.Range}, true
	case s.dm || d.Kind != MG:
		return weapon{}, false
	}
	return weapon{fp: fpAt(d.FP, d.Range, r), rof: int8(d.ROF), b: int8(d.B), normal: r <= d.Range}, true
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
