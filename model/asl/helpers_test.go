package asl

import (
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"

	"github.com/sapperhq/sapper/sim"
)

// experimenter is an attack the engine can run: a DCAttack or an
// AFVAttack.
type experimenter = simtest.Model

// exactOf runs x by exact enumeration.
func exactOf(t testing.TB, x experimenter) *sim.Result { t.Helper(); return simtest.ExactOf(t, x) }

// checkMonteCarlo runs x by Monte Carlo (fixed seed, 400,000 trials)
// against its exact run (simtest.MonteCarloAgrees).
func checkMonteCarlo(t *testing.T, name string, x experimenter) {
	t.Helper()
	simtest.MonteCarloAgrees(t, name, x, 400_000, 5)
}
