package benchmarks

import (
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/sim"
)

// crossing is the reference Solitaire ASL crossing: the units dash past
// two S? (mf MF each) on small made-up tables with squads, leaders, MGs
// with ROF and B#, and a dummy row.
func crossing(b testing.TB, mf float64, units ...string) sim.Experiment {
	stack := []asl.Unit{}
	for _, s := range units {
		u, err := asl.ParseUnit(s)
		if err != nil {
			b.Fatal(err)
		}
		stack = append(stack, u)
	}
	rows := func(names ...string) []sasl.Column {
		c := sasl.Column{First: 2}
		for _, n := range names {
			c.Rows = append(c.Rows, sasl.Entry{Unit: n})
		}
		return []sasl.Column{c}
	}
	t := &sasl.Tables{
		Source:      "benchmark tables",
		Nationality: "russian",
		Units: map[string]sasl.UnitDef{
			"4-5-8": {Kind: sasl.Squad, FP: 4, Range: 5, Class: asl.Elite, BPV: 11},
			"4-4-7": {Kind: sasl.Squad, FP: 4, Range: 4, BPV: 10},
			"4-2-6": {Kind: sasl.Squad, FP: 4, Range: 2, Class: asl.Conscript, BPV: 7},
			"9-1":   {Kind: sasl.Leader, Mod: -1},
			"8-0":   {Kind: sasl.Leader},
			"LMG":   {Kind: sasl.MG, FP: 2, Range: 6, ROF: 1, B: 11},
			"HMG":   {Kind: sasl.MG, FP: 6, Range: 12, ROF: 2, B: 11},
		},
		A1: sasl.A1{First: 5, Rows: [][]sasl.Item{
			{sasl.ItemS, sasl.ItemS, sasl.ItemL, sasl.ItemSW}, {sasl.ItemS, sasl.ItemSW}, {}, {sasl.ItemS}, {sasl.ItemS, sasl.ItemL}}},
		X2: sasl.Table{Columns: rows("4-5-8", "4-5-8", "4-4-7", "4-4-7", "4-4-7", "4-4-7", "4-4-7", "4-2-6")},
		X3: sasl.Table{Columns: rows("9-1", "9-1", "8-0")},
		X4: sasl.Table{Columns: rows("HMG", "LMG", "LMG", "LMG", "LMG", "LMG", "HMG")},
	}
	c := &sasl.Crossing{
		Stack: stack,
		ELR:   3,
		SQ:    []sasl.SQ{{ID: "A", Site: "outside"}, {ID: "B", ACDRM: -1, Site: "inside"}},
		Path: []sasl.Step{
			{Name: "open ground", MF: mf, Open: true, Eligible: []sasl.Eligible{{ID: "A", Range: 3}}},
			{Name: "building", MF: mf, TEM: 2, Eligible: []sasl.Eligible{{ID: "B", Range: 2}}},
		},
		Enemy:   sasl.Enemy{AC: 3, Attitude: sasl.Advance, Nationality: "russian", Date: sasl.Date{Year: 1942, Month: 7}},
		Tables:  t,
		Options: sasl.DefaultOptions(),
	}
	exp, err := c.Experiment()
	if err != nil {
		b.Fatal(err)
	}
	return exp
}

// BenchmarkActivateMonteCarlo measures Monte Carlo trials per second of
// a 4-6-7 and an 8-1 at 2 MF (ROF and Subsequent First Fire).
func BenchmarkActivateMonteCarlo(b *testing.B) { monteCarlo(b, crossing(b, 2, "4-6-7", "leader:8-1")) }

// BenchmarkActivateExact measures exact enumeration of a lone 4-6-7 at
// 1 MF.
func BenchmarkActivateExact(b *testing.B) { exact(b, crossing(b, 1, "4-6-7")) }

// BenchmarkActivateExactHS measures exact enumeration, merging equal
// states, of a 4-6-7 and a HS at 1 MF.
func BenchmarkActivateExactHS(b *testing.B) { exact(b, crossing(b, 1, "4-6-7", "hs:2-4-7")) }

// BenchmarkActivateExactLeader measures exact enumeration of a 4-6-7 and
// an 8-1 at 2 MF: leadership, ROF and Subsequent First Fire.
func BenchmarkActivateExactLeader(b *testing.B) { exact(b, crossing(b, 2, "4-6-7", "leader:8-1")) }
