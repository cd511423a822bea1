package report

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestCutShortExactMean: an exact run cut short gives its count's mean as
// the bounds it has (sim.Result.Bounds), the mean of the paths walked and
// what the paths left could add, in the table and in the JSON, as it
// gives each outcome's; a complete one gives the mean alone.
func TestCutShortExactMean(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exp := twoDice()
	inner := exp.New
	calls := 0
	exp.New = func() sim.Trial {
		trial := inner()
		return func(src *sim.Source, rec *sim.Record) {
			if calls++; calls == 20 {
				cancel() // part way through the 36 paths
			}
			trial(src, rec)
		}
	}
	res, err := sim.Run(ctx, exp, sim.Config{Method: sim.Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metric("sixes")
	if res.Complete || m.MeanHi <= m.MeanLo || m.Mean != m.MeanLo {
		t.Fatalf("complete %v, mean %v in %v–%v: the run should be cut short with bounds", res.Complete, m.Mean, m.MeanLo, m.MeanHi)
	}
	var table, doc bytes.Buffer
	if err := WriteTable(&table, Report{Command: "roll", Title: "Two dice", Result: res}, Options{}); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("mean %.4f [%.4f, %.4f]", m.Mean, m.MeanLo, m.MeanHi); !strings.Contains(table.String(), want) {
		t.Errorf("the table of a run cut short lacks %q:\n%s", want, table.String())
	}
	if err := Write(&doc, JSON, Report{Command: "roll", Title: "Two dice", Result: res}, Options{}); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Metrics []struct {
			Name   string
			MeanLo *float64 `json:"mean_lo"`
			MeanHi *float64 `json:"mean_hi"`
		}
	}
	if err := json.Unmarshal(doc.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, jm := range got.Metrics {
		if jm.Name == "sixes" && (jm.MeanLo == nil || jm.MeanHi == nil || *jm.MeanLo != m.MeanLo || *jm.MeanHi != m.MeanHi) {
			t.Errorf("the JSON of a run cut short: mean_lo %v, mean_hi %v, want %v, %v", jm.MeanLo, jm.MeanHi, m.MeanLo, m.MeanHi)
		}
	}
	done, err := sim.Run(context.Background(), twoDice(), sim.Config{Method: sim.Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	table.Reset()
	if err := WriteTable(&table, Report{Command: "roll", Title: "Two dice", Result: done}, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "  mean 0.3333\n") {
		t.Errorf("a complete run's mean:\n%s", table.String())
	}
}
