package toi

import (
	"errors"
	"math/big"
)

// Destroyed returns the exact chance that the attack destroys the
// building (D5):
//
//	P(destroyed) = Σ_{h ≥ Threshold} w(h) / Σ_h w(h)
//
// where w are the weights of the net hits of the one attack that decides
// it (buildingHits), in big integers. It is exact however many dice are
// rolled, where an exact run of the engine has 64-bit weights, rounded
// past about 40 dice (RoundedWeights); the squads in the hex do not
// change it. It returns Validate's error for an invalid attack, and an
// error for one that does not attack a building: a pillbox hex has none
// (D6), and a suppressive attack does not attack it (§4).
func (a BuildingAttack) Destroyed() (*big.Rat, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	switch {
	case !a.HasBuilding():
		return nil, errors.New("a pillbox hex has no building to destroy (D6)")
	case a.Suppressive:
		return nil, errors.New("a suppressive attack does not attack the building (§4)")
	}
	w := a.buildingHits()
	falls := new(big.Int)
	for h := a.Threshold; h < len(w); h++ {
		falls.Add(falls, w[h])
	}
	return new(big.Rat).SetFrac(falls, w.total()), nil
}
