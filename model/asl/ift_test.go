package asl

import (
	"math"
	"testing"
)

// TestIFTShape checks the transcription against the pattern of rules/asl.md
// §2.1: the PTC of column k stands in row 5+k with only "—" below it, and
// results never get less severe upward.
func TestIFTShape(t *testing.T) {
	for c := range Column(11) {
		if got := Lookup(c, 5+int(c)); got != PTC {
			t.Errorf("column %v: row %d is %v, want PTC", c.FP(), 5+c, got)
		}
		for row := 6 + int(c); row <= 15; row++ {
			if got := Lookup(c, row); got != NoEffect {
				t.Errorf("column %v row %d: %v, want none", c.FP(), row, got)
			}
		}
		for row := 1; row <= 15; row++ {
			if Lookup(c, row) < Lookup(c, row-1) {
				t.Errorf("column %v: row %d more severe than row %d", c.FP(), row, row-1)
			}
		}
	}
}

// TestIFTExamples are cells quoted in rules/asl.md §9 and §6.5.
func TestIFTExamples(t *testing.T) {
	for _, c := range []struct {
		fp    float64
		final int
		want  IFT
	}{
		{30, 5, KIA1}, {30, 6, K4}, {30, 13, NMC}, {30, 14, PTC}, {30, 2, KIA4},
		{12, 2, KIA1}, {12, 3, K3}, {12, 10, PTC}, {12, 11, NoEffect},
		{36, 6, KIA1}, {36, 7, K4}, {36, 8, MC4}, {16, 3, KIA1}, {12, 13, NoEffect},
		{15, 3, K3}, {18, 3, KIA1}, {7.5, 3, K2}, {-3 + 3, -9, KIA1},
	} {
		col := ColumnFor(max(c.fp, 1))
		if got := Lookup(col, c.final); got != c.want {
			t.Errorf("%v FP, Final %d: %v, want %v", c.fp, c.final, got, c.want)
		}
	}
}

func TestResultNumbers(t *testing.T) {
	if KIA3.KIA() != 3 || K2.K() != 2 || KIA1.K() != 0 {
		t.Error("KIA/K numbers")
	}
	if d, ok := MC3.MC(); !ok || d != 3 {
		t.Error("3MC")
	}
	if d, ok := NMC.MC(); !ok || d != 0 {
		t.Error("NMC")
	}
	if _, ok := PTC.MC(); ok {
		t.Error("PTC is not a MC")
	}
}

// TestColumnForIsTheRightmostColumn holds ColumnFor to its definition
// (A7.3), the rightmost column whose FP does not exceed the attack's, on
// every FP in quarters up to past the last column, and on fractions just
// below and above each column's FP.
func TestColumnForIsTheRightmostColumn(t *testing.T) {
	want := func(fp float64) Column {
		c := Column(0)
		for i, v := range columnFP {
			if v <= fp {
				c = Column(i)
			}
		}
		return c
	}
	fps := []float64{}
	for q := 4; q <= 4*50; q++ {
		fps = append(fps, float64(q)/4)
	}
	for _, v := range columnFP {
		fps = append(fps, math.Nextafter(v, 0), v, math.Nextafter(v, 100), v+1.0/3)
	}
	fps = append(fps, 1e9, math.Inf(1), 0.5, 0, -1, math.NaN())
	for _, fp := range fps {
		if got := ColumnFor(fp); got != want(fp) {
			t.Errorf("ColumnFor(%v) = %v, want %v", fp, got, want(fp))
		}
	}
}
