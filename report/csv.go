package report

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"

	"github.com/sapperhq/sapper/sim"
)

// CSVHeader returns the header row of WriteCSV, a copy of its own. The
// columns are a stable contract:
//
//	run      the run's label: empty for a command with a single result,
//	         placed, thrown or set for compare, the varied value for a
//	         sweep (tem=3, or tem=3/placed for a sweep of compare)
//	metric   the metric's name, such as "ift" or "target.1"
//	outcome  the outcome's label, such as "K/4" or "eliminated"
//	count    Monte Carlo: trials with this outcome; exact: empty
//	p        the probability
//	lo, hi   the interval at the run's confidence; exact: both equal p
//	complete false when the run was interrupted: a Monte Carlo run's
//	         figures cover the trials run, an exact run's p are lower
//	         bounds (see Incomplete)
//
// Numbers use the shortest decimal form that reads back to the same
// float64 (strconv 'g', -1). Every outcome of every metric is present, in
// schema order. A report with summary figures (compare, sweep) follows
// each run's outcomes with one row per figure: metric "figures", outcome
// the figure's name as the table heads it ("cleared", "E[out]"), p the
// figure (a probability, or the mean for a mean such as E[out]). A sweep
// with --goal ends with the answer: metric "goal", run the value's label,
// outcome first_reached, last_not_reached_before, last_reached,
// first_not_reached_after, reached_again or never_reached_nearest, p the
// figure there. Run metadata (method, trials, seed, …) and means are in the
// JSON output only; a numeric metric's labels are its values, so a mean is
// the sum of value × p. So are an exact run's fractions (sim.Config.
// Fractions): the columns are fixed, and one present only when fractions
// were asked for would change the header under a consumer that reads
// columns by position; "fraction" in the JSON carries them.
func CSVHeader() []string { return slices.Clone(csvHeader) }

var csvHeader = []string{"run", "metric", "outcome", "count", "p", "lo", "hi", "complete"}

// FiguresMetric is the metric column of the summary figures' CSV rows.
const FiguresMetric = "figures"

// WriteCSV writes one row per outcome of every metric of every run, after
// the CSVHeader row.
func WriteCSV(w io.Writer, r Report) error { return WriteCSVView(w, r, Exactly) }

// WriteCSVView is WriteCSV with ordered metrics read in view v: each
// outcome's row then holds the chance of it or worse (at-least, its
// outcome written ">=K/4") or of it or milder (at-most, "<=K/4").
func WriteCSVView(w io.Writer, r Report, v View) error {
	runs, err := r.runs()
	if err != nil {
		return err
	}
	if err := v.valid(); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	for _, run := range runs {
		exact := run.Result.Method == sim.Exact
		complete := strconv.FormatBool(run.Result.Complete)
		for _, m := range run.Result.Metrics {
			prefix := map[View]string{AtLeast: ">=", AtMost: "<="}[v]
			if !Ordered(m) {
				prefix = ""
			}
			for _, o := range viewOutcomes(run.Result, m, v) {
				count, lo, hi := strconv.FormatUint(o.Count, 10), o.Lo, o.Hi
				if exact {
					count = "" // and lo = hi = p, but cut short (sim.Result.Bounds)
				}
				if err := cw.Write([]string{run.Label, m.Name, prefix + o.Label, count, num(o.P), num(lo), num(hi), complete}); err != nil {
					return err
				}
			}
		}
		columns, cells := r.figures(run.Label)
		for k, c := range cells {
			if !c.Valid {
				continue
			}
			if err := cw.Write([]string{run.Label, FiguresMetric, columns[k], "", num(c.P), num(c.Lo), num(c.Hi), complete}); err != nil {
				return err
			}
		}
	}
	if r.Goal != nil {
		all := true
		for _, run := range runs {
			all = all && run.Result.Complete
		}
		if err := cw.WriteAll(r.Goal.csvRows(strconv.FormatBool(all))); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func num(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
