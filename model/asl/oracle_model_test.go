package asl_test

// The oracle against the model: every metric and label of ~40 varied
// attacks, exact enumeration on both sides.

import (
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// oracleCase is one attack of the comparison table. skip, when set, is why
// the model disagrees with the oracle's reading on it (see readings), with
// the rule numbers; always, why it disagrees under either reading.
type oracleCase struct {
	name    string
	mode    asl.Mode
	targets []string
	set     func(*asl.DCAttack)
	skip    string
	always  string
}

// Why the model disagrees with the oracle's reading (readings, rule
// numbers).
const (
	whyTwoHS = "model: the two broken HS of an underscored squad take one DR between them and lose one HS on a failure (A19.13 EXC, A7.4, A10.2)"
)

func why(reasons ...string) string { return strings.Join(reasons, "; ") }

func boolPtr(b bool) *bool { return &b }

var oracleCases = []oracleCase{
	// Placed
	{name: "placed squad", mode: asl.Placed, targets: []string{"4-6-7"}},
	{name: "placed squad wooden", mode: asl.Placed, targets: []string{"4-6-7"}, set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed 3 squads + 8-1 stone", mode: asl.Placed, targets: []string{"4-6-7", "4-6-7", "4-6-7", "leader:8-1"},
		set: func(a *asl.DCAttack) { a.TEM = 3 }},
	{name: "placed hs + crew", mode: asl.Placed, targets: []string{"hs:2-4-7", "crew:2-2-8"}},
	{name: "placed classes, 9-1, ELR 2", mode: asl.Placed, targets: []string{"leader:9-1", "4-6-8,class=elite", "4-4-7,class=second"},
		set: func(a *asl.DCAttack) { a.TEM, a.ELR = 2, 2 }},
	{name: "placed concealed + 8-0", mode: asl.Placed, targets: []string{"4-6-7", "leader:8-0"},
		set: func(a *asl.DCAttack) { a.Concealed = true }},
	{name: "placed one concealed unit", mode: asl.Placed, targets: []string{"4-6-7,concealed", "4-6-7"}},
	{name: "placed per-unit drm", mode: asl.Placed, targets: []string{"4-6-7,drm=-1", "4-6-7"}, set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed non-elite user", mode: asl.Placed, targets: []string{"4-6-7", "4-6-7"},
		set: func(a *asl.DCAttack) { a.User, a.TEM = asl.NonEliteUser, 1 }},
	{name: "placed inexperienced captured", mode: asl.Placed, targets: []string{"4-6-7"},
		set: func(a *asl.DCAttack) { a.User, a.Captured = asl.Inexperienced, true }},
	{name: "placed green + 7-0", mode: asl.Placed, targets: []string{"4-4-7,class=green", "leader:7-0"},
		set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed green alone", mode: asl.Placed, targets: []string{"4-4-7,class=green"}, set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed conscript ELR 1", mode: asl.Placed, targets: []string{"3-3-6,class=conscript"},
		set: func(a *asl.DCAttack) { a.ELR, a.TEM = 1, 2 }},
	{name: "placed broken squad + broken 8-1", mode: asl.Placed, targets: []string{"4-6-7,broken", "leader:8-1,broken"},
		set: func(a *asl.DCAttack) { a.TEM = 3 }},
	{name: "placed wounded 9-2 + 2 squads", mode: asl.Placed, targets: []string{"leader:9-2,wounded", "4-6-7", "4-6-7"},
		set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed hero + squad", mode: asl.Placed, targets: []string{"hero:1-4-9", "4-6-7"}, set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed wounded hero + 8-1", mode: asl.Placed, targets: []string{"hero:1-4-9,wounded", "leader:8-1"},
		set: func(a *asl.DCAttack) { a.TEM = 3 }},
	{name: "placed broken-ml", mode: asl.Placed, targets: []string{"4-6-7,broken-ml=6", "hs:2-4-7,broken-ml=5,broken"},
		set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed elite ELR 5", mode: asl.Placed, targets: []string{"4-6-8,class=elite,elr=5", "leader:9-1,elr=5"},
		set: func(a *asl.DCAttack) { a.TEM = 4 }},
	{name: "placed ELR 0", mode: asl.Placed, targets: []string{"4-6-7", "4-6-7"}, set: func(a *asl.DCAttack) { a.ELR, a.TEM = 0, 4 }},
	{name: "placed underscore squad + 9-1, ELR 1", always: whyTwoHS, mode: asl.Placed, targets: []string{"6-5-8,underscore", "leader:9-1"},
		set: func(a *asl.DCAttack) { a.ELR, a.TEM = 1, 3 }},
	{name: "placed underscore hs", mode: asl.Placed, targets: []string{"hs:3-3-8,underscore"}, set: func(a *asl.DCAttack) { a.ELR, a.TEM = 1, 2 }},
	{name: "placed 6+1 + 2 squads", mode: asl.Placed, targets: []string{"leader:6+1", "4-6-7", "4-4-7"}, set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed 7-0 + 10-3 + squad", mode: asl.Placed, targets: []string{"leader:7-0", "leader:10-3", "4-6-7"},
		set: func(a *asl.DCAttack) { a.TEM = 5 }},
	{name: "placed 9-1 + 8-1 + squad", mode: asl.Placed, targets: []string{"leader:9-1", "leader:8-1", "4-6-7"},
		set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed squad hs crew 8-1", mode: asl.Placed, targets: []string{"4-6-7", "hs:2-4-7", "crew:2-2-8", "leader:8-1"},
		set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed hazardous drm -2 + 9-1", mode: asl.Placed, targets: []string{"4-6-7", "leader:9-1"},
		set: func(a *asl.DCAttack) { a.DRM, a.TEM = -2, 3 }},
	{name: "placed per-unit ELR", mode: asl.Placed, targets: []string{"4-6-7,elr=1", "4-6-7,elr=4", "leader:8-1,elr=0"},
		set: func(a *asl.DCAttack) { a.TEM = 5 }},
	{name: "placed wounded 8-0 + squad", mode: asl.Placed, targets: []string{"leader:8-0,wounded", "4-4-7"},
		set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed CX", mode: asl.Placed, targets: []string{"4-6-7", "leader:8-1"}, set: func(a *asl.DCAttack) { a.CX, a.TEM = true, 2 }},
	{name: "placed no known enemy", mode: asl.Placed, targets: []string{"4-6-7", "leader:9-1"},
		set: func(a *asl.DCAttack) { a.Options.KnownEnemyInLOS, a.TEM = false, 2 }},
	{name: "placed BH refused, no surrender", mode: asl.Placed, targets: []string{"4-6-7", "leader:9-1"},
		set: func(a *asl.DCAttack) {
			a.Options.AcceptBattleHardening, a.Options.Surrender, a.TEM = false, boolPtr(false), 2
		}},
	{name: "placed HoB off, 4 units", mode: asl.Placed, targets: []string{"4-6-7", "4-6-7", "hs:2-4-7", "leader:9-2"},
		set: func(a *asl.DCAttack) { a.Options.HeatOfBattle, a.TEM = false, 3 }},
	{name: "placed inexperienced, no extra X# penalty", mode: asl.Placed, targets: []string{"4-6-7"},
		set: func(a *asl.DCAttack) { a.User, a.Options.InexperiencedPenalty = asl.Inexperienced, false }},
	{name: "placed mixed columns and DRMs", mode: asl.Placed, targets: []string{"4-6-7,concealed", "hs:2-4-7,drm=-2", "leader:9-1"},
		set: func(a *asl.DCAttack) { a.TEM = 2 }},
	// The readings of §8.46 and §8.49–8.52, each with its switch both ways.
	{name: "placed 7+1 + 8-0 + 4-4-6: no LLMC DRM from 0 or +1", mode: asl.Placed,
		targets: []string{"leader:7+1", "leader:8-0", "4-4-6", "4-4-6"}},
	{name: "placed 7+1 + 8-0 + 4-4-6: positive reversed", mode: asl.Placed,
		targets: []string{"leader:7+1", "leader:8-0", "4-4-6", "4-4-6"},
		set:     func(a *asl.DCAttack) { a.Options.LeaderLossReversesPositive = true }},
	{name: "placed 9-2 + 8-1 + 7-0 + squad: berserk chain", mode: asl.Placed,
		targets: []string{"leader:9-2", "leader:8-1", "leader:7-0", "4-6-7"}, set: func(a *asl.DCAttack) { a.TEM = 2 }},
	{name: "placed 9-2 + 8-1 + 7-0 + squad: no chain", mode: asl.Placed,
		targets: []string{"leader:9-2", "leader:8-1", "leader:7-0", "4-6-7"},
		set:     func(a *asl.DCAttack) { a.TEM, a.Options.BerserkTCChain = 2, false }},
	{name: "placed leaders not elite", mode: asl.Placed, targets: []string{"leader:9-1", "leader:8-0", "4-6-7"},
		set: func(a *asl.DCAttack) { a.TEM, a.Options.LeadersElite = 1, false }},
	{name: "placed elite squads + 9-1, ELR 1", mode: asl.Placed,
		targets: []string{"4-6-8,class=elite", "4-6-8,class=elite", "leader:9-1"}, set: func(a *asl.DCAttack) { a.ELR, a.TEM = 1, 2 }},
	{name: "placed elite squads + 8-1, ELR 5", mode: asl.Placed,
		targets: []string{"4-6-8,class=elite", "4-6-8,class=elite", "leader:8-1"}, set: func(a *asl.DCAttack) { a.ELR, a.TEM = 5, 3 }},
	{name: "placed ELR 2-4 mixed classes + 7+1", mode: asl.Placed,
		targets: []string{"4-6-8,class=elite,elr=2", "4-4-7,class=second,elr=3", "leader:7+1,elr=4"}, set: func(a *asl.DCAttack) { a.TEM = 1 }},
	{name: "placed fanatic berserk on", mode: asl.Placed, targets: []string{"leader:9-2", "leader:8-1", "4-4-6,class=elite"}},
	{name: "placed fanatic berserk off", mode: asl.Placed, targets: []string{"leader:9-2", "leader:8-1", "4-4-6,class=elite"},
		set: func(a *asl.DCAttack) { a.Options.FanaticBerserk = false }},
	{name: "placed 10-3 + elite squad, ELR 0", mode: asl.Placed, targets: []string{"4-6-8,class=elite", "leader:10-3", "leader:8-0"},
		set: func(a *asl.DCAttack) { a.TEM, a.ELR = 2, 0 }},
	{name: "set 9-2 + 9-1 + 2 elite squads, surrender on", mode: asl.Set,
		targets: []string{"leader:9-2", "leader:9-1", "4-6-8,class=elite", "4-6-8,class=elite"},
		set:     func(a *asl.DCAttack) { a.Options.Surrender, a.DRM = boolPtr(true), 3 }},
	// Thrown
	{name: "thrown + 9-2, thrower squad", mode: asl.Thrown, targets: []string{"4-6-7", "leader:9-2"},
		set: func(a *asl.DCAttack) { a.TEM, a.Throwers = 1, []asl.Unit{mustUnit(nil, "4-6-7")} }},
	{name: "thrown captured elite", mode: asl.Thrown, targets: []string{"4-6-7"},
		set: func(a *asl.DCAttack) {
			a.Captured, a.Throwers = true, []asl.Unit{mustUnit(nil, "hs:2-4-8,class=elite")}
		}},
	{name: "thrown AFPh CX vehicle", mode: asl.Thrown, targets: []string{"4-6-7", "4-6-7"},
		set: func(a *asl.DCAttack) {
			a.AFPh, a.CX, a.FromVehicle, a.ThrowerTEM = true, true, true, 2
			a.Throwers = []asl.Unit{mustUnit(nil, "4-6-7"), mustUnit(nil, "leader:8-1")}
		}},
	{name: "thrown CX on thrower", mode: asl.Thrown, targets: []string{"4-6-7"},
		set: func(a *asl.DCAttack) {
			a.CX, a.Options.CXOnThrowerLocation = true, true
			a.Throwers = []asl.Unit{mustUnit(nil, "4-6-7,drm=-1"), mustUnit(nil, "leader:9-1")}
		}},
	{name: "thrown concealed stone", mode: asl.Thrown, targets: []string{"4-6-7", "hs:2-4-7"},
		set: func(a *asl.DCAttack) { a.Concealed, a.TEM = true, 3 }},
	{name: "thrown drm applies to targets only", mode: asl.Thrown, targets: []string{"4-6-7"},
		set: func(a *asl.DCAttack) { a.DRM, a.Throwers = -1, []asl.Unit{mustUnit(nil, "4-6-7")} }},
	{name: "thrown beside a broken squad and a wounded leader", mode: asl.Thrown, targets: []string{"hs:2-4-7"},
		set: func(a *asl.DCAttack) {
			// The thrower is in Good Order (A7.81); the units with him need not be.
			a.ThrowerTEM = 1
			a.Throwers = []asl.Unit{mustUnit(nil, "hs:2-3-7"), mustUnit(nil, "4-6-7,broken"), mustUnit(nil, "leader:8-1,wounded")}
		}},
	// Set
	{name: "set 2 squads", mode: asl.Set, targets: []string{"4-6-7", "4-6-7"}},
	{name: "set concealed + 10-2", mode: asl.Set, targets: []string{"4-6-7", "leader:10-2"},
		set: func(a *asl.DCAttack) { a.Concealed, a.EnemyInfantry = true, 0 }},
	{name: "set 4 enemy, non-elite", mode: asl.Set, targets: []string{"4-6-7", "hs:2-4-7", "leader:8-0"},
		set: func(a *asl.DCAttack) { a.EnemyInfantry, a.User = 4, asl.NonEliteUser }},
	{name: "set surrender on", mode: asl.Set, targets: []string{"4-4-7", "leader:8-1"},
		set: func(a *asl.DCAttack) { a.Options.Surrender, a.DRM = boolPtr(true), 2 }},
	{name: "set hazardous -2, green", mode: asl.Set, targets: []string{"4-4-7,class=green", "4-4-7,class=green"},
		set: func(a *asl.DCAttack) { a.DRM = -2 }},
	{name: "set inexperienced, no X# on a Set DC", mode: asl.Set, targets: []string{"4-6-7", "crew:2-2-8"},
		set: func(a *asl.DCAttack) {
			a.User, a.EnemyInfantry, a.Options.SetDCUsesXPenalty = asl.Inexperienced, 2, false
		}},
}

// TestOracleAgreesWithModel compares the oracle, in its own reading of the
// rules, with the model on every metric and label of every case; the cases
// where the model reads the rules differently are skipped with the reason.
func TestOracleAgreesWithModel(t *testing.T) {
	if testing.Short() {
		t.Skip("the oracle's brute-force enumeration of every case; the plain run covers it")
	}
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			if r := why(tc.always, tc.skip); tc.always != "" || tc.skip != "" {
				t.Skip(strings.Trim(r, "; "))
			}
			compareWithModel(t, tc)
		})
	}
}

func compareWithModel(t *testing.T, tc oracleCase) {
	t.Helper()
	a := asl.NewDCAttack(tc.mode)
	for _, s := range tc.targets {
		a.Targets = append(a.Targets, mustUnit(t, s))
	}
	if tc.set != nil {
		tc.set(&a)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	if a.Building != asl.NoBuilding || len(a.Placer) > 0 || len(a.Setter) > 0 || a.Elevation != 0 {
		t.Fatal("the oracle models neither Rubble, Placement, Setting nor Elevation")
	}
	compareMetrics(t, oracle(a), a)
}

// compareMetrics checks every metric and label of want against the
// model's exact run of a, to 1e-9.
func compareMetrics(t *testing.T, want map[string]map[string]float64, a interface {
	Experiment() (sim.Experiment, error)
}) {
	t.Helper()
	exp, err := a.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, MaxPaths: 1 << 31})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 0, len(want))
	for name := range want {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m := res.Metric(name)
		if m == nil {
			t.Errorf("%s: the model has no such metric", name)
			continue
		}
		for _, label := range slices.Sorted(maps.Keys(want[name])) {
			p := want[name][label]
			got := res.P(name, label)
			if math.IsNaN(got) {
				t.Errorf("%s: the model has no label %q", name, label)
			} else if math.Abs(got-p) > 1e-9 {
				t.Errorf("%s=%s: model %.12f, oracle %.12f", name, label, got, p)
			}
		}
		if len(m.Outcomes) != len(want[name]) {
			t.Errorf("%s: the model has %d labels, the oracle %d", name, len(m.Outcomes), len(want[name]))
		}
	}
	var extra []string
	for _, m := range res.Metrics {
		if _, ok := want[m.Name]; !ok {
			extra = append(extra, m.Name)
		}
	}
	if len(extra) > 0 {
		t.Logf("not checked (outside the oracle): %s", strings.Join(extra, ", "))
	}
}
