package sim

import (
	"math"
	"math/big"
	"math/bits"
	"testing"
)

// TestTenReject: the rejection threshold is 2^64 mod 10^19, worked out
// with big integers, 10^19 fits in a word, and pow10 holds 10^k up to
// maxTens and 0 above.
func TestTenReject(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(tenDigits), nil)
	if !p.IsUint64() || p.Uint64() != pow10x19 || p.Cmp(two64) >= 0 {
		t.Fatalf("10^19 = %v, pow10x19 = %d", p, uint64(pow10x19))
	}
	if want := new(big.Int).Mod(two64, p).Uint64(); tenReject != want {
		t.Errorf("tenReject = %d, want 2^64 mod 10^19 = %d", uint64(tenReject), want)
	}
	for k := range pow10 {
		want := uint64(0)
		if k <= maxTens {
			want = uint64(math.Pow10(k))
		}
		if pow10[k] != want {
			t.Errorf("pow10[%d] = %d, want %d", k, pow10[k], want)
		}
	}
}

// TestTensAreDigits: a draw of k tens is floor(r·10^k / 2^64), worked out
// with big integers, and leaves r·10^k mod 2^64 with k tens fewer; a draw
// of j+k tens is a·10^k + b, a and b the draws of j and then k; a draw
// past the tens left refills first; every kept word passes Lemire's test.
func TestTensAreDigits(t *testing.T) {
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	s := newMC(5, 1)
	for range 50_000 {
		k := int8(1 + s.rng.next()%maxTens)
		if s.tenLeft < k {
			s.refillTens()
			if _, lo := bits.Mul64(s.ten, pow10x19); lo < tenReject || s.tenLeft != tenDigits {
				t.Fatalf("kept %x with %d tens", s.ten, s.tenLeft)
			}
		}
		r, left := s.ten, s.tenLeft
		prod := new(big.Int).Mul(new(big.Int).SetUint64(r), new(big.Int).SetUint64(pow10[k]))
		want, rest := new(big.Int).DivMod(prod, two64, new(big.Int))
		c := *s
		if got := s.tens(k); got != want.Uint64() || s.ten != rest.Uint64() || s.tenLeft != left-k {
			t.Fatalf("tens(%d) of %x = %d, leaving %x %d; want %v, leaving %v %d", k, r, got, s.ten, s.tenLeft, want, rest, left-k)
		}
		if k > 1 {
			a := c.tens(1)
			b := c.tens(k - 1)
			if a*pow10[k-1]+b != want.Uint64() || c.ten != s.ten {
				t.Fatalf("tens(%d) of %x is %v, one then %d give %d and %d", k, r, want, k-1, a, b)
			}
		}
	}
	s.ten, s.tenLeft = 0, 1
	before := s.rng
	_ = s.tens(2)
	if s.rng == before || s.tenLeft != tenDigits-2 {
		t.Errorf("a draw of two tens from one left did not refill: %d left", s.tenLeft)
	}
}

// TestTensUniform: Pearson's chi-square of Intn(10), of a Dist over 100
// equally likely values, of Intn(1000), and of pairs of consecutive d10
// (whose independence the digits rest on), each at a fixed seed, below
// the 0.001 critical value; and a run of d10 interleaved with dice leaves
// each reservoir's draws as they are alone.
func TestTensUniform(t *testing.T) {
	const n = 2_000_000
	flat := make([]uint64, 100)
	for i := range flat {
		flat[i] = 1
	}
	d100 := NewDist(flat...)
	if d100.tens != 2 || d100.sixes != 0 {
		t.Fatalf("a Dist of 100 equal weights: tens %d, sixes %d", d100.tens, d100.sixes)
	}
	for name, c := range map[string]struct {
		cells int
		draw  func(*Source) int
	}{
		"Intn(10)":    {10, func(s *Source) int { return s.Intn(10) }},
		"Pick(d100)":  {100, func(s *Source) int { return s.Pick(d100) }},
		"Intn(1000)":  {1000, func(s *Source) int { return s.Intn(1000) }},
		"two d10":     {100, func(s *Source) int { return 10*s.Intn(10) + s.Intn(10) }},
		"d10 and die": {60, func(s *Source) int { return 6*s.Intn(10) + s.Intn(6) }},
	} {
		s := newMC(42, 3)
		counts := make([]float64, c.cells)
		for range n {
			s.topUp()
			counts[c.draw(s)]++
		}
		e := float64(n) / float64(c.cells)
		chi := 0.0
		for _, o := range counts {
			chi += (o - e) * (o - e) / e
		}
		df := float64(c.cells - 1)
		crit := df * math.Pow(1-2/(9*df)+3.09*math.Sqrt(2/(9*df)), 3)
		if chi > crit {
			t.Errorf("%s: chi-square %.1f over %d cells, critical %.1f", name, chi, c.cells, crit)
		}
	}
}

// TestTensForPowersOnly: only a power of ten up to maxTens takes tens;
// its other divisors draw as before.
func TestTensForPowersOnly(t *testing.T) {
	for n, want := range map[uint64]int8{1: 0, 2: 0, 5: 0, 10: 1, 20: 0, 25: 0, 50: 0, 100: 2, 1000: 3, 10000: 4, 100000: 0} {
		if got := tensFor(n); got != want {
			t.Errorf("tensFor(%d) = %d, want %d", n, got, want)
		}
	}
}
