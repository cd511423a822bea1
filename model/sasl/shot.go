package sasl

import (
	"slices"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Cowering modes of a shot (S11, S22, S29): no Cowering (directed by a
// leader, or no firer is subject to it), or Cowering one or two columns on
// doubles.
const (
	directed = iota
	cower1
	cower2
	numModes
)

// shotRoll is the Original DR of one Fire Group attack, drawn so that
// exact enumeration sees one branch per class of dice that the attack
// treats alike: per-unit IFT results for every DRM a unit can have,
// doubles when Cowering may apply, the colored die against each ROF, and
// the Original DR against each B#.
type shotRoll struct {
	pair    dice.Pair
	sum     dice.Coarse
	usePair bool
	// id numbers the crossing's shot rolls from 1 (newPlan), for the key
	// of a merged roll (keptRoll); 0 for a roll that has none.
	id uint16
}

// draw returns the Original DR, the colored die (0 when it does not
// matter) and whether the dice are doubles.
func (r *shotRoll) draw(src *sim.Source) (orig, colored int, doubles bool) {
	if !r.usePair {
		return r.sum.Roll(src), 0, false
	}
	w, c := r.pair.Roll(src)
	return w + c, c, w == c
}

// shotShape is what a shot's dice classes depend on.
type shotShape struct {
	col   asl.Column
	base  int // the DRM common to every target: TEM, hindrance, leadership
	mode  int
	multi bool // later shots follow: ROF and B# matter (S13, S14)
}

// shotKeys is what every shot of a crossing has in common: the per-unit
// DRMs beyond base a target can have, and the ROF and B# values of the
// tables.
type shotKeys struct {
	offsets []int
	rofs    []int
	bs      []int
	// offNone: a shot Cowering off the lowest column has no effect
	// (Options.CowerOffLowestNoEffect).
	offNone bool
}

// cowered is the IFT result when Cowering shifts col left by shift
// columns: off the table's left edge, none at all (rules/asl.md 8.54),
// or with offNone false the 1 column's.
func cowered(col asl.Column, shift, final int, offNone bool) asl.IFT {
	switch {
	case int(col) >= shift:
		return asl.Lookup(col-asl.Column(shift), final)
	case offNone:
		return asl.NoEffect
	}
	return asl.Lookup(0, final)
}

func newShotRoll(sh shotShape, k *shotKeys) *shotRoll {
	// The classes' keys, all of one length, are kept end to end in order
	// of id and searched in turn: there are at most 36, and a map of
	// them cost a crossing's set-up more than the keys themselves.
	var seen, buf []byte
	key := func(w, c int) int {
		s := w + c
		dbl := sh.mode != directed && w == c
		b := buf[:0]
		for _, d := range k.offsets {
			if dbl {
				b = append(b, byte(cowered(sh.col, sh.mode, s+sh.base+d, k.offNone)))
			} else {
				b = append(b, byte(asl.Lookup(sh.col, s+sh.base+d)))
			}
		}
		b = append(b, byte(boolInt(dbl)))
		if sh.multi {
			for _, r := range k.rofs {
				b = append(b, byte(boolInt(c <= r)))
			}
			for _, x := range k.bs {
				b = append(b, byte(boolInt(s >= x)))
			}
		}
		buf = b
		n := len(b)
		for id := 0; id*n < len(seen); id++ {
			if string(seen[id*n:id*n+n]) == string(b) {
				return id
			}
		}
		seen = append(seen, b...)
		return len(seen)/n - 1
	}
	if sh.mode != directed || sh.multi && len(k.rofs) > 0 {
		return &shotRoll{pair: dice.NewPair(key), usePair: true}
	}
	// Only the sum matters: key it by a representative pair.
	return &shotRoll{sum: dice.NewCoarse(func(s int) int { return key(max(s-6, 1), min(s-1, 6)) })}
}

// noTarget marks a moving unit the attack does not reach: one that moved
// on or stopped elsewhere, or is eliminated or captured.
const noTarget = -128

// exactRoll is the shot roll of exact mode, whose dice classes are those
// this attack treats alike, not those any attack at the Location might:
// the IFT results of the DRMs its targets have now, doubles only when
// Cowering may apply, and the colored die against the ROF and the
// Original DR against the B# of the firers that fire now, only when a
// later round can follow (S13, S14, S22). Fewer classes are fewer
// branches of the enumeration; Monte Carlo draws sp.roll, so that its
// draws stay as they were. The rolls are kept per trial, which is one
// worker's, by what sets their classes.
func (t *trial) exactRoll(sp *stepPlan, col asl.Column, base, mode int, drm *[asl.MaxUnits]int8) *shotRoll {
	var ds []int8
	for _, d := range drm[:t.st.Len()] {
		if d != noTarget && !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	slices.Sort(ds)
	later := t.round+1 < sp.shots
	k := append(t.rollKey[:0], byte(col), byte(base), byte(mode), byte(boolInt(later)), byte(len(ds)))
	for _, d := range ds {
		k = append(k, byte(d))
	}
	var rofs, bs []int8
	if later {
		g := &t.fg
		for _, f := range g.f[:g.n] {
			if !f.fired {
				continue
			}
			if f.rof > 0 && !f.sffNow && !slices.Contains(rofs, f.rof) {
				rofs = append(rofs, f.rof)
			}
			if f.curB > 0 && !slices.Contains(bs, f.curB) {
				bs = append(bs, f.curB)
			}
		}
		slices.Sort(rofs)
		slices.Sort(bs)
		k = append(k, byte(len(rofs)))
		for _, r := range rofs {
			k = append(k, byte(r))
		}
		for _, b := range bs {
			k = append(k, byte(b))
		}
	}
	t.rollKey = k
	if r, ok := t.rolls[string(k)]; ok {
		return r
	}
	if t.rolls == nil {
		t.rolls = map[string]*shotRoll{}
	}
	class := map[string]int{}
	sh := shotShape{col: col, base: base, mode: mode, multi: later}
	key := func(w, c int) int {
		b := shotEffect(nil, sh, t.p.c.Options.CowerOffLowestNoEffect, ds, rofs, bs, w, c)
		id, ok := class[string(b)]
		if !ok {
			id = len(class)
			class[string(b)] = id
		}
		return id
	}
	var r *shotRoll
	if mode != directed || later && len(rofs) > 0 {
		r = &shotRoll{pair: dice.NewPair(key), usePair: true}
	} else {
		r = &shotRoll{sum: dice.NewCoarse(func(s int) int { return key(max(s-6, 1), min(s-1, 6)) })}
	}
	t.rolls[string(k)] = r
	return r
}

// shotEffect appends to b what the dice (white w, colored c) do in a shot
// of shape sh that a target or firer can tell: the IFT result of each
// target DRM in ds beyond sh.base and, when a later round follows
// (sh.multi), whether they are doubles, the colored die against each ROF
// in rofs and the Original DR against each B# in bs (S13, S14, S22).
// Dice with equal effects are one class of the shot's roll.
func shotEffect(b []byte, sh shotShape, offNone bool, ds, rofs, bs []int8, w, c int) []byte {
	s := w + c
	dbl := sh.mode != directed && w == c
	for _, d := range ds {
		if dbl {
			b = append(b, byte(cowered(sh.col, sh.mode, s+sh.base+int(d), offNone)))
		} else {
			b = append(b, byte(asl.Lookup(sh.col, s+sh.base+int(d))))
		}
	}
	if sh.multi {
		b = append(b, byte(boolInt(dbl)))
		for _, r := range rofs {
			b = append(b, byte(boolInt(c <= int(r))))
		}
		for _, x := range bs {
			b = append(b, byte(boolInt(s >= int(x))))
		}
	}
	return b
}
