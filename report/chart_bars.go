//go:build !js

package report

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// barPlotter draws the cells of one series as bars from zero, at category
// positions at[i] + offset, with whiskers from Lo to Hi and the figure
// past the end of each bar. Positions and widths are in data units, so
// that grouped bars and their whiskers line up at any size.
type barPlotter struct {
	cells      []Cell
	at         []float64
	offset     float64
	width      float64
	horizontal bool
	color      color.Color
	mean       bool
	label      text.Style
	// pitch is the distance from one bar to the next of its group, in
	// data units, for bars whose figures stand upright (groupsPlot); 0
	// for bars one to a category.
	pitch float64
}

func (b *barPlotter) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	pt := func(cat, val float64) vg.Point {
		if b.horizontal {
			return vg.Point{X: trX(val), Y: trY(cat)}
		}
		return vg.Point{X: trX(cat), Y: trY(val)}
	}
	whisker := draw.LineStyle{Color: ink, Width: vg.Points(1)}
	// An upright figure is a line of text high: over bars closer than
	// that (a dozen plans side by side) the figures would print over one
	// another, and the axis, the grid and the whiskers say it instead.
	labels := b.pitch == 0 || trX(b.pitch)-trX(0) >= b.label.Font.Size*1.1
	for i, cell := range b.cells {
		if !cell.Valid {
			continue
		}
		mid := b.at[i] + b.offset
		lo, hi := mid-b.width/2, mid+b.width/2
		c.FillPolygon(b.color, []vg.Point{pt(lo, 0), pt(lo, cell.P), pt(hi, cell.P), pt(hi, 0)})
		if cell.Hi > cell.Lo {
			capw := b.width / 4
			c.StrokeLines(whisker,
				[]vg.Point{pt(mid, cell.Lo), pt(mid, cell.Hi)},
				[]vg.Point{pt(mid-capw, cell.Lo), pt(mid+capw, cell.Lo)},
				[]vg.Point{pt(mid-capw, cell.Hi), pt(mid+capw, cell.Hi)})
		}
		if !labels {
			continue
		}
		end := pt(mid, math.Max(cell.Hi, cell.P))
		sty := b.label
		if b.horizontal {
			end.X += 4
		} else {
			end.Y += 3
		}
		c.FillText(sty, end, figure(cell, b.mean))
	}
}

func (b *barPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	cmin, cmax := math.Inf(1), math.Inf(-1)
	for _, a := range b.at {
		cmin, cmax = math.Min(cmin, a-0.5), math.Max(cmax, a+0.5)
	}
	vmax := 0.0
	for _, c := range b.cells {
		if c.Valid {
			vmax = math.Max(vmax, math.Max(c.Hi, c.P))
		}
	}
	if b.horizontal {
		return 0, vmax, cmin, cmax
	}
	return cmin, cmax, 0, vmax
}

// swatch is a legend entry's filled square.
type swatch struct{ color color.Color }

func (s swatch) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	side := math.Min(float64(r.Max.X-r.Min.X), float64(r.Max.Y-r.Min.Y))
	r.Max.X = r.Min.X + vg.Length(side)
	r.Max.Y = r.Min.Y + vg.Length(side)
	c.FillPolygon(s.color, []vg.Point{r.Min, {X: r.Min.X, Y: r.Max.Y}, r.Max, {X: r.Max.X, Y: r.Min.Y}})
}

// barRow is the height given to each bar of a Bars panel.
const barRow = 15

// barsPlot draws one series top to bottom: the first label at the top, as
// in the table.
func barsPlot(p Panel, compact bool) *plot.Plot {
	pl := newPlot(p.Title)
	s := p.Series[0]
	n := len(s.Cells)
	at := make([]float64, n)
	names := make([]string, n)
	for i := range s.Cells {
		at[i] = float64(n - 1 - i)
		names[n-1-i] = s.Labels[i]
	}
	label := sans(8.5, false)
	label.YAlign = draw.YCenter
	pl.Add(&barPlotter{cells: s.Cells, at: at, width: 0.7, horizontal: true, color: colorOf(0), mean: p.Mean, label: label})
	pl.NominalY(names...)
	pl.Y.Padding = 0
	pl.X.Min = 0
	valueAxis(&pl.X, p, 0.16)
	if compact {
		pl.HideX()
	}
	return pl
}

// valueAxis sets a bar axis: percent from 0 to just past 100%, leaving
// room for the figures printed past the bars; means from 0 to the largest
// value with the same headroom.
func valueAxis(a *plot.Axis, p Panel, room float64) {
	a.Min = 0
	if p.Mean {
		vmax := 0.0
		for _, s := range p.Series {
			for _, c := range s.Cells {
				if c.Valid {
					vmax = math.Max(vmax, math.Max(c.P, c.Hi))
				}
			}
		}
		a.Max = vmax * (1 + room)
		if a.Max == 0 {
			a.Max = 1
		}
		return
	}
	a.Max = 1 + room
	a.Tick.Marker = plot.ConstantTicks([]plot.Tick{
		{Value: 0, Label: "0%"}, {Value: 0.25, Label: "25%"}, {Value: 0.5, Label: "50%"},
		{Value: 0.75, Label: "75%"}, {Value: 1, Label: "100%"},
	})
}

// groupsPlot draws several series side by side in each label's group.
func groupsPlot(p Panel) (*plot.Plot, *plot.Legend) {
	pl := newPlot(p.Title)
	leg := plot.NewLegend()
	leg.TextStyle = sans(9.5, false)
	leg.Padding = 4
	n := len(p.Series)
	groupWidth := 0.8
	w := groupWidth / float64(n)
	label := sans(8, false)
	label.XAlign = draw.XLeft
	label.YAlign = draw.YCenter
	// Upright figures would overlap their neighbours in a narrow group.
	label.Rotation = math.Pi / 2
	valueAxis(&pl.Y, p, 0.25)
	pl.Add(gridLines{pl.Y.Tick.Marker})
	for k, s := range p.Series {
		at := make([]float64, len(s.Cells))
		for i := range at {
			at[i] = float64(i)
		}
		b := &barPlotter{cells: s.Cells, at: at, offset: -groupWidth/2 + w*(float64(k)+0.5), width: w * 0.9,
			color: colorOf(k), mean: p.Mean, label: label, pitch: w}
		pl.Add(b)
		leg.Add(s.Name, swatch{colorOf(k)})
	}
	pl.NominalX(p.Series[0].Labels...)
	pl.X.Padding = 0
	// A group never takes more than a quarter of the axis: one or two
	// groups of bars as wide as the page read as blocks, not bars.
	if groups := len(p.Series[0].Labels); groups < 4 {
		pad := float64(4-groups) / 2
		pl.X.Min, pl.X.Max = -0.5-pad, float64(groups)-0.5+pad
	}
	pl.Y.Label.Text = "probability"
	if p.Mean {
		pl.Y.Label.Text = "mean"
	}
	return pl, &leg
}

// gridLines draws faint lines across the plot at the value ticks, behind
// the bars, so that the eye can carry a bar across to the axis.
type gridLines struct{ ticks plot.Ticker }

func (g gridLines) Plot(c draw.Canvas, plt *plot.Plot) {
	_, trY := plt.Transforms(&c)
	for _, t := range g.ticks.Ticks(plt.Y.Min, plt.Y.Max) {
		if t.Label == "" || t.Value <= plt.Y.Min {
			continue
		}
		y := trY(t.Value)
		c.StrokeLine2(draw.LineStyle{Color: faint, Width: vg.Points(0.5)}, c.Min.X, y, c.Max.X, y)
	}
}
