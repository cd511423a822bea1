//go:build !js

package report

import (
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// linesPlot draws each series over p.X: its interval as a shaded band
// under the line, the line, and a dot at each computed value. A cell that
// is not Valid breaks the line.
func linesPlot(p Panel) (*plot.Plot, *plot.Legend, error) {
	pl := newPlot(p.Title)
	leg := plot.NewLegend()
	leg.TextStyle = sans(9.5, false)
	leg.ThumbnailWidth = vg.Points(24)
	leg.Padding = 3
	if !p.Mean {
		pl.Y.Tick.Marker = percentTicks{}
	}
	pl.Add(gridLines{pl.Y.Tick.Marker})
	ymax := 0.0
	for k, s := range markCoinciding(p.Series) {
		col := colorOf(k)
		for _, run := range validRuns(p.X, s.Cells) {
			if band := bandOf(run); band != nil {
				poly, err := plotter.NewPolygon(band)
				if err != nil {
					return nil, nil, err
				}
				poly.Color = withAlpha(col, 0x40)
				poly.LineStyle.Width = 0
				pl.Add(poly)
			}
		}
		var thumb *plotter.Line
		var mark *plotter.Scatter
		for _, run := range validRuns(p.X, s.Cells) {
			xys := make(plotter.XYs, len(run))
			for i, r := range run {
				xys[i] = plotter.XY{X: r.x, Y: r.c.P}
				ymax = math.Max(ymax, math.Max(r.c.P, r.c.Hi))
			}
			line, dots, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, nil, err
			}
			line.Color, line.Width, line.Dashes = col, vg.Points(1.6), dashesOf(k)
			dots.Color, dots.Radius, dots.Shape = col, vg.Points(2.6), glyphOf(k)
			pl.Add(line, dots)
			thumb, mark = line, dots
		}
		if thumb != nil {
			leg.Add(s.Name, thumb, mark)
		}
	}
	pl.X.Label.Text = p.XLabel
	pl.X.Tick.Marker = xTicks(p)
	if len(p.X) > 0 {
		// The whole range swept, a value with no figure included, which
		// the chart's note names.
		pl.X.Min, pl.X.Max = slices.Min(p.X), slices.Max(p.X)
	}
	pl.Y.Min = 0
	if p.Mean {
		pl.Y.Label.Text = "mean"
		pl.Y.Max = math.Max(ymax*1.05, 1e-9)
	} else {
		pl.Y.Label.Text = "probability"
		pl.Y.Max = math.Min(1, math.Max(ymax*1.05, 0.01))
	}
	return pl, &leg, nil
}

type point struct {
	x float64
	c Cell
}

// validRuns splits a line at cells that are not Valid.
func validRuns(x []float64, cells []Cell) [][]point {
	var out [][]point
	var cur []point
	for i, c := range cells {
		if !c.Valid {
			if len(cur) > 0 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		cur = append(cur, point{x[i], c})
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// bandOf is the polygon from Lo to Hi along a run, or nil when it has no
// width (exact runs).
func bandOf(run []point) plotter.XYs {
	wide := false
	for _, r := range run {
		wide = wide || r.c.Hi > r.c.Lo
	}
	if !wide || len(run) < 2 {
		return nil
	}
	band := make(plotter.XYs, 0, 2*len(run))
	for _, r := range run {
		band = append(band, plotter.XY{X: r.x, Y: r.c.Hi})
	}
	for i := len(run) - 1; i >= 0; i-- {
		band = append(band, plotter.XY{X: run[i].x, Y: run[i].c.Lo})
	}
	return band
}

// xTicks marks the panel's own ticks if it has them, every swept value
// when there are few enough to read, and otherwise round values and both
// ends of the sweep.
func xTicks(p Panel) plot.Ticker {
	vs := p.XTicks
	if len(vs) == 0 {
		vs = p.X
		if len(vs) > maxXTicks {
			whole := !slices.ContainsFunc(vs, func(v float64) bool { return v != math.Trunc(v) })
			vs = niceTicks(slices.Min(vs), slices.Max(vs), whole)
		}
	}
	if len(vs) == 0 {
		return plot.DefaultTicks{}
	}
	ts := make([]plot.Tick, len(vs))
	for i, v := range vs {
		ts[i] = plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', 6, 64)}
	}
	return plot.ConstantTicks(ts)
}

// maxXTicks is the most swept values the x-axis marks one by one.
const maxXTicks = 16

// niceTicks are the multiples of a round step (1, 2, 2.5 or 5 times a
// power of ten; for whole, a sweep of whole numbers such as dice, a whole
// step) from lo to hi, at most about eight, with lo and hi themselves: a
// reader sees where the sweep starts and ends. A round value within half
// a step of an end gives way to the end, which it would crowd (4, 5, 7.5
// for dice from 4).
func niceTicks(lo, hi float64, whole bool) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	span := hi - lo
	step := math.Pow(10, math.Floor(math.Log10(span)))
	for _, f := range []float64{0.1, 0.2, 0.25, 0.5, 1, 2} {
		s := step * f
		if whole && s != math.Trunc(s) {
			continue
		}
		if span/s <= 8 {
			step = s
			break
		}
	}
	out := []float64{lo}
	for i := math.Ceil(lo/step - 1e-9); i*step < hi; i++ {
		if v := i * step; v-lo >= 0.5*step && hi-v >= 0.5*step {
			out = append(out, v)
		}
	}
	return append(out, hi)
}
