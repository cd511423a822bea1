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
			} else if r := run[0]; len(run) == 1 && r.c.Hi > r.c.Lo {
				// A lone value has no band to shade: a whisker says its
				// interval instead.
				bars, err := plotter.NewYErrorBars(whisker{r})
				if err != nil {
					return nil, nil, err
				}
				bars.Color, bars.Width, bars.CapWidth = col, vg.Points(1.2), vg.Points(8)
				pl.Add(bars)
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

// whisker is a lone point's interval, as plotter.YErrorBars reads it.
type whisker struct{ p point }

func (w whisker) Len() int                      { return 1 }
func (w whisker) XY(int) (x, y float64)         { return w.p.x, w.p.c.P }
func (w whisker) YError(int) (float64, float64) { return w.p.c.P - w.p.c.Lo, w.p.c.Hi - w.p.c.P }

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

// xTicks marks every swept value when there are few enough to read, and
// the panel's own ticks (the IFT columns of an FP sweep) beside them;
// otherwise the panel's own ticks, or round values and both ends of the
// sweep. Ticks closer than
// minTickGap of the axis to one marked before give way, both ends
// marked, so that no two labels run together.
func xTicks(p Panel) plot.Ticker {
	vs := p.X
	switch {
	case len(vs) <= maxXTicks:
		vs = append(slices.Clone(vs), p.XTicks...)
	case len(p.XTicks) > 0:
		vs = p.XTicks
	default:
		whole := !slices.ContainsFunc(vs, func(v float64) bool { return v != math.Trunc(v) })
		vs = niceTicks(slices.Min(vs), slices.Max(vs), whole)
	}
	if len(vs) == 0 {
		return plot.DefaultTicks{}
	}
	slices.Sort(vs)
	vs = slices.Compact(vs)
	lo, hi := vs[0], vs[len(vs)-1]
	gap := minTickGap * (hi - lo)
	kept := []float64{lo}
	for _, v := range vs[1:] {
		if v-kept[len(kept)-1] >= gap && (hi-v >= gap || v == hi) {
			kept = append(kept, v)
		}
	}
	if kept[len(kept)-1] != hi {
		kept = append(kept, hi)
	}
	ts := make([]plot.Tick, len(kept))
	for i, v := range kept {
		ts[i] = plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', 6, 64)}
	}
	return plot.ConstantTicks(ts)
}

// maxXTicks is the most swept values the x-axis marks one by one, and
// minTickGap the least distance between two of its marks, as a share of
// the axis: sixteen values evenly spaced keep every mark.
const (
	maxXTicks  = 16
	minTickGap = 1.0 / 18
)

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
