//go:build !js

package report

import (
	"bytes"
	"fmt"
	"io"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// The page is a fixed width; its height grows with the panels, so that a
// metric with nineteen outcomes gets as much room per bar as one with two.
const (
	chartWidth = 8.5 * vg.Inch
	chartDPI   = 144
	margin     = 14
	panelGap   = 10
)

// WriteChart renders c in format f to w.
func WriteChart(w io.Writer, f ChartFormat, c Chart) error {
	if len(c.Panels) == 0 {
		return fmt.Errorf("report: a chart without panels")
	}
	head := headingLines(c.Heading, c.Notes, chartWidth-2*margin)
	height := headingHeight(head) + 2*margin
	for _, p := range c.Panels {
		height += panelHeight(p) + panelGap
	}
	var (
		canvas vg.CanvasSizer
		out    io.WriterTo
	)
	switch f {
	case PNG:
		img := vgimg.NewWith(vgimg.UseWH(chartWidth, height), vgimg.UseDPI(chartDPI))
		canvas, out = img, vgimg.PngCanvas{Canvas: img}
	case SVG:
		s := vgsvg.New(chartWidth, height)
		canvas, out = s, s
	default:
		return fmt.Errorf("report: unknown chart format %q", f)
	}
	dc := draw.New(canvas)
	dc.SetColor(white)
	dc.Fill(dc.Rectangle.Path())
	area := draw.Crop(dc, margin, -margin, margin, -margin)
	top := drawHeading(area, head)
	indent := labelWidth(c.Panels...)
	built := make([]builtPanel, len(c.Panels))
	// The line panels of a chart share their x-axis: one legend strip and
	// one y-axis width for all, so that their data areas line up.
	for i, p := range c.Panels {
		b, err := buildPanel(p)
		if err != nil {
			return err
		}
		built[i] = b
	}
	strip, yw := lineLayout(c.Panels, built, area)
	for i, p := range c.Panels {
		h := panelHeight(p)
		pc := area
		pc.Max.Y, pc.Min.Y = top, top-h
		b := built[i]
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
		top -= h + panelGap
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
	_, err := w.Write(data)
	return err
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
