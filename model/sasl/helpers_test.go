package sasl

import (
	"context"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// exactRun enumerates every dice path of the crossing.
func exactRun(t *testing.T, c *Crossing) *sim.Result {
	t.Helper()
	exp, err := c.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.RunExact(context.Background(), exp, sim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// testTables is a small, made-up table set for the model's tests: every
// kind of item, a leader sub-roll, a date DRM, an elite −1, ROF and B#.
func testTables() *Tables {
	one := func(first int, names ...string) []Column {
		c := Column{First: first}
		for _, n := range names {
			c.Rows = append(c.Rows, Entry{Unit: n})
		}
		return []Column{c}
	}
	t := &Tables{
		Source:      "test tables",
		Nationality: "russian",
		Deploy:      true,
		Units: map[string]UnitDef{
			"4-5-8":  {Kind: Squad, FP: 4, Range: 5, Class: asl.Elite, BPV: 11, HS: "2-3-8"},
			"4-4-7":  {Kind: Squad, FP: 4, Range: 4, BPV: 10, HS: "2-3-7"},
			"4-2-6":  {Kind: Squad, FP: 4, Range: 2, Class: asl.Conscript, BPV: 7, HS: "2-2-6"},
			"2-3-8":  {Kind: HalfSquad, FP: 2, Range: 3, Class: asl.Elite, BPV: 6},
			"2-3-7":  {Kind: HalfSquad, FP: 2, Range: 3, BPV: 5},
			"2-2-6":  {Kind: HalfSquad, FP: 2, Range: 2, Class: asl.Conscript, BPV: 4},
			"2-2-8":  {Kind: Crew, FP: 2, Range: 2, BPV: 6},
			"8-0":    {Kind: Leader, Mod: 0},
			"9-1":    {Kind: Leader, Mod: -1},
			"7-0":    {Kind: Leader, Mod: 0},
			"6+1":    {Kind: Leader, Mod: 1},
			"9-0C":   {Kind: Leader, Mod: 0},
			"LMG":    {Kind: MG, FP: 2, Range: 6, ROF: 1, B: 12, Dismantle: false},
			"HMG":    {Kind: MG, FP: 6, Range: 12, ROF: 2, B: 11, Dismantle: true},
			"50mm":   {Kind: Mortar, MM: 50, Dismantle: true},
			"ATR":    {Kind: LATW},
			"45L AT": {Kind: Gun, Crew: "2-2-8"},
			"T-34":   {Kind: AFV},
			"SU-76M": {Kind: SPG},
		},
		A1: A1{First: 2, Rows: [][]Item{
			{ItemS, ItemS, ItemL, ItemF, ItemSW}, // 2
			{ItemS, ItemS, ItemL, ItemF, ItemSW}, // 3
			{ItemS, ItemL, ItemSW},               // 4
			{ItemS, ItemSW},                      // 5
			{ItemHS},                             // 6
			{},                                   // 7
			{ItemS},                              // 8
			{ItemHS, ItemSW},                     // 9
			{ItemS, ItemGun},                     // 10
			{ItemAFV},                            // 11
			{ItemSPG, ItemF},                     // 12
		}},
		X2: Table{DRM: []DRM{{From: Date{1941, 6}, Until: Date{1942, 6}, Value: 2}}, Columns: one(2, "4-5-8", "4-5-8", "4-4-7", "4-4-7", "4-4-7", "4-4-7", "4-4-7", "4-2-6")},
		X3: Table{DRM: []DRM{{EliteMMC: true, Value: -1}}, Columns: []Column{{First: 3, Rows: []Entry{
			{Unit: "9-1"}, {Unit: "9-1"}, {Unit: "8-0", Sub: &Sub{Before: Date{1942, 10}, On: map[int]string{1: "9-0C"}}}, {Unit: "8-0"}, {Unit: "7-0"}, {Unit: ""}, {Unit: "6+1"}}}}},
		X4:        Table{Columns: one(2, "HMG", "LMG", "50mm", "LMG", "LMG", "ATR", "LMG", "HMG")},
		X5:        Table{Columns: []Column{{Year: 1941, Site: "inside", First: 2, Rows: []Entry{{Unit: "45L AT"}}}, {Year: 1941, Site: "outside", First: 2, Rows: []Entry{{Unit: "45L AT"}}}}},
		X6:        Table{Columns: one(2, "T-34")},
		X6a:       Table{Columns: one(2, "SU-76M")},
		LongRange: LongRange{HMG: "HMG"},
	}
	return t
}

// britishTables are testTables as a British side's whose squads of one
// FP and range differ only in Class: a 1st Line squad never cowers, a 2nd
// Line one does (A7.9, S29).
func britishTables() *Tables {
	t := testTables()
	t.Nationality = "british"
	t.Units["4-4-7"] = UnitDef{Kind: Squad, FP: 4, Range: 4, BPV: 10, HS: "2-3-7"}
	t.Units["4-4-7b"] = UnitDef{Kind: Squad, FP: 4, Range: 4, Class: asl.SecondLine, BPV: 9, HS: "2-3-7"}
	t.X2 = Table{Columns: []Column{{First: 2, Rows: []Entry{
		{Unit: "4-4-7"}, {Unit: "4-4-7b"}, {Unit: "4-4-7"}, {Unit: "4-4-7b"}, {Unit: "4-4-7"}, {Unit: "4-4-7b"}, {Unit: "4-4-7"}, {Unit: "4-4-7b"}}}}}
	return t
}

func mustUnits(t testing.TB, ss ...string) []asl.Unit {
	t.Helper()
	var us []asl.Unit
	for _, s := range ss {
		u, err := asl.ParseUnit(s)
		if err != nil {
			t.Fatal(err)
		}
		us = append(us, u)
	}
	return us
}

// twoSQ is the reference two-S? crossing: a 4-6-7 with an 8-1 crossing an
// open-ground Location past one S?, then a wooden building past another.
func twoSQ(t testing.TB) *Crossing {
	return &Crossing{
		Stack: mustUnits(t, "4-6-7", "leader:8-1"),
		ELR:   3,
		SQ: []SQ{
			{ID: "A", ACDRM: 0, Site: "outside"},
			{ID: "B", ACDRM: -1, Site: "inside"},
		},
		Path: []Step{
			{Name: "M5", MF: 1, Open: true, Eligible: []Eligible{{ID: "A", Range: 3}}},
			{Name: "M6", MF: 2, TEM: 2, Eligible: []Eligible{{ID: "B", Range: 2, Hindrance: 1}, {ID: "A", Range: 2}}},
		},
		Enemy:   Enemy{AC: 3, Attitude: Hold, MissionDRM: -1, Nationality: "russian", Date: Date{1941, 8}},
		Tables:  testTables(),
		Options: DefaultOptions(),
	}
}
