package sim

import "math/bits"

// RNGName names the Monte Carlo generator in every result.
const RNGName = "pcg-dxsm"

// pcg is the 128-bit PCG generator with the DXSM output function
// (O'Neill 2014; the variant NumPy and Go's math/rand/v2 use). It is kept
// here, by value, so that the draw is inlined into the trial loop.
type pcg struct{ hi, lo uint64 }

const (
	pcgMulHi = 2549297995355413924
	pcgMulLo = 4865540595714422341
	pcgIncHi = 6364136223846793005
	pcgIncLo = 1442695040888963407
	pcgCheap = 0xda942042e4dd58b5
)

func (p *pcg) seed(a, b uint64) { p.hi, p.lo = a, b }

func (p *pcg) next() uint64 {
	// state = state * mul + inc, in 128 bits.
	hi, lo := bits.Mul64(p.lo, pcgMulLo)
	hi += p.hi*pcgMulLo + p.lo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	p.lo, p.hi = lo, hi
	// DXSM output.
	hi ^= hi >> 32
	hi *= pcgCheap
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// splitmix64 is Steele, Lea and Flood's mixer, used only to derive stream
// seeds.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// streamSeed is the pure function of (seed, chunk) that keys each chunk's
// stream, so a chunk draws the same numbers whichever worker runs it.
func streamSeed(seed, chunk uint64) (uint64, uint64) {
	a := splitmix64(seed ^ splitmix64(chunk))
	b := splitmix64(a ^ 0x5851f42d4c957f2d ^ chunk)
	return a, b
}
