package report

import (
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Heights of the panel kinds, in points. A Bars panel grows with its
// labels so that every bar keeps the same room.
const (
	groupsHeight = 250
	meansHeight  = 170
	linesHeight  = 270
	barsChrome   = 62 // title and value axis
)

func panelHeight(p Panel) vg.Length {
	switch p.Kind {
	case Groups:
		if p.Mean {
			return meansHeight
		}
		return groupsHeight
	case Lines:
		if p.Mean {
			return meansHeight + 20 // room for the x-axis label
		}
		return linesHeight
	}
	n := 0
	if len(p.Series) > 0 {
		n = len(p.Series[0].Cells)
	}
	return barsChrome + barRow*vg.Length(max(n, 2))
}

// drawPanel draws p into c, with its legend, if any, in a strip on the
// right: inside the plot it would hide the bars or lines it explains.
func drawPanel(c draw.Canvas, p Panel) error {
	if len(p.Series) == 0 {
		return fmt.Errorf("report: panel %q has no series", p.Title)
	}
	var (
		pl  *plot.Plot
		leg *plot.Legend
		err error
	)
	switch p.Kind {
	case Bars:
		pl = barsPlot(p)
	case Groups:
		pl, leg = groupsPlot(p)
	case Lines:
		pl, leg, err = linesPlot(p)
	default:
		return fmt.Errorf("report: unknown panel kind %d", p.Kind)
	}
	if err != nil {
		return err
	}
	if leg != nil {
		r := leg.Rectangle(c)
		strip := r.Max.X - r.Min.X + 16
		lc := draw.Crop(c, c.Max.X-c.Min.X-strip+12, 0, 0, 0)
		// Line the legend up with the top of the data, below the title.
		lc.Max.Y -= pl.Title.TextStyle.Height(pl.Title.Text) + pl.Title.Padding + 4
		leg.Top, leg.Left = true, true
		leg.Draw(lc)
		c = draw.Crop(c, 0, -strip, 0, 0)
	}
	pl.Draw(c)
	return nil
}
