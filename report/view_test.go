package report

import (
	"bytes"
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// viewed is an exact result with a severity-ordered metric (KIA 1/6, MC
// 1/3, none 1/2), a count (0: 1/4, 1: 1/4, 2: 1/2) and an unordered one.
func viewed() *sim.Result {
	res := &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{
		{Metric: sim.Metric{Name: "ift", Labels: []string{"KIA", "MC", "none"}, Ordered: true},
			Outcomes: []sim.OutcomeSummary{{Label: "KIA", P: 1. / 6}, {Label: "MC", P: 1. / 3}, {Label: "none", P: 1. / 2}}},
		{Metric: sim.CountMetric("out", "out", 2),
			Outcomes: []sim.OutcomeSummary{{Label: "0", P: 0.25}, {Label: "1", P: 0.25}, {Label: "2", P: 0.5}}},
		{Metric: sim.Metric{Name: "stack", Labels: []string{"cleared", "not_cleared"}},
			Outcomes: []sim.OutcomeSummary{{Label: "cleared", P: 0.4}, {Label: "not_cleared", P: 0.6}}},
	}}
	for _, m := range res.Metrics {
		for k := range m.Outcomes {
			m.Outcomes[k].Lo, m.Outcomes[k].Hi = m.Outcomes[k].P, m.Outcomes[k].P // exact
		}
	}
	return res
}

// TestViews: at least an IFT result is it or a more severe one, at most
// it or a milder one; at least a count is that many or more; a metric
// with no order reads exactly in every view.
func TestViews(t *testing.T) {
	res := viewed()
	for _, c := range []struct {
		metric int
		view   View
		want   []float64
	}{
		{0, Exactly, []float64{1. / 6, 1. / 3, 1. / 2}},
		{0, AtLeast, []float64{1. / 6, 1. / 2, 1}},
		{0, AtMost, []float64{1, 5. / 6, 1. / 2}},
		{1, AtLeast, []float64{1, 0.75, 0.5}},
		{1, AtMost, []float64{0.25, 0.5, 1}},
		{2, AtLeast, []float64{0.4, 0.6}},
	} {
		got := viewOutcomes(res, res.Metrics[c.metric], c.view)
		for k, w := range c.want {
			if math.Abs(got[k].P-w) > 1e-15 || got[k].Lo != got[k].P || got[k].Hi != got[k].P {
				t.Errorf("%s %s %s: %+v, want %v", res.Metrics[c.metric].Name, c.view, got[k].Label, got[k], w)
			}
		}
	}
	var j bytes.Buffer
	if err := WriteJSON(&j, Report{Command: "x", Result: res}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Metrics []struct {
			Outcomes []struct {
				Value   string   `json:"value"`
				AtLeast *float64 `json:"at_least"`
				AtMost  *float64 `json:"at_most"`
			} `json:"outcomes"`
		} `json:"metrics"`
	}
	if err := json.Unmarshal(j.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if o := doc.Metrics[0].Outcomes[1]; o.AtLeast == nil || *o.AtLeast != 0.5 || math.Abs(*o.AtMost-5./6) > 1e-15 {
		t.Errorf("JSON MC: %+v", o)
	}
	if o := doc.Metrics[2].Outcomes[0]; o.AtLeast != nil || o.AtMost != nil {
		t.Errorf("an unordered metric carries views: %+v", o)
	}
	var c bytes.Buffer
	if err := WriteCSVView(&c, Report{Command: "x", Result: res}, AtLeast); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(c.String(), ",ift,>=MC,,0.5,0.5,0.5,") || !strings.Contains(c.String(), ",stack,cleared,,0.4,") {
		t.Errorf("CSV at least:\n%s", c.String())
	}
	var tb bytes.Buffer
	if err := WriteTable(&tb, Report{Command: "x", Result: res}, Options{View: AtMost}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tb.String(), "ift (at most: this outcome or milder)") || !strings.Contains(tb.String(), "  MC     83.33%") {
		t.Errorf("table at most:\n%s", tb.String())
	}
	for _, s := range []string{"exactly", "at-least", "at-most"} {
		if _, err := ParseView(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, s := range []string{"atleast", "AT-LEAST", "at-most "} {
		if _, err := ParseView(s); err == nil {
			t.Errorf("%q parses", s)
		}
	}
}

// TestViewHidesWhatNeverOccurred: with HideZero, a view lists the
// outcomes that occurred, not those whose view's figure is not 0: at
// least MC, where MC never occurred, would repeat KIA's figure.
func TestViewHidesWhatNeverOccurred(t *testing.T) {
	res := viewed()
	ift := res.Metrics[0].Outcomes
	ift[0].P, ift[1].P, ift[2].P = 0.5, 0, 0.5
	for k := range ift {
		ift[k].Lo, ift[k].Hi = ift[k].P, ift[k].P
	}
	for _, v := range []View{Exactly, AtLeast, AtMost} {
		var tb bytes.Buffer
		if err := WriteTable(&tb, Report{Command: "x", Result: res}, Options{View: v, HideZero: true}); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(tb.String(), "  MC ") || !strings.Contains(tb.String(), "  KIA ") {
			t.Errorf("%s with HideZero:\n%s", v, tb.String())
		}
	}
}

// TestHeadlinePartial: a run cut short says so in its headline.
func TestHeadlinePartial(t *testing.T) {
	res := viewed()
	res.Complete = false
	if h := NewHeadline(res, "stack", []string{"cleared"}, "Cleared"); h.Text != "Cleared: at least 40.00% (the enumeration was cut short)." {
		t.Errorf("%q", h.Text)
	}
	mc := &sim.Result{Method: sim.MonteCarlo, Trials: 1000, Confidence: 0.95, Metrics: res.Metrics}
	if h := NewHeadline(mc, "stack", []string{"cleared"}, "Cleared"); !strings.HasSuffix(h.Text, ", partial: 1,000 trials).") {
		t.Errorf("%q", h.Text)
	}
}

// TestViewsSummedExactly: a view's figure is its outcomes' exact sum,
// rounded once, not the sum of their rounded floats: at most MC of
// KIA 1/10, MC 2/10, none 7/10 is 3/10, not 0.30000000000000004, and a
// Monte Carlo view is its summed count over the trials.
func TestViewsSummedExactly(t *testing.T) {
	res := &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{
		{Metric: sim.Metric{Name: "ift", Labels: []string{"KIA", "MC", "none"}, Ordered: true},
			Outcomes: []sim.OutcomeSummary{
				{Label: "KIA", P: 0.1, Fraction: big.NewRat(1, 10)},
				{Label: "MC", P: 0.2, Fraction: big.NewRat(2, 10)},
				{Label: "none", P: 0.7, Fraction: big.NewRat(7, 10)}}},
	}}
	got := viewOutcomes(res, res.Metrics[0], AtLeast)
	if got[1].P != 0.3 || got[2].P != 1 || got[1].Fraction.Cmp(big.NewRat(3, 10)) != 0 {
		t.Errorf("exact at least: %v %v (%v)", got[1].P, got[2].P, got[1].Fraction)
	}
	mc := &sim.Result{Method: sim.MonteCarlo, Trials: 10, Confidence: 0.95, Metrics: []sim.MetricSummary{
		{Metric: res.Metrics[0].Metric, Outcomes: []sim.OutcomeSummary{
			{Label: "KIA", Count: 1, P: 0.1}, {Label: "MC", Count: 2, P: 0.2}, {Label: "none", Count: 7, P: 0.7}}},
	}}
	got = viewOutcomes(mc, mc.Metrics[0], AtLeast)
	if got[1].P != 0.3 || got[2].P != 1 || got[1].Count != 3 {
		t.Errorf("Monte Carlo at least: %v %v (count %d)", got[1].P, got[2].P, got[1].Count)
	}
}

// TestViewsOfWhatIsCertain: in a complete exact run without fractions,
// a view that leaves out only outcomes no path reached is certain, 1 and
// not the sum of its floats an ulp short (">99.99%" in a table, which
// says not certain); one that leaves out an outcome reached is its sum.
// A cumulative series reads as the view: a Monte Carlo one its counts.
func TestViewsOfWhatIsCertain(t *testing.T) {
	short := math.Nextafter(0.9, 0) // 0.1 + short < 1
	res := &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{
		{Metric: sim.Metric{Name: "ift", Labels: []string{"KIA", "MC", "none", "no_attack"}, Ordered: true},
			Outcomes: []sim.OutcomeSummary{{Label: "KIA"}, {Label: "MC", P: 0.1}, {Label: "none", P: short}, {Label: "no_attack"}}},
	}}
	for _, c := range []struct {
		v    View
		want []float64
	}{
		{AtLeast, []float64{0, 0.1, 1, 1}},
		{AtMost, []float64{1, 1, short, 0}},
	} {
		for k, o := range viewOutcomes(res, res.Metrics[0], c.v) {
			if o.P != c.want[k] {
				t.Errorf("%s %s: %v, want %v", c.v, o.Label, o.P, c.want[k])
			}
		}
	}
	if s := MetricSeries(res, res.Metrics[0], true); s.Cells[2].P != 1 || s.Cells[3].P != 1 {
		t.Errorf("cumulative: %+v", s.Cells)
	}
	// 19,433 of 20,000 is 97.165%, which a sum of the shares' floats
	// read as 97.16%.
	mc := &sim.Result{Method: sim.MonteCarlo, Trials: 20000, Confidence: 0.95, Metrics: []sim.MetricSummary{
		{Metric: res.Metrics[0].Metric, Outcomes: []sim.OutcomeSummary{
			{Label: "KIA", Count: 19000, P: 0.95}, {Label: "MC", Count: 433, P: 433. / 20000}, {Label: "none", Count: 567, P: 567. / 20000}, {Label: "no_attack"}}},
	}}
	s := MetricSeries(mc, mc.Metrics[0], true)
	if want := 19433. / 20000; s.Cells[1].P != want || s.Cells[3].P != 1 {
		t.Errorf("Monte Carlo cumulative: %v, %v; want %v and 1", s.Cells[1].P, s.Cells[3].P, want)
	}
}

// TestOneTrial: a run of one trial says so in the singular, in the table
// and in a chart's heading.
func TestOneTrial(t *testing.T) {
	res := mcResult()
	res.Trials = 1
	var tb bytes.Buffer
	if err := WriteTable(&tb, Report{Command: "x", Result: res}, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tb.String(), "n = 1 trial, seed 7") {
		t.Errorf("table:\n%s", tb.String())
	}
	if h := Heading(Report{Command: "x", Result: res}); !strings.Contains(strings.Join(h, "\n"), "n = 1 trial, seed 7") {
		t.Errorf("heading: %q", h)
	}
}

// TestHeadingNamesRunsNotRun: a chart of a job cut short names the runs it
// never ran, which its axis or its legend would otherwise leave out
// unsaid.
func TestHeadingNamesRunsNotRun(t *testing.T) {
	res := mcResult()
	res.Complete = false
	h := strings.Join(Heading(Report{Command: "x", Runs: []Run{{Label: "tem=0", Result: res}}, NotRun: []string{"tem=1", "tem=2"}}), "\n")
	if !strings.Contains(h, "\nnot run, as the job was interrupted: tem=1, tem=2") {
		t.Errorf("heading: %q", h)
	}
}
