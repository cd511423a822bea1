//go:build !js

package report

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The page is a fixed width. Its height grows with the panels up to
// maxHeight, about 1,600 pixels at chartDPI: past that the panels go
// side by side in columns, then lower, and at last the least telling are
// left out, which a note under the heading says.
const (
	chartWidth = 8.5 * vg.Inch
	chartDPI   = 144
	maxHeight  = 800 // points: 1,600 pixels at 144 dpi
	margin     = 14
	panelGap   = 10
	columnGap  = 20
	maxColumns = 3
)

// WriteChart renders c in format f to w.
func WriteChart(w io.Writer, f ChartFormat, c Chart) error {
	if len(c.Panels) == 0 {
		return fmt.Errorf("report: a chart without panels")
	}
	lay, err := layOut(visibleChart(c))
	if err != nil {
		return err
	}
	var (
		canvas vg.CanvasSizer
		out    io.WriterTo
	)
	switch f {
	case PNG:
		img := vgimg.NewWith(vgimg.UseWH(chartWidth, lay.height), vgimg.UseDPI(chartDPI))
		canvas, out = img, vgimg.PngCanvas{Canvas: img}
	case SVG:
		s := vgsvg.New(chartWidth, lay.height)
		canvas, out = s, s
	default:
		return fmt.Errorf("report: unknown chart format %q", f)
	}
	dc := draw.New(canvas)
	dc.SetColor(white)
	dc.Fill(dc.Rectangle.Path())
	area := draw.Crop(dc, margin, -margin, margin, -margin)
	top := drawHeading(area, lay.head)
	panels, built := lay.chart.Panels, lay.built
	// The line panels of a chart share their x-axis: one legend strip and
	// one y-axis width for all, so that their data areas line up.
	strip, yw := lineLayout(panels, built, area)
	for col, idx := range lay.columns {
		cc := area
		cc.Min.X += vg.Length(col) * (lay.width + columnGap)
		cc.Max.X = cc.Min.X + lay.width
		var bars []Panel
		for _, i := range idx {
			bars = append(bars, panels[i])
		}
		indent := labelWidth(bars...)
		y := top
		for _, i := range idx {
			p, b := panels[i], built[i]
			h := lay.heights[i]
			pc := cc
			pc.Max.Y, pc.Min.Y = y, y-h
			switch p.Kind {
			case Bars:
				// Start every panel's bars at the same x, whatever its labels.
				pc.Min.X += indent - labelWidth(p)
				b.draw(pc, 0, 0)
			case Lines:
				b.draw(pc, strip, yw-b.yAxisWidth())
			default:
				b.draw(pc, b.stripWidth(pc), 0)
			}
			y -= h + panelGap
		}
	}
	// Render fully before writing, so that a failure leaves w untouched.
	var buf bytes.Buffer
	if _, err := out.WriteTo(&buf); err != nil {
		return err
	}
	data := buf.Bytes()
	if f == SVG {
		data = svgFallback(data)
	}
	_, err = w.Write(data)
	return err
}

// layout is where a chart's panels go: in columns, each a run of panels
// in the chart's order, read top to bottom and then left to right.
type layout struct {
	chart   Chart // the panels drawn, titles wrapped, and the notes
	built   []builtPanel
	head    []headLine
	columns [][]int
	width   vg.Length // of a column
	heights []vg.Length
	compact bool
	height  vg.Length // of the page
}

// layOut chooses the first layout that fits the page: one column, then
// two, then two of compact panels, then three (of bars only: lines and
// their legends need the room). When none fits, the least telling panel
// is left out and the search starts again, until one does or a single
// panel is left.
func layOut(c Chart) (layout, error) {
	type try struct {
		cols    int
		compact bool
	}
	var tries []try
	for _, t := range []try{{1, false}, {2, false}, {2, true}, {3, false}, {3, true}} {
		if t.cols == 1 || t.cols <= len(c.Panels) && (t.cols <= 2 || allBars(c.Panels)) {
			tries = append(tries, t)
		}
	}
	for _, t := range tries {
		l, err := tryLayout(c, t.cols, t.compact)
		if err != nil || l.height <= maxHeight {
			return l, err
		}
	}
	// Nothing fits: the densest layout, less a panel at a time.
	densest := tries[len(tries)-1]
	chart := c
	var dropped []string
	for {
		k := leastTelling(chart.Panels)
		if k < 0 || len(chart.Panels) == 1 {
			return tryLayout(chart, densest.cols, densest.compact)
		}
		dropped = append(dropped, chart.Panels[k].Title)
		chart.Panels = slices.Delete(slices.Clone(chart.Panels), k, k+1)
		chart.Notes = append(slices.Clone(c.Notes), roomNote(dropped))
		l, err := tryLayout(chart, densest.cols, densest.compact)
		if err != nil || l.height <= maxHeight {
			return l, err
		}
	}
}

// tryLayout lays c out in cols columns, its titles wrapped to their
// width, the columns as even as the panels' order allows.
func tryLayout(c Chart, cols int, compact bool) (layout, error) {
	width := (chartWidth - 2*margin - vg.Length(cols-1)*columnGap) / vg.Length(cols)
	l := layout{chart: c, width: width, compact: compact}
	l.chart.Panels = slices.Clone(c.Panels)
	l.head = headingLines(c.Heading, c.Notes, chartWidth-2*margin)
	title := sans(titleSize, true)
	probe := draw.New(vgimg.New(width, 100))
	for i, p := range l.chart.Panels {
		b, err := buildPanel(p, compact)
		if err != nil {
			return layout{}, err
		}
		lines := wrap(title, strings.ReplaceAll(p.Title, "\n", " "), width-b.stripWidth(probe)-8)
		b.pl.Title.Text = strings.Join(lines, "\n")
		l.chart.Panels[i].Title = b.pl.Title.Text
		l.built = append(l.built, b)
		l.heights = append(l.heights, panelHeight(p, compact)+vg.Length(max(len(lines)-1, 0))*title.Height("Xg"))
	}
	l.columns = balance(l.heights, cols)
	var tallest vg.Length
	for _, idx := range l.columns {
		var h vg.Length
		for _, i := range idx {
			h += l.heights[i] + panelGap
		}
		tallest = max(tallest, h)
	}
	l.height = headingHeight(l.head) + 2*margin + tallest
	return l, nil
}

// balance splits the panels, in order, into at most cols runs whose
// tallest is as low as it can be.
func balance(heights []vg.Length, cols int) [][]int {
	pack := func(limit vg.Length) [][]int {
		var out [][]int
		var h vg.Length
		for i, ph := range heights {
			if len(out) == 0 || h+ph+panelGap > limit && len(out[len(out)-1]) > 0 {
				out, h = append(out, nil), 0
			}
			out[len(out)-1] = append(out[len(out)-1], i)
			h += ph + panelGap
		}
		return out
	}
	var lo, hi vg.Length
	for _, h := range heights {
		lo, hi = max(lo, h+panelGap), hi+h+panelGap
	}
	for range 40 {
		mid := (lo + hi) / 2
		if len(pack(mid)) <= cols {
			hi = mid
		} else {
			lo = mid
		}
	}
	return pack(hi + 1e-6)
}

func allBars(ps []Panel) bool {
	return !slices.ContainsFunc(ps, func(p Panel) bool { return p.Kind != Bars })
}

// leastTelling is the index of the panel that says least, the later of
// equals, or -1 when none may go: a panel of means never does.
func leastTelling(ps []Panel) int {
	k, least := -1, math.Inf(1)
	for i, p := range ps {
		if t := telling(p); t <= least && !math.IsInf(t, 1) {
			k, least = i, t
		}
	}
	return k
}

// telling measures how much a panel tells. For bars, how far its
// outcomes are from one sure outcome: the sum of p(1−p), 0 for a metric
// that always ends one way. For groups of several series, how far apart
// the series are, outcome by outcome: runs that agree tell least, however
// far apart one run's outcomes are (a yes/no at 1% and 99% in every run
// says nothing of which run to choose). For lines, how far apart its
// figures are, across the values and the series: flat lines on top of one
// another tell least.
func telling(p Panel) float64 {
	if p.Mean {
		return math.Inf(1)
	}
	if p.Kind == Groups && len(p.Series) > 1 {
		return spreadAcross(p.Series)
	}
	t, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
	for _, s := range p.Series {
		for _, c := range s.Cells {
			if c.Valid {
				t += c.P * (1 - c.P)
				lo, hi = min(lo, c.P), max(hi, c.P)
			}
		}
	}
	if p.Kind != Bars {
		return max(hi-lo, 0)
	}
	return t
}

// spreadAcross sums, over the outcomes, how far apart the series' valid
// figures of each are.
func spreadAcross(series []Series) float64 {
	t := 0.0
	for k := range series[0].Cells {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range series {
			if k < len(s.Cells) && s.Cells[k].Valid {
				lo, hi = min(lo, s.Cells[k].P), max(hi, s.Cells[k].P)
			}
		}
		t += max(hi-lo, 0)
	}
	return t
}

// roomNote names the panels left out for want of room, shortly: without
// a mean or a remark in brackets, and past the first few only as a count,
// so that the note does not itself take the room of a panel.
func roomNote(titles []string) string {
	var names []string
	for _, t := range titles {
		t = strings.SplitN(t, " — ", 2)[0]
		if i := strings.Index(t, " ("); i > 0 && strings.HasSuffix(t, ")") {
			t = t[:i]
		}
		names = append(names, t)
	}
	const most = 8
	more := ""
	if len(names) > most {
		more = fmt.Sprintf(" and %d more", len(names)-most)
		names = names[:most]
	}
	return "Not drawn for want of room, as the least telling: " + strings.Join(names, "; ") + more + "."
}

// labelWidth is the width of the widest bar label of the Bars panels.
func labelWidth(ps ...Panel) vg.Length {
	sty := sans(tickSize, false)
	var w vg.Length
	for _, p := range ps {
		if p.Kind != Bars {
			continue
		}
		for _, s := range p.Series {
			for _, l := range s.Labels {
				w = max(w, sty.Width(l))
			}
		}
	}
	return w
}
