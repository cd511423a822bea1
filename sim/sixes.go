package sim

import "math/bits"

// Dice from one 64-bit draw.
//
// Almost every draw of a wargame is of dice: one die (6), two (36), three
// (216), a Random Selection of a few units. A Monte Carlo source therefore
// keeps a reservoir of dice: a 64-bit word r accepted by Lemire's test for
// the range 6^22 (about 0.1% of words are rejected), whose base-6 digits,
// as a fraction r/2^64, are 22 independent uniform dice. A draw over 6^k
// equally likely values (a Dist whose total is 6^k, or Intn of a divisor of
// 6^k) takes the next k digits with one multiplication, r·6^k: the high
// word is the draw and the low word the rest of the reservoir. The draws
// are exactly uniform and independent, whatever mix of k the trial asks
// for, because each is a block of digits of one uniform integer in
// [0, 6^22) (Lemire 2019; Brackett-Rozinsky and Lemire 2024, "Batched
// ranged random integer generation"). Too few digits left for a draw are
// dropped. Exact mode never fills the reservoir.

// sixDigits is how many dice one reservoir holds.
const sixDigits = 22

// pow6x22 is 6^22, the range one reservoir is accepted for.
const pow6x22 = 131621703842267136

// sixReject is 2^64 mod 6^22: Lemire's test rejects a word whose product
// with 6^22 has a low word below it.
const sixReject = (1<<64 - 1 - pow6x22 + 1) % pow6x22

// maxSixes is the most dice one draw takes.
const maxSixes = 4

// pow6 is 6^k for k ≤ sixDigits, the dice of a full reservoir, and 0
// above (6^23 overflows a word; no roll takes that many dice). It has 32
// entries so that an index masked with 31 needs no bounds check.
var pow6 = func() (p [32]uint64) {
	p[0] = 1
	for k := 1; k <= sixDigits; k++ {
		p[k] = 6 * p[k-1]
	}
	return p
}()

// trialDice is how many dice the reservoir holds at least when a Monte
// Carlo trial starts: the engine refills it before a trial when it holds
// fewer, so that a trial's usual draws all come from it. The rule is
// deterministic, so a chunk's draws still depend only on its seed.
const trialDice = 12

// topUp refills the reservoir before a trial when it holds fewer than
// trialDice dice.
func (s *Source) topUp() {
	if s.left < trialDice {
		s.refill()
	}
}

// refill draws a fresh reservoir.
func (s *Source) refill() {
	for {
		r := s.rng.next()
		if r*pow6x22 >= sixReject { // the low word of r·6^22
			s.six, s.left = r, sixDigits
			return
		}
	}
}

// sixes returns a uniform integer in [0, 6^k), 1 ≤ k ≤ maxSixes, refilling
// the reservoir when it holds fewer than k dice.
func (s *Source) sixes(k int8) uint64 {
	if s.left < k {
		s.refill()
	}
	r, _ := s.Roll(int(k))
	return r
}

// sixesFor returns the k ≤ maxSixes for which n divides 6^k (the fewest
// dice), or 0 when there is none.
func sixesFor(n uint64) int8 {
	for k := int8(1); k <= maxSixes; k++ {
		if pow6[k]%n == 0 {
			return k
		}
	}
	return 0
}

// smallSixes is sixesFor of each n < len(smallSixes), for Intn.
var smallSixes = func() (t [64]int8) {
	for n := range t {
		if n > 0 {
			t[n] = sixesFor(uint64(n))
		}
	}
	return t
}()

// Hand is a Monte Carlo source's reservoir of dice taken out of it as a
// value, for a trial loop that rolls several times: its rolls then stay in
// the processor's registers instead of going through the source's memory,
// and a roll can be looked at before it is kept. Take it with
// Source.Hand, roll with Hand.Roll, and give back the hand as rolled with
// Source.Keep before any other draw from the source. In exact mode a hand
// holds no dice and never rolls.
type Hand struct {
	six  uint64
	left int8
}

// Hand takes the source's reservoir.
func (s *Source) Hand() Hand { return Hand{s.six, s.left} }

// Keep gives back a reservoir taken with Hand, as rolled since.
func (s *Source) Keep(h Hand) { s.six, s.left = h.six, h.left }

// Roll is Source.Roll on the hand, for 0 ≤ k ≤ 22 dice: it returns the
// roll and the hand after it, or false when the hand holds fewer than k
// dice, which is always so for a k above 22 (the dice of a full hand) or
// below 0. h itself is unchanged, so a caller that does not keep the roll
// has drawn nothing. A roll of several dice is several rolls at once: the
// roll of j+k dice is a·6^k + b, where a is the roll of the first j and b
// the roll of the next k.
func (h Hand) Roll(k int) (uint64, Hand, bool) {
	// One unsigned comparison refuses a negative k as well: it wraps
	// above any count of dice.
	if uint(k) > uint(h.left) {
		return 0, h, false
	}
	hi, lo := bits.Mul64(h.six, pow6[k&31])
	return hi, Hand{lo, h.left - int8(k)}, true
}
