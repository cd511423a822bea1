//go:build !js

package report

import (
	"bytes"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// ordered is a hand-made Monte Carlo result with an ordered metric, worst
// first, as an IFT row is.
func ordered() *sim.Result {
	return &sim.Result{Method: sim.MonteCarlo, Complete: true, Trials: 1000, Confidence: 0.95, Metrics: []sim.MetricSummary{{
		Metric: sim.Metric{Name: "ift", Labels: []string{"KIA", "MC", "none"}, Ordered: true},
		Outcomes: []sim.OutcomeSummary{
			{Label: "KIA", Count: 100, P: 0.1}, {Label: "MC", Count: 300, P: 0.3}, {Label: "none", Count: 600, P: 0.6},
		},
	}}}
}

func TestMetricSeries(t *testing.T) {
	res := ordered()
	m := res.Metrics[0]
	plain := MetricSeries(res, m, false)
	if strings.Join(plain.Labels, ",") != "KIA,MC,none" || plain.Cells[1].P != 0.3 {
		t.Errorf("plain series %+v", plain)
	}
	cum := MetricSeries(res, m, true)
	if strings.Join(cum.Labels, ",") != "≥ KIA,≥ MC,≥ none" {
		t.Errorf("cumulative labels %q", cum.Labels)
	}
	for k, want := range []struct {
		p     float64
		count uint64
	}{{0.1, 100}, {0.4, 400}, {1, 1000}} {
		c := cum.Cells[k]
		lo, hi := sim.Wilson(want.count, 1000, 0.95)
		if !near(c.P, want.p) || c.Lo != lo || c.Hi != hi || !c.Valid {
			t.Errorf("≥ %s = %+v, want p %v in [%v, %v]", m.Labels[k], c, want.p, lo, hi)
		}
	}

	// A metric with no order is drawn as it is, even when asked for "at
	// least".
	ex := exactResult(t)
	sum := MetricSeries(ex, *ex.Metric("sum"), true)
	if sum.Labels[0] != "low" || !near(sum.Cells[0].P, 15.0/36) {
		t.Errorf("unordered metric changed: %+v", sum)
	}
	// A numeric one is ordered by value: at least 0, 1 or 2 sixes.
	six := MetricSeries(ex, *ex.Metric("sixes"), true)
	for k, want := range []float64{1, 11.0 / 36, 1.0 / 36} {
		if c := six.Cells[k]; !near(c.P, want) || c.Lo != c.P || c.Hi != c.P {
			t.Errorf("%s = %+v, want %v exactly", six.Labels[k], c, want)
		}
	}
}

func TestResultChart(t *testing.T) {
	rep := Report{Command: "dc", Title: "Placed DC vs 4-6-7", Result: mcResult()}
	c, err := ResultChart(rep, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Heading) != 2 || c.Heading[0] != "Placed DC vs 4-6-7" || !strings.Contains(c.Heading[1], "n = 1,000 trials, seed 7") {
		t.Errorf("heading %q", c.Heading)
	}
	if len(c.Panels) != 2 {
		t.Fatalf("%d panels, want one per metric", len(c.Panels))
	}
	det := c.Panels[0]
	if det.Kind != Bars || det.Title != "DC detonation" {
		t.Errorf("panel 1: kind %d, title %q", det.Kind, det.Title)
	}
	for k, o := range mcResult().Metrics[0].Outcomes {
		if c := det.Series[0].Cells[k]; c.P != o.P || c.Lo != o.Lo || c.Hi != o.Hi {
			t.Errorf("%s: cell %+v, outcome %+v", o.Label, c, o)
		}
	}
	if !strings.Contains(c.Panels[1].Title, "mean 0.700 (0.651–0.749)") {
		t.Errorf("numeric panel title %q lacks its mean", c.Panels[1].Title)
	}
	hidden, _ := ResultChart(rep, ChartOptions{HideZero: true})
	if got := strings.Join(hidden.Panels[0].Series[0].Labels, ","); got != "detonated,malfunction" {
		t.Errorf("hide-zero labels %q", got)
	}
	if _, err := ResultChart(Report{Runs: []Run{{Label: "a", Result: mcResult()}}}, ChartOptions{}); err == nil {
		t.Error("ResultChart of several runs: no error")
	}
}

func TestGridChart(t *testing.T) {
	g := Grid{Columns: []string{"hit", "E[n]"}, Rows: []GridRow{
		{Label: "a", Cells: []Cell{{P: 0.5, Lo: 0.4, Hi: 0.6, Valid: true}, {P: 1.5, Lo: 1.4, Hi: 1.6, Valid: true, Mean: true}}},
		{Label: "b", Cells: []Cell{{P: 0.2, Lo: 0.1, Hi: 0.3, Valid: true}, {}}},
	}}
	c := GridChart([]string{"h"}, "figures", g)
	if len(c.Panels) != 2 || c.Panels[0].Mean || !c.Panels[1].Mean {
		t.Fatalf("panels %+v", c.Panels)
	}
	probs := c.Panels[0]
	if probs.Kind != Groups || len(probs.Series) != 2 || probs.Series[1].Name != "b" || probs.Series[1].Cells[0].P != 0.2 {
		t.Errorf("probability panel %+v", probs)
	}
	if m := c.Panels[1].Series[0]; m.Labels[0] != "E[n]" || m.Cells[0].P != 1.5 {
		t.Errorf("mean series %+v", m)
	}
}

func TestSweepPanels(t *testing.T) {
	cell := func(p float64) Cell { return Cell{P: p, Lo: p, Hi: p, Valid: true} }
	g := Grid{Columns: []string{"kill", "never", "n/a"}, Rows: []GridRow{
		{Label: "tem=0", Cells: []Cell{cell(0.5), cell(0), {}}},
		{Label: "tem=1", Cells: []Cell{cell(0.3), cell(0), {}}},
	}}
	ps := SweepPanels("odds", "tem", []float64{0, 1}, g)
	if len(ps) != 1 || ps[0].Kind != Lines || ps[0].XLabel != "tem" {
		t.Fatalf("panels %+v", ps)
	}
	if len(ps[0].Series) != 1 {
		t.Fatalf("series %+v: the all-zero and invalid columns should be left out", ps[0].Series)
	}
	s := ps[0].Series[0]
	if s.Name != "kill" || s.Cells[0].P != 0.5 || s.Cells[1].P != 0.3 || s.Labels[1] != "tem=1" {
		t.Errorf("line %+v", s)
	}
}

func TestRunsChart(t *testing.T) {
	rep := Report{Command: "x", Runs: []Run{{Label: "mc", Result: mcResult()}, {Label: "exact", Result: exactResult(t)}}}
	c, err := RunsChart(rep, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// detonation and out from the first run, sum and sixes from the second.
	if len(c.Panels) != 4 || c.Panels[0].Kind != Groups || len(c.Panels[0].Series) != 1 || c.Panels[0].Series[0].Name != "mc" {
		t.Errorf("panels %+v", c.Panels)
	}
	// HideZero drops an outcome no run reached, in every run's series.
	two := Report{Command: "x", Runs: []Run{{Label: "a", Result: mcResult()}, {Label: "b", Result: mcResult()}}}
	hidden, err := RunsChart(two, ChartOptions{HideZero: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range hidden.Panels[0].Series {
		if got := strings.Join(s.Labels, ","); got != "detonated,malfunction" {
			t.Errorf("run %s with HideZero: labels %q", s.Name, got)
		}
	}
}

func TestChartFormatOf(t *testing.T) {
	for name, want := range map[string]ChartFormat{"a.png": PNG, "dir/B.PNG": PNG, "c.svg": SVG} {
		if f, err := ChartFormatOf(name); err != nil || f != want {
			t.Errorf("%s: %q, %v", name, f, err)
		}
	}
	for _, name := range []string{"a.gif", "png", "a.png.txt", ""} {
		if _, err := ChartFormatOf(name); err == nil {
			t.Errorf("%q: no error", name)
		}
	}
}

// TestWriteChart renders every panel kind: the PNG decodes at the page
// width, and the SVG carries the labels and figures as text.
func TestWriteChart(t *testing.T) {
	rep := Report{Command: "dc", Title: "Placed DC vs 4-6-7", Result: mcResult()}
	c, err := ResultChart(rep, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cell := func(p float64) Cell { return Cell{P: p, Lo: p - 0.05, Hi: p + 0.05, Valid: true} }
	c.Panels = append(c.Panels, GridChart(nil, "grouped", Grid{Columns: []string{"x", "y"}, Rows: []GridRow{
		{Label: "run a", Cells: []Cell{cell(0.3), cell(0.6)}}, {Label: "run b", Cells: []Cell{cell(0.5), {}}},
	}}).Panels...)
	c.Panels = append(c.Panels, SweepPanels("swept", "tem", []float64{0, 1, 2}, Grid{Columns: []string{"kill"}, Rows: []GridRow{
		{Label: "0", Cells: []Cell{cell(0.5)}}, {Label: "1", Cells: []Cell{cell(0.4)}}, {Label: "2", Cells: []Cell{cell(0.3)}},
	}})...)

	var b bytes.Buffer
	if err := WriteChart(&b, PNG, c); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if w := img.Bounds().Dx(); w != int(chartWidth.Dots(chartDPI)+0.5) {
		t.Errorf("PNG width %d", w)
	}
	b.Reset()
	if err := WriteChart(&b, SVG, c); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{"<svg", "Placed DC vs 4-6-7", "detonated", "not placed", "97.2%", "run b", "kill", "tem"} {
		if !strings.Contains(svg, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if err := WriteChart(&b, SVG, Chart{}); err == nil {
		t.Error("a chart without panels: no error")
	}
}

// TestSweepPanelsNothingHappened: a sweep in which nothing ever happened
// (interrupted before its first trial) still draws its lines.
func TestSweepPanelsNothingHappened(t *testing.T) {
	zero := Cell{Valid: true, Hi: 1}
	ps := SweepPanels("odds", "tem", []float64{0}, Grid{Columns: []string{"kill"}, Rows: []GridRow{{Label: "tem=0", Cells: []Cell{zero}}}})
	if len(ps) != 1 || len(ps[0].Series) != 1 {
		t.Errorf("panels %+v", ps)
	}
}
