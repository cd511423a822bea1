package sim

import "math/bits"

// Tens from one 64-bit draw.
//
// The Last Hundred Yards rolls ten-sided dice: a d10, the highest of
// several d10 (a draw over 10^k), a check on a d10. A uniform draw over 10
// takes a whole word of the generator and a multiplication, where a die of
// six takes a digit of the reservoir (sixes.go). A Monte Carlo source
// therefore keeps a second reservoir, of tens: a word accepted by Lemire's
// test for the range 10^19 (about 46% of words are rejected, 2^64 being
// 1.84·10^19), whose base-10 digits, as a fraction r/2^64, are 19
// independent uniform d10. A draw over 10^k equally likely values (a Dist
// whose total is 10^k, or Intn(10^k)) takes the next k digits with one
// multiplication, as a roll of sixes does; too few digits left for a draw
// are dropped. The two reservoirs are apart, so the dice of one never
// change the draws of the other. Exact mode never fills it.

// tenDigits is how many tens one reservoir holds.
const tenDigits = 19

// pow10x19 is 10^19, the range one reservoir is accepted for.
const pow10x19 = 10_000_000_000_000_000_000

// tenReject is 2^64 mod 10^19: Lemire's test rejects a word whose product
// with 10^19 has a low word below it.
const tenReject = (1<<64 - 1 - pow10x19 + 1) % pow10x19

// maxTens is the most tens one draw takes: a Dist of 10^4 outcomes is
// beyond any roll of the rules.
const maxTens = 4

// pow10 is 10^k for k ≤ maxTens, and 0 above; it has 8 entries so that an
// index masked with 7 needs no bounds check.
var pow10 = [8]uint64{1, 10, 100, 1000, 10000}

// tensFor returns the k ≤ maxTens for which n is 10^k, or 0 when there is
// none: a draw over a divisor of 10^k that is no power of ten (5, 20, 25)
// stays a uniform draw. Of the games that roll no d10, only Solitaire
// ASL's random pick among exactly ten tied S? (S2) draws over a power of
// ten, and takes a ten like any other.
func tensFor(n uint64) int8 {
	for k := int8(1); k <= maxTens; k++ {
		if pow10[k] == n {
			return k
		}
	}
	return 0
}

// intnDice is how a Monte Carlo Intn(n) draws: k dice when n divides
// 6^k (sixes.go), else t tens when n is 10^t, else neither, a uniform
// draw over n. Source.Intn, the walk's ops and the record of a run's
// draws all ask it, so that they draw alike.
func intnDice(n uint64) (k, t int8) {
	if n < uint64(len(smallSixes)) && smallSixes[n] > 0 {
		return smallSixes[n], 0
	}
	return 0, tensFor(n)
}

// tens returns a uniform integer in [0, 10^k), 1 ≤ k ≤ maxTens,
// refilling the reservoir when it holds fewer than k tens.
func (s *Source) tens(k int8) uint64 {
	if s.tenLeft < k {
		s.refillTens()
	}
	hi, lo := bits.Mul64(s.ten, pow10[k&7])
	s.ten, s.tenLeft = lo, s.tenLeft-k
	return hi
}

// refillTens draws a fresh reservoir of tens.
//
// It is refill's loop with the constants of tens: one loop of both, given
// the range and threshold as arguments, cost the reference attack's hot
// loop 1.5% (BenchmarkHotLoopRatio 1.66 against 1.68).
func (s *Source) refillTens() {
	for {
		r := s.rng.next()
		if r*pow10x19 >= tenReject { // the low word of r·10^19
			s.ten, s.tenLeft = r, tenDigits
			return
		}
	}
}
