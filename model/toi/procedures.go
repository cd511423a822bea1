package toi

// The procedures of rules/toi.md, each as the distribution of its result.

// successFaces is how many faces of a d6 show face or more.
func successFaces(face int) int { return 7 - face }

// attackHits is the net hits of n attack dice against a defense of cover
// dice (§1): successes on HitOn or more, less cancels on CancelOn or more,
// never below zero.
func (a BuildingAttack) attackHits(n, cover int) weights {
	return net(pool(n, successFaces(a.HitOn)), a.cancels(cover))
}

// cancels is the cancels of cover defense dice (§1).
func (a BuildingAttack) cancels(cover int) weights {
	return pool(cover, successFaces(a.CancelOn))
}

// chargeHits is the net hits of charges against cover dice (§3): the hits
// are automatic, but the target still rolls its defense dice, as against
// an area attack. All the charges in a hex detonate together (D4): k
// charges are one attack of k × ChargeHits hits.
func (a BuildingAttack) chargeHits(k, cover int) weights {
	return net(point(k*a.ChargeHits), a.cancels(cover))
}

// buildingHits is the net hits on the building of the one attack that
// decides it (D5).
//
//   - An attack on the building, or the building's separate roll after
//     an area attack (D2, D3): BuildingDice() dice against its red dice.
//   - Charges detonating together (D4): one attack of Charges × ChargeHits.
//   - Charges resolved one by one ([M5], D4): each a separate attack; the
//     building never accumulates damage (§4), so it falls if one of them
//     alone reaches the threshold, and the hits reported are the largest
//     of them (D5).
func (a BuildingAttack) buildingHits() weights {
	switch {
	case a.Kind != ChargesAttack:
		return a.attackHits(a.BuildingDice(), a.Cover)
	case a.PerCharge:
		return largest(a.chargeHits(1, a.Cover), a.Charges)
	}
	return a.chargeHits(a.Charges, a.Cover)
}

// chargeDamage is the figures squad s loses to the charges (D4), before
// any collapse: the total of the net hits of every charge, since each net
// hit removes one figure (§2) whether the charges detonate together or one
// by one. Squads on the other side of a pillbox take nothing (D6).
func (a BuildingAttack) chargeDamage(s Squad) weights {
	if a.Pillbox != NoPillbox && s.InPillbox != (a.Pillbox == PillboxInside) {
		return point(0)
	}
	cover := a.squadCover(s)
	if !a.PerCharge {
		return capAt(a.chargeHits(a.Charges, cover), s.Figures)
	}
	lost := point(0)
	one := a.chargeHits(1, cover)
	for range a.Charges {
		lost = capAt(sum(lost, one), s.Figures)
	}
	return lost
}

// areaDamage is the figures squad s loses to an area attack whose dice
// rolled `successes` successes (§2, D3): each squad rolls its own cover
// dice against that shared total.
func (a BuildingAttack) areaDamage(s Squad, successes int) weights {
	return capAt(net(point(successes), a.cancels(a.squadCover(s))), s.Figures)
}

// suppressiveHits is the net hits squad s takes from a suppressive area
// attack whose dice rolled `successes` successes ([M4]): its own cover
// dice against the shared total, as for a normal one (§2, D3), and past
// DisruptHits alike.
func (a BuildingAttack) suppressiveHits(s Squad, successes int) weights {
	return capAt(net(point(successes), a.cancels(a.squadCover(s))), a.DisruptHits)
}

// collapseHits is the net hits of a collapse on one squad (§4, D7): 4
// dice hitting on 4–6, less the cancels of CollapseCover defense dice
// ([M6]; none by default).
func (a BuildingAttack) collapseHits() weights {
	return net(pool(collapseDice, collapseFaces), a.cancels(a.CollapseCover))
}

// afterCollapse adds the collapse to the figures a squad lost before it:
// its survivors take the collapse's net hits (D7), and it cannot lose more
// figures than it has.
func (a BuildingAttack) afterCollapse(lost weights, figures int) weights {
	return capAt(sum(lost, a.collapseHits()), figures)
}
