package asl_test

import (
	"context"
	"math"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// TestMergeChangesNothing: on every DC attack of the oracle table and on
// fire attacks with and without leaders, the exact enumeration that merges
// equal states (settled units retired, sim.Merge) gives every probability
// of the one that walks every path, to 1e-12, for one worker and two.
func TestMergeChangesNothing(t *testing.T) {
	for _, tc := range oracleCases {
		t.Run(tc.name, func(t *testing.T) {
			a := asl.NewDCAttack(tc.mode)
			for _, s := range tc.targets {
				a.Targets = append(a.Targets, mustUnit(t, s))
			}
			if tc.set != nil {
				tc.set(&a)
			}
			sameWithoutMerge(t, a)
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
			sameWithoutMerge(t, a)
		})
	}
}

// sameWithoutMerge checks x's merged exact run against the unmerged one.
func sameWithoutMerge(t *testing.T, x interface {
	Experiment() (sim.Experiment, error)
}) {
	t.Helper()
	exp, err := x.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	full, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, NoMerge: true, MaxPaths: 1 << 31})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		merged, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range full.Metrics {
			for k, o := range m.Outcomes {
				if got := merged.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
					t.Errorf("-j %d: %s=%s merged %.15f, every path %.15f", workers, m.Name, o.Label, got, o.P)
				}
			}
		}
		if merged.Paths > full.Paths {
			t.Errorf("-j %d: merging walked %d paths, more than %d", workers, merged.Paths, full.Paths)
		}
	}
}
