package sim

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestSixReject: each reservoir's rejection threshold is 2^64 mod its
// range, worked out with big integers, and the range, 6^22 = 36^11 or
// 10^19 (tens.go), fits in a word; pow6 holds 6^k up to 22 and 0 above.
func TestSixReject(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, r := range []struct {
		base, digits int64
		size, reject uint64
	}{{6, sixDigits, pow6x22, sixReject}, {10, tenDigits, pow10x19, tenReject}} {
		p := new(big.Int).Exp(big.NewInt(r.base), big.NewInt(r.digits), nil)
		if !p.IsUint64() || p.Uint64() != r.size || p.Cmp(two64) >= 0 {
			t.Fatalf("%d^%d = %v, held as %d", r.base, r.digits, p, r.size)
		}
		if want := new(big.Int).Mod(two64, p).Uint64(); r.reject != want {
			t.Errorf("the threshold of %d^%d is %d, want 2^64 mod it = %d", r.base, r.digits, r.reject, want)
		}
	}
	for k := range pow6 {
		want := uint64(0) // no roll takes more dice than a reservoir holds
		if k <= sixDigits {
			want = new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(k)), nil).Uint64()
		}
		if pow6[k] != want {
			t.Errorf("pow6[%d] = %d, want %d", k, pow6[k], want)
		}
	}
}

// TestRollsCompose: a roll of j+k dice is a·6^k + b, a the roll of the
// first j dice and b that of the next k, and leaves the same reservoir:
// the identity the trial loops use to roll several MCs at once
// (floor(floor(r·6^(j+k)/2^64)/6^k) = floor(r·6^j/2^64)).
func TestRollsCompose(t *testing.T) {
	s := newMC(1, 0)
	for range 100_000 {
		s.refill()
		h := s.Hand()
		j, k := 1+int(s.rng.next()%6), 1+int(s.rng.next()%6)
		ab, hab, ok1 := h.Roll(j + k)
		a, ha, ok2 := h.Roll(j)
		b, hb, ok3 := ha.Roll(k)
		if !ok1 || !ok2 || !ok3 || ab != a*pow6[k]+b || hab != hb {
			t.Fatalf("roll of %d+%d dice from %x: %d %v, rolls %d and %d %v", j, k, h.six, ab, hab, a, b, hb)
		}
	}
}

// TestDiceUniform: Pearson's chi-square of the rolls of three dice, of
// pairs of consecutive two-dice rolls (whose independence the mixed-radix
// identity rests on), and of Intn(4) and Intn(6), each at a fixed seed,
// below the 0.001 critical value.
func TestDiceUniform(t *testing.T) {
	const n = 2_000_000
	for name, c := range map[string]struct {
		cells int
		draw  func(*Source) int
	}{
		"three dice": {216, func(s *Source) int { return int(s.sixes(3)) }},
		"two rolls of two": {1296, func(s *Source) int {
			a, _ := s.Roll(2)
			b, _ := s.Roll(2)
			return int(a*36 + b)
		}},
		"Intn(4)":  {4, func(s *Source) int { return s.Intn(4) }},
		"Intn(6)":  {6, func(s *Source) int { return s.Intn(6) }},
		"Intn(10)": {10, func(s *Source) int { return s.Intn(10) }},
	} {
		uniformDraws(t, name, n, c.cells, c.draw)
	}
}

// uniformDraws draws n times from a Monte Carlo source at a fixed seed,
// topped up before each draw as before a trial, and fails unless
// Pearson's chi-square over cells equally likely values is below its
// 0.001 critical value.
func uniformDraws(t *testing.T, name string, n, cells int, draw func(*Source) int) {
	t.Helper()
	s := newMC(42, 3)
	counts := make([]float64, cells)
	for range n {
		s.topUp()
		counts[draw(s)]++
	}
	e := float64(n) / float64(cells)
	chi := 0.0
	for _, o := range counts {
		chi += (o - e) * (o - e) / e
	}
	// Wilson–Hilferty: the 0.999 quantile of chi-square with df degrees.
	df := float64(cells - 1)
	crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
	if chi > crit {
		t.Errorf("%s: chi-square %.1f over %d cells, critical %.1f", name, chi, cells, crit)
	}
}

// TestRefillRejects: a word whose product with 6^22 has a low word below
// 2^64 mod 6^22 is never kept.
func TestRefillRejects(t *testing.T) {
	s := newMC(9, 9)
	for range 100_000 {
		s.refill()
		if _, lo := bits.Mul64(s.six, pow6x22); lo < sixReject || s.left != sixDigits {
			t.Fatalf("kept %x with %d dice", s.six, s.left)
		}
	}
}

// TestHandRollEveryK: for every count of dice a full hand may be asked
// for, Roll agrees with the reference worked out with big integers — the
// roll floor(r·6^k / 2^64), the hand after it r·6^k mod 2^64 with k dice
// fewer — and with rolling the k dice one at a time; a k the hand does
// not hold (above 22, above what is left, or negative) is refused and
// leaves the hand as it was.
func TestHandRollEveryK(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	s := newMC(7, 1)
	for range 200 {
		s.refill()
		full := s.Hand()
		for k := -1; k <= sixDigits+2; k++ {
			got, after, ok := full.Roll(k)
			if k < 0 || k > sixDigits {
				if ok || after != full || got != 0 {
					t.Fatalf("Roll(%d) of a full hand = %d, %v, %v; want a refusal", k, got, after, ok)
				}
				continue
			}
			prod := new(big.Int).Mul(new(big.Int).SetUint64(full.six), new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(k)), nil))
			want := new(big.Int).Quo(prod, two64)
			rest := new(big.Int).Mod(prod, two64).Uint64()
			if !ok || !want.IsUint64() || got != want.Uint64() || after != (Hand{rest, int8(sixDigits - k)}) {
				t.Fatalf("Roll(%d) of %x = %d, %+v, %v; want %v, {%x %d}", k, full.six, got, after, ok, want, rest, sixDigits-k)
			}
			var one uint64
			h := full
			for range k {
				d, next, ok := h.Roll(1)
				if !ok || d > 5 {
					t.Fatalf("single die %d, %v", d, ok)
				}
				one, h = one*6+d, next
			}
			if one != got || h != after {
				t.Fatalf("Roll(%d) of %x = %d, one die at a time %d", k, full.six, got, one)
			}
			// A hand holding fewer than k dice refuses k.
			if k > 0 {
				short := Hand{after.six, int8(k - 1)}
				if r, h2, ok := short.Roll(k); ok || h2 != short || r != 0 {
					t.Fatalf("Roll(%d) of a hand of %d dice = %d, %v", k, k-1, r, ok)
				}
			}
		}
	}
}

// TestGuideIsTheSearch: for Dists too large for a lookup table, the guided
// search maps every draw to the outcome the binary search of the
// cumulative weights gives — the first bucket draw, the last draw, the
// edges of every outcome, zero weights and a random sample — so that no
// Monte Carlo draw changes outcome.
func TestGuideIsTheSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	dists := []*Dist{
		NewDist(1, 0, 0, 1<<40, 3, 0, 7),
		NewDist(pow6[10]-5, 5),
		NewDist(1, 1<<62),
	}
	for range 40 {
		w := make([]uint64, 1+r.IntN(300))
		for i := range w {
			if r.IntN(4) > 0 {
				w[i] = r.Uint64N(1 << (1 + r.IntN(40)))
			}
		}
		w[r.IntN(len(w))] += 5000
		dists = append(dists, NewDist(w...))
	}
	for _, d := range dists {
		if d.lut != nil {
			t.Fatalf("%v has a lookup table: not a test of the guide", d)
		}
		draws := []uint64{0, d.total - 1}
		for _, c := range d.cum {
			draws = append(draws, c-1, c, c+1)
		}
		for range 2000 {
			draws = append(draws, r.Uint64N(d.total))
		}
		for _, x := range draws {
			if x >= d.total {
				continue
			}
			if got, want := d.index(x), d.search(x); got != want {
				t.Fatalf("draw %d of a Dist of %d outcomes, total %d: guide %d, search %d", x, len(d.cum), d.total, got, want)
			}
		}
	}
}
