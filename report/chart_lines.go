//go:build !js

package report

import (
	"math"
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
	pl.X.Tick.Marker = xTicks(p.X)
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

// xTicks marks every swept value when there are few enough to read, and
// falls back to the default ticks otherwise.
func xTicks(x []float64) plot.Ticker {
	if len(x) == 0 || len(x) > 16 {
		return plot.DefaultTicks{}
	}
	ts := make([]plot.Tick, len(x))
	for i, v := range x {
		ts[i] = plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'g', 6, 64)}
	}
	return plot.ConstantTicks(ts)
}
