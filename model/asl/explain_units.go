package asl

import "fmt"

// UnitEntry is a unit as it enters an attack: the ML its checks use, the
// leadership DRM it receives while its leaders stand, and what else sets
// its checks apart. It is read off the Location the trial starts from.
type UnitEntry struct {
	Unit   Unit `json:"unit"`
	ML     int  `json:"ml"`
	Broken bool `json:"broken"`
	// Class is an MMC's Class; a SMC's is elite when its Heat of Battle
	// DR takes the Elite −1 (a leader, §8.51), else "—".
	Class string `json:"class"`
	// Leadership is the DRM a leader gives the unit's MC and TC (A10.7);
	// Leader names him ("" for none, or when several give the same).
	Leadership int    `json:"leadership"`
	Leader     string `json:"leader,omitempty"`
	// ELR is the Experience Level Rating a failure must exceed for ELR
	// Replacement; −1: never Replaced (A19.11).
	ELR int `json:"elr"`
	// HoBDRM is the DRM of its Heat of Battle DR should an Original 2
	// trigger one (A15.1), before any +1 for being broken then; NoHoB:
	// none can, the unit being a crew, a hero, berserk (rules/asl.md
	// §3.8) or a vehicle's Rider or Passenger (A15.1), and HoBDRM is 0.
	HoBDRM int      `json:"hob_drm"`
	NoHoB  bool     `json:"no_hob,omitempty"`
	Notes  []string `json:"notes,omitempty"`
}

// UnitsAtStart returns the units as they enter an attack on their
// Location: defaultELR for those without elr=, opts for the rules switched.
// The units are those of an attack that validates, so at most Slots of
// them: it panics, naming the bound, on more.
func UnitsAtStart(units []Unit, defaultELR int, opts Options) []UnitEntry {
	if len(units) > Slots {
		panic(fmt.Sprintf("asl: UnitsAtStart of %d units: a Location holds at most %d", len(units), Slots))
	}
	var l loc
	l.setup(units, defaultELR, opts.locRules(false))
	return l.entries(units)
}

func (l *loc) entries(units []Unit) []UnitEntry {
	out := make([]UnitEntry, 0, l.n)
	for i := range l.n {
		u := &l.u[i]
		e := UnitEntry{Unit: units[i], ML: u.curML(), Broken: u.broken, Class: u.class.String(), ELR: int(u.elr)}
		if u.kind.SMC() {
			// A SMC has no Class of an MMC's: leaders are elite (A1.11,
			// §8.51) unless that switch is off; a hero takes no Heat of
			// Battle DR for a Class to change.
			e.Class = "—"
			if l.eliteForHoB(i) {
				e.Class = Elite.String()
			}
		}
		e.Leadership, e.Leader = l.leaderSource(i, units)
		if u.broken || u.heroic {
			e.ELR = -1 // A19.11: never Replaced while broken, nor a hero
		}
		switch {
		case !u.hobOK || u.heroic || u.berserk:
			e.NoHoB = true
		case l.eliteForHoB(i):
			e.HoBDRM--
		}
		if l.inexperienced(i) && !e.NoHoB {
			e.HoBDRM++
		}
		e.Notes = l.notes(i)
		out = append(out, e)
	}
	return out
}

// leaderSource is leaderDRM with the leader who gives it: the one whose
// absence changes it. Two leaders giving the same DRM leave it unnamed.
func (l *loc) leaderSource(i int, units []Unit) (int, string) {
	drm := l.leaderDRM(i)
	for j := range l.n {
		if j == i || l.u[j].kind != Leader {
			continue
		}
		without := *l
		without.u[j].elim = true
		if without.leaderDRM(i) != drm {
			return drm, units[j].String()
		}
	}
	return drm, ""
}

// notes are the reasons a unit's ML or checks differ from its counter's.
func (l *loc) notes(i int) []string {
	u := &l.u[i]
	var n []string
	if u.broken {
		what := "broken: its broken-side ML %d (A10.4)"
		if u.kind == HalfSquad && l.u[i].bml == l.u[i].ml-1 {
			what = "broken: a HS's broken side is one below its ML, %d (A1.122)"
		}
		n = append(n, fmt.Sprintf(what, u.bml))
	}
	if u.wounded {
		n = append(n, "wounded: ML −1, leadership one step worse (A17.3)")
	}
	if u.under {
		n = append(n, "underscored ML: ELR Replacement makes two broken HS (A19.13)")
	}
	switch u.kind {
	case Crew:
		n = append(n, "crew: never ELR-Replaced, no Heat of Battle (A19.11, A15.1)")
	case Hero:
		n = append(n, "hero: never pinned or broken, wounded instead (A15.2)")
	case Leader:
		n = append(n, "leaders check first, highest ML first, and never use their own modifier (A10.2, A10.22)")
	}
	if l.inexperienced(i) {
		n = append(n, "Inexperienced: +1 on its Heat of Battle DR (A19.3)")
	}
	return n
}
