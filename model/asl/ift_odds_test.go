package asl_test

import (
	"context"
	"math"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// TestIFTOddsTable checks the model's IFT odds for every attack from 1 to
// 40 FP (each column, and FP between and beyond them) at DRMs −4 to +6,
// by a 1st Line Infantry firer (Cowering one column on doubles), a Green
// one (two columns) and a leader-directed one (none), against a plain
// calculation: the IFT of rules/asl.md §2.1 as printed, read at each of
// the 36 white/colored pairs, doubles moved left and off the 1 column no
// effect (A7.9, §8.54). These are the figures published IFT calculators
// give.
func TestIFTOddsTable(t *testing.T) {
	fps := []float64{1, 1.5, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40}
	squad := mustUnit(t, "4-6-7")
	for _, firer := range []struct {
		name  string
		shift int
		set   func(*asl.IFTAttack)
	}{
		{"1st Line", 1, nil},
		{"Green", 2, func(a *asl.IFTAttack) { a.FirerClass = asl.Green }},
		{"leader-directed", 0, func(a *asl.IFTAttack) { a.LeaderDirected = true }},
	} {
		for _, fp := range fps {
			for drm := -4; drm <= 6; drm++ {
				want := map[string]float64{}
				for w := 1; w <= 6; w++ {
					for c := 1; c <= 6; c++ {
						col := column(fp)
						if w == c {
							col -= firer.shift
						}
						label := "none"
						if col >= 0 {
							label = iftCell(col, w+c+drm).label()
						}
						want[label] += 1.0 / 36
					}
				}
				a := asl.NewIFTAttack(fp, squad)
				a.DRM = drm
				if firer.set != nil {
					firer.set(&a)
				}
				res := exactFire(t, a)
				for _, l := range oracleIFTLabels {
					if got := res.P("ift", l); math.Abs(got-want[l]) > 1e-12 {
						t.Errorf("%s, %s FP, DRM %+d: P(%s) = %.6f, want %.6f", firer.name, strconv.FormatFloat(fp, 'g', -1, 64), drm, l, got, want[l])
					}
				}
			}
		}
	}
}

// exactFire runs a fire attack by exact enumeration.
func exactFire(t *testing.T, a asl.IFTAttack) *sim.Result {
	t.Helper()
	exp, err := a.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
