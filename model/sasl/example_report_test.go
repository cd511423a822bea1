package sasl_test

import (
	"context"
	"os"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A command's crossing built as a struct, run and written by the command
// line's own report code: the output is the command line's, byte for
// byte (a test in internal/cli runs the command below and holds the two
// to each other). The crossing is the built-in two-sq-crossing, with the
// shipped illustrative tables.
//
//	sapper activate two-sq-crossing --method exact --format csv
func Example_report() {
	squad, err := asl.ParseUnit("4-6-7")
	if err != nil {
		panic(err)
	}
	tables, err := sasl.IllustrativeTables()
	if err != nil {
		panic(err)
	}
	c := &sasl.Crossing{
		Stack: []asl.Unit{squad},
		ELR:   3,
		Enemy: sasl.Enemy{AC: 3, Attitude: sasl.Advance, MissionDRM: -1, Nationality: "russian", Date: sasl.Date{Year: 1941, Month: 8}},
		SQ: []sasl.SQ{
			{ID: "hut", Site: sasl.Outside},
			{ID: "stone", ACDRM: -1, Site: sasl.Inside, Forbid: []sasl.Item{sasl.ItemAFV, sasl.ItemSPG}},
		},
		Path: []sasl.Step{
			{Name: "open ground", MF: 1, Open: true, Eligible: []sasl.Eligible{{ID: "hut", Range: 3}}},
			{Name: "wooden building", MF: 1, TEM: 2, Eligible: []sasl.Eligible{{ID: "stone", Range: 2}}},
		},
		Tables:  tables,
		Options: sasl.DefaultOptions(),
	}
	exp, err := c.Experiment()
	if err != nil {
		panic(err)
	}
	// Fractions: each figure rounded once from its exact fraction, as the
	// command line's CSV and JSON are.
	res, err := sim.Run(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true})
	if err != nil {
		panic(err)
	}
	if err := report.WriteCSV(os.Stdout, report.Report{Command: "activate", Inputs: c, Result: res}); err != nil {
		panic(err)
	}
	// Output:
	// run,metric,outcome,count,p,lo,hi,complete
	// ,arrived,yes,,0.6961362741576191,0.6961362741576191,0.6961362741576191,true
	// ,arrived,no,,0.3038637258423809,0.3038637258423809,0.3038637258423809,true
	// ,good_order.1,yes,,0.8280762398295307,0.8280762398295307,0.8280762398295307,true
	// ,good_order.1,no,,0.17192376017046923,0.17192376017046923,0.17192376017046923,true
	// ,good_order.2,yes,,0.6961362741576191,0.6961362741576191,0.6961362741576191,true
	// ,good_order.2,no,,0.3038637258423809,0.3038637258423809,0.3038637258423809,true
	// ,checked,0,,0,0,0,true
	// ,checked,1,,0.2247994892208542,0.2247994892208542,0.2247994892208542,true
	// ,checked,2,,0.7752005107791459,0.7752005107791459,0.7752005107791459,true
	// ,activated,0,,0.2425411522633745,0.2425411522633745,0.2425411522633745,true
	// ,activated,1,,0.639339624470408,0.639339624470408,0.639339624470408,true
	// ,activated,2,,0.11811922326621746,0.11811922326621746,0.11811922326621746,true
	// ,dummies,0,,0.3429187124870716,0.3429187124870716,0.3429187124870716,true
	// ,dummies,1,,0.41454013524955385,0.41454013524955385,0.41454013524955385,true
	// ,dummies,2,,0.2425411522633745,0.2425411522633745,0.2425411522633745,true
	// ,generated.S,0,,0.4503501888027081,0.4503501888027081,0.4503501888027081,true
	// ,generated.S,1,,0.35754475506188055,0.35754475506188055,0.35754475506188055,true
	// ,generated.S,2,,0.17366580174602478,0.17366580174602478,0.17366580174602478,true
	// ,generated.S,3,,0.01603312072190348,0.01603312072190348,0.01603312072190348,true
	// ,generated.S,4,,0.002406133667483095,0.002406133667483095,0.002406133667483095,true
	// ,generated.HS,0,,0.7349519025128604,0.7349519025128604,0.7349519025128604,true
	// ,generated.HS,1,,0.2476516559411041,0.2476516559411041,0.2476516559411041,true
	// ,generated.HS,2,,0.017396441546035528,0.017396441546035528,0.017396441546035528,true
	// ,generated.L,0,,0.698681455584682,0.698681455584682,0.698681455584682,true
	// ,generated.L,1,,0.29117079225019915,0.29117079225019915,0.29117079225019915,true
	// ,generated.L,2,,0.010147752165118862,0.010147752165118862,0.010147752165118862,true
	// ,generated.SW,0,,0.5275611386094898,0.5275611386094898,0.5275611386094898,true
	// ,generated.SW,1,,0.43647755252130493,0.43647755252130493,0.43647755252130493,true
	// ,generated.SW,2,,0.03596130886920516,0.03596130886920516,0.03596130886920516,true
	// ,generated.Gun,0,,1,1,1,true
	// ,generated.AFV,0,,1,1,1,true
	// ,generated.SPG,0,,1,1,1,true
	// ,generated.F,0,,1,1,1,true
	// ,target.1,eliminated,,0.03953115229805965,0.03953115229805965,0.03953115229805965,true
	// ,target.1,surrendered,,0,0,0,true
	// ,target.1,broken,,0.2088894009961403,0.2088894009961403,0.2088894009961403,true
	// ,target.1,berserk,,0.0025674434977960028,0.0025674434977960028,0.0025674434977960028,true
	// ,target.1,pinned,,0.09826837944921839,0.09826837944921839,0.09826837944921839,true
	// ,target.1,good_order,,0.6507436237587856,0.6507436237587856,0.6507436237587856,true
	// ,target.1.reduced,yes,,0.04737826251162047,0.04737826251162047,0.04737826251162047,true
	// ,target.1.reduced,no,,0.9526217374883795,0.9526217374883795,0.9526217374883795,true
	// ,target.1.replaced,yes,,0.060815376325651704,0.060815376325651704,0.060815376325651704,true
	// ,target.1.replaced,no,,0.9391846236743483,0.9391846236743483,0.9391846236743483,true
	// ,target.1.reached,1,,0.2247994892208542,0.2247994892208542,0.2247994892208542,true
	// ,target.1.reached,2,,0.7752005107791459,0.7752005107791459,0.7752005107791459,true
}
