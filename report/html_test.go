//go:build !js

package report

import (
	"bytes"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// TestHTMLMatchesTable holds the HTML tables to the text table: every
// header line and every figure the terminal prints appears in the page.
func TestHTMLMatchesTable(t *testing.T) {
	for _, tc := range []struct {
		name string
		res  *sim.Result
	}{{"mc", mcResult()}, {"incomplete", incompleteResult()}, {"exact", exactResult(t)}, {"fractions", fractionsResult(t)}} {
		t.Run(tc.name, func(t *testing.T) {
			rep := Report{Command: "dc", Result: tc.res}
			var text, page bytes.Buffer
			if err := WriteTable(&text, rep, Options{}); err != nil {
				t.Fatal(err)
			}
			if err := WriteHTML(&page, rep, Options{}); err != nil {
				t.Fatal(err)
			}
			html := page.String()
			for _, l := range resultHeader(tc.res) {
				if !strings.Contains(html, l) {
					t.Errorf("header line %q missing from the HTML", l)
				}
			}
			for _, m := range tc.res.Metrics {
				for _, o := range m.Outcomes {
					row := "<th scope=\"row\">" + o.Label + "</th>"
					if !strings.Contains(html, row) {
						t.Errorf("%s: no row for %s", m.Name, o.Label)
					}
				}
			}
			// The figures of the text table, percentages and intervals,
			// are the HTML's.
			for _, f := range strings.Fields(text.String()) {
				f = strings.Trim(f, "[],")
				if strings.HasSuffix(f, "%") && !strings.Contains(html, f) {
					t.Errorf("figure %s of the text table missing from the HTML", f)
				}
				if fractionText.MatchString(f) && !strings.Contains(html, ">"+f+"<") {
					t.Errorf("fraction %s of the text table missing from the HTML", f)
				}
			}
			fractions := tc.name == "fractions"
			if strings.Contains(html, ">fraction<") != fractions || fractionText.MatchString(text.String()) != fractions {
				t.Errorf("fraction column in the HTML %v, in the text %v; want %v",
					strings.Contains(html, ">fraction<"), fractionText.MatchString(text.String()), fractions)
			}
			if strings.Contains(html, "interval (%)") == (tc.res.Method == sim.Exact) {
				t.Errorf("interval column shown for method %s: %v", tc.res.Method, !strings.Contains(html, "interval (%)"))
			}
		})
	}
}

// fractionText is an exact fraction as the tables write it.
var fractionText = regexp.MustCompile(`\b[0-9]+/[0-9]+\b`)

func TestHTMLEscapes(t *testing.T) {
	res := mcResult()
	res.Metrics[0].Title = `<script>alert(1)</script>`
	res.Metrics[0].Outcomes[0].Label = `"><img src=x>`
	var page bytes.Buffer
	if err := WriteHTML(&page, Report{Result: res, Runs: nil}, Options{}); err != nil {
		t.Fatal(err)
	}
	if s := page.String(); strings.Contains(s, "<script>") || strings.Contains(s, "<img") {
		t.Fatalf("unescaped input in:\n%s", s)
	}
}

func TestHTMLHideZeroAndRuns(t *testing.T) {
	rep := Report{Runs: []Run{{Label: "placed", Result: mcResult()}, {Label: "thrown", Result: mcResult()}}}
	var page bytes.Buffer
	if err := WriteHTML(&page, rep, Options{HideZero: true}); err != nil {
		t.Fatal(err)
	}
	s := page.String()
	if strings.Contains(s, "not_placed") {
		t.Error("HideZero kept an outcome that never occurred")
	}
	if strings.Count(s, `<section class="run">`) != 2 || !strings.Contains(s, "<h3>thrown</h3>") {
		t.Errorf("want two labelled runs:\n%s", s)
	}
	if !strings.Contains(s, "mean 0.7000 ± 0.0485") {
		t.Errorf("numeric metric's mean missing:\n%s", s)
	}
}

func TestGridHTML(t *testing.T) {
	g := Grid{Columns: []string{"hit", "E[out]", "n/a"}, Rows: []GridRow{{Label: "placed", Cells: []Cell{
		{P: 0.25, Lo: 0.2, Hi: 0.3, Valid: true},
		{P: 1.5, Lo: 1.4, Hi: 1.6, Valid: true, Mean: true},
		{},
	}}}}
	var page, text bytes.Buffer
	if err := WriteGridHTML(&page, g); err != nil {
		t.Fatal(err)
	}
	if err := WriteGrid(&text, g); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"25.00%", "20.0–30.0", "1.500", "1.400–1.600", "—"} {
		if !strings.Contains(page.String(), f) || !strings.Contains(text.String(), f) {
			t.Errorf("figure %s not in both:\nHTML %s\ntext %s", f, page.String(), text.String())
		}
	}
}

// TestGridHTMLRefusesARowPastItsColumns, as WriteGrid does.
func TestGridHTMLRefusesARowPastItsColumns(t *testing.T) {
	g := Grid{Columns: []string{"a"}, Rows: []GridRow{{Label: "r", Cells: []Cell{{}, {}}}}}
	if err := WriteGridHTML(io.Discard, g); err == nil || !strings.Contains(err.Error(), `grid row "r" has 2 cells for 1 columns`) {
		t.Errorf("WriteGridHTML: %v", err)
	}
}
