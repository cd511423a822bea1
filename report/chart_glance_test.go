//go:build !js

package report

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

func TestCoincidingLinesAreNamed(t *testing.T) {
	g := Grid{Columns: []string{"detonates", "any KIA", "cleared"}, Rows: []GridRow{
		{Label: "tem=0", Cells: []Cell{{P: 0.6, Valid: true}, {P: 0.6, Valid: true}, {P: 0.5, Valid: true}}},
		{Label: "tem=1", Cells: []Cell{{P: 0.6, Valid: true}, {P: 0.6, Valid: true}, {P: 0.4, Valid: true}}},
	}}
	got := markCoinciding(ColumnSeries(g))
	if got[0].Name != "detonates" || got[1].Name != "any KIA = detonates" || got[2].Name != "cleared" {
		t.Errorf("names %q, %q, %q", got[0].Name, got[1].Name, got[2].Name)
	}
	if glyphOf(0) == glyphOf(1) {
		t.Error("two lines share a marker")
	}
}

func TestAlwaysFullLinesLeaveTheSweep(t *testing.T) {
	g := Grid{Columns: []string{"≥ KIA", "≥ none"}, Rows: []GridRow{
		{Label: "drm=0", Cells: []Cell{{P: 0.3, Valid: true}, {P: 1, Lo: 1, Hi: 1, Valid: true}}},
		{Label: "drm=1", Cells: []Cell{{P: 0.2, Valid: true}, {P: 1, Lo: 1, Hi: 1, Valid: true}}},
	}}
	ps := SweepPanels("ift — at least", "drm", []float64{0, 1}, g)
	if len(ps) != 1 || len(ps[0].Series) != 1 || ps[0].Series[0].Name != "≥ KIA" {
		t.Errorf("panels %+v", ps)
	}
	// A figure that merely is 100% (chain ok) is not an "at least" row.
	if alwaysFull(Series{Name: "chain ok", Cells: []Cell{{P: 1, Valid: true}}}) {
		t.Error("chain ok dropped")
	}
}

func TestCumulativeBarsDropTheWholeRow(t *testing.T) {
	res := ordered()
	c, err := ResultChart(Report{Result: res}, ChartOptions{Cumulative: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(c.Panels[0].Series[0].Labels, ","); got != "≥ KIA,≥ MC" {
		t.Errorf("labels %q, want ≥ KIA,≥ MC", got)
	}
	// A numeric metric: "at least 0" goes.
	ex := exactResult(t)
	s := DropWhole(MetricSeries(ex, *ex.Metric("sixes"), true), *ex.Metric("sixes"))
	if got := strings.Join(s.Labels, ","); strings.Contains(got, "≥ 0") || len(s.Labels) != 2 {
		t.Errorf("sixes labels %q", got)
	}
}

func TestHeadingKeepsNumbersWithTheirWords(t *testing.T) {
	sty := sans(10, false)
	title := "Placed DC vs tiger (hull=11/8/8,turret=11/8/8); through the side, Position DRM +3, Aerial AF 4, CS# 6, crew ML 8, elite user"
	for w := sty.Width("Placed DC vs"); w < sty.Width(title); w += 3 {
		for _, l := range wrap(sty, title, w) {
			f := strings.Fields(l)
			if numberWord(f[0]) {
				t.Fatalf("at width %v a line starts with a number: %q", w, l)
			}
		}
	}
	if !numberWord("−1") || !numberWord("15%") || numberWord("CS#") || numberWord("4-6-7") {
		t.Error("numberWord")
	}
}

func TestSVGNamesAFallbackFont(t *testing.T) {
	var b bytes.Buffer
	c := Chart{Heading: []string{"x"}, Panels: []Panel{{Kind: Bars, Title: "m", Series: []Series{{Name: "m", Labels: []string{"a"}, Cells: []Cell{{P: 1, Valid: true}}}}}}}
	if err := WriteChart(&b, SVG, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "font-family:'Liberation Sans',Arimo,Arial,Helvetica,sans-serif;") || strings.Contains(b.String(), "font-family:Liberation Sans;") {
		t.Error("the SVG names no fallback font")
	}
}

// TestLinePanelsShareTheirXAxis: a probability panel and a means panel
// of one sweep, with legends and tick labels of different widths, get
// data areas with the same left and right edges.
func TestLinePanelsShareTheirXAxis(t *testing.T) {
	x := []float64{0, 1}
	probs := Panel{Kind: Lines, Title: "p", X: x, Series: []Series{
		{Name: "cleared, and a long legend entry", Cells: []Cell{{P: 1, Valid: true}, {P: 0.5, Valid: true}}}}}
	means := Panel{Kind: Lines, Title: "m", X: x, Mean: true, Series: []Series{{Name: "E[out]", Cells: []Cell{{P: 1.25, Valid: true}, {P: 0.7, Valid: true}}}}}
	panels := []Panel{probs, means}
	var built []builtPanel
	for _, p := range panels {
		b, err := buildPanel(p, false)
		if err != nil {
			t.Fatal(err)
		}
		built = append(built, b)
	}
	img := vgimg.New(chartWidth, 600)
	c := draw.New(img)
	if built[0].yAxisWidth() == built[1].yAxisWidth() || built[0].stripWidth(c) == built[1].stripWidth(c) {
		t.Fatal("the panels differ in neither tick labels nor legend: the test proves nothing")
	}
	strip, yw := lineLayout(panels, built, c)
	var left, right []vg.Length
	for _, b := range built {
		da := b.pl.DataCanvas(b.plotCanvas(c, strip, yw-b.yAxisWidth()))
		left, right = append(left, da.Min.X), append(right, da.Max.X)
	}
	if left[0] != left[1] || right[0] != right[1] {
		t.Errorf("data areas [%v, %v] and [%v, %v]", left[0], right[0], left[1], right[1])
	}
}
