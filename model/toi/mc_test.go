package toi_test

import (
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
)

// TestMonteCarloAgreesWithExact runs each oracle case by Monte Carlo
// (fixed seed) and checks that every exact probability lies in its 99.99%
// Wilson interval: with a few hundred outcomes in all, a chance miss at
// this level is unlikely, and the fixed seed makes the test deterministic.
func TestMonteCarloAgreesWithExact(t *testing.T) {
	for name, a := range oracleCases(t) {
		simtest.MonteCarloAgrees(t, name, a, 200_000, 5)
	}
}
