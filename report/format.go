package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/sim"
)

// Format is an output format.
type Format string

const (
	Table Format = "table"
	JSON  Format = "json"
	CSV   Format = "csv"
)

// Formats lists every format, in the order help texts show them: a copy,
// which a caller may change without changing what ParseFormat reads.
func Formats() []Format { return slices.Clone(formats) }

var formats = []Format{Table, JSON, CSV}

// ParseFormat reads table, json or csv exactly as written.
func ParseFormat(s string) (Format, error) {
	for _, f := range formats {
		if s == string(f) {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q: want table, json or csv", s)
}

// Report is what one command prints.
type Report struct {
	Command string // the subcommand, such as "dc"
	// Scenario is the title of the scenario file the command ran from, if
	// any: the table's first line after the headline, the JSON's "title".
	Scenario string
	// Title describes the inputs for people, one or more lines: what was
	// attacked, by what, under what rules. The table shows it above the
	// figures and the JSON as its "setup" lines, beside Inputs in full.
	Title string
	// Notes are the lines the table shows under the figures: the legend
	// of its columns, what to read next. The JSON's "notes".
	Notes  []string
	Inputs any // every resolved input; marshalled with encoding/json
	// Result is a single run. Commands that run several (compare, sweep)
	// leave it nil and fill Runs instead.
	Result *sim.Result
	Runs   []Run
	// NotRun are the labels of the runs a multi-run report planned and did
	// not run: an interrupted run stops those after it. Its headline and
	// its figures compare only the runs that ran.
	NotRun []string
	// Explain is the working of each run, in run order (the single result
	// first); nil where there is none. The table shows it before the
	// result, the JSON as the result's "explain" object.
	Explain []*Explanation
	// Figures are the summary figures of a multi-run report, a row per
	// run by label: what the table of compare or sweep shows, carried in
	// the JSON and CSV too.
	Figures *Grid
	// Goal is a sweep's answer to --goal, after its runs.
	Goal *Goal
	// Headline, when set, is the figure the command exists for: the
	// table's first line and the JSON's "headline".
	Headline *Headline
	// HeldTo are flags the run was held to that its command line did not
	// give, as a server lowers a default past its limits ("--trials",
	// "10000000"): the command line with them gives the same figures. The
	// JSON's "held_to".
	HeldTo []string
}

// Setup is the report's Title as lines, the JSON's "setup".
func (r Report) Setup() []string {
	if r.Title == "" {
		return nil
	}
	return strings.Split(r.Title, "\n")
}

// Intro is what a table prints between the headline and the figures:
// the scenario's title, then the setup.
func (r Report) Intro() []string {
	var out []string
	if r.Scenario != "" {
		out = append(out, r.Scenario)
	}
	return append(out, r.Setup()...)
}

// explanation is the working of run i, or nil.
func (r Report) explanation(i int) *Explanation {
	if i < len(r.Explain) {
		return r.Explain[i]
	}
	return nil
}

// figures is the summary figures row of the run labelled label, or nil.
func (r Report) figures(label string) (columns []string, cells []Cell) {
	if r.Figures == nil {
		return nil, nil
	}
	for _, row := range r.Figures.Rows {
		if row.Label == label {
			return r.Figures.Columns, row.Cells
		}
	}
	return nil, nil
}

// Run is one labelled result of a multi-run command.
type Run struct {
	Label  string
	Result *sim.Result
}

// Options tune the table; JSON and CSV always carry every outcome, since
// programs rely on the full label list.
type Options struct {
	// HideZero omits outcomes that never occurred (p = 0 and no count).
	HideZero bool
	// View reads ordered metrics at least or at most (View); the
	// table and the CSV follow it, the JSON carries every view.
	View View
}

// Write writes r in format f.
func Write(w io.Writer, f Format, r Report, opt Options) error {
	switch f {
	case Table:
		return WriteTable(w, r, opt)
	case JSON:
		return WriteJSON(w, r)
	case CSV:
		return WriteCSVView(w, r, opt.View)
	}
	return fmt.Errorf("report: unknown format %q", f)
}

// runs returns the report's results as a list; a single result has an
// empty label.
func (r Report) runs() ([]Run, error) {
	switch {
	case r.Result != nil && len(r.Runs) > 0:
		return nil, fmt.Errorf("report: both a single result and %d runs", len(r.Runs))
	case r.Result != nil:
		return []Run{{Result: r.Result}}, nil
	case len(r.Runs) == 0:
		return nil, fmt.Errorf("report: no result")
	}
	for i, run := range r.Runs {
		if run.Result == nil {
			return nil, fmt.Errorf("report: run %d (%q) has no result", i+1, run.Label)
		}
	}
	return r.Runs, nil
}

// Incomplete says what the figures of an interrupted run are, "" for a
// complete one. Every format carries it (the table and the chart in
// words, JSON and CSV as fields), so that no reader takes a partial
// result for a whole one: an interrupted exact run has not yet added the
// weight of the paths it did not reach, so its probabilities are lower
// bounds; an interrupted Monte Carlo run is a smaller sample.
func Incomplete(res *sim.Result) string {
	switch {
	case res.Complete:
		return ""
	case res.Method == sim.Exact:
		return fmt.Sprintf("interrupted after %s paths; the probabilities are lower bounds", Group(res.Paths))
	case noTrials(res):
		return "interrupted before its first trial: there are no figures"
	}
	return fmt.Sprintf("interrupted after %s trials; the figures cover those trials only", Group(res.Trials))
}

// noTrials reports whether res is a Monte Carlo run that counted no
// trial: its shares are 0/0, which no figure may stand for (a Wilson
// interval of 0–100% beside a 0.00% would read as a result).
func noTrials(res *sim.Result) bool {
	return res.Method != sim.Exact && res.Trials == 0
}

// PrecisionMissed says that a complete run stopped at its trial cap before
// every interval was as narrow as the precision asked, or is "" when it
// got there, asked for none, or was interrupted (which Incomplete says).
func PrecisionMissed(res *sim.Result) string {
	if res.Precision == 0 || res.PrecisionReached || !res.Complete {
		return ""
	}
	return fmt.Sprintf("precision %g not reached: the widest interval half-width is %.3g after %s trials, the cap",
		res.Precision, res.MaxHalfWidth(), Group(res.Trials))
}
