package report

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"github.com/sapperhq/sapper/sim"
)

// The JSON types below fix the field order of the output contract
// (docs/output.md); encoding/json writes struct fields in declaration order, so
// the same Result always gives the same bytes, apart from elapsed_seconds.

type jsonSingle struct {
	Command  string    `json:"command"`
	Inputs   any       `json:"inputs"`
	Headline *Headline `json:"headline,omitempty"`
	JSONText
	Explain *Explanation `json:"explain,omitempty"`
	jsonResult
}

type jsonMulti struct {
	Command  string    `json:"command"`
	Inputs   any       `json:"inputs"`
	Headline *Headline `json:"headline,omitempty"`
	JSONText
	Runs []jsonLabelled `json:"runs"`
	// NotRun are the runs an interrupted one stopped (Report.NotRun).
	NotRun []string `json:"not_run,omitempty"`
	Goal   *Goal    `json:"goal,omitempty"`
}

// JSONText are the lines the table prints around its figures, in its
// words: the scenario's title and the setup above them, the notes under
// them.
type JSONText struct {
	Title  string   `json:"title,omitempty"`
	Setup  []string `json:"setup,omitempty"`
	Notes  []string `json:"notes,omitempty"`
	HeldTo []string `json:"held_to,omitempty"`
}

// Text is the title, setup and notes of r as the JSON carries them, for
// a command that writes its own JSON document.
func (r Report) Text() JSONText {
	return JSONText{Title: r.Scenario, Setup: r.Setup(), Notes: r.Notes, HeldTo: r.HeldTo}
}

type jsonLabelled struct {
	Label   string       `json:"label"`
	Explain *Explanation `json:"explain,omitempty"`
	Figures []jsonFigure `json:"figures,omitempty"`
	jsonResult
}

// jsonFigure is one summary figure of a run: a probability (p) or a mean,
// with its interval (lo = hi for exact runs).
type jsonFigure struct {
	Name string   `json:"name"`
	P    *float64 `json:"p,omitempty"`
	// Fraction is p exactly, "35/1296" (a difference may be negative),
	// when the run found its fractions.
	Fraction string   `json:"fraction,omitempty"`
	Mean     *float64 `json:"mean,omitempty"`
	Lo       float64  `json:"lo"`
	Hi       float64  `json:"hi"`
}

// jsonFigures are the valid figures of one run, in column order.
func jsonFigures(columns []string, cells []Cell) []jsonFigure {
	var out []jsonFigure
	for k, c := range cells {
		if !c.Valid {
			continue
		}
		f := jsonFigure{Name: columns[k], Lo: c.Lo, Hi: c.Hi}
		if c.Mean {
			f.Mean = ptr(c.P)
		} else {
			f.P = ptr(c.P)
			if c.Fraction != nil {
				f.Fraction = c.Fraction.String()
			}
		}
		out = append(out, f)
	}
	return out
}

// jsonResult uses pointers where zero is a real value that must still be
// printed (seed 0, an interrupted run of 0 trials) and absence means "not
// this method".
type jsonResult struct {
	Method   sim.Method `json:"method"`
	Complete bool       `json:"complete"`
	// Incomplete says what an interrupted run's figures are; LowerBounds
	// marks an interrupted exact run, whose p are lower bounds.
	Incomplete  string  `json:"incomplete,omitempty"`
	LowerBounds bool    `json:"lower_bounds,omitempty"`
	Trials      *uint64 `json:"trials,omitempty"`
	Seed        *uint64 `json:"seed,omitempty"`
	Chunk       *int    `json:"chunk,omitempty"`
	RNG         string  `json:"rng,omitempty"`
	Paths       *uint64 `json:"paths,omitempty"`
	Confidence  float64 `json:"confidence"`
	// Precision is the half-width a --precision run was asked to reach,
	// and PrecisionReached whether every interval got there; both are
	// absent when no precision was asked. PrecisionMissed says, as the
	// command line's stderr does, how far a complete run that stopped at
	// its trial cap was from it.
	Precision        *float64     `json:"precision,omitempty"`
	PrecisionReached *bool        `json:"precision_reached,omitempty"`
	PrecisionMissed  string       `json:"precision_missed,omitempty"`
	Note             string       `json:"note,omitempty"`
	Metrics          []jsonMetric `json:"metrics"`
	ElapsedSeconds   float64      `json:"elapsed_seconds"`
}

type jsonMetric struct {
	Name     string        `json:"name"`
	Title    string        `json:"title"`
	Mean     *float64      `json:"mean,omitempty"`
	MeanLo   *float64      `json:"mean_lo,omitempty"`
	MeanHi   *float64      `json:"mean_hi,omitempty"`
	Outcomes []jsonOutcome `json:"outcomes"`
}

type jsonOutcome struct {
	Value string  `json:"value"`
	Count *uint64 `json:"count,omitempty"`
	P     float64 `json:"p"`
	// Fraction is p as an exact reduced fraction, "35/1296" ("0/1" and
	// "1/1" included), for every outcome of a complete exact run asked
	// for fractions (sim.Config.Fractions).
	Fraction string  `json:"fraction,omitempty"`
	Lo       float64 `json:"lo"`
	Hi       float64 `json:"hi"`
	// AtLeast and AtMost are an ordered metric's other views of the
	// outcome (view.go): this outcome or worse, this outcome or milder.
	AtLeast *float64 `json:"at_least,omitempty"`
	AtMost  *float64 `json:"at_most,omitempty"`
}

// WriteJSON writes r as indented JSON ending in a newline. A report with a
// single Result prints it at the top level; one with Runs prints
// {"command", "inputs", "runs": [{"label", ...}]}.
func WriteJSON(w io.Writer, r Report) error {
	runs, err := r.runs()
	if err != nil {
		return err
	}
	var v any
	if r.Result != nil {
		v = jsonSingle{Command: r.Command, Inputs: r.Inputs, Headline: r.Headline, JSONText: r.Text(), Explain: r.explanation(0), jsonResult: toJSON(r.Result)}
	} else {
		m := jsonMulti{Command: r.Command, Inputs: r.Inputs, Headline: r.Headline, JSONText: r.Text(), Runs: make([]jsonLabelled, len(runs)), NotRun: r.NotRun, Goal: r.Goal}
		for i, run := range runs {
			m.Runs[i] = jsonLabelled{Label: run.Label, Explain: r.explanation(i), Figures: jsonFigures(r.figures(run.Label)), jsonResult: toJSON(run.Result)}
		}
		v = m
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	// Labels such as "K/4" and unit strings are data, not HTML.
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func toJSON(res *sim.Result) jsonResult {
	exact := res.Method == sim.Exact
	j := jsonResult{
		Method:         res.Method,
		Complete:       res.Complete,
		Incomplete:     Incomplete(res),
		LowerBounds:    !res.Complete && exact,
		Confidence:     res.Confidence,
		Note:           res.Note,
		Metrics:        make([]jsonMetric, len(res.Metrics)),
		ElapsedSeconds: seconds(res.Elapsed),
	}
	if res.Precision > 0 {
		j.Precision, j.PrecisionReached = ptr(res.Precision), ptr(res.PrecisionReached)
		j.PrecisionMissed = PrecisionMissed(res)
	}
	if exact {
		j.Paths = ptr(res.Paths)
	} else {
		j.Trials, j.Seed, j.Chunk, j.RNG = ptr(res.Trials), ptr(res.Seed), ptr(res.Chunk), res.RNG
	}
	for i, m := range res.Metrics {
		jm := jsonMetric{Name: m.Name, Title: m.Title, Outcomes: make([]jsonOutcome, len(m.Outcomes))}
		if m.Numeric() {
			jm.Mean = ptr(m.Mean)
			if !exact || !res.Complete {
				// An exact run cut short gives its mean's bounds, as it
				// gives its outcomes' (sim.Result.Bounds).
				jm.MeanLo, jm.MeanHi = ptr(m.MeanLo), ptr(m.MeanHi)
			}
		}
		least, most := viewOutcomes(res, m, AtLeast), viewOutcomes(res, m, AtMost)
		for k, o := range m.Outcomes {
			jo := jsonOutcome{Value: o.Label, P: o.P, Lo: o.Lo, Hi: o.Hi}
			if o.Fraction != nil {
				jo.Fraction = o.Fraction.String()
			}
			if Ordered(m) {
				jo.AtLeast, jo.AtMost = ptr(least[k].P), ptr(most[k].P)
			}
			if !exact {
				jo.Count = ptr(o.Count)
			}
			jm.Outcomes[k] = jo
		}
		j.Metrics[i] = jm
	}
	return j
}

// seconds rounds to microseconds: finer digits are timer noise.
func seconds(d time.Duration) float64 {
	return math.Round(d.Seconds()*1e6) / 1e6
}

func ptr[T any](v T) *T { return &v }
