package asl

import "github.com/sapperhq/sapper/sim"

// The short path of a DC trial.
//
// On most Original DRs nothing rare happens: every target takes a MC, no
// leader links their checks, and nothing else in the Location (Rubble,
// Flame, a Gun, a bridge, a cave, the thrower's Location) rolls or
// records anything. Each unit's MC is then one draw from its check table
// (checktable.go), and its metrics are the table state's. The draws are
// those resolve makes, in the same order (the check order of a Location
// without a leader is the targets' order), so both paths give the same
// results and the same Monte Carlo stream; the path only skips copying
// and resolving the Location.

// shortPath holds each target's check table for one Original DR.
type shortPath struct {
	tabs []*checkTable
}

// shortPathOf returns the short path of outcome o, or nil when o needs the
// whole procedure.
func (p *dcPlan) shortPathOf(o *outcome) *shortPath {
	a := &p.a
	if p.tab == nil || o.malf || a.Gun || a.Cave || len(a.Throwers) > 0 || o.rubbleKIA > 0 || o.destroys ||
		o.flameKIA || o.spans > 0 {
		return nil
	}
	sp := &shortPath{}
	for i := range a.Targets {
		drm, ok := o.res[i].MC()
		if !ok {
			return nil
		}
		tb := p.tab.tab[i][0][drm]
		if tb == nil {
			return nil
		}
		sp.tabs = append(sp.tabs, tb)
	}
	return sp
}

// shortPath draws every target's MC from its table and records the trial.
func (t *dcTrial) shortPath(src *sim.Source, rec *sim.Record, sp *shortPath) {
	p := t.p
	out, hob := 0, false
	for i, tb := range sp.tabs {
		c := &tb.classes[tb.roll.Class(src)]
		j := 0
		if c.dist != nil {
			j = src.Pick(c.dist)
		}
		r := &c.rec[j]
		r.setTo(rec, p.m.targets+3*i)
		out += r.out
		hob = hob || c.hob[j]
	}
	if p.m.stack >= 0 {
		rec.Set(p.m.stack, b2i(out < len(sp.tabs)))
		rec.Set(p.m.stack+1, out)
		rec.Set(p.m.stack+2, b2i(!hob))
	}
	rec.Set(0, t.e.detonation)
	rec.Set(1, int(t.e.at.ift))
	t.recordEffects(rec, &t.e)
}
