package lhy_test

import (
	"context"
	"os"

	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A command's attack run from Go and written by the command line's own
// report code: the output is the command line's, byte for byte (a test in
// internal/cli runs the command below and holds the two to each other).
//
//	sapper lhy --sadrm 1 --target squad:7 --method exact --format csv
func Example_report() {
	a := lhy.FireAttack{SADRM: []int{1}, Units: []lhy.Unit{{Name: "squad", Cohesion: 7}}}
	exp, err := a.Experiment()
	if err != nil {
		panic(err)
	}
	// Fractions: each figure rounded once from its exact fraction, as the
	// command line's CSV and JSON are.
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true})
	if err != nil {
		panic(err)
	}
	if err := report.WriteCSV(os.Stdout, report.Report{Command: "lhy", Inputs: a, Result: res}); err != nil {
		panic(err)
	}
	// Output:
	// run,metric,outcome,count,p,lo,hi,complete
	// ,selected,squad,,1,1,1,true
	// ,selected,none,,0,0,0,true
	// ,unit.squad,casualty,,0.26,0.26,0.26,true
	// ,unit.squad,disrupted,,0.14,0.14,0.14,true
	// ,unit.squad,regrouping,,0,0,0,true
	// ,unit.squad,concealment_lost,,0,0,0,true
	// ,unit.squad,unaffected,,0.6,0.6,0.6,true
	// ,cohesion_check.squad,passed,,0.14,0.14,0.14,true
	// ,cohesion_check.squad,failed,,0.06,0.06,0.06,true
	// ,cohesion_check.squad,none,,0.8,0.8,0.8,true
}
