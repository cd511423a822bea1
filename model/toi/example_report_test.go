package toi_test

import (
	"context"
	"os"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A command's attack run from Go and written by the command line's own
// report code: the output is the command line's, byte for byte (a test in
// internal/cli runs the command below and holds the two to each other).
//
//	sapper building --dice 12 --target 4 --method exact --format csv
func Example_report() {
	a := toi.NewBuildingAttack(toi.OnBuilding)
	a.Dice = 12
	a.Squads = []toi.Squad{{Figures: 4, Cover: toi.HexCover}}
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
	if err := report.WriteCSV(os.Stdout, report.Report{Command: "building", Inputs: a, Result: res}); err != nil {
		panic(err)
	}
	// Output:
	// run,metric,outcome,count,p,lo,hi,complete
	// ,building,destroyed,,0.11060431292780698,0.11060431292780698,0.11060431292780698,true
	// ,building,standing,,0.8893956870721931,0.8893956870721931,0.8893956870721931,true
	// ,hits,0,,0.04752863754709679,0.04752863754709679,0.04752863754709679,true
	// ,hits,1,,0.10062369210421393,0.10062369210421393,0.10062369210421393,true
	// ,hits,2,,0.17721544923247465,0.17721544923247465,0.17721544923247465,true
	// ,hits,3,,0.22137212262927064,0.22137212262927064,0.22137212262927064,true
	// ,hits,4,,0.20312069762526164,0.20312069762526164,0.20312069762526164,true
	// ,hits,5,,0.13953508793387537,0.13953508793387537,0.13953508793387537,true
	// ,hits,6,,0.07230655268725346,0.07230655268725346,0.07230655268725346,true
	// ,hits,7,,0.028186676518288118,0.028186676518288118,0.028186676518288118,true
	// ,hits,8,,0.00815058596449193,0.00815058596449193,0.00815058596449193,true
	// ,hits,9,,0.0016976902840056042,0.0016976902840056042,0.0016976902840056042,true
	// ,hits,10,,0.00024106365732247062,0.00024106365732247062,0.00024106365732247062,true
	// ,hits,11,,2.0907515812876896e-05,2.0907515812876896e-05,2.0907515812876896e-05,true
	// ,hits,12,,8.363006325150759e-07,8.363006325150759e-07,8.363006325150759e-07,true
	// ,squad.1,eliminated,,0.006912769557987936,0.006912769557987936,0.006912769557987936,true
	// ,squad.1,pinned,,0.10369154336981903,0.10369154336981903,0.10369154336981903,true
	// ,squad.1,reduced,,0,0,0,true
	// ,squad.1,unharmed,,0.8893956870721931,0.8893956870721931,0.8893956870721931,true
	// ,squad.1.lost,0,,0.896308456630181,0.896308456630181,0.896308456630181,true
	// ,squad.1.lost,1,,0.027651078231951745,0.027651078231951745,0.027651078231951745,true
	// ,squad.1.lost,2,,0.04147661734792762,0.04147661734792762,0.04147661734792762,true
	// ,squad.1.lost,3,,0.027651078231951745,0.027651078231951745,0.027651078231951745,true
	// ,squad.1.lost,4,,0.006912769557987936,0.006912769557987936,0.006912769557987936,true
	// ,squads_eliminated,0,,0.9930872304420121,0.9930872304420121,0.9930872304420121,true
	// ,squads_eliminated,1,,0.006912769557987936,0.006912769557987936,0.006912769557987936,true
}
