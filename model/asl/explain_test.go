package asl

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// sumTerms is the total of a breakdown.
func sumTerms(ts []Term) int {
	s := 0
	for _, t := range ts {
		s += t.Value
	}
	return s
}

// explainedDCs are attacks that between them switch on every DRM, column
// and malfunction reason the working itemizes.
func explainedDCs(t *testing.T) []DCAttack {
	var out []DCAttack
	for _, mode := range []Mode{Placed, Thrown, Set} {
		for _, user := range []User{EliteUser, NonEliteUser, Inexperienced} {
			for k := range 8 {
				a := NewDCAttack(mode, mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1,drm=-1"), mustUnit(t, "hs:2-4-7,concealed"))
				a.User, a.Captured, a.Concealed = user, k&1 != 0, k&2 != 0
				a.DRM = k%3 - 1
				if mode != Set {
					a.TEM, a.CX = k%4, k&4 != 0
				}
				if mode == Thrown {
					a.AFPh, a.FromVehicle = k&2 != 0, k&4 != 0
					a.Throwers, a.ThrowerTEM = []Unit{mustUnit(t, "4-6-8"), mustUnit(t, "leader:9-1,drm=1")}, k%3
					a.Options.CXOnThrowerLocation = k&1 != 0
				}
				if mode == Set {
					a.EnemyInfantry = k % 4
					a.Options.SetDCUsesXPenalty = k&4 != 0
				}
				if k == 7 {
					a.Cave, a.TEM, a.Japanese = true, 0, mode == Set
				}
				out = append(out, a)
			}
		}
	}
	breach := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
	breach.Breach, breach.Building, breach.TEM = RowhouseHexside, Stone, 2
	return append(out, breach)
}

// TestDCWorkingAgreesWithModel holds every itemization to the model's own
// total, and every row of the table to the plan's lookup.
func TestDCWorkingAgreesWithModel(t *testing.T) {
	for i, a := range explainedDCs(t) {
		if err := a.Validate(); err != nil {
			t.Fatalf("attack %d: %v", i, err)
		}
		w := a.Working()
		name := fmt.Sprintf("attack %d (%s)", i, a.Mode)
		for k, rt := range w.Targets {
			if got := sumTerms(rt.Terms); got != rt.DRM || rt.DRM != a.targetDRM(a.Targets[k]) {
				t.Errorf("%s target %d: terms sum to %+d, DRM %+d, model %+d", name, k+1, got, rt.DRM, a.targetDRM(a.Targets[k]))
			}
			if ColumnFor(rt.Column.FP) != rt.Column.Column {
				t.Errorf("%s target %d: FP %g is not the %s column", name, k+1, rt.Column.FP, rt.Column.Heading())
			}
		}
		for k, rt := range w.Throwers {
			if got := sumTerms(rt.Terms); got != rt.DRM {
				t.Errorf("%s thrower %d: terms sum to %+d, DRM %+d", name, k+1, got, rt.DRM)
			}
		}
		if got := 12 + sumTerms(w.Malfunction.Terms); got != w.Malfunction.Value {
			t.Errorf("%s: X# terms give %d, threshold %d", name, got, w.Malfunction.Value)
		}
		ways := 0
		for _, r := range w.Attack {
			ways += r.Ways
			if r.Malfunction != a.Malfunctions(r.Original) || w.Malfunction.Malfunctions(r.Original) != r.Malfunction {
				t.Errorf("%s DR %d: malfunction %v, model %v", name, r.Original, r.Malfunction, a.Malfunctions(r.Original))
			}
			for k, rt := range w.Targets {
				if r.Malfunction || a.Cave {
					continue
				}
				if want := Lookup(rt.Column.Column, r.Final[k]); r.Result[k] != want {
					t.Errorf("%s DR %d target %d: %s, the IFT gives %s", name, r.Original, k+1, r.Result[k], want)
				}
			}
		}
		if ways != 36 {
			t.Errorf("%s: the rows cover %d of 36 ways", name, ways)
		}
		for _, r := range w.Thrower {
			for k, rt := range w.Throwers {
				if want := Lookup(rt.Column.Column, r.Final[k]); r.Result[k] != want {
					t.Errorf("%s thrower DR %d: %s, the IFT gives %s", name, r.Original, r.Result[k], want)
				}
			}
		}
	}
}

func TestAFVWorkingAgreesWithModel(t *testing.T) {
	var attacks []AFVAttack
	for _, mode := range []Mode{Placed, Thrown, Set} {
		for _, armor := range []string{"hull=11/8/8,turret=11/8/8", "hull=1/0/-,turret=1/0/0", "-/-/-"} {
			for k := range 4 {
				a := NewAFVAttack(mode, mustArmor(t, armor))
				a.CE, a.Concealed = k&1 != 0, k&2 != 0
				a.Riders = []Unit{mustUnit(t, "4-6-7")}
				a.Others = []Unit{mustUnit(t, "hs:2-4-7,concealed"), mustUnit(t, "leader:8-1")}
				a.TEM = k
				if mode != Set {
					a.CX = k&2 != 0
					a.Facing = Facing(k % 3)
				}
				if mode == Thrown {
					a.AFPh, a.Throwers = k&1 != 0, []Unit{mustUnit(t, "4-6-8")}
				}
				if a.Armor.Unarmored() || a.Mode == Set || a.Armor.Hull[a.TargetFacing()] == Unarmored {
					a.Concealed = false
				}
				if err := a.Validate(); err != nil {
					t.Fatalf("%s %s %d: %v", mode, armor, k, err)
				}
				attacks = append(attacks, a)
			}
		}
	}
	for i, a := range attacks {
		w := a.Working()
		name := fmt.Sprintf("afv %d (%s, %s)", i, a.Mode, a.Armor)
		if got := sumTerms(w.PositionTerms); got != w.PositionDRM {
			t.Errorf("%s: Position terms %+d, DRM %+d", name, got, w.PositionDRM)
		}
		for _, c := range w.ToKill {
			if got := sumTerms(c.Terms); got != c.TK {
				t.Errorf("%s %s: TK terms %d, TK# %d", name, c.Name, got, c.TK)
			}
		}
		turret := 0
		for _, r := range w.Position {
			turret += r.TurretWays
		}
		if len(w.Position) > 0 && turret != 15 {
			t.Errorf("%s: %d of 36 ways hit the turret, want 15", name, turret)
		}
		if w.Line != nil && sumTerms(w.Line.Terms) != w.Line.DRM {
			t.Errorf("%s: line terms %+d, DRM %+d", name, sumTerms(w.Line.Terms), w.Line.DRM)
		}
		for k, u := range w.Units {
			if sumTerms(u.Terms) != u.DRM {
				t.Errorf("%s unit %s: terms %+d, DRM %+d", name, u.Unit, sumTerms(u.Terms), u.DRM)
			}
			if ColumnFor(u.Column.FP) != u.Column.Column {
				t.Errorf("%s unit %s: FP %g is not the %s column", name, u.Unit, u.Column.FP, u.Column.Heading())
			}
			for _, r := range w.UnitRows {
				if want := Lookup(u.Column.Column, r.Final[k]); !r.Malfunction && r.Result[k] != want {
					t.Errorf("%s DR %d unit %s: %s, the IFT gives %s", name, r.Original, u.Unit, r.Result[k], want)
				}
			}
		}
	}
}

// TestUnitsAtStart checks the ML and leadership each unit enters with.
func TestUnitsAtStart(t *testing.T) {
	type entry struct {
		ml, lead  int
		leader    string
		elr, hobD int
	}
	for _, c := range []struct {
		units []string
		want  []entry
	}{
		{[]string{"4-6-7", "leader:9-2", "leader:8-1"}, []entry{
			{7, -2, "leader:9-2", 3, 0},
			{9, 0, "", 3, -1}, // never his own modifier; no higher ML (A10.22)
			{8, -2, "leader:9-2", 3, -1},
		}},
		// A wounded 9-2 is an 8 with −1 (A17.3): equal to the 8-1, so
		// neither leads the other, and the MMCs' −1 has two sources.
		{[]string{"leader:8-1", "leader:9-2,wounded", "hs:2-4-7,broken", "4-5-7,class=conscript"}, []entry{
			{8, 0, "", 3, -1},
			{8, 0, "", 3, -1},
			{6, -1, "", -1, 0}, // a HS's broken side one below (A1.122); never Replaced while broken
			{7, -1, "", 3, 1},  // Conscript: +1 on HoB (A19.3)
		}},
	} {
		var units []Unit
		for _, s := range c.units {
			units = append(units, mustUnit(t, s))
		}
		got := UnitsAtStart(units, 3, DefaultOptions())
		for i, w := range c.want {
			g := got[i]
			if g.ML != w.ml || g.Leadership != w.lead || g.Leader != w.leader || g.ELR != w.elr || g.HoBDRM != w.hobD {
				t.Errorf("%s in %v: ML %d, leadership %+d from %q, ELR %d, HoB %+d; want %d, %+d from %q, %d, %+d",
					units[i], c.units, g.ML, g.Leadership, g.Leader, g.ELR, g.HoBDRM, w.ml, w.lead, w.leader, w.elr, w.hobD)
			}
		}
	}
}

// TestNoHoBAtStart: a crew, a hero and a berserk unit take no Heat of
// Battle DR (rules/asl.md §3.8), and show no DRM for one; the others do.
func TestNoHoBAtStart(t *testing.T) {
	var units []Unit
	for _, s := range []string{"4-6-7,class=elite", "leader:9-2,berserk", "hero:1-4-9", "crew:2-2-8", "4-6-7,berserk", "leader:8-1"} {
		units = append(units, mustUnit(t, s))
	}
	want := []bool{false, true, true, true, true, false}
	for i, e := range UnitsAtStart(units, 3, DefaultOptions()) {
		if e.NoHoB != want[i] || e.NoHoB && e.HoBDRM != 0 || !e.NoHoB && e.HoBDRM != -1 {
			t.Errorf("%s: no HoB %v, HoB DRM %+d; want no HoB %v, and −1 where there is one", units[i], e.NoHoB, e.HoBDRM, want[i])
		}
	}
}

// TestNoHoBAboard: a vehicle's Riders and Passengers take no Heat of
// Battle DR (A15.1), the units beside it in its Location do.
func TestNoHoBAboard(t *testing.T) {
	a := NewAFVAttack(Placed, mustArmor(t, "hull=11/8/8,turret=11/8/8"))
	a.Riders = []Unit{mustUnit(t, "4-6-7,class=elite")}
	a.Passengers = []Unit{mustUnit(t, "4-6-7,class=elite")}
	a.Others = []Unit{mustUnit(t, "4-6-7,class=elite")}
	want := []bool{true, true, false}
	for i, e := range a.UnitsAtStart() {
		if e.NoHoB != want[i] {
			t.Errorf("unit %d (%s): no HoB %v, want %v", i+1, e.Unit, e.NoHoB, want[i])
		}
	}
}

// TestSMCClassAtStart: a SMC has no MMC Class; the units table calls a
// leader elite, as his Heat of Battle DR is (§8.51), or "—" with that
// switch off, and a hero "—".
func TestSMCClassAtStart(t *testing.T) {
	units := []Unit{mustUnit(t, "4-6-7"), mustUnit(t, "leader:8-1"), mustUnit(t, "hero:1-4-9")}
	opts := DefaultOptions()
	for _, c := range []struct {
		leadersElite bool
		want         []string
	}{{true, []string{"first", "elite", "—"}}, {false, []string{"first", "—", "—"}}} {
		opts.LeadersElite = c.leadersElite
		var got []string
		for _, e := range UnitsAtStart(units, 3, opts) {
			got = append(got, e.Class)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("leaders elite %v: classes %q, want %q", c.leadersElite, got, c.want)
		}
	}
}

// TestSettingDRHelp: the working of a Set DC says which leader helps the
// setting dr, and why none does where a leader Setter has only leaders
// of his ML or lower with him (A10.7, A10.22); the figure agrees.
func TestSettingDRHelp(t *testing.T) {
	for _, c := range []struct {
		setter []string
		says   string
		set    int64 // sixths: the setting dr succeeds on US# − drm or less
	}{
		{[]string{"4-6-7", "leader:9-2"}, "; leader:9-2 −2 on it while he stands", 5},
		{[]string{"leader:8-1", "leader:9-2"}, "; leader:9-2 −2 on it while he stands", 3},
		{[]string{"leader:9-2", "leader:8-1"}, "; no leader helps, a leader taking only the modifier of one of higher ML", 1},
		{[]string{"leader:9-1", "leader:9-2"}, "; no leader helps, a leader taking only the modifier of one of higher ML", 1},
		{[]string{"4-6-7", "leader:8-0"}, "(Hazardous Movement)", 3},
		// A 9-2 broken leads nobody (A10.7): no A10.22 reason to give.
		{[]string{"leader:8-1", "leader:9-2,broken"}, "(Hazardous Movement)", 1},
		// A 6+1's +1 is a modifier too (A10.72).
		{[]string{"4-6-7", "leader:6+1"}, "; leader:6+1 +1 on it while he stands", 2},
	} {
		a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
		for _, s := range c.setter {
			a.Setter = append(a.Setter, mustUnit(t, s))
		}
		a.User = UserOf(a.Setter)
		w := a.Working()
		var what, ntc string
		for _, term := range w.Chain {
			switch {
			case strings.Contains(term.What, "setting dr"):
				what = term.What
			case strings.Contains(term.What, "NTC"):
				ntc = term.What
			}
		}
		if !strings.HasSuffix(what, c.says) {
			t.Errorf("%v: the setting dr reads %q, want it to end %q", c.setter, what, c.says)
		}
		// The detonation NTC takes the same leader's modifier.
		if help, _, _ := strings.Cut(c.says, " ("); strings.HasPrefix(help, "; ") && !strings.HasSuffix(ntc, help) {
			t.Errorf("%v: the detonation NTC reads %q, want it to end %q", c.setter, ntc, help)
		}
		check(t, fmt.Sprint(c.setter), exactRun(t, a).P(MetricSetting, "set"), c.set, 6)
	}
}

// TestUnitsAtStartTooMany: more units than a Location holds is a
// caller's error, named as such, not an index out of range.
func TestUnitsAtStartTooMany(t *testing.T) {
	units := make([]Unit, Slots+1)
	for i := range units {
		units[i] = mustUnit(t, "4-6-7")
	}
	defer func() {
		r := recover()
		if msg, _ := r.(string); !strings.Contains(msg, "at most 16") {
			t.Errorf("panic %v, want one naming the bound of 16", r)
		}
	}()
	UnitsAtStart(units, 3, DefaultOptions())
	t.Error("no panic")
}

// TestMetricNamesOfAnyNumber: a metric's name spells its number whole,
// whatever it is (a caller's -1 or 12 included), not as a character past
// the digits.
func TestMetricNamesOfAnyNumber(t *testing.T) {
	for k, want := range map[int]string{1: "target.1", 10: "target.10", 123: "target.123", -1: "target.-1"} {
		if got := TargetMetric(k); got != want {
			t.Errorf("TargetMetric(%d) = %q, want %q", k, got, want)
		}
	}
}

// TestKillNumberOfNoColumn: a column past the IFT's is a caller's error,
// named, not a Kill # past 13.
func TestKillNumberOfNoColumn(t *testing.T) {
	if got := KillNumber(Columns - 1); got != 13 {
		t.Errorf("KillNumber(36+) = %d, want 13", got)
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("KillNumber(99): no panic")
		}
	}()
	KillNumber(99)
}

// TestWorkingOfAnInvalidAttack: a working is of a valid attack only, and
// says so when it is not, rather than index out of range on too many
// targets or a column of nonsense for FP NaN.
func TestWorkingOfAnInvalidAttack(t *testing.T) {
	u := mustUnit(t, "4-6-7")
	many := slices.Repeat([]Unit{u}, 20)
	for _, c := range []struct {
		name, want string
		working    func()
	}{
		{"20 targets of a DC", "asl.DCAttack is not valid: target", func() { NewDCAttack(Placed, many...).Working() }},
		{"20 targets of fire", "asl.IFTAttack is not valid: target", func() { NewIFTAttack(8, many...).Working() }},
		{"FP NaN", "asl.IFTAttack is not valid: fp", func() { NewIFTAttack(math.NaN(), u).Working() }},
	} {
		t.Run(c.name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil || !strings.HasPrefix(fmt.Sprint(r), c.want) {
					t.Errorf("panic %v, want one that starts %q", r, c.want)
				}
			}()
			c.working()
		})
	}
}
