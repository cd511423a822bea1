//go:build !js

package report

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Heights of the panel kinds, in points. A Bars panel grows with its
// labels so that every bar keeps the same room. A compact panel, for a
// chart that would otherwise not fit its page, is lower: a Bars panel
// leaves out its value axis (each bar prints its figure) and gives each
// bar less room.
const (
	groupsHeight  = 250
	meansHeight   = 170
	linesHeight   = 270
	barsChrome    = 62 // title and value axis
	compactChrome = 30 // title
	compactBarRow = 12
	compactLines  = 165
	compactMeans  = 150
)

func panelHeight(p Panel, compact bool) vg.Length {
	switch p.Kind {
	case Groups:
		if p.Mean {
			return meansHeight
		}
		return groupsHeight
	case Lines:
		switch {
		case compact && p.Mean:
			return compactMeans
		case compact:
			return compactLines
		case p.Mean:
			return meansHeight + 20 // room for the x-axis label
		}
		return linesHeight
	}
	n := 0
	if len(p.Series) > 0 {
		n = len(p.Series[0].Cells)
	}
	if compact {
		return compactChrome + compactBarRow*vg.Length(max(n, 2))
	}
	return barsChrome + barRow*vg.Length(max(n, 2))
}

// builtPanel is a panel's plot and legend, built before any is drawn so
// that panels that share an axis can be lined up.
type builtPanel struct {
	pl  *plot.Plot
	leg *plot.Legend
	// groups are a Groups panel's labels along its x axis.
	groups []string
}

func buildPanel(p Panel, compact bool) (builtPanel, error) {
	if len(p.Series) == 0 {
		return builtPanel{}, fmt.Errorf("report: panel %q has no series", p.Title)
	}
	var b builtPanel
	var err error
	switch p.Kind {
	case Bars:
		b.pl = barsPlot(p, compact)
	case Groups:
		b.pl, b.leg = groupsPlot(p)
		b.groups = p.Series[0].Labels
	case Lines:
		b.pl, b.leg, err = linesPlot(p)
	default:
		return builtPanel{}, fmt.Errorf("report: unknown panel kind %d", p.Kind)
	}
	return b, err
}

// stripWidth is the width of the legend strip on the right of c.
func (b builtPanel) stripWidth(c draw.Canvas) vg.Length {
	if b.leg == nil {
		return 0
	}
	r := b.leg.Rectangle(c)
	return r.Max.X - r.Min.X + 16
}

// yAxisWidth is the width of the widest tick label of the y axis: what,
// with the axis label, sets where the data area starts.
func (b builtPanel) yAxisWidth() vg.Length {
	var w vg.Length
	for _, t := range b.pl.Y.Tick.Marker.Ticks(b.pl.Y.Min, b.pl.Y.Max) {
		if t.Label != "" {
			w = max(w, b.pl.Y.Tick.Label.Width(t.Label))
		}
	}
	return w
}

// draw draws the panel into c, with its legend, if any, in a strip of
// width strip on the right: inside the plot it would hide the bars or
// lines it explains. indent moves the plot's left edge right, to line its
// data area up with the panels above and below.
func (b builtPanel) draw(c draw.Canvas, strip, indent vg.Length) {
	if b.leg != nil {
		lc := draw.Crop(c, c.Max.X-c.Min.X-strip+12, 0, 0, 0)
		// Line the legend up with the top of the data, below the title.
		lc.Max.Y -= b.pl.Title.TextStyle.Height(b.pl.Title.Text) + b.pl.Title.Padding + 4
		b.leg.Top, b.leg.Left = true, true
		b.leg.Draw(lc)
	}
	pc := b.plotCanvas(c, strip, indent)
	b.slantGroups(pc)
	b.pl.Draw(pc)
}

// slantGroups turns a Groups panel's labels by 45° when the widest is
// wider than a group's room along the axis in c, where side by side they
// would run into each other; turned, each needs only its height.
func (b builtPanel) slantGroups(c draw.Canvas) {
	if len(b.groups) == 0 {
		return
	}
	room := (c.Max.X - c.Min.X - b.yAxisWidth() - 40) / vg.Length(len(b.groups))
	var widest vg.Length
	for _, g := range b.groups {
		widest = max(widest, b.pl.X.Tick.Label.Width(g))
	}
	if widest <= room {
		return
	}
	b.pl.X.Tick.Label.Rotation = math.Pi / 4
	b.pl.X.Tick.Label.XAlign = draw.XRight
	b.pl.X.Tick.Label.YAlign = draw.YTop
}

// plotCanvas is the part of c the plot itself takes.
func (b builtPanel) plotCanvas(c draw.Canvas, strip, indent vg.Length) draw.Canvas {
	if b.leg != nil {
		c = draw.Crop(c, 0, -strip, 0, 0)
	}
	c.Min.X += indent
	return c
}

// lineLayout is the legend strip and y-axis width that the line panels of
// a chart share, so that their x-axes line up.
func lineLayout(panels []Panel, built []builtPanel, c draw.Canvas) (strip, yw vg.Length) {
	for i, p := range panels {
		if p.Kind == Lines {
			strip, yw = max(strip, built[i].stripWidth(c)), max(yw, built[i].yAxisWidth())
		}
	}
	return strip, yw
}
