//go:build !js

package report

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

var (
	white = color.White
	ink   = color.RGBA{R: 0x22, G: 0x22, B: 0x22, A: 0xff}
	faint = color.RGBA{R: 0xdd, G: 0xdd, B: 0xdd, A: 0xff}
)

// palette holds twelve colours that stay distinct for the common forms of
// colour blindness. The first eight are Okabe and Ito's ("Color Universal
// Design", Okabe & Ito, 2008, jfly.uni-koeln.de/color/); the last four are
// from Paul Tol's "muted" qualitative scheme (Tol, "Colour Schemes", SRON
// technical note SRON/EPS/TN/09-002, 2021), chosen for being far from the
// first eight. Okabe–Ito's yellow, faint as a line on white, comes last.
// Series past the twelfth repeat the colours with a dash pattern of their
// own (dashesOf).
var palette = []color.RGBA{
	{R: 0x00, G: 0x72, B: 0xb2, A: 0xff}, // Okabe–Ito blue
	{R: 0xe6, G: 0x9f, B: 0x00, A: 0xff}, // Okabe–Ito orange
	{R: 0x00, G: 0x9e, B: 0x73, A: 0xff}, // Okabe–Ito bluish green
	{R: 0xd5, G: 0x5e, B: 0x00, A: 0xff}, // Okabe–Ito vermillion
	{R: 0xcc, G: 0x79, B: 0xa7, A: 0xff}, // Okabe–Ito reddish purple
	{R: 0x56, G: 0xb4, B: 0xe9, A: 0xff}, // Okabe–Ito sky blue
	{R: 0x00, G: 0x00, B: 0x00, A: 0xff}, // Okabe–Ito black
	{R: 0x33, G: 0x22, B: 0x88, A: 0xff}, // Tol muted indigo
	{R: 0x88, G: 0x22, B: 0x55, A: 0xff}, // Tol muted wine
	{R: 0x99, G: 0x99, B: 0x33, A: 0xff}, // Tol muted olive
	{R: 0x11, G: 0x77, B: 0x33, A: 0xff}, // Tol muted green
	{R: 0xf0, G: 0xe4, B: 0x42, A: 0xff}, // Okabe–Ito yellow
}

func colorOf(i int) color.RGBA { return palette[i%len(palette)] }

// dashesOf gives each round of series beyond the palette a dash pattern
// of its own: solid for the first twelve, then dashed, dotted, dash-dot.
func dashesOf(i int) []vg.Length {
	switch i / len(palette) % 4 {
	case 1:
		return []vg.Length{6, 3}
	case 2:
		return []vg.Length{1.5, 2}
	case 3:
		return []vg.Length{6, 2, 1.5, 2}
	}
	return nil
}

func withAlpha(c color.RGBA, a uint8) color.NRGBA {
	return color.NRGBA{R: c.R, G: c.G, B: c.B, A: a}
}

// tickSize is the size of axis tick labels, which label the bars, and
// titleSize that of a panel's title. No text is under 8 points: 16
// pixels at the PNG's 144 dpi.
const (
	tickSize  = 9.5
	titleSize = 11
)

// sans is the face of every text: the library default is a serif.
func sans(size vg.Length, bold bool) text.Style {
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return text.Style{Color: ink, Font: font.From(f, size), Handler: plot.DefaultTextHandler}
}

// newPlot is a plot in the chart's style.
func newPlot(title string) *plot.Plot {
	p := plot.New()
	p.BackgroundColor = nil
	p.Title.Text = title
	p.Title.TextStyle = sans(titleSize, true)
	p.Title.TextStyle.XAlign = draw.XCenter
	p.Title.TextStyle.YAlign = draw.YTop
	p.Title.Padding = 6
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		// Only the face and colour: the axes align their own labels.
		a.Label.TextStyle.Font, a.Label.TextStyle.Color = sans(10, false).Font, ink
		a.Tick.Label.Font, a.Tick.Label.Color = sans(tickSize, false).Font, ink
		a.Color, a.Tick.Color = ink, ink
	}
	p.Legend.TextStyle = sans(9.5, false)
	return p
}

// percentTicks labels a probability axis in percent, every 1, 2, 5, 10,
// 20 or 25 points: the first step that gives at most six labels.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []plot.Tick {
	step := 0.25
	for _, s := range []float64{0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2} {
		if (max-min)/s <= 6 {
			step = s
			break
		}
	}
	var ts []plot.Tick
	for i := math.Ceil(min/step - 1e-9); i*step <= max+1e-12; i++ {
		v := i * step
		if v == 0 {
			v = 0 // not −0, which would print as "-0%"
		}
		ts = append(ts, plot.Tick{Value: v, Label: formatPercent(v)})
	}
	return ts
}

func formatPercent(v float64) string {
	return strconv.FormatFloat(math.Round(v*1e6)/1e4, 'f', -1, 64) + "%"
}

// figure is the text printed by a bar: a percentage, or a mean.
func figure(c Cell, mean bool) string {
	if mean {
		return Avg(c.P, 3)
	}
	switch {
	case c.P == 0:
		return "0%"
	case c.P < 0.001:
		return "<0.1%"
	case c.P < 1 && c.P > 0.999:
		return ">99.9%" // as Pct: no label claims a certainty the figure lacks
	}
	return strconv.FormatFloat(100*c.P, 'f', 1, 64) + "%"
}

// headingLines wraps the heading and then the notes to width: the first
// line (what was attacked) in bold, the rest regular.
func headingLines(lines, notes []string, width vg.Length) []headLine {
	var out []headLine
	for i, l := range append(append([]string(nil), lines...), notes...) {
		for _, part := range strings.Split(l, "\n") {
			sty := sans(10, false)
			if len(out) == 0 && i < len(lines) {
				sty = sans(12, true)
			}
			for _, w := range wrap(sty, part, width) {
				out = append(out, headLine{w, sty})
			}
		}
	}
	return out
}

type headLine struct {
	text  string
	style text.Style
}

func headingHeight(ls []headLine) vg.Length {
	var h vg.Length
	for _, l := range ls {
		h += l.style.Height("Xg") + 2
	}
	if h > 0 {
		h += 8
	}
	return h
}

// drawHeading writes the heading from the top of c and returns the y
// below it.
func drawHeading(c draw.Canvas, ls []headLine) vg.Length {
	y := c.Max.Y
	for _, l := range ls {
		h := l.style.Height("Xg")
		y -= h + 2
		c.FillText(l.style, vg.Point{X: c.Min.X, Y: y + l.style.FontExtents().Descent}, l.text)
	}
	if len(ls) > 0 {
		y -= 8
	}
	return y
}

// wrap breaks s at spaces into lines no wider than width; a single word
// wider than that stays whole, and a number stays with the word before it
// (numberWord).
func wrap(sty text.Style, s string, width vg.Length) []string {
	var words []string
	for _, w := range strings.Fields(s) {
		if len(words) > 0 && numberWord(w) {
			words[len(words)-1] += " " + w
			continue
		}
		words = append(words, w)
	}
	if len(words) == 0 {
		return nil
	}
	var lines []string
	cur := words[0]
	for _, w := range words[1:] {
		if sty.Width(cur+" "+w) > width {
			lines = append(lines, cur)
			cur = w
			continue
		}
		cur += " " + w
	}
	return append(lines, cur)
}
