package toi

import (
	"context"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

func TestPoolIsBinomial(t *testing.T) {
	w := pool(3, 2) // three dice hitting on 5–6: 8, 12, 6, 1 of 27 (in 216ths: 64, 96, 48, 8)
	for k, want := range []int64{64, 96, 48, 8} {
		if w[k].Int64() != want {
			t.Errorf("pool(3,2)[%d] = %v, want %d", k, w[k], want)
		}
	}
}

func TestUint64sReducesExactly(t *testing.T) {
	got, rounded := pool(3, 2).uint64s()
	if rounded {
		t.Error("pool(3,2) rounded")
	}
	for k, want := range []uint64{8, 12, 6, 1} {
		if got[k] != want {
			t.Errorf("uint64s[%d] = %d, want %d (divided by 8)", k, got[k], want)
		}
	}
}

// TestUint64sScalesHugeTotals: a pool whose total outgrows 64 bits even
// after reduction is rounded, with no possible value lost and each
// probability within float64 rounding of the exact one.
func TestUint64sScalesHugeTotals(t *testing.T) {
	w := pool(100, 1) // total 6^100; the weights share no divisor
	u, rounded := w.uint64s()
	if !rounded {
		t.Error("a total of 6^100 not reported rounded")
	}
	var total uint64
	for _, x := range u {
		if total+x < total {
			t.Fatal("scaled weights overflow")
		}
		total += x
	}
	exact := w.prob()
	for k, x := range u {
		if w[k].Sign() > 0 && x == 0 {
			t.Errorf("value %d has weight %v but scaled to 0", k, w[k])
		}
		if d := math.Abs(float64(x)/float64(total) - exact[k]); d > 1e-16 {
			t.Errorf("value %d: scaled probability off by %g", k, d)
		}
	}
}

func TestLargestOfCharges(t *testing.T) {
	// Two values 0 or 1 with equal weight: the largest is 0 with 1/4.
	x := weights{big.NewInt(1), big.NewInt(1)}
	p := largest(x, 2).prob()
	if p[0] != 0.25 || p[1] != 0.75 {
		t.Errorf("largest of two coin flips = %v", p)
	}
	if p := largest(x, 0).prob(); len(p) != 1 || p[0] != 1 {
		t.Errorf("largest of none = %v, want certain 0", p)
	}
}

func TestNetNeverBelowZero(t *testing.T) {
	p := net(point(1), pool(2, 6)).prob() // two dice that always cancel one hit
	if len(p) != 2 || p[0] != 1 {
		t.Errorf("net = %v, want certain 0", p)
	}
}

// TestRoundedDrawRefusesFractions: a draw whose weights were rounded
// refuses an exact run asked for fractions; an exact one gives them.
func TestRoundedDrawRefusesFractions(t *testing.T) {
	run := func(d draw) (*sim.Result, error) {
		exp := sim.Experiment{
			Schema: sim.Schema{Metrics: []sim.Metric{sim.CountMetric("hits", "hits", 100)}},
			New: func() sim.Trial {
				return func(src *sim.Source, rec *sim.Record) { rec.Set(0, d.roll(src)) }
			},
		}
		return sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true})
	}
	res, err := run(newDraw(pool(3, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Metrics[0].Outcomes[1].Fraction.String(); got != "4/9" {
		t.Errorf("P(1 hit of 3 dice on 5-6) = %s, want 4/9", got)
	}
	var fe *sim.FractionError
	if _, err := run(newDraw(pool(100, 1))); !errors.As(err, &fe) {
		t.Errorf("a 100-dice pool with fractions: %v, want a *sim.FractionError", err)
	}
}
