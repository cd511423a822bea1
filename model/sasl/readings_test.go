package sasl

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// oneItem is a crossing whose S? Activates on an AC dr 1–5 (AC# 6, drm −6;
// an Original 6 never, S1) and, with Mission DRM +6, always reads {A1}
// row 8: the one item it. The item's table is rows, by Final DR from 2;
// every other table is testTables'. The moving 4-6-7 crosses open ground
// at range 3, 1 MF.
func oneItem(t *testing.T, it Item, rows ...string) *Crossing {
	c := twoSQ(t)
	c.Stack = mustUnits(t, "4-6-7")
	c.Options.HeatOfBattle = false
	c.Enemy.AC, c.Enemy.MissionDRM = 6, 6
	c.SQ = []SQ{{ID: "A", ACDRM: -6, Site: "outside"}}
	c.Path = []Step{{Name: "M5", MF: 1, Open: true, Eligible: []Eligible{{ID: "A", Range: 3}}}}
	tb := c.Tables
	tb.A1 = A1{First: 7, Rows: [][]Item{{}, {it}}}
	col := Column{First: 2}
	for _, n := range rows {
		col.Rows = append(col.Rows, Entry{Unit: n})
	}
	tb.X2.DRM, tb.X3.DRM = nil, nil
	switch it {
	case ItemS, ItemHS:
		tb.X2.Columns = []Column{col}
	case ItemL:
		tb.X3.Columns = []Column{col}
	case ItemSW:
		tb.X4.Columns = []Column{col}
	case ItemGun:
		col.Year, col.Site = 1941, "outside"
		tb.X5.Columns = []Column{col}
	case ItemAFV:
		tb.X6.Columns = []Column{col}
	case ItemSPG:
		tb.X6a.Columns = []Column{col}
	}
	return c
}

// near reports whether two probabilities agree to 1e-12.
func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

// TestNoneRows is S28: a row of any generation table may be none, and
// then nothing is generated for that item: no generated.* count and no
// fire. Rows 2–6 name a unit and 7–12 none, so the S? Activates on 5 dr
// of 6 and generates the unit on a DR ≤ 6, 15 of 36:
// P(generated = 1) = 5/6 · 15/36 = 25/72. With every row none nothing is
// ever generated, and nothing fires, so the 4-6-7 always arrives.
func TestNoneRows(t *testing.T) {
	half := func(n string) []string {
		return []string{n, n, n, n, n, "", "", "", "", "", ""}
	}
	all := make([]string, 11)
	for _, tc := range []struct {
		it   Item
		unit string
	}{
		{ItemS, "4-4-7"}, {ItemHS, "4-4-7"}, {ItemL, "9-1"}, {ItemSW, "HMG"},
		{ItemGun, "45L AT"}, {ItemAFV, "T-34"}, {ItemSPG, "SU-76M"},
	} {
		t.Run(tc.it.String(), func(t *testing.T) {
			res := exactRun(t, oneItem(t, tc.it, half(tc.unit)...))
			if got, want := res.P(GeneratedMetric(tc.it), "1"), 25.0/72; !near(got, want) {
				t.Errorf("P(%s = 1) = %v, want 25/72 = %v", GeneratedMetric(tc.it), got, want)
			}
			res = exactRun(t, oneItem(t, tc.it, all...))
			if got := res.P(MetricActivated, "1"); !near(got, 5.0/6) {
				t.Errorf("all none: P(activated) = %v, want 5/6", got)
			}
			for it := range numItems {
				if got := res.P(GeneratedMetric(it), "0"); got != 1 {
					t.Errorf("all none: P(%s = 0) = %v, want 1", GeneratedMetric(it), got)
				}
			}
			if got := res.P(MetricArrived, "yes"); got != 1 {
				t.Errorf("all none: P(arrived) = %v, want 1: nothing fires", got)
			}
		})
	}
}

// TestNoneRowValidates: Validate takes none (an empty name) in every
// generation table, not only {x3} (S28), and still refuses an unknown
// name.
func TestNoneRowValidates(t *testing.T) {
	for _, it := range []Item{ItemS, ItemL, ItemSW, ItemGun, ItemAFV, ItemSPG} {
		c := oneItem(t, it, "")
		if err := c.Tables.Validate(); err != nil {
			t.Errorf("%s: a none row: %v", it, err)
		}
		c = oneItem(t, it, "Tiger")
		if err := c.Tables.Validate(); err == nil {
			t.Errorf("%s: an unknown unit passes", it)
		}
	}
}

// longRangeOnly is a crossing whose one S? is eligible only for Long Range
// Activation, at range 10 in open ground, forbidding forbid; the ENEMY is
// in Hold with {A5} drm 0.
func longRangeOnly(t *testing.T, forbid ...Item) *Crossing {
	c := twoSQ(t)
	c.Stack = mustUnits(t, "4-6-7")
	c.Options.HeatOfBattle = false
	c.SQ = []SQ{{ID: "A", Site: "outside", Forbid: forbid}}
	c.Path = []Step{{Name: "M5", MF: 1, Open: true, Eligible: []Eligible{{ID: "A", Range: 10, LongRange: true}}}}
	return c
}

// TestForbidLongRange is S21: forbid applies to Long Range generation
// too. The Long Range DR Activates on an Original 2, 1/36 (S17); it
// generates a squad with the HMG, a leader (rerolled until one results)
// and, in Hold, a fortification on an {A5} dr ≤ 4: 1/36 · 4/6 = 1/54.
// The HMG is the squad's: an S? that forbids S generates neither, and
// nothing fires. One that forbids SW has its squad but no HMG, and with
// only the HMG firing at Long Range (S17) nothing fires either.
func TestForbidLongRange(t *testing.T) {
	const lr = 1.0 / 36
	for _, tc := range []struct {
		name        string
		forbid      []Item
		s, sw, l, f float64 // P(generated.X = 1)
		fires       bool
	}{
		{"nothing forbidden", nil, lr, lr, lr, lr * 4 / 6, true},
		{"S forbidden: no squad, no HMG", []Item{ItemS}, 0, 0, lr, lr * 4 / 6, false},
		{"SW forbidden: no HMG", []Item{ItemSW}, lr, 0, lr, lr * 4 / 6, false},
		{"S, L and F forbidden: nothing", []Item{ItemS, ItemL, ItemF}, 0, 0, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := exactRun(t, longRangeOnly(t, tc.forbid...))
			if got := res.P(MetricLongRange, "activated"); !near(got, lr) {
				t.Errorf("P(long_range = activated) = %v, want 1/36", got)
			}
			for _, w := range []struct {
				it   Item
				want float64
			}{{ItemS, tc.s}, {ItemSW, tc.sw}, {ItemL, tc.l}, {ItemF, tc.f}} {
				if got := res.P(GeneratedMetric(w.it), "0"); !near(got, 1-w.want) {
					t.Errorf("P(%s = 1) = %v, want %v", GeneratedMetric(w.it), 1-got, w.want)
				}
			}
			if got := res.P(MetricArrived, "yes"); (got < 1) != tc.fires {
				t.Errorf("P(arrived) = %v; the HMG fires: %v", got, tc.fires)
			}
		})
	}
}

// TestLongRangeSquadNone is S5.32 with S28: a Long Range Activation
// generates one squad with its HMG, so an {x2} row of none is rolled
// again, as {x3} is until a leader results (S26). With {x2} half none and
// half one squad, every figure is that of {x2} all that squad; with {x2}
// all none the crossing is refused, not read as an HMG that no squad
// fires.
func TestLongRangeSquadNone(t *testing.T) {
	withRows := func(names ...string) *Crossing {
		c := longRangeOnly(t)
		col := Column{First: 2}
		for _, n := range names {
			col.Rows = append(col.Rows, Entry{Unit: n})
		}
		c.Tables.X2.DRM = nil
		c.Tables.X2.Columns = []Column{col}
		return c
	}
	const squad = "4-5-8" // elite: the leader roll takes its −1 too (S26)
	half := make([]string, 11)
	all := make([]string, 11)
	for i := range half {
		all[i] = squad
		if i < 5 {
			half[i] = squad
		}
	}
	got, want := exactRun(t, withRows(half...)), exactRun(t, withRows(all...))
	if p := got.P(GeneratedMetric(ItemS), "1"); !near(p, 1.0/36) {
		t.Errorf("P(generated.S = 1) = %v, want 1/36: every Long Range Activation has its squad", p)
	}
	for _, m := range want.Metrics {
		for _, o := range m.Outcomes {
			if g, w := got.P(m.Name, o.Label), want.P(m.Name, o.Label); !near(g, w) {
				t.Errorf("%s = %s: %v with {x2} half none, %v with {x2} all %s", m.Name, o.Label, g, w, squad)
			}
		}
	}
	c := withRows(make([]string, 11)...)
	exp, err := c.Experiment()
	if err == nil {
		_, err = sim.RunExact(context.Background(), exp, sim.Config{})
	}
	if err == nil || !strings.Contains(err.Error(), "x2 gives no squad for Long Range Activation") {
		t.Errorf("{x2} all none with Long Range: %v, want it refused", err)
	}
}

// TestMoraleDefaults is S29: the moving stack is resolved with the morale
// defaults of sapper dc and sapper fire (rules/asl.md 8.50–8.52 on).
func TestMoraleDefaults(t *testing.T) {
	got, want := DefaultOptions().StackRules, asl.DefaultOptions().StackRules()
	if got != want {
		t.Errorf("DefaultOptions().StackRules = %+v, want asl's %+v", got, want)
	}
	if !got.BerserkTCChain || !got.LeadersElite || !got.FanaticBerserk || !got.HeatOfBattle {
		t.Errorf("the defaults leave a rules/asl.md §8.50–8.52 reading or Heat of Battle off: %+v", got)
	}
}

// TestLeadersElite is S29 with rules/asl.md 8.51: a lone 8-0 crosses a
// stone building (TEM 3) past an S? that Activates on 5 dr of 6 and
// always generates a 4-4-7 and an 8-0, which directs (leader DRM 0, no
// Cowering). At range 3 the squad's 4 FP read the 4 column at DRM
// TEM 3 − 1 FFNAM = +2: Original 2–3 give a 1MC and 4 an NMC (6/36),
// never a K or KIA. The 8-0's MC passes on an Original 2 (1/36), which
// triggers Heat of Battle; berserk is a Final HoB DR of 9–11. With
// leaders elite (−1) that is a DR of 10–12, 6/36; without it 9–11, 9/36:
//
//	on:  5/6 · 6/36 · 1/36 · 6/36 = 5/7776
//	off: 5/6 · 6/36 · 1/36 · 9/36 = 5/5184
func TestLeadersElite(t *testing.T) {
	for _, tc := range []struct {
		elite bool
		want  float64
	}{{true, 5.0 / 7776}, {false, 5.0 / 5184}} {
		c := oneItem(t, ItemS, "4-4-7")
		c.Options = DefaultOptions()
		c.Options.LeadersElite = tc.elite
		c.Stack = mustUnits(t, "leader:8-0")
		c.Tables.A1.Rows[1] = []Item{ItemS, ItemL}
		c.Tables.X3.Columns = []Column{{First: 2, Rows: []Entry{{Unit: "8-0"}}}}
		c.Path[0].TEM, c.Path[0].Open = 3, false
		res := exactRun(t, c)
		if got := res.P("target.1", "berserk"); !near(got, tc.want) {
			t.Errorf("leaders elite %v: P(berserk) = %v, want %v", tc.elite, got, tc.want)
		}
	}
}

// TestCoweringExemptions is S29 (A7.9): British Elite and 1st Line MMC
// and Finns other than Conscripts never cower; a Fire Group cowers if any
// firer is subject to it, and an all-exempt one never does. The S? Activates on 5 dr of 6 and generates its
// item list; no leader directs. The DRM is set so that only an Original 2
// gives anything: the column's PTC (row 5 + column index; TEM 4 + column
// − 1 FFNAM). An Original 2 is doubles: a Fire Group that cowers reads
// the column to its left, where that row is "—". The lone 4-6-7 (ML 7)
// fails the PTC on 8–12, 15/36, so
//
//	exempt:  P(pinned) = 5/6 · 1/36 · 15/36 = 25/2592
//	cowers:  P(pinned) = 0
func TestCoweringExemptions(t *testing.T) {
	const exempt = 25.0 / 2592
	for _, tc := range []struct {
		name  string
		nat   string
		class asl.Class
		hs    asl.Class // the HS's class: generated too when set
		items []Item
		fp    float64
		want  float64
	}{
		{"British 1st Line", "british", asl.FirstLine, 0, []Item{ItemS}, 4, exempt},
		{"British Elite", "british", asl.Elite, 0, []Item{ItemS}, 4, exempt},
		{"British 1st Line with a 2nd Line HS", "british", asl.FirstLine, asl.SecondLine, []Item{ItemS, ItemHS}, 6, 0},
		{"British Elite with a 1st Line HS: all exempt", "british", asl.Elite, asl.FirstLine, []Item{ItemS, ItemHS}, 6, exempt},
		{"British 2nd Line", "british", asl.SecondLine, 0, []Item{ItemS}, 4, 0},
		{"Finnish Green", "finnish", asl.Green, 0, []Item{ItemS}, 4, exempt},
		{"Finnish 2nd Line with a Green HS: all exempt", "finnish", asl.SecondLine, asl.Green, []Item{ItemS, ItemHS}, 6, exempt},
		{"Finnish Conscript", "finnish", asl.Conscript, 0, []Item{ItemS}, 4, 0},
		{"Finnish 1st Line with a Conscript HS", "finnish", asl.FirstLine, asl.Conscript, []Item{ItemS, ItemHS}, 6, 0},
		{"Russian 1st Line", "russian", asl.FirstLine, 0, []Item{ItemS}, 4, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := oneItem(t, ItemS, "X")
			c.Enemy.Nationality, c.Tables.Nationality = tc.nat, tc.nat
			c.Tables.Units["X"] = UnitDef{Kind: Squad, FP: 4, Range: 4, Class: tc.class, BPV: 10, HS: "x"}
			c.Tables.Units["x"] = UnitDef{Kind: HalfSquad, FP: 2, Range: 3, Class: tc.hs, BPV: 5}
			c.Tables.A1.Rows[1] = tc.items
			c.Path[0].TEM, c.Path[0].Open = 4+int(asl.ColumnFor(tc.fp)), false
			res := exactRun(t, c)
			if got := res.P("target.1", "pinned"); !near(got, tc.want) {
				t.Errorf("P(pinned) = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestCoweringByRound is S13 with S22 and S29: each round of shots is a
// Fire Group of its own, made of the firers that fire in it. It cowers if
// one of them is subject to Cowering, two columns if one of those is
// Green or Conscript; a firer that fired in an earlier round only counts
// for nothing.
func TestCoweringByRound(t *testing.T) {
	exempt := firer{weapon: weapon{fp: 4}}
	subject := firer{weapon: weapon{fp: 2, cower: true}}
	green := firer{weapon: weapon{fp: 2, cower: true, green: true}}
	for _, c := range []struct {
		name  string
		f     []firer
		fired []bool
		want  int
	}{
		{"all exempt", []firer{exempt, exempt}, []bool{true, true}, directed},
		{"one subject", []firer{exempt, subject}, []bool{true, true}, cower1},
		{"one Green", []firer{exempt, subject, green}, []bool{true, true, true}, cower2},
		{"the subject one fired earlier only", []firer{exempt, subject}, []bool{true, false}, directed},
		{"the Green one fired earlier only", []firer{subject, green}, []bool{true, false}, cower1},
	} {
		var g fireGroup
		g.reset()
		for i, f := range c.f {
			f.fired = c.fired[i]
			g.f[g.n] = f
			g.n++
		}
		if got := g.cowering(); got != c.want {
			t.Errorf("%s: cowering %d, want %d", c.name, got, c.want)
		}
	}
}

// TestCowerOffLowestColumn is rules/asl.md §8.54 for the ENEMY's shots: a
// Fire Group of 1 FP that cowers one column falls off the IFT and has no
// effect at all; with CowerOffLowestNoEffect off it stays on the 1
// column. As in TestCoweringExemptions, only an Original 2 (doubles, so
// Cowering) gives anything, the 1 column's PTC at Final 5 (TEM 4, −1
// FFNAM), which the lone 4-6-7 fails on 8–12:
//
//	no effect:      P(pinned) = 0
//	the 1 column:   P(pinned) = 5/6 · 1/36 · 15/36 = 25/2592
func TestCowerOffLowestColumn(t *testing.T) {
	for _, tc := range []struct {
		noEffect bool
		want     float64
	}{{true, 0}, {false, 25.0 / 2592}} {
		c := oneItem(t, ItemS, "X")
		c.Enemy.Nationality, c.Tables.Nationality = "russian", "russian"
		c.Tables.Units["X"] = UnitDef{Kind: Squad, FP: 1, Range: 4, Class: asl.FirstLine, BPV: 10, HS: "x"}
		c.Tables.Units["x"] = UnitDef{Kind: HalfSquad, FP: 1, Range: 3, Class: asl.FirstLine, BPV: 5}
		c.Path[0].TEM, c.Path[0].Open = 4, false
		c.Options.CowerOffLowestNoEffect = tc.noEffect
		res := exactRun(t, c)
		if got := res.P("target.1", "pinned"); !near(got, tc.want) {
			t.Errorf("no effect %v: P(pinned) = %v, want %v", tc.noEffect, got, tc.want)
		}
	}
	if !DefaultOptions().CowerOffLowestNoEffect {
		t.Error("rules/asl.md §8.54's default is no effect at all")
	}
}
