package sasl_test

import (
	"context"
	"fmt"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/sim"
)

// A squad runs across open ground past one S?, whose tables (made up for
// the example) can only produce a lone 4-4-7 or nothing.
func Example() {
	squad, _ := asl.ParseUnit("4-6-7")
	tables := &sasl.Tables{
		Source:      "example tables",
		Nationality: "russian",
		Units: map[string]sasl.UnitDef{
			"4-4-7": {Kind: sasl.Squad, FP: 4, Range: 4, BPV: 10},
			"8-0":   {Kind: sasl.Leader},
		},
		A1: sasl.A1{First: 6, Rows: [][]sasl.Item{{sasl.ItemS}, {}, {sasl.ItemS}}},
		X2: sasl.Table{Columns: []sasl.Column{{First: 2, Rows: []sasl.Entry{{Unit: "4-4-7"}}}}},
		X3: sasl.Table{Columns: []sasl.Column{{First: 2, Rows: []sasl.Entry{{Unit: "8-0"}}}}},
	}
	c := &sasl.Crossing{
		Stack:  []asl.Unit{squad},
		ELR:    3,
		SQ:     []sasl.SQ{{ID: "hut", Site: "outside"}},
		Path:   []sasl.Step{{Name: "field", MF: 1, Open: true, Eligible: []sasl.Eligible{{ID: "hut", Range: 3}}}},
		Enemy:  sasl.Enemy{AC: 3, Attitude: sasl.Hold, Nationality: "russian", Date: sasl.Date{Year: 1944, Month: 6}},
		Tables: tables,
		// Heat of Battle off keeps the figures easy to check by hand.
		Options: sasl.Options{PinnedKeepsFire: true, BerserkDrawsFire: true},
	}
	exp, err := c.Experiment()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := sim.RunExact(context.Background(), exp, sim.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("activated %.4f\n", res.P(sasl.MetricActivated, "1"))
	fmt.Printf("arrived   %.4f\n", res.P(sasl.MetricArrived, "yes"))
	// Output:
	// activated 0.4167
	// arrived   0.8148
}
