package asl

import "testing"

// TestR12Breach: success is a Final DR ≤ 13 on the 30 column, not
// malfunctioned (rules/asl.md §9 R12): stone Rowhouse (+3) elite 33/36,
// wooden (+2) elite 35/36, stone Rowhouse non-elite own DC 30/36; Fortified
// stone (+4) elite or non-elite 30/36, Inexperienced 26/36, non-elite with
// a captured DC 21/36.
func TestR12Breach(t *testing.T) {
	for _, c := range []struct {
		name     string
		b        Building
		breach   Breach
		user     User
		captured bool
		want     int64
	}{
		{"stone rowhouse, elite", Stone, RowhouseHexside, EliteUser, false, 33},
		{"wooden rowhouse, elite", Wooden, RowhouseHexside, EliteUser, false, 35},
		{"stone rowhouse, non-elite", Stone, RowhouseHexside, NonEliteUser, false, 30},
		{"fortified stone, elite", Stone, FortifiedHexside, EliteUser, false, 30},
		{"fortified stone, non-elite", Stone, FortifiedHexside, NonEliteUser, false, 30},
		{"fortified stone, inexperienced", Stone, FortifiedHexside, Inexperienced, false, 26},
		{"fortified stone, non-elite captured", Stone, FortifiedHexside, NonEliteUser, true, 21},
	} {
		a := NewDCAttack(Placed, mustUnit(t, "4-6-7"))
		a.Building, a.Breach, a.Fortified = c.b, c.breach, c.breach == FortifiedHexside
		a.User, a.Captured, a.TEM = c.user, c.captured, c.b.TEM(a.Fortified)
		check(t, c.name, exactRun(t, a).P(MetricBreach, "yes"), c.want, 36)
	}
}

// TestBreachFollowOn: the A23.3 example: Original 9 + 4 = 13 breaches a
// Fortified stone hexside while the 12 FP follow-on attack at Final 13
// does nothing; beyond the wall a concealed unit is attacked on the 6
// column.
func TestBreachFollowOn(t *testing.T) {
	a := NewDCAttack(Placed, mustUnit(t, "4-6-7"), mustUnit(t, "4-6-7,concealed"))
	a.Building, a.Fortified, a.Breach, a.TEM = Stone, true, FortifiedHexside, 4
	if !a.Breaches(9) || a.Breaches(10) {
		t.Error("Original 9 must breach a Fortified stone hexside and 10 must not")
	}
	p := newDCPlan(a)
	if p.at[9].res[0] != NoEffect {
		t.Errorf("follow-on at Final 13 on the 12 column: %v", p.at[9].res[0])
	}
	if got, want := p.at[2].res[0], Lookup(ColumnFor(12), 6); got != want {
		t.Errorf("unconcealed beyond at Original 2: %v, want %v", got, want)
	}
	if got, want := p.at[2].res[1], Lookup(ColumnFor(6), 6); got != want {
		t.Errorf("concealed beyond at Original 2: %v, want %v", got, want)
	}
	res := exactRun(t, a)
	if !isNaN(res.P(MetricRubble, "yes")) {
		t.Error("a breach attempt checks for Rubble")
	}
}

func isNaN(x float64) bool { return x != x }

func TestBreachValidation(t *testing.T) {
	a := NewDCAttack(Set, mustUnit(t, "4-6-7"))
	a.Building, a.Breach = Stone, RowhouseHexside
	if err := a.Validate(); err == nil {
		t.Error("a Set DC breaches")
	}
	a = NewDCAttack(Placed)
	a.Breach = RowhouseHexside
	if err := a.Validate(); err == nil {
		t.Error("a breach without a building")
	}
}
