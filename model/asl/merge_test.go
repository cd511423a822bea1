package asl_test

import (
	"context"
	"math"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/sim"
)

// TestMergeChangesNothing: on every attack of the oracle table, the exact
// enumeration that merges equal states (settled units retired, sim.Merge)
// gives every probability of the one that walks every path, to 1e-12, for
// one worker and two.
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
			exp, err := a.Experiment()
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
		})
	}
}
