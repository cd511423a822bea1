package asl

import "github.com/sapperhq/sapper/sim"

// MaxSW is the most Support Weapons one unit may possess in input.
const MaxSW = 4

// Random SW Destruction outcomes (A9.74).
const (
	swDestroyed = iota
	swMalfunctioned
	swIntact
)

// swDist is the Random SW Destruction dr of one SW whose possessor a Final
// KIA eliminated (A9.74; rules/asl.md §3.10): the dr is read on the same
// IFT column with no DRM; a KIA destroys the SW, a K malfunctions it, or
// destroys it if it has an X# (x). Guns hit by a DC use C11.6 instead.
func swDist(c Column, x bool) *sim.Dist {
	var w [3]uint64
	for dr := 1; dr <= 6; dr++ {
		r := Lookup(c, dr)
		switch {
		case r.KIA() > 0, r.K() > 0 && x:
			w[swDestroyed]++
		case r.K() > 0:
			w[swMalfunctioned]++
		default:
			w[swIntact]++
		}
	}
	return sim.NewDist(w[:]...)
}

// swTotal is the number of SW the units possess.
func swTotal(units []Unit) int {
	n := 0
	for _, u := range units {
		n += u.SW
	}
	return n
}

// randomSWDestruction rolls for each SW of every unit a #KIA eliminated
// (A9.74), unit i's on dist[i], and returns how many were destroyed and
// how many malfunctioned. Guns are not rolled for (C11.6).
func (l *loc) randomSWDestruction(src *sim.Source, dist *[Slots]*sim.Dist) (lost, malf int) {
	for i := range l.n {
		u := &l.u[i]
		if !u.byKIA {
			continue
		}
		for range u.sw {
			switch src.Pick(dist[i]) {
			case swDestroyed:
				lost++
			case swMalfunctioned:
				malf++
			}
		}
	}
	return lost, malf
}

// eliminateAll removes every unarmored unit of the Location with its SW
// (B24.11 Rubble, B6.33 a destroyed bridge) and returns the SW lost. A
// unit already gone (an earlier attack of a plan) stays as it went.
func (l *loc) eliminateAll() (swLost int) {
	for i := range l.n {
		u := &l.u[i]
		if u.gone() {
			continue
		}
		u.elim = true
		swLost += int(u.sw)
	}
	return swLost
}
