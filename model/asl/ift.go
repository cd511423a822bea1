package asl

import "github.com/sapperhq/sapper/internal/enum"

// IFT is a result cell of the Infantry Fire Table (A7). Its value is also
// its index in the `ift` metric's label list.
type IFT uint8

// IFT results, most severe first (A7.301–A7.306).
const (
	KIA7 IFT = iota
	KIA6
	KIA5
	KIA4
	KIA3
	KIA2
	KIA1
	K4
	K3
	K2
	K1
	MC4
	MC3
	MC2
	MC1
	NMC
	PTC
	NoEffect // "—" on the IFT; labelled "none"
	NoAttack // the DC did not detonate
)

var iftLabels = []string{
	"7KIA", "6KIA", "5KIA", "4KIA", "3KIA", "2KIA", "1KIA",
	"K/4", "K/3", "K/2", "K/1",
	"4MC", "3MC", "2MC", "1MC", "NMC", "PTC", "none", "no_attack",
}

func (r IFT) String() string { return enum.Name("IFT", iftLabels, r) }

// KIA returns # of a #KIA result, or 0.
func (r IFT) KIA() int {
	if r <= KIA1 {
		return 7 - int(r)
	}
	return 0
}

// K returns # of a K/# result, or 0.
func (r IFT) K() int {
	if r >= K4 && r <= K1 {
		return 4 - int(r-K4)
	}
	return 0
}

// MC reports whether r calls for a MC, and its DRM # (0 for NMC).
func (r IFT) MC() (drm int, ok bool) {
	if r >= MC4 && r <= NMC {
		return 4 - int(r-MC4), true
	}
	return 0, false
}

// Column is an IFT column, 0 for the 1 FP column up to 10 for 36+.
type Column uint8

// Columns is the number of IFT columns (A7).
const Columns = 11

// columnFP is the FP heading each column (A7).
var columnFP = [Columns]float64{1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36}

// ColumnFor returns the rightmost column whose FP does not exceed fp: FP
// above a column's value is wasted (A7.3). Precondition: fp ≥ 1.
//
// Every column's FP is a whole number, so fp's column is that of its
// whole part: one load, where a Solitaire ASL crossing finds a column on
// every shot.
func ColumnFor(fp float64) Column {
	if fp >= float64(len(columnOf)) {
		return Columns - 1
	}
	if !(fp >= 1) { // NaN too, as the scan of the columns gave
		return 0
	}
	return columnOf[int(fp)]
}

// columnOf is the column of each whole FP up to the last column's.
var columnOf = func() (t [37]Column) {
	for fp := range t {
		for i, v := range columnFP {
			if v <= float64(fp) {
				t[fp] = Column(i)
			}
		}
	}
	return t
}()

// FP is the column's heading. It panics for c not below Columns.
func (c Column) FP() float64 { return columnFP[c] }

// ift is the Infantry Fire Table (A7), row by Final DR (≤0 … ≥15), column
// by FP. Stored literally, as printed; rules/asl.md §2.1. Check: the PTC
// of column k stands in row 5+k, and every row below it is "—".
var ift = [16][Columns]IFT{
	/* ≤0 */ {KIA1, KIA2, KIA2, KIA3, KIA3, KIA3, KIA4, KIA4, KIA5, KIA6, KIA7},
	/*  1 */ {K1, KIA1, KIA1, KIA2, KIA2, KIA2, KIA3, KIA3, KIA4, KIA5, KIA6},
	/*  2 */ {MC1, K1, K2, KIA1, KIA1, KIA1, KIA2, KIA2, KIA3, KIA4, KIA5},
	/*  3 */ {MC1, MC1, MC2, K2, K2, K3, KIA1, KIA1, KIA2, KIA3, KIA4},
	/*  4 */ {NMC, MC1, MC1, MC2, MC2, MC3, K3, K4, KIA1, KIA2, KIA3},
	/*  5 */ {PTC, NMC, MC1, MC1, MC2, MC2, MC3, MC4, K4, KIA1, KIA2},
	/*  6 */ {NoEffect, PTC, NMC, MC1, MC1, MC2, MC2, MC3, MC4, K4, KIA1},
	/*  7 */ {NoEffect, NoEffect, PTC, NMC, MC1, MC1, MC2, MC2, MC3, MC4, K4},
	/*  8 */ {NoEffect, NoEffect, NoEffect, PTC, NMC, MC1, MC1, MC2, MC2, MC3, MC4},
	/*  9 */ {NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC, MC1, MC1, MC2, MC2, MC3},
	/* 10 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC, MC1, MC1, MC2, MC2},
	/* 11 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC, MC1, MC1, MC2},
	/* 12 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC, MC1, MC1},
	/* 13 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC, MC1},
	/* 14 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC, NMC},
	/* 15 */ {NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, NoEffect, PTC},
}

// Lookup returns the IFT result for a Final DR on column c; Final DRs
// beyond the table use its ≤0 and ≥15 rows. It panics for c not below
// Columns.
func Lookup(c Column, final int) IFT {
	return ift[min(max(final, 0), 15)][c]
}
