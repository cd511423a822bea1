package sasl

import (
	"fmt"
	"strings"
	"testing"
)

// TestGenBound: tables whose {A1} rows roll many items, each on a column
// of many distinct units, are refused before their generation tables are
// built, naming the S? and the row, where six items of eleven squads each
// kept a crossing's set-up busy for half a minute an S?, and eight for an
// hour, deaf to an interrupt; four items of eleven squads still run.
func TestGenBound(t *testing.T) {
	with := func(items int) *Crossing {
		c := twoSQ(t)
		tb := *c.Tables
		tb.Units = map[string]UnitDef{}
		for k, v := range c.Tables.Units {
			tb.Units[k] = v
		}
		col := Column{First: 2}
		for i := range 11 {
			name := fmt.Sprintf("S%d", i)
			tb.Units[name] = UnitDef{Kind: Squad, FP: float64(1 + i%8), Range: 1 + i%6}
			col.Rows = append(col.Rows, Entry{Unit: name})
		}
		tb.X2 = Table{Columns: []Column{col}}
		tb.Deploy = false
		row := make([]Item, items)
		for i := range row {
			row[i] = ItemS
		}
		tb.A1.Rows = nil
		for f := tb.A1.First; f < tb.A1.First+16; f++ {
			if f == 7 {
				tb.A1.Rows = append(tb.A1.Rows, nil)
			} else {
				tb.A1.Rows = append(tb.A1.Rows, row)
			}
		}
		c.Tables = &tb
		return c
	}
	if _, err := with(4).Experiment(); err != nil {
		t.Fatalf("four items a row of eleven squads: %v", err)
	}
	_, err := with(5).Experiment()
	for _, want := range []string{"tables: S? A: its {A1} rows generate up to 1,610,511 combinations of units (Final DR 1, S, S, S, S, S: 161,051)", "sapper enumerates at most 1,048,576"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("five items a row: %v, want %q", err, want)
		}
	}
	if _, err := with(8).Experiment(); err == nil || !strings.Contains(err.Error(), "2,143,588,811") {
		t.Errorf("eight items a row: %v", err)
	}
}
