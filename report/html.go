//go:build !js

package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"sync"

	"github.com/sapperhq/sapper/sim"
)

// The HTML tables are the text table for a web page: the same header
// lines, captions, figures, intervals and bars (resultHeader, metricCaption,
// shownOutcomes, Bar, gridFigure), laid out as <table> elements so that a
// browser can align, copy and read them aloud. html/template escapes every
// label and title.

//go:embed html.tmpl
var htmlFS embed.FS

// htmlTemplates is parsed on first use: only --format html reads it, and
// parsing it at every start would cost each run its time.
var htmlTemplates = sync.OnceValue(func() *template.Template {
	return template.Must(template.ParseFS(htmlFS, "html.tmpl"))
})

type htmlRun struct {
	Label  string
	Header []string
	Exact  bool
	// Fractions: the outcomes carry exact fractions, in a column of
	// their own.
	Fractions bool
	Metrics   []htmlMetric
	Elapsed   string
}

type htmlMetric struct {
	Caption string
	Rows    []htmlRow
	Mean    string
}

type htmlRow struct {
	Label, P, Interval, Fraction, Bar string
}

// WriteHTML writes r's results as HTML tables, one section per run: the
// fragment a page embeds where a terminal shows WriteTable's text. The
// title is left to the page, which shows it above its form.
func WriteHTML(w io.Writer, r Report, opt Options) error {
	runs, err := r.runs()
	if err != nil {
		return err
	}
	view := make([]htmlRun, len(runs))
	for i, run := range runs {
		view[i] = htmlResult(run, opt)
	}
	return htmlTemplates().ExecuteTemplate(w, "runs", view)
}

func htmlResult(run Run, opt Options) htmlRun {
	res := run.Result
	exact := res.Method == sim.Exact
	v := htmlRun{Label: run.Label, Header: resultHeader(res), Exact: exact,
		Elapsed: Elapsed(res.Elapsed)}
	for _, m := range res.Metrics {
		if noTrials(res) {
			break // the header says there are no figures
		}
		hm := htmlMetric{Caption: metricCaption(m), Mean: meanLine(m, exact, res.Complete)}
		for _, o := range shownOutcomes(m.Outcomes, m.Outcomes, opt) {
			row := htmlRow{Label: o.Label, P: Pct(o.P) + "%", Bar: Bar(o.P, barWidth)}
			if !exact {
				row.Interval = fmt.Sprintf("[%.2f, %.2f]", 100*o.Lo, 100*o.Hi)
			}
			if o.Fraction != nil {
				row.Fraction, v.Fractions = o.Fraction.String(), true
			}
			hm.Rows = append(hm.Rows, row)
		}
		v.Metrics = append(v.Metrics, hm)
	}
	return v
}

type htmlGrid struct {
	Columns []string
	Rows    []htmlGridRow
}

type htmlGridRow struct {
	Label string
	Cells []htmlCell
}

type htmlCell struct{ Figure, Interval string }

// WriteGridHTML writes g as an HTML table, each figure with its interval
// beneath it, as WriteGrid aligns them in text.
func WriteGridHTML(w io.Writer, g Grid) error {
	if err := g.valid(); err != nil {
		return err
	}
	view := htmlGrid{Columns: g.Columns}
	for _, r := range g.Rows {
		row := htmlGridRow{Label: r.Label}
		for _, c := range r.Cells {
			fig, iv := gridFigure(c)
			row.Cells = append(row.Cells, htmlCell{Figure: fig, Interval: iv})
		}
		view.Rows = append(view.Rows, row)
	}
	return htmlTemplates().ExecuteTemplate(w, "grid", view)
}
