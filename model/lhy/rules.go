package lhy

// Outcomes of a unit, most severe first (rules/lhy.md L3).
const (
	unitCasualty = iota
	unitDisrupted
	unitRegrouping
	unitConcealmentLost
	unitUnaffected
)

// Outcomes of a vehicle, most severe first.
const (
	vehicleDestroyed = iota
	vehicleShocked
	vehicleUnaffected
)

// Outcomes of a unit's Cohesion checks: the worst of them if it took
// several (a Rider Disrupted by the fire and then checking again when its
// AFV is Shocked).
const (
	checkPassed = iota
	checkFailed
	checkNone
)

// priorityGroup is a unit's target priority group of 13.1.3, the first
// group holding a unit taking the result:
//  0. unconcealed, undisrupted combat units;
//  1. concealed, undisrupted combat units;
//  2. disrupted combat units;
//  3. non-combat units.
func priorityGroup(u Unit) int {
	switch {
	case u.NonCombat:
		return 3
	case u.Disrupted:
		return 2
	case u.Concealed:
		return 1
	}
	return 0
}

// targetRank compares two units for a small-arms or mortar result
// (§2.2, rules/lhy.md L1): the earlier priority group, then the best
// Cohesion, then the best Assault Value, then the best SAV. A negative
// rank puts u before w; 0 is a tie, settled at random.
func targetRank(u, w Unit) int {
	for _, d := range [...]int{
		priorityGroup(u) - priorityGroup(w),
		w.Cohesion - u.Cohesion,
		w.AssaultValue - u.AssaultValue,
		w.SAV - u.SAV,
	} {
		if d != 0 {
			return d
		}
	}
	return 0
}

// targets are the units a result may fall on, all tied at the top of
// 13.1.3; a mortar result passes over RNP (§2.2). Only the state before
// the fire counts: selection comes first in the resolution.
func targets(units []Unit, mortar bool) []uint8 {
	var best []uint8
	for i, u := range units {
		if mortar && u.aboard() {
			continue
		}
		switch {
		case len(best) == 0:
			best = []uint8{uint8(i)}
		case targetRank(u, units[best[0]]) < 0:
			best = best[:0]
			best = append(best, uint8(i))
		case targetRank(u, units[best[0]]) == 0:
			best = append(best, uint8(i))
		}
	}
	return best
}

// ffar is the Final Fire Attack Result of a small-arms or mortar result on
// u: one less when u is stacked with its undisrupted platoon leader of a
// higher Cohesion (§2.3).
func ffar(result int, u Unit, leader *int) int {
	if leader != nil && *leader > u.Cohesion {
		return result - 1
	}
	return result
}

// casualtyOnHit: a unit that the FFAR exceeds suffers a Casualty instead
// of Disrupting if it is Heroic, Japanese or Russian, or if the FFAR is 10
// or more (13.1.5–6).
func casualtyOnHit(u Unit, ffar int) bool {
	return u.Heroic || u.Nationality.fanatic() || ffar >= 10
}

// atOutcome reads the counting anti-tank roll against v (§3): an FFAR
// above the [E]AV Destroys it; an AFV is Shocked by an FFAR equal to it,
// or by a roll of 10 whose FFAR is at most 2 below it. The leader's −1
// never applies against vehicles (rules/lhy.md L5).
func atOutcome(v Vehicle, r atRoll) int {
	if !r.counts {
		return vehicleUnaffected
	}
	av := v.armor()
	switch {
	case r.result > av:
		return vehicleDestroyed
	case v.AFV && (r.result == av || r.ten && r.result >= av-2):
		return vehicleShocked
	}
	return vehicleUnaffected
}

// mortarSpecialMV is the least Mortar Value whose roll of 10 also unloads
// every RNP and Destroys a random vehicle (13.1.7).
const mortarSpecialMV = 2
