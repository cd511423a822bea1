package lhy_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/sim"
)

// Two nationalities fire at +1 and +3 and a mortar at +2 on a squad of
// Cohesion 7 stacked with a concealed MG team: the squad, first in 13.1.3
// priority, takes the single highest of the three results. It is
// unaffected if all three stay at 7 or below, (6/10)(4/10)(5/10) = 0.12;
// an FFAR of 10 or more is a Casualty outright, 8 or 9 a Disruption and a
// Cohesion check failed on 8+. Run exactly, then by Monte Carlo.
func Example() {
	mdrm := 2
	attack := lhy.FireAttack{
		SADRM: []int{1, 3},
		MDRM:  &mdrm,
		Units: []lhy.Unit{
			{Name: "squad", Cohesion: 7},
			{Name: "mg", Cohesion: 7, Concealed: true},
		},
	}
	exp, err := attack.Experiment()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, cfg := range []sim.Config{{Method: sim.Exact}, {Trials: 100_000, Seed: 1}} {
		res, err := sim.Run(context.Background(), exp, cfg)
		if err != nil {
			fmt.Println(err)
			return
		}
		squad := res.Metric(lhy.UnitMetric("squad"))
		fmt.Printf("%-5s", res.Method)
		for _, o := range squad.Outcomes {
			fmt.Printf(" %s %.3f", o.Label, o.P)
		}
		fmt.Println()
	}
	// Output:
	// exact casualty 0.729 disrupted 0.151 regrouping 0.000 concealment_lost 0.000 unaffected 0.120
	// mc    casualty 0.729 disrupted 0.150 regrouping 0.000 concealment_lost 0.000 unaffected 0.121
}
