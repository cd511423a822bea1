package sasl

import (
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// shoot resolves the Fire Group's mandatory First Fire at the Location:
// round after round while a firer has a shot left and S16 holds (S13).
// Round 1 is at full FP; then a MG that kept ROF fires at full FP again,
// and any other firer within Normal Range makes one Subsequent First Fire
// at half FP (a MG with B#−2). Each round is one Fire Group attack.
func (t *trial) shoot(src *sim.Source, sp *stepPlan) {
	g := &t.fg
	for round := 0; round < sp.shots && g.n > 0; round++ {
		if !t.fireGoesOn() || t.merge(src, round+1) {
			return
		}
		t.round = round
		total := 0.0
		for i := range g.n {
			f := &g.f[i]
			f.fired, f.sffNow = false, false
			switch {
			case f.done:
				continue
			case round == 0 || f.keep:
				f.cur, f.curB = f.fp, f.b
			case f.normal && !f.sff:
				f.cur, f.curB = f.fp/2, f.b-2*int8(boolInt(f.b > 0))
				f.sff, f.sffNow = true, true
			default:
				f.done = true
				continue
			}
			f.fired = true
			total += f.cur
		}
		if total < 1 {
			return // S10: below 1 FP there is no attack
		}
		t.attack(src, sp, total)
	}
}

// cowering is how far the round's Fire Group, undirected, cowers on
// doubles: the round is a Fire Group of its own (S13), made of the firers
// that fire in it, which cowers if one of them is subject to Cowering
// (S29, A7.9), two columns if one of those is Green or Conscript (S22). A
// firer that fired in an earlier round only does not count.
func (g *fireGroup) cowering() int {
	cower, green := false, false
	for _, f := range g.f[:g.n] {
		if f.fired {
			cower = cower || f.cower
			green = green || f.green
		}
	}
	switch {
	case green:
		return cower2
	case cower:
		return cower1
	}
	return directed
}

// attack is one Fire Group attack on the moving units at the Location
// (S11, S12, S14, S22–S24), resolved with the morale rules of package asl.
func (t *trial) attack(src *sim.Source, sp *stepPlan, total float64) {
	g := &t.fg
	col := asl.ColumnFor(total)
	mode, lead := directed, 0
	if g.lead <= 0 {
		lead = int(g.lead)
	} else {
		mode = g.cowering()
	}
	base := sp.tem + int(g.hind) + lead
	ffmo := ffmoDRM(sp.open, sp.tem, int(g.hind))
	var drm [asl.MaxUnits]int8
	for i := range t.st.Len() {
		drm[i] = noTarget
		if !t.present[i] {
			continue
		}
		d := t.p.c.Stack[i].DRM
		switch t.st.Fate(i) {
		case asl.Eliminated, asl.Surrendered:
			continue
		case asl.Pinned: // S12: no FFNAM, FFMO or Hazardous
		case asl.Broken: // S23: FFNAM and FFMO, not the −2
			d += -1 + ffmo
		default:
			d += t.p.normal + ffmo
		}
		drm[i] = int8(d)
	}
	var orig, colored int
	var doubles bool
	if src.Exact() {
		orig, colored, doubles = t.exactRoll(sp, col, base, mode, &drm).draw(src)
	} else {
		r := sp.roll(col, base, mode)
		if src.KeepsPaths() {
			r = t.keptRoll(sp, r, col, base, mode, &drm)
		}
		orig, colored, doubles = r.draw(src)
	}
	cower := mode != directed && doubles
	for i := range t.st.Len() {
		switch {
		case drm[i] == noTarget:
			t.res[i] = asl.NoEffect
		case cower:
			t.res[i] = cowered(col, mode, orig+base+int(drm[i]), t.p.c.Options.CowerOffLowestNoEffect)
		default:
			t.res[i] = asl.Lookup(col, orig+base+int(drm[i]))
		}
	}
	for i := range g.n {
		f := &g.f[i]
		if !f.fired {
			continue
		}
		// S14: a MG breaks down on an Original DR ≥ B#; S22: a cowered
		// round stops its firers and a Subsequent First Fire never keeps ROF.
		malf := f.curB > 0 && orig >= int(f.curB)
		f.keep = !cower && !malf && !f.sffNow && f.rof > 0 && colored <= int(f.rof)
		f.done = cower || malf || f.sffNow
	}
	// The firers' state is settled before the units' morale, so that the
	// merge hook's key holds it (mergekey.go).
	t.stop = t.st.Resolve(src, &t.res, g.close)
}

// ffmoDRM is the FFMO DRM of an attack on a moving unit (S12): −1 in open
// ground where neither TEM nor a Hindrance protects it.
func ffmoDRM(open bool, tem, hind int) int {
	if open && tem == 0 && hind == 0 {
		return -1
	}
	return 0
}
