package toi

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/bound"
)

// Kind is what attacks the building's hex.
type Kind string

const (
	// OnBuilding is an attack declared against the building (§4): vehicle
	// firepower, or combined fire (D2). The squads inside are touched
	// only if it falls.
	OnBuilding Kind = "dice"
	// AreaAttack is an area attack on the hex: the squads first, then,
	// for a normal one, the building with a separate roll (§4, D3).
	AreaAttack Kind = "area"
	// ChargesAttack is the detonation of demolition charges in the hex
	// (§3, D4).
	ChargesAttack Kind = "charges"
)

// Pillbox says whether the hex holds a pillbox and, if so, on which side
// of it the charges were placed (§3, D6).
type Pillbox string

const (
	NoPillbox      Pillbox = "none"
	PillboxInside  Pillbox = "inside"
	PillboxOutside Pillbox = "outside"
)

// PillboxNames are the sides of a pillbox charges may be placed on (D6).
func PillboxNames() []string { return []string{string(PillboxInside), string(PillboxOutside)} }

// ParsePillbox reads inside or outside.
func ParsePillbox(s string) (Pillbox, error) {
	for _, p := range []Pillbox{PillboxInside, PillboxOutside} {
		if s == string(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%q: want inside or outside", s)
}

// Defaults of rules/toi.md.
const (
	DefaultCover      = 2 // a building rolls two red dice (§4)
	DefaultThreshold  = 6 // destroyed by 6 or more net hits in one attack (§4)
	DefaultHitOn      = 5 // attack dice succeed on 5–6 (§1, [M1])
	DefaultCancelOn   = 5 // defense dice cancel on 5–6 (§1)
	DefaultChargeHits = 3 // a charge with no Operations card (§3)
	// A suppressive attack's net hits that pin a squad, and that disrupt
	// it ([M4]).
	DefaultPinHits     = 1
	DefaultDisruptHits = 2
	// DefaultDice is the building attack of a command line that names no
	// attack: the 12 dice of the §5 reference figure (11.1%).
	DefaultDice = 12
)

// Collapse damage (§4): every squad in a building that falls takes 4 dice
// hitting on 4–6, that is 3 faces of 6.
const (
	collapseDice  = 4
	collapseFaces = 3
)

// Limits of the inputs. They keep every distribution small enough to set
// up at once, and exact enumeration within reach.
const (
	MaxDice       = 100 // attack dice in one pool, after combined fire
	MaxCover      = 10  // defense dice of a building or a squad
	MaxThreshold  = 100 // net hits that destroy the building
	MaxCharges    = 20  // charges in one hex
	MaxChargeHits = 20  // hits of one charge
	MaxSquads     = 6   // squads in the hex
	MaxFigures    = 10  // figures in one squad
)

// BuildingAttack is one attack on a Tide of Iron building hex and the
// squads in it. NewBuildingAttack fills in the defaults of rules/toi.md.
type BuildingAttack struct {
	Kind Kind `json:"attack"`
	// Dice is the attack strength against the building (D2): a vehicle's
	// firepower, or the firing unit's under combined fire. With an area
	// attack it is the separate roll against the building (D3), whose
	// default, the same N as Area, is the caller's to set (the command
	// line does): 0 rolls nothing against the building.
	Dice int `json:"dice"`
	// Combined are the firepowers of the units joining a combined fire
	// (Concentrated Fire) attack: each adds half its firepower, rounded up
	// (§1).
	Combined []int `json:"combined"`
	// FireAndMove halves Dice once, rounded up (§1, D2).
	FireAndMove bool `json:"fire_and_move"`
	// Area is the attack dice of an area attack on the squads (D3).
	Area int `json:"area"`
	// Suppressive makes the area attack a suppressive one ([M4]): its net
	// hits pin a squad (PinHits or more) or disrupt it (DisruptHits or
	// more, or any on a pinned squad) and remove no figure. Only a normal
	// area attack rolls against the building (§4): Dice must be 0.
	Suppressive bool `json:"suppressive"`
	PinHits     int  `json:"pin_hits"`
	DisruptHits int  `json:"disrupt_hits"`
	// Charges detonate together as Charges × ChargeHits hits, or with
	// PerCharge one at a time, each a separate attack (D4, [M5]).
	Charges    int     `json:"charges"`
	ChargeHits int     `json:"charge_hits"`
	PerCharge  bool    `json:"per_charge"`
	Pillbox    Pillbox `json:"pillbox"`
	// Cover is the building's red dice (§4, [M2]), and the cover of each
	// squad that gives none of its own (D1).
	Cover int `json:"cover"`
	// Threshold is the net hits one attack needs to destroy the building
	// (§4).
	Threshold int `json:"threshold"`
	// HitOn and CancelOn are the lowest faces on which an attack die
	// succeeds and a defense die cancels ([M1], §1).
	HitOn    int `json:"hit_on"`
	CancelOn int `json:"cancel_on"`
	// Squads are the squads in the hex (D1).
	Squads []Squad `json:"squads"`
	// CollapseCover is the defense dice each squad rolls against the
	// collapse's 4 dice ([M6], D7).
	CollapseCover int `json:"collapse_cover"`
}

// NewBuildingAttack returns an attack of the given kind with the defaults
// of rules/toi.md: a building with 2 red dice that falls to 6 net hits,
// dice succeeding and cancelling on 5–6, 3 hits a charge, no squads; a
// suppressive attack pins on 1 net hit and disrupts on 2.
func NewBuildingAttack(kind Kind) BuildingAttack {
	return BuildingAttack{Kind: kind, Combined: []int{}, ChargeHits: DefaultChargeHits, Pillbox: NoPillbox,
		PinHits: DefaultPinHits, DisruptHits: DefaultDisruptHits,
		Cover: DefaultCover, Threshold: DefaultThreshold, HitOn: DefaultHitOn, CancelOn: DefaultCancelOn, Squads: []Squad{}}
}

// BuildingDice is the attack strength against the building (§1, D2):
// Dice plus half of each joining unit's firepower, rounded up, or Dice
// halved, rounded up, under Fire and Movement.
func (a BuildingAttack) BuildingDice() int {
	if a.FireAndMove {
		return (a.Dice + 1) / 2
	}
	n := a.Dice
	for _, fp := range a.Combined {
		n += (fp + 1) / 2
	}
	return n
}

// HasBuilding reports whether there is a destructible building in the
// hex: there is none in a pillbox hex (D6).
func (a BuildingAttack) HasBuilding() bool { return a.Pillbox == NoPillbox }

// squadCover is the cover dice squad s rolls (D1).
func (a BuildingAttack) squadCover(s Squad) int {
	if s.Cover == HexCover {
		return a.Cover
	}
	return s.Cover
}

// Validate reports the first input that cannot be resolved. Each message
// starts with the name of the input at fault as the command line spells
// it ("dice: …").
func (a BuildingAttack) Validate() error {
	count := func(name string, v, hi int) error {
		if v < 0 || v > hi {
			return bound.Invalidf(name, "%d outside 0…%d", v, hi)
		}
		return nil
	}
	face := func(name string, v int) error {
		if v < 1 || v > 6 {
			return bound.Invalidf(name, "%d is not a die face; want 1…6", v)
		}
		return nil
	}
	for _, err := range []error{
		count("area", a.Area, MaxDice), count("dice", a.Dice, MaxDice), count("charges", a.Charges, MaxCharges),
		count("charge-hits", a.ChargeHits, MaxChargeHits), count("cover", a.Cover, MaxCover),
		count("collapse-cover", a.CollapseCover, MaxCover), face("hit-on", a.HitOn), face("cancel-on", a.CancelOn),
		count("pin-hits", a.PinHits, MaxDice), count("disrupt-hits", a.DisruptHits, MaxDice),
	} {
		if err != nil {
			return err
		}
	}
	for _, fp := range a.Combined {
		if fp < 1 || fp > MaxDice {
			// A joining unit of no FP is no part of combined fire (D2).
			return bound.Invalidf("combined", "%d outside 1…%d", fp, MaxDice)
		}
	}
	switch {
	case a.Kind != OnBuilding && a.Kind != AreaAttack && a.Kind != ChargesAttack:
		return bound.InvalidValue("attack", string(a.Kind), "want dice, area or charges")
	case a.Threshold < 1 || a.Threshold > MaxThreshold:
		return bound.Invalidf("threshold", "%d outside 1…%d: a building falls to at least one net hit", a.Threshold, MaxThreshold)
	case a.BuildingDice() > MaxDice:
		return bound.Invalidf("combined", "%s makes %d attack dice; at most %d", a.combinedText(), a.BuildingDice(), MaxDice)
	case a.FireAndMove && len(a.Combined) > 0:
		return bound.Invalidf("fire-and-move", "combined fire is a Concentrated Fire action, not Fire and Movement (D2)")
	case a.Kind == ChargesAttack && (a.Dice > 0 || len(a.Combined) > 0 || a.FireAndMove):
		return bound.Invalidf("dice", "an attack with dice and the detonation of charges are separate actions (D4)")
	case a.Kind != AreaAttack && a.Area > 0:
		return bound.Invalidf("area", "an area attack is its own attack, not part of a %s attack (D9)", a.Kind)
	case a.Kind != ChargesAttack && a.Charges > 0:
		return bound.Invalidf("charges", "charges detonate as their own attack (D4)")
	case a.Kind != ChargesAttack && a.PerCharge:
		return bound.Invalidf("per-charge", "needs charges (D9)")
	case a.Pillbox != NoPillbox && a.Pillbox != PillboxInside && a.Pillbox != PillboxOutside:
		// Before the case below, which would read a literal's empty
		// Pillbox as a side of one.
		return bound.InvalidValue("pillbox", string(a.Pillbox), "want none (NoPillbox: a building), inside or outside")
	case a.Kind != ChargesAttack && a.Pillbox != NoPillbox:
		return bound.Invalidf("pillbox", "needs charges: the pillbox side is where a charge was placed (D6, D9)")
	case a.Pillbox != NoPillbox && len(a.Squads) == 0:
		return bound.Invalidf("target", "with --pillbox the charges hit only the squads in the hex, and the pillbox is not damaged (D6): give the squads with --target")
	case a.Kind == ChargesAttack && a.HitOn != DefaultHitOn:
		return bound.Invalidf("hit-on", "charges roll no attack dice; their hits are automatic (§3)")
	case len(a.Squads) > MaxSquads:
		return bound.Invalidf("target", "%d squads; at most %d in the hex", len(a.Squads), MaxSquads)
	case a.CollapseCover > 0 && len(a.Squads) == 0:
		return bound.Invalidf("collapse-cover", "no squad is inside for a collapse to fall on (D7)")
	case a.CollapseCover > 0 && !a.HasBuilding():
		return bound.Invalidf("collapse-cover", "a pillbox hex has no building to collapse (D6)")
	}
	if err := a.validateSuppressive(); err != nil {
		return err
	}
	for i, s := range a.Squads {
		if err := s.validate(); err != nil {
			return bound.Invalidf("target", "squad %d: %w", i+1, err)
		}
		if s.InPillbox && a.Pillbox == NoPillbox {
			return bound.Invalidf("target", "squad %d is in-pillbox, but the hex has no pillbox (D6)", i+1)
		}
	}
	if a.Pillbox != NoPillbox && a.onSide() == 0 {
		// The attack could do nothing: an answer of 0% for an input that
		// is most likely a squad not marked, or the side mistaken.
		where := "no --target is in-pillbox"
		if a.Pillbox == PillboxOutside {
			where = "every --target is in-pillbox"
		}
		return bound.InvalidValue("pillbox", string(a.Pillbox), "%s; the charges hit only the squads on their side, and the pillbox is not damaged (D6)", where)
	}
	return nil
}

// onSide is how many squads stand on the pillbox's side the charges were
// placed on (D6).
func (a BuildingAttack) onSide() int {
	n := 0
	for _, s := range a.Squads {
		if s.InPillbox == (a.Pillbox == PillboxInside) {
			n++
		}
	}
	return n
}

// validateSuppressive checks a suppressive attack's inputs ([M4]), and
// that an attack that is not one leaves them at their defaults.
func (a BuildingAttack) validateSuppressive() error {
	switch {
	case !a.Suppressive && (a.PinHits != DefaultPinHits || a.DisruptHits != DefaultDisruptHits):
		return bound.Invalidf("pin-hits", "the hits that pin or disrupt are those of a suppressive attack ([M4]): give suppressive")
	case !a.Suppressive:
		return nil
	case a.Kind != AreaAttack:
		return bound.Invalidf("suppressive", "a suppressive attack is an area attack on the squads ([M4]): give its dice as area")
	case a.Dice > 0 || len(a.Combined) > 0 || a.FireAndMove:
		return bound.Invalidf("dice", "a suppressive attack rolls nothing against the building: only a normal area attack does (§4)")
	case len(a.Squads) == 0:
		return bound.Invalidf("target", "a suppressive attack pins or disrupts squads ([M4]): give the squads in the hex with --target")
	case a.CollapseCover > 0:
		return bound.Invalidf("collapse-cover", "no building falls to a suppressive attack, which does not attack it (§4)")
	case a.PinHits < 1:
		return bound.Invalidf("pin-hits", "%d: a squad no hit touches is not pinned; want 1 or more", a.PinHits)
	case a.DisruptHits < a.PinHits:
		return bound.Invalidf("disrupt-hits", "%d is below pin-hits %d: the hits that disrupt pin too; want %d or more", a.DisruptHits, a.PinHits, a.PinHits)
	}
	return nil
}

// combinedText is the sum that makes a combined fire's attack dice (D2),
// as a message shows it.
func (a BuildingAttack) combinedText() string {
	parts := []string{strconv.Itoa(a.Dice)}
	for i, fp := range a.Combined {
		if i == maxTerms && len(a.Combined) > maxTerms+1 {
			// The sum stays one readable line however many join.
			parts = append(parts, fmt.Sprintf("… (%d joining units)", len(a.Combined)))
			break
		}
		parts = append(parts, fmt.Sprintf("⌈%d/2⌉", fp))
	}
	return strings.Join(parts, " + ")
}

// maxTerms is how many joining units combinedText spells out.
const maxTerms = 4
