package report

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Chart is a picture of a report: a heading that states the inputs and the
// method, then panels stacked top to bottom in one file. One file rather
// than one per metric, because a run is read as a whole and the panels
// share the probability axis.
type Chart struct {
	Heading []string
	Panels  []Panel
	// Notes are drawn below the heading: what the chart leaves out, and
	// why ("always 0: AFVs generated, SPGs generated").
	Notes []string
}

// PanelKind is how a panel draws its series.
type PanelKind int

const (
	// Bars draws one series as horizontal bars, one per label, top to
	// bottom, with interval whiskers and the figure at the end of each bar.
	Bars PanelKind = iota
	// Groups draws several series as vertical bars grouped by label, one
	// colour per series, with whiskers and a legend.
	Groups
	// Lines draws each series as a line over X with its interval as a
	// shaded band, and a legend.
	Lines
)

// Panel is one plot of a chart.
type Panel struct {
	Kind   PanelKind
	Title  string
	Series []Series
	// X holds the abscissa of each label (Lines only), and XLabel names it.
	X      []float64
	XLabel string
	// XTicks, if set, are the values the x-axis marks (a sweep over FP
	// marks the IFT columns); otherwise the axis marks every value of X
	// when there are few, and round values and both ends when not.
	XTicks []float64
	// Mean marks figures that are means rather than probabilities: their
	// axis is not a percentage and not capped at 1.
	Mean bool
}

// ChartFormat is an image format for WriteChart.
type ChartFormat string

const (
	PNG ChartFormat = "png"
	SVG ChartFormat = "svg"
)

// ChartFormatOf reads the format from a file name's extension, .png or
// .svg in any case.
func ChartFormatOf(file string) (ChartFormat, error) {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".png":
		return PNG, nil
	case ".svg":
		return SVG, nil
	}
	return "", fmt.Errorf("want a file name ending in .png or .svg")
}
