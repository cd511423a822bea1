package sim

import (
	"math"
	"math/big"
	"math/bits"
	"testing"
)

// TestPow10: pow10 holds 10^k up to maxTens and 0 above (its threshold is
// TestSixReject's).
func TestPow10(t *testing.T) {
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
		uniformDraws(t, name, n, c.cells, c.draw)
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
