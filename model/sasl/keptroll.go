package sasl

import (
	"math/bits"

	"github.com/sapperhq/sapper/model/asl"
)

// The shot roll of a Monte Carlo run that keeps its paths.
//
// A shot's roll (stepPlan.roll) tells apart the dice that any target or
// firer at the Location might: every DRM a unit can have there, every ROF
// and B#. In a run that keeps its paths each of its classes is a branch of
// the graph, which the run learns by running the model on the first trial
// that takes it (sim.Source.KeepsPaths). Most of those branches lead
// where another already does, since this shot's targets and firers tell
// fewer apart: on the reference crossing, a third of the trials that left
// the graph left it at a shot's roll. So such a run draws the roll merged
// into the classes this shot tells apart, as exactRoll finds them: the
// same rolls, so the same figures, and fewer branches. Other runs draw
// the roll as it is, which costs nothing to find.

// keptKey is what the merged classes of a shot's roll depend on beyond
// the roll: its targets' DRMs and, when a later round can follow, its
// firers' ROFs and B#s, each a set of bits, packed with the roll's id in
// one word, for a map of the fastest kind.
type keptKey struct {
	drms  uint32 // bit d−keptMinDRM for each target DRM d beyond the base
	bs    uint16 // bit b for each B# b of a firer that fires now
	rofs  uint8  // bit r for each ROF r of a firer that may keep it
	later bool
}

const (
	// keptMinDRM is the least target DRM a key holds: a DRM outside
	// keptMinDRM…keptMinDRM+23, a ROF above 6 or a B# above 15 leaves the
	// roll as it is. A unit's own DRM (−6…+6, asl.MinUnitDRM) with
	// Hazardous Movement (−2) and FFMO (−1) reaches −9; the window holds
	// −16…+7.
	keptMinDRM = -16
	// maxKept bounds the merged rolls a trial keeps: past it, a shot draws
	// its roll as it is, which is as right and only slower to learn.
	maxKept = 1 << 12
)

// word packs k with the roll's id: 16 bits of id, 24 of DRMs, 16 of B#s,
// 7 of ROFs and 1 for a later round.
func (k keptKey) word(id uint16) uint64 {
	return uint64(id)<<48 | uint64(k.drms)<<24 | uint64(k.bs)<<8 | uint64(k.rofs)<<1 | uint64(boolInt(k.later))
}

// keptRoll returns roll r, of a shot in column col at base DRM base and
// Cowering mode mode, merged into the classes this shot tells apart, for
// a run that keeps its paths; r itself when it tells apart no more, or
// when the shot's key is out of range.
func (t *trial) keptRoll(sp *stepPlan, r *shotRoll, col asl.Column, base, mode int, drm *[asl.MaxUnits]int8) *shotRoll {
	if r.id == 0 {
		return r
	}
	k := keptKey{later: t.round+1 < sp.shots}
	for _, d := range drm[:t.st.Len()] {
		if d == noTarget {
			continue
		}
		if uint(int(d)-keptMinDRM) >= 24 {
			return r
		}
		k.drms |= 1 << (int(d) - keptMinDRM)
	}
	if k.later {
		g := &t.fg
		for _, f := range g.f[:g.n] {
			if !f.fired {
				continue
			}
			if f.rof > 0 && !f.sffNow {
				if f.rof > 6 {
					return r
				}
				k.rofs |= 1 << f.rof
			}
			if f.curB > 0 {
				if f.curB > 15 {
					return r
				}
				k.bs |= 1 << f.curB
			}
		}
	}
	w := k.word(r.id)
	if m, ok := t.kept[w]; ok {
		return m
	}
	if len(t.kept) >= maxKept {
		return r
	}
	if t.kept == nil {
		t.kept = map[uint64]*shotRoll{}
	}
	m := r.merged(shotShape{col: col, base: base, mode: mode, multi: k.later}, t.p.c.Options.CowerOffLowestNoEffect, k)
	t.kept[w] = m
	return m
}

// merged is r with its classes gathered by their effect in a shot of
// shape sh whose targets and firers key k holds (shotEffect); r itself
// when no two of its classes have one effect.
func (r *shotRoll) merged(sh shotShape, offNone bool, k keptKey) *shotRoll {
	ds := bitsOf(uint64(k.drms), keptMinDRM)
	rofs, bs := bitsOf(uint64(k.rofs), 0), bitsOf(uint64(k.bs), 0)
	n := r.sum.Classes()
	if r.usePair {
		n = r.pair.Classes()
	}
	class := make([]int, n)
	var effects []string
	for c := range n {
		var w, col int
		if r.usePair {
			w, col, _ = r.pair.Rep(c)
		} else {
			// A roll of sums only is drawn with no colored die and no
			// doubles (shotRoll.draw), which its shots never read: a
			// representative pair of the sum stands for it.
			s, _ := r.sum.Rep(c)
			w, col = max(s-6, 1), min(s-1, 6)
		}
		e := string(shotEffect(nil, sh, offNone, ds, rofs, bs, w, col))
		class[c] = len(effects)
		for i, f := range effects {
			if f == e {
				class[c] = i
				break
			}
		}
		if class[c] == len(effects) {
			effects = append(effects, e)
		}
	}
	if len(effects) == n {
		return r
	}
	if r.usePair {
		return &shotRoll{pair: r.pair.Merge(class), usePair: true}
	}
	return &shotRoll{sum: r.sum.Merge(class)}
}

// bitsOf lists the bits set in m, least first, each as its position plus
// off.
func bitsOf(m uint64, off int) []int8 {
	var v []int8
	for ; m != 0; m &= m - 1 {
		v = append(v, int8(bits.TrailingZeros64(m)+off))
	}
	return v
}
