package lhy

import "github.com/sapperhq/sapper/sim"

// d10Faces is the number of faces of a d10 (1–10).
const d10Faces = 10

// highest is the highest of several results d10 + DRM, all rolled at once
// (§1; §2.1: only the highest small-arms result counts). It is one draw
// over the possible highest results, weighted exactly, instead of one d10
// per DRM.
type highest struct {
	dist *sim.Dist
	lo   int // the result of outcome 0
}

// newHighest prepares the highest of one roll per DRM; drms is not empty.
// P(highest ≤ v) is the product over the rolls of P(d10 + drm ≤ v); in
// units of 10^-n each factor is a count of faces, so every weight is an
// exact integer.
func newHighest(drms []int) highest {
	lo, hi := 1+drms[0], d10Faces+drms[0]
	for _, d := range drms[1:] {
		lo, hi = min(lo, 1+d), max(hi, d10Faces+d)
	}
	weights := make([]uint64, hi-lo+1)
	var below uint64
	for v := lo; v <= hi; v++ {
		atMost := uint64(1)
		for _, d := range drms {
			atMost *= uint64(min(max(v-d, 0), d10Faces))
		}
		weights[v-lo] = atMost - below
		below = atMost
	}
	return highest{dist: sim.NewDist(weights...), lo: lo}
}

func (h highest) roll(src *sim.Source) int { return h.lo + src.Pick(h.dist) }

// atRoll is the roll that counts against one vehicle: the highest result
// of its ATDRM rolls, those of 2 or less ignored (§3, rules/lhy.md L5).
// Between two equal results the one rolled with a 10 counts, being the
// more detrimental (a 10 can Shock where the other cannot).
type atRoll struct {
	counts bool // false: every roll was ignored
	result int
	ten    bool // the counting roll's d10 read 10
}

// atIgnored is the highest original d10 that anti-tank fire ignores.
const atIgnored = 2

// atKey orders the counting rolls: by result, then a 10 above any other
// roll of the same result.
func atKey(d, drm int) int {
	k := 2 * (d + drm)
	if d == d10Faces {
		k++
	}
	return k
}

// atDraw draws the counting roll against one vehicle as one draw over the
// classes of rolls that end alike for it (Destroyed, Shocked, unaffected),
// each drawn as a representative roll: exact enumeration sees at most
// three branches per vehicle.
type atDraw struct {
	dist *sim.Dist
	rep  []atRoll
}

// newATDraw prepares the counting roll of the ATDRMs drms, classing each
// possible roll with class.
func newATDraw(drms []int, class func(atRoll) int) atDraw {
	lo, hi := atKey(atIgnored+1, drms[0]), atKey(d10Faces, drms[0])
	for _, d := range drms[1:] {
		lo, hi = min(lo, atKey(atIgnored+1, d)), max(hi, atKey(d10Faces, d))
	}
	// faces counts a roll's faces that are ignored or give a key ≤ k.
	faces := func(drm, k int) uint64 {
		var n uint64
		for d := 1; d <= d10Faces; d++ {
			if d <= atIgnored || atKey(d, drm) <= k {
				n++
			}
		}
		return n
	}
	var draw atDraw
	var weights []uint64
	slot := map[int]int{}
	add := func(r atRoll, w uint64) {
		if w == 0 {
			return
		}
		c := class(r)
		i, ok := slot[c]
		if !ok {
			i = len(weights)
			slot[c] = i
			weights = append(weights, 0)
			draw.rep = append(draw.rep, r)
		}
		weights[i] += w
	}
	var below uint64 = 1
	for _, d := range drms {
		below *= faces(d, lo-1)
	}
	add(atRoll{}, below)
	for k := lo; k <= hi; k++ {
		atMost := uint64(1)
		for _, d := range drms {
			atMost *= faces(d, k)
		}
		add(atRoll{counts: true, result: k >> 1, ten: k&1 == 1}, atMost-below)
		below = atMost
	}
	draw.dist = sim.NewDist(weights...)
	return draw
}

func (a atDraw) roll(src *sim.Source) atRoll { return a.rep[src.Pick(a.dist)] }
