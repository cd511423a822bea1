package asl_test

import (
	"context"
	"os"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A command's attack run from Go and written by the command line's own
// report code: the output is the command line's, byte for byte (a test in
// internal/cli runs the command below and holds the two to each other).
//
//	sapper fire --fp 8 --drm 2 --target 4-6-7 --method exact --format csv
func Example_report() {
	squad, err := asl.ParseUnit("4-6-7")
	if err != nil {
		panic(err)
	}
	a := asl.NewIFTAttack(8, squad)
	a.DRM = 2
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
	if err := report.WriteCSV(os.Stdout, report.Report{Command: "fire", Inputs: a, Result: res}); err != nil {
		panic(err)
	}
	// Output:
	// run,metric,outcome,count,p,lo,hi,complete
	// ,ift,7KIA,,0,0,0,true
	// ,ift,6KIA,,0,0,0,true
	// ,ift,5KIA,,0,0,0,true
	// ,ift,4KIA,,0,0,0,true
	// ,ift,3KIA,,0,0,0,true
	// ,ift,2KIA,,0,0,0,true
	// ,ift,1KIA,,0,0,0,true
	// ,ift,K/4,,0,0,0,true
	// ,ift,K/3,,0,0,0,true
	// ,ift,K/2,,0,0,0,true
	// ,ift,K/1,,0,0,0,true
	// ,ift,4MC,,0,0,0,true
	// ,ift,3MC,,0,0,0,true
	// ,ift,2MC,,0.08333333333333333,0.08333333333333333,0.08333333333333333,true
	// ,ift,1MC,,0.19444444444444445,0.19444444444444445,0.19444444444444445,true
	// ,ift,NMC,,0.1111111111111111,0.1111111111111111,0.1111111111111111,true
	// ,ift,PTC,,0.19444444444444445,0.19444444444444445,0.19444444444444445,true
	// ,ift,none,,0.4166666666666667,0.4166666666666667,0.4166666666666667,true
	// ,ift,no_attack,,0,0,0,true
	// ,cowering,yes,,0.16666666666666666,0.16666666666666666,0.16666666666666666,true
	// ,cowering,no,,0.8333333333333334,0.8333333333333334,0.8333333333333334,true
	// ,target.1,eliminated,,0,0,0,true
	// ,target.1,surrendered,,0,0,0,true
	// ,target.1,broken,,0.22020747599451304,0.22020747599451304,0.22020747599451304,true
	// ,target.1,berserk,,0.002700617283950617,0.002700617283950617,0.002700617283950617,true
	// ,target.1,pinned,,0.13580246913580246,0.13580246913580246,0.13580246913580246,true
	// ,target.1,good_order,,0.6412894375857339,0.6412894375857339,0.6412894375857339,true
	// ,target.1.reduced,yes,,0.010802469135802469,0.010802469135802469,0.010802469135802469,true
	// ,target.1.reduced,no,,0.9891975308641975,0.9891975308641975,0.9891975308641975,true
	// ,target.1.replaced,yes,,0.06481481481481481,0.06481481481481481,0.06481481481481481,true
	// ,target.1.replaced,no,,0.9351851851851852,0.9351851851851852,0.9351851851851852,true
	// ,stack,cleared,,0.22020747599451304,0.22020747599451304,0.22020747599451304,true
	// ,stack,not_cleared,,0.7797925240054869,0.7797925240054869,0.7797925240054869,true
	// ,out,0,,0.7797925240054869,0.7797925240054869,0.7797925240054869,true
	// ,out,1,,0.22020747599451304,0.22020747599451304,0.22020747599451304,true
	// ,hob,yes,,0.010802469135802469,0.010802469135802469,0.010802469135802469,true
	// ,hob,no,,0.9891975308641975,0.9891975308641975,0.9891975308641975,true
}
