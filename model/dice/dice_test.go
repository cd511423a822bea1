package dice

import (
	"context"
	"math"
	"math/big"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// exactly runs a one-metric experiment exactly and returns P(label i).
func exactly(t *testing.T, labels int, f func(*sim.Source) int) []float64 {
	t.Helper()
	ls := make([]string, labels)
	for i := range ls {
		ls[i] = string(rune('a' + i))
	}
	exp := sim.Experiment{
		Schema: sim.Schema{Metrics: []sim.Metric{{Name: "x", Labels: ls}}},
		New: func() sim.Trial {
			return func(src *sim.Source, rec *sim.Record) { rec.Set(0, f(src)) }
		},
	}
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact})
	if err != nil {
		t.Fatal(err)
	}
	p := make([]float64, labels)
	for i, o := range res.Metrics[0].Outcomes {
		p[i] = o.P
	}
	return p
}

// TestSelectionR19 checks rules/asl.md §9 R19: the chance that a given unit
// is picked for K/# among k candidates is Σₓ (1/6)(x/6)^(k−1): 7/12, 91/216,
// 49/144 for k = 2, 3, 4, and the expected numbers picked 7/6 and 91/72.
func TestSelectionR19(t *testing.T) {
	for _, c := range []struct {
		k        int
		pick     *big.Rat
		expected *big.Rat
	}{
		{2, big.NewRat(7, 12), big.NewRat(7, 6)},
		{3, big.NewRat(91, 216), big.NewRat(91, 72)},
		{4, big.NewRat(49, 144), big.NewRat(49, 36)},
	} {
		sel := NewSelection(c.k, 1)
		p := exactly(t, 2, func(src *sim.Source) int { return int(sel.Draw(src) & 1) })
		want, _ := c.pick.Float64()
		if math.Abs(p[1]-want) > 1e-15 {
			t.Errorf("k=%d: P(unit 0 picked) = %v, want %v", c.k, p[1], c.pick)
		}
		var mean float64
		for s := 1; s <= c.k; s++ {
			mean += float64(s) * sel.PSize(s)
		}
		if want, _ := c.expected.Float64(); math.Abs(mean-want) > 1e-15 {
			t.Errorf("k=%d: expected number picked %v, want %v", c.k, mean, c.expected)
		}
	}
}

// TestSelectionMatchesDice compares the set formula with the literal A.9
// procedure, one dr per candidate, for every k ≤ 5 and n < k.
func TestSelectionMatchesDice(t *testing.T) {
	for k := 1; k <= 5; k++ {
		for n := 1; n <= k+1; n++ {
			// Literal: enumerate 6^k rolls.
			want := make([]float64, 1<<k) // counts, then probabilities
			rolls := make([]int, k)
			total := int(pow(6, k))
			for code := 0; code < total; code++ {
				c := code
				for i := range rolls {
					rolls[i] = c%6 + 1
					c /= 6
				}
				want[literal(rolls, n)]++
			}
			for m := range want {
				want[m] /= float64(total)
			}
			sel := NewSelection(k, n)
			got := exactly(t, 1<<k, func(src *sim.Source) int { return int(sel.Draw(src)) })
			for m := range want {
				if math.Abs(got[m]-want[m]) > 1e-14 {
					t.Errorf("k=%d n=%d set %b: %v, want %v", k, n, m, got[m], want[m])
				}
			}
		}
	}
}

// literal applies A.9 and A7.301 to explicit rolls.
func literal(rolls []int, n int) int {
	if n >= len(rolls) {
		return 1<<len(rolls) - 1
	}
	sorted := append([]int(nil), rolls...)
	for i := range sorted {
		for j := i + 1; j < len(sorted); j++ {
			if sorted[j] > sorted[i] {
				sorted[i], sorted[j] = sorted[j], sorted[i]
			}
		}
	}
	cut := sorted[n-1]
	m := 0
	for i, r := range rolls {
		if r >= cut {
			m |= 1 << i
		}
	}
	return m
}

func TestCoarseKeepsWeights(t *testing.T) {
	// Classes: ≤ 5, 6–8, ≥ 9 (a Position DR, rules/asl.md R13): 10, 16, 10.
	c := NewCoarse(func(s int) int {
		switch {
		case s <= 5:
			return 0
		case s <= 8:
			return 1
		}
		return 2
	})
	p := exactly(t, 3, func(src *sim.Source) int {
		switch r := c.Roll(src); {
		case r <= 5:
			return 0
		case r <= 8:
			return 1
		}
		return 2
	})
	for i, w := range []float64{10, 16, 10} {
		if math.Abs(p[i]-w/36) > 1e-15 {
			t.Errorf("class %d: %v, want %v/36", i, p[i], w)
		}
	}
	if c.Classes() != 3 {
		t.Errorf("classes = %d", c.Classes())
	}
}

func TestDR(t *testing.T) {
	p := exactly(t, 13, func(src *sim.Source) int { return DR(src) })
	for n := 2; n <= 12; n++ {
		if math.Abs(p[n]-PDR(n)) > 1e-15 {
			t.Errorf("P(DR=%d) = %v", n, p[n])
		}
	}
	wc := exactly(t, 13, func(src *sim.Source) int { w, c := WhiteColored(src); return w + c })
	for n := 2; n <= 12; n++ {
		if math.Abs(wc[n]-PDR(n)) > 1e-15 {
			t.Errorf("white+colored P(%d) = %v", n, wc[n])
		}
	}
}

// TestPairHitLocation: merging the 36 pairs by (sum ≤ 5, colored < white)
// keeps their weights; the turret share of the sums 6–8 is 7 of 16
// (rules/asl.md R16).
func TestPairHitLocation(t *testing.T) {
	p := NewPair(func(w, c int) int {
		band := 0
		if w+c >= 6 && w+c <= 8 {
			band = 1
		} else if w+c > 8 {
			band = 2
		}
		return band*2 + b2i(c < w)
	})
	got := exactly(t, 6, func(src *sim.Source) int {
		w, c := p.Roll(src)
		band := 0
		if w+c >= 6 && w+c <= 8 {
			band = 1
		} else if w+c > 8 {
			band = 2
		}
		return band*2 + b2i(c < w)
	})
	// Sums ≤ 5: 10 pairs, 4 with colored < white; 6–8: 16, 7; ≥ 9: 10, 4.
	for i, w := range []float64{6, 4, 9, 7, 6, 4} {
		if math.Abs(got[i]-w/36) > 1e-15 {
			t.Errorf("class %d: %v, want %v/36", i, got[i], w)
		}
	}
	if p.Classes() != 6 {
		t.Errorf("classes = %d", p.Classes())
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
