package toi

import "github.com/sapperhq/sapper/model/bound"

// The working of a building attack as a player checks it at the table:
// the dice and the faces that count, and the chance of each number of net
// hits on the building, read off the very distribution the trial draws
// (buildingHits).

// Term is one part of a number, with the rule it comes from.
type Term struct {
	Value int    `json:"value"`
	What  string `json:"what"`
	Rule  string `json:"rule"`
}

// Working is the working of the attack on the building.
type Working struct {
	// Dice are the attack dice against the building and the terms that
	// make them (§1, D2); none for charges.
	Dice      int    `json:"dice"`
	DiceTerms []Term `json:"dice_terms"`
	// Charges: the charges detonating and their hits (§3, D4).
	Charges    int  `json:"charges"`
	ChargeHits int  `json:"charge_hits"`
	PerCharge  bool `json:"per_charge"`
	HitOn      int  `json:"hit_on"`
	CancelOn   int  `json:"cancel_on"`
	Cover      int  `json:"cover"`
	Threshold  int  `json:"threshold"`
	// Hits is the chance of each number of net hits on the building, the
	// one attack that decides it (D5).
	Hits []float64 `json:"hits"`
}

// Working returns the working of the attack on the building; ok is false
// in a pillbox hex, which has no building (D6). The attack must be valid:
// Working panics with Validate's error otherwise.
func (a BuildingAttack) Working() (w Working, ok bool) {
	bound.MustBeValid("toi.BuildingAttack", a.Validate())
	if !a.HasBuilding() {
		return Working{}, false
	}
	w = Working{Charges: a.Charges, ChargeHits: a.ChargeHits, PerCharge: a.PerCharge, HitOn: a.HitOn,
		CancelOn: a.CancelOn, Cover: a.Cover, Threshold: a.Threshold, Hits: a.buildingHits().prob()}
	if a.Kind == ChargesAttack {
		return w, true
	}
	w.Dice = a.BuildingDice()
	w.DiceTerms = []Term{{a.Dice, "attack dice (--dice)", "D2"}}
	for _, fp := range a.Combined {
		w.DiceTerms = append(w.DiceTerms, Term{(fp + 1) / 2, "half a joining unit's firepower, rounded up (--combined)", "§1"})
	}
	if a.FireAndMove {
		w.DiceTerms = append(w.DiceTerms, Term{w.Dice - a.Dice, "Fire and Movement halves the dice, rounded up", "§1, D2"})
	}
	return w, true
}

// SuppressiveHits is, for each squad of a suppressive attack ([M4]), the
// chance of each number of net hits it takes, the last DisruptHits or
// more: the shared successes of the area dice less its own cancels (§2,
// D3), read off the distributions the trial draws by success class. The
// attack must be valid and suppressive.
func (a BuildingAttack) SuppressiveHits() [][]float64 {
	var out [][]float64
	successes := pool(a.Area, successFaces(a.HitOn))
	for _, s := range a.Squads {
		out = append(out, capAt(net(successes, a.cancels(a.squadCover(s))), a.DisruptHits).prob())
	}
	return out
}
