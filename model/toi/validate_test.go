package toi_test

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
)

// TestValidate: every rejected input names the input at fault first, as
// the command line spells it, and says why.
func TestValidate(t *testing.T) {
	for _, c := range []struct {
		kind toi.Kind
		set  func(*toi.BuildingAttack)
		want string
	}{
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Dice = -1 }, "dice: -1 outside 0…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Dice = 101 }, "dice: 101 outside 0…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Dice, a.Combined = 90, []int{8, 8, 8} }, "combined: 90 + ⌈8/2⌉"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Combined = []int{-2} }, "combined: -2 outside 1…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Combined = []int{0} }, "combined: 0 outside 1…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Combined = []int{101} }, "combined: 101 outside 1…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Combined, a.FireAndMove = []int{4}, true }, "fire-and-move: combined fire"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Threshold = 0 }, "threshold: 0 outside 1…100"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Cover = -1 }, "cover: -1 outside 0…10"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.HitOn = 7 }, "hit-on: 7 is not a die face"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.CancelOn = 0 }, "cancel-on: 0 is not a die face"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.PerCharge = true }, "per-charge: needs charges"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Pillbox = toi.PillboxInside }, "pillbox: needs charges"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Charges = 1 }, "charges: charges detonate"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Area = 3 }, "area: an area attack"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.CollapseCover = 1 }, "collapse-cover: no squad"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.Charges, a.Dice = 1, 4 }, "dice: an attack with dice and the detonation"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.Charges = -1 }, "charges: -1 outside 0…20"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.ChargeHits = 21 }, "charge-hits: 21 outside"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.HitOn = 4 }, "hit-on: charges roll no attack dice"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.Pillbox = "beside" }, `pillbox: "beside"`},
		// a literal's empty Pillbox is no side of one: named as such, not
		// as a pillbox without charges
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Pillbox = "" }, `pillbox: want none (NoPillbox: a building), inside or outside`},
		// A pillbox hex has no building and the pillbox takes no damage:
		// with no squad the charges have nothing to hit (D6).
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.Charges, a.Pillbox = 1, toi.PillboxInside }, "target: with --pillbox the charges hit only the squads"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) {
			a.Pillbox, a.CollapseCover, a.Squads = toi.PillboxInside, 1, []toi.Squad{{Figures: 2, Cover: 1, InPillbox: true}}
		}, "collapse-cover: a pillbox hex has no building"},
		{toi.ChargesAttack, func(a *toi.BuildingAttack) { a.Squads = []toi.Squad{{Figures: 2, Cover: 1, InPillbox: true}} },
			"target: squad 1 is in-pillbox, but the hex has no pillbox"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Squads = []toi.Squad{{Figures: 0, Cover: 1}} }, "target: squad 1: 0 figures"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Squads = []toi.Squad{{Figures: 2, Cover: 11}} }, "target: squad 1: cover=11"},
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Squads = make([]toi.Squad, 7) }, "target: 7 squads; at most 6"},
		{"mortar", func(a *toi.BuildingAttack) {}, `attack: "mortar"`},
		// [M4]: a suppressive attack is an area attack on squads, which
		// rolls nothing against the building and pins before it disrupts.
		{toi.OnBuilding, func(a *toi.BuildingAttack) { a.Suppressive = true }, "suppressive: a suppressive attack is an area attack"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) { a.Suppressive, a.Area, a.Dice = true, 4, 4 }, "dice: a suppressive attack rolls nothing against the building"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) { a.Suppressive, a.Area, a.Dice = true, 4, 0 }, "target: a suppressive attack pins or disrupts squads"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) {
			a.Suppressive, a.Area, a.Dice, a.CollapseCover, a.Squads = true, 4, 0, 1, []toi.Squad{{Figures: 2, Cover: 1}}
		}, "collapse-cover: no building falls to a suppressive attack"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) {
			a.Suppressive, a.Area, a.Dice, a.PinHits, a.Squads = true, 4, 0, 0, []toi.Squad{{Figures: 2, Cover: 1}}
		}, "pin-hits: 0: a squad no hit touches is not pinned"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) {
			a.Suppressive, a.Area, a.Dice, a.PinHits, a.DisruptHits, a.Squads = true, 4, 0, 3, 2, []toi.Squad{{Figures: 2, Cover: 1}}
		}, "disrupt-hits: 2 is below pin-hits 3"},
		{toi.AreaAttack, func(a *toi.BuildingAttack) { a.Area, a.DisruptHits = 4, 3 }, "pin-hits: the hits that pin or disrupt are those of a suppressive attack"},
	} {
		a := toi.NewBuildingAttack(c.kind)
		c.set(&a)
		err := a.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: err = %v, want %q…", a, err, c.want)
		}
		if _, err := a.Experiment(); err == nil {
			t.Errorf("%+v: Experiment accepted it", a)
		}
	}
}

func TestBuildingDice(t *testing.T) {
	for _, c := range []struct {
		dice     int
		combined []int
		fam      bool
		want     int
	}{{12, nil, false, 12}, {12, []int{5, 4}, false, 12 + 3 + 2}, {7, nil, true, 4}, {8, nil, true, 4}, {0, []int{1}, false, 1}} {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice, a.Combined, a.FireAndMove = c.dice, c.combined, c.fam
		if got := a.BuildingDice(); got != c.want {
			t.Errorf("%d %v F&M=%v: %d dice, want %d", c.dice, c.combined, c.fam, got, c.want)
		}
	}
}
