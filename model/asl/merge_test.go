package asl_test

import (
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"
	"github.com/sapperhq/sapper/model/asl"
)

// TestMergeChangesNothing: on every DC attack of the oracle table and on
// fire attacks with and without leaders, the exact enumeration that merges
// equal states (settled units retired, sim.Merge) gives every probability
// of the one that walks every path, to 1e-12, for one worker and two.
//
// Cases whose unmerged walk is over mergeBudget paths are skipped; the
// oracle comparison covers them.
func TestMergeChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("the unmerged walks are slow; the plain run checks them")
	}
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			a := asl.NewDCAttack(tc.mode)
			for _, s := range tc.targets {
				a.Targets = append(a.Targets, mustUnit(t, s))
			}
			if tc.set != nil {
				tc.set(&a)
			}
			simtest.SameWithoutMerge(t, a, mergeBudget)
		})
	}
	for _, tc := range []struct {
		name  string
		fp    float64
		units []string
		drm   int
	}{
		{"fire 8 FP +2 on a squad and an 8-1", 8, []string{"4-6-7", "leader:8-1"}, 2},
		{"fire 12 FP on two squads and a 9-1", 12, []string{"4-6-7", "4-6-7", "leader:9-1"}, 0},
		{"fire 16 FP on three squads", 16, []string{"4-6-7", "4-6-7", "4-4-7,class=green"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := asl.NewIFTAttack(tc.fp)
			for _, s := range tc.units {
				a.Targets = append(a.Targets, mustUnit(t, s))
			}
			a.DRM = tc.drm
			simtest.SameWithoutMerge(t, a, mergeBudget)
		})
	}
}

// mergeBudget bounds the unmerged reference walk of one case.
const mergeBudget = 400_000
