//go:build !js

package report

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestPaletteStaysDistinct: twelve series get twelve colours, none near
// another or near the white page, and the series after them repeat the
// colours with dash patterns that tell the rounds apart.
func TestPaletteStaysDistinct(t *testing.T) {
	dist := func(a, b color.RGBA) int {
		d := func(x, y uint8) int { return (int(x) - int(y)) * (int(x) - int(y)) }
		return d(a.R, b.R) + d(a.G, b.G) + d(a.B, b.B)
	}
	white := color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}
	for i := range 12 {
		if dashesOf(i) != nil {
			t.Errorf("series %d is dashed: the first twelve are solid", i)
		}
		if dist(colorOf(i), white) < 3*40*40 {
			t.Errorf("series %d: %v is too near white", i, colorOf(i))
		}
		for j := range i {
			if dist(colorOf(i), colorOf(j)) < 3*30*30 {
				t.Errorf("series %d and %d: %v and %v are too alike", j, i, colorOf(j), colorOf(i))
			}
		}
	}
	for i := 12; i < 48; i++ {
		if dashesOf(i) == nil {
			t.Errorf("series %d repeats the colour of series %d and is solid", i, i%12)
		}
		if i >= 24 && equalDashes(dashesOf(i), dashesOf(i-12)) {
			t.Errorf("series %d and %d: one colour, one dash pattern", i-12, i)
		}
	}
}

func equalDashes[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// keyed is an exact result whose metrics and outcomes are keys: one with
// a title, one without.
func keyed() *sim.Result {
	return &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{
		{Metric: sim.Metric{Name: "ift", Title: "IFT result", Labels: []string{"1MC", "no_attack"}, Ordered: true},
			Outcomes: []sim.OutcomeSummary{{Label: "1MC", P: 0.25}, {Label: "no_attack", P: 0.75}}},
		{Metric: sim.Metric{Name: "target.1.fate", Labels: []string{"broken", "good_order"}},
			Outcomes: []sim.OutcomeSummary{{Label: "broken", P: 0.5}, {Label: "good_order", P: 0.5}}},
	}}
}

// TestChartsSpeakPlayerWords: panels are named by the metric's title, or
// its key in words, never the key; outcomes and lines read "no attack",
// not "no_attack".
func TestChartsSpeakPlayerWords(t *testing.T) {
	rep := Report{Command: "fire", Result: keyed()}
	c, err := ResultChart(rep, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var titles, labels []string
	for _, p := range c.Panels {
		titles = append(titles, p.Title)
		labels = append(labels, p.Series[0].Labels...)
	}
	if got := strings.Join(titles, "|"); got != "IFT result|target 1 fate" {
		t.Errorf("titles %q", got)
	}
	if got := strings.Join(labels, "|"); got != "1MC|no attack|broken|good order" {
		t.Errorf("labels %q", got)
	}
	cum, _ := ResultChart(rep, ChartOptions{Cumulative: true})
	if got := cum.Panels[0].Title + "|" + strings.Join(cum.Panels[0].Series[0].Labels, "|"); got != "IFT result — at least|≥ 1MC" {
		t.Errorf("cumulative panel %q", got)
	}
	runs, err := RunsChart(Report{Runs: []Run{{Label: "a", Result: keyed()}, {Label: "b", Result: keyed()}}}, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if p := runs.Panels[1]; p.Title != "target 1 fate" || p.Series[1].Name != "b" || p.Series[1].Labels[1] != "good order" {
		t.Errorf("runs panel %q: %+v", p.Title, p.Series)
	}
	cell := Cell{P: 0.5, Valid: true}
	ps := SweepPanels("IFT result", "drm", []float64{0}, Grid{Columns: []string{"no_attack"}, Rows: []GridRow{{Label: "drm=0", Cells: []Cell{cell}}}})
	if ps[0].Series[0].Name != "no attack" {
		t.Errorf("sweep line %q", ps[0].Series[0].Name)
	}
}

// TestAlwaysZeroMetricsAreNamedNotDrawn: a count that was 0 in every
// trial gets no panel, and the chart's note names it; a count that was
// sometimes more keeps its panel, and a chart of nothing but zeros keeps
// them all.
func TestAlwaysZeroMetricsAreNamedNotDrawn(t *testing.T) {
	res := keyed()
	afv := sim.CountMetric("generated.AFV", "AFVs generated", 2)
	gun := sim.CountMetric("generated.Gun", "", 2)
	res.Metrics = append(res.Metrics,
		sim.MetricSummary{Metric: afv, Outcomes: []sim.OutcomeSummary{{Label: "0", P: 1}, {Label: "1"}, {Label: "2"}}},
		sim.MetricSummary{Metric: gun, Outcomes: []sim.OutcomeSummary{{Label: "0", P: 0.96}, {Label: "1", P: 0.04}, {Label: "2"}}})
	c, err := ResultChart(Report{Result: res}, ChartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, p := range c.Panels {
		titles = append(titles, p.Title)
	}
	if got := strings.Join(titles, "|"); !strings.HasPrefix(got, "IFT result|target 1 fate|generated Gun — mean") || len(titles) != 3 {
		t.Errorf("panels %q", got)
	}
	if len(c.Notes) != 1 || c.Notes[0] != "Always 0, so not drawn: AFVs generated." {
		t.Errorf("notes %q", c.Notes)
	}
	runs, _ := RunsChart(Report{Runs: []Run{{Label: "a", Result: res}, {Label: "b", Result: res}}}, ChartOptions{})
	if len(runs.Panels) != 3 || len(runs.Notes) != 1 || !strings.Contains(runs.Notes[0], "AFVs generated") {
		t.Errorf("runs chart: %d panels, notes %q", len(runs.Panels), runs.Notes)
	}
	var b bytes.Buffer
	if err := WriteChart(&b, SVG, c); err != nil || !strings.Contains(b.String(), "AFVs generated.") {
		t.Errorf("the SVG does not show the note (%v)", err)
	}
	only := &sim.Result{Method: sim.Exact, Metrics: res.Metrics[2:3]}
	if c, _ := ResultChart(Report{Result: only}, ChartOptions{}); len(c.Panels) != 1 || c.Notes != nil {
		t.Errorf("all-zero chart: %d panels, notes %q", len(c.Panels), c.Notes)
	}
}

func TestZeroNoteSaysACommonRemarkOnce(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"AFVs generated (ILLUSTRATIVE)", "SPGs generated (ILLUSTRATIVE)"}, "AFVs generated; SPGs generated (ILLUSTRATIVE)."},
		{[]string{"AFVs generated (ILLUSTRATIVE)", "SPGs generated"}, "AFVs generated (ILLUSTRATIVE); SPGs generated."},
		{[]string{"AFVs generated (ILLUSTRATIVE)"}, "AFVs generated (ILLUSTRATIVE)."},
	} {
		if got := zeroNote(c.names); len(got) != 1 || got[0] != "Always 0, so not drawn: "+c.want {
			t.Errorf("%q: %q", c.names, got)
		}
	}
}

// TestSweepTicks: a few swept values are each marked; many get round
// values with both ends; a panel's own ticks win.
func TestSweepTicks(t *testing.T) {
	ticks := func(p Panel) string {
		var vs []string
		for _, tk := range xTicks(p).Ticks(0, 100) {
			vs = append(vs, tk.Label)
		}
		return strings.Join(vs, " ")
	}
	seq := func(lo, hi int) []float64 {
		var x []float64
		for v := lo; v <= hi; v++ {
			x = append(x, float64(v))
		}
		return x
	}
	for _, c := range []struct {
		p    Panel
		want string
	}{
		{Panel{X: []float64{0, 1, 2, 3}}, "0 1 2 3"},
		{Panel{X: []float64{-1.5, -0.5, 0.5}}, "-1.5 -0.5 0.5"},
		{Panel{X: seq(1, 36)}, "1 5 10 15 20 25 30 36"},
		{Panel{X: seq(0, 100)}, "0 20 40 60 80 100"},
		{Panel{X: seq(3, 41)}, "3 10 15 20 25 30 35 41"}, // 5 within half a step of 3
		// An FP sweep's IFT columns, none crowding another.
		{Panel{X: seq(1, 36), XTicks: []float64{1, 2, 4, 36}}, "1 4 36"},
		{Panel{X: seq(1, 200), XTicks: []float64{1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36, 200}}, "1 16 30 200"},
		{Panel{X: []float64{9, 10, 11}, XTicks: []float64{9, 11}}, "9 10 11"},
		{Panel{X: []float64{7.5, 7.75, 8, 8.25, 8.5}, XTicks: []float64{7.5, 8, 8.5}}, "7.5 7.75 8 8.25 8.5"},
	} {
		if got := ticks(c.p); got != c.want {
			t.Errorf("x %v…, ticks %v: %q, want %q", c.p.X[:2], c.p.XTicks, got, c.want)
		}
	}
}

// TestWaysSweepPanels: a sweep of three ways draws a panel per figure
// with a line per way, colour by way even where a way lacks the figure;
// a figure at 0 throughout is named, not drawn; means come last.
func TestWaysSweepPanels(t *testing.T) {
	cell := func(p float64) Cell { return Cell{P: p, Lo: p, Hi: p, Valid: true} }
	mean := func(p float64) Cell { return Cell{P: p, Lo: p, Hi: p, Valid: true, Mean: true} }
	x := [][]float64{{0, 1}, {0, 1}, {0, 1}}
	gs := []Grid{
		{Columns: []string{"cleared", "any_KIA", "user out", "E[out]"}, Rows: []GridRow{
			{Label: "tem=0", Cells: []Cell{cell(0.3), cell(0), cell(0.4), mean(0.5)}},
			{Label: "tem=1", Cells: []Cell{cell(0.2), cell(0), cell(0.4), mean(0.4)}}}},
		{Columns: []string{"cleared", "any_KIA", "user out", "E[out]"}, Rows: []GridRow{
			{Label: "tem=0", Cells: []Cell{cell(0.5), cell(0), cell(0.5), mean(0.9)}},
			{Label: "tem=1", Cells: []Cell{cell(0.4), cell(0), cell(0.5), mean(0.8)}}}},
		{Columns: []string{"cleared", "any_KIA", "E[out]"}, Rows: []GridRow{
			{Label: "tem=0", Cells: []Cell{cell(0.6), cell(0), mean(1.2)}},
			{Label: "tem=1", Cells: []Cell{cell(0.6), cell(0), mean(1.2)}}}},
	}
	ps, notes := WaysSweepPanels("tem", []string{"placed", "thrown", "set"}, x, gs, "")
	var titles []string
	for _, p := range ps {
		titles = append(titles, p.Title)
		if p.Kind != Lines || len(p.Series) != 3 || p.Series[2].Name != "set" || p.XLabel != "tem" || len(p.X) != 2 {
			t.Errorf("%s: %+v", p.Title, p)
		}
	}
	if got := strings.Join(titles, "|"); got != "cleared|user out|E[out]" {
		t.Fatalf("panels %q", got)
	}
	if ps[0].Mean || !ps[2].Mean {
		t.Error("E[out] is the mean panel")
	}
	if c := ps[0].Series[1].Cells; c[0].P != 0.5 || c[1].P != 0.4 {
		t.Errorf("thrown cleared %+v", c)
	}
	if c := ps[1].Series[2].Cells; c[0].Valid || c[1].Valid {
		t.Errorf("set has no user out, yet its line is %+v", c)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "not drawn: any KIA.") {
		t.Errorf("notes %q", notes)
	}
	// The figure the headline follows leads, where the chart is read from.
	ps, _ = WaysSweepPanels("tem", []string{"placed", "thrown", "set"}, x, gs, "user out")
	titles = titles[:0]
	for _, p := range ps {
		titles = append(titles, p.Title)
	}
	if got := strings.Join(titles, "|"); got != "user out|cleared|E[out]" {
		t.Errorf("led by user out: panels %q", got)
	}
}

// manyBars is a chart of n Bars panels with long titles, as an activate
// run gives: panel k has 2 to 6 outcomes, and every third is nearly sure.
func manyBars(n int) Chart {
	c := Chart{Heading: []string{"A platoon crosses a village street", "Monte Carlo"}}
	for k := range n {
		s := Series{Name: "m"}
		rows := 2 + k%5
		for i := range rows {
			p := 1.0 / float64(rows)
			if k%3 == 0 {
				p = map[bool]float64{true: 0.99, false: 0.01 / float64(rows-1)}[i == 0]
			}
			s.Labels = append(s.Labels, fmt.Sprintf("outcome %d", i))
			s.Cells = append(s.Cells, Cell{P: p, Lo: p, Hi: p, Valid: true})
		}
		c.Panels = append(c.Panels, Panel{Kind: Bars, Series: []Series{s},
			Title: fmt.Sprintf("metric %d: some unit in Good Order at Location %d (far building) — mean 0.137", k, k)})
	}
	return c
}

// TestChartsFitThePage: a chart of many panels is laid out in columns no
// taller than the page, every title whole on lines no wider than its
// column; what had to go is the least telling, and the note names it.
func TestChartsFitThePage(t *testing.T) {
	c := manyBars(40)
	l, err := layOut(c)
	if err != nil {
		t.Fatal(err)
	}
	if l.height > maxHeight || len(l.columns) < 2 {
		t.Errorf("%d columns, %v points tall", len(l.columns), l.height)
	}
	title := sans(titleSize, true)
	kept := map[string]bool{}
	for _, p := range l.chart.Panels {
		for _, line := range strings.Split(p.Title, "\n") {
			if title.Width(line) > l.width {
				t.Errorf("title line %q is wider than its column", line)
			}
		}
		kept[strings.ReplaceAll(p.Title, "\n", " ")] = true
	}
	var gone []string
	sureKept := false
	for k, p := range c.Panels {
		if kept[p.Title] {
			sureKept = sureKept || k%3 == 0
			continue
		}
		gone = append(gone, fmt.Sprintf("metric %d: some unit in Good Order at Location %d", k, k))
		if k%3 != 0 && sureKept {
			defer t.Errorf("panel %d left out while a nearly sure one was kept", k)
		}
	}
	if len(gone) == 0 || len(l.chart.Notes) != 1 {
		t.Fatalf("left out %d; notes %q", len(gone), l.chart.Notes)
	}
	named := 0
	for _, g := range gone {
		if strings.Contains(l.chart.Notes[0], g+";") || strings.Contains(l.chart.Notes[0], g+".") || strings.Contains(l.chart.Notes[0], g+" and") {
			named++
		}
	}
	more := len(gone) > 8 && !strings.Contains(l.chart.Notes[0], fmt.Sprintf(" and %d more.", len(gone)-8))
	if named != min(len(gone), 8) || more {
		t.Errorf("%d left out, %d named: %q", len(gone), named, l.chart.Notes[0])
	}
	var b bytes.Buffer
	if err := WriteChart(&b, PNG, c); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	if h := img.Bounds().Dy(); h > 1600 {
		t.Errorf("PNG %d px tall", h)
	}
}

// TestShortChartsKeepOneColumn: a chart that fits the page as it is keeps
// one column of full-size panels, and leaves nothing out.
func TestShortChartsKeepOneColumn(t *testing.T) {
	l, err := layOut(manyBars(3))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.columns) != 1 || l.compact || len(l.chart.Panels) != 3 || l.chart.Notes != nil {
		t.Errorf("%d columns, compact %v, %d panels, notes %q", len(l.columns), l.compact, len(l.chart.Panels), l.chart.Notes)
	}
}

// TestCrowdedGroupsDropTheirFigures: a group's bars each carry their figure
// upright while a line of text fits between two bars; a dozen plans side
// by side, whose figures would print over one another, carry none, and
// the axis reads them.
func TestCrowdedGroupsDropTheirFigures(t *testing.T) {
	chart := func(series int) Chart {
		p := Panel{Kind: Groups, Title: "each plan's figures"}
		for k := range series {
			s := Series{Name: fmt.Sprintf("p%d", k+1)}
			for i := range 10 {
				x := 0.0123 + 0.01*float64(k) + 0.05*float64(i)
				s.Labels = append(s.Labels, fmt.Sprintf("figure %d", i))
				s.Cells = append(s.Cells, Cell{P: x, Lo: x - 0.001, Hi: x + 0.001, Valid: true})
			}
			p.Series = append(p.Series, s)
		}
		return Chart{Heading: []string{"Plans"}, Panels: []Panel{p}}
	}
	for _, c := range []struct {
		series int
		labels bool
	}{{3, true}, {12, false}} {
		var b bytes.Buffer
		if err := WriteChart(&b, SVG, chart(c.series)); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), ">1.2%<"); got != c.labels {
			t.Errorf("%d plans side by side: the first bar's figure drawn %v, want %v", c.series, got, c.labels)
		}
	}
}
