package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sapperhq/sapper/sim"
)

// barWidth is the number of character cells of a bar at p = 1.
const barWidth = 24

// WriteTable writes r for people: a header naming the method, one block per
// metric (outcome, percentage, interval for Monte Carlo, bar), and the
// elapsed time.
func WriteTable(w io.Writer, r Report, opt Options) error {
	runs, err := r.runs()
	if err != nil {
		return err
	}
	if err := opt.View.valid(); err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	WriteHeadline(b, r)
	intro := r.Intro()
	for _, l := range intro {
		WriteText(b, l)
	}
	for i, run := range runs {
		if i > 0 || len(intro) > 0 {
			b.WriteString("\n")
		}
		if run.Label != "" {
			fmt.Fprintf(b, "== %s ==\n", run.Label)
		}
		if e := r.explanation(i); e != nil {
			if err := WriteExplanation(b, e); err != nil {
				return err
			}
			b.WriteString("\n")
		}
		writeResult(b, run.Result, opt)
	}
	for _, l := range r.Notes {
		WriteText(b, l)
	}
	return b.Flush()
}

// WriteHeadline writes r's headline, if it has one, then a blank line.
// It is one line, whatever its length: the answer is the first line. A
// report whose every Monte Carlo run stopped before its first trial has
// no answer, and its first line says so rather than a title.
func WriteHeadline(w io.Writer, r Report) {
	switch {
	case r.Headline != nil:
		fmt.Fprintf(w, "%s\n\n", r.Headline.Text)
	case r.NoFigures():
		fmt.Fprint(w, "No figures: stopped before the first trial.\n\n")
	}
}

// NoFigures reports whether r has runs and every one is a Monte Carlo run
// that stopped before its first trial: there is nothing to read, or draw.
func (r Report) NoFigures() bool {
	runs, err := r.runs()
	return err == nil && len(runs) > 0 && !slices.ContainsFunc(runs, func(run Run) bool { return !noTrials(run.Result) })
}

func writeResult(b *bufio.Writer, res *sim.Result, opt Options) {
	// The method's lines are kept whole, as the rows are: a reader (or a
	// script) finds "95% Wilson intervals" or "INCOMPLETE" on one line.
	for _, l := range resultHeader(res) {
		fmt.Fprintf(b, "%s\n", l)
	}
	for _, m := range res.Metrics {
		if noTrials(res) {
			break // the header says there are no figures
		}
		b.WriteString("\n")
		own := m.Outcomes
		m.Outcomes = viewOutcomes(res, m, opt.View)
		writeMetric(b, m, own, res.Method == sim.Exact, res.Complete, opt, viewCaption(m, opt.View))
	}
	fmt.Fprintf(b, "\nelapsed %s\n", Elapsed(res.Elapsed))
}

// resultHeader is what a result says before its metrics: how it was
// computed, whether it is complete and the engine's note, one line each.
func resultHeader(res *sim.Result) []string {
	exact := res.Method == sim.Exact
	var h []string
	if exact {
		h = append(h, fmt.Sprintf("exact enumeration: %s %s", Group(res.Paths), countWord(Group(res.Paths), "path", "paths")))
	} else {
		h = append(h, fmt.Sprintf("Monte Carlo: n = %s %s, seed %d, rng %s, chunk %s, %s%% Wilson intervals",
			Group(res.Trials), countWord(Group(res.Trials), "trial", "trials"), res.Seed, res.RNG, Group(uint64(res.Chunk)), Percent(res.Confidence)))
	}
	if s := Incomplete(res); s != "" {
		h = append(h, "INCOMPLETE: "+s)
	}
	if s := PrecisionMissed(res); s != "" {
		h = append(h, s)
	}
	if res.Note != "" {
		h = append(h, "note: "+res.Note)
	}
	return h
}

// countWord is one after a count n of one, else many.
func countWord(n, one, many string) string {
	if n == "1" {
		return one
	}
	return many
}

// writeMetric writes m's outcomes as a view reads them; own are the
// outcomes as they occurred, which --hide-zero reads.
func writeMetric(b *bufio.Writer, m sim.MetricSummary, own []sim.OutcomeSummary, exact, complete bool, opt Options, view string) {
	fmt.Fprintf(b, "%s%s\n", metricCaption(m), view)
	shown := shownOutcomes(m.Outcomes, own, opt)
	width, iw, fw := 0, 5, 0
	for _, o := range shown {
		width = max(width, utf8.RuneCountInString(o.Label))
		if o.Hi >= 0.99995 {
			iw = 6 // "100.00"
		}
		if o.Fraction != nil {
			fw = max(fw, len(o.Fraction.String()))
		}
	}
	for _, o := range shown {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(o.Label))
		line := fmt.Sprintf("  %s%s  %6s%%", o.Label, pad, Pct(o.P))
		if !exact {
			// Its ends as Pct writes a chance: an end above 0 is never
			// 0.00, where the outcome was drawn or could have been.
			line += fmt.Sprintf("  [%*s, %*s]", iw, Pct(o.Lo), iw, Pct(o.Hi))
		}
		bar := Bar(o.P, barWidth)
		if o.Fraction != nil {
			// The exact fraction, when the run found them (--fractions),
			// padded to line up the bars.
			f := o.Fraction.String()
			line += "  " + f
			if bar != "" {
				line += strings.Repeat(" ", fw-len(f))
			}
		}
		if bar != "" {
			line += "  " + bar
		}
		fmt.Fprintf(b, "%s\n", line)
	}
	if line := meanLine(m, exact, complete); line != "" {
		fmt.Fprintf(b, "  %s\n", line)
	}
}

// metricCaption names a metric in a table: "name: title", or the name
// alone when the title adds nothing.
func metricCaption(m sim.MetricSummary) string {
	if m.Title != "" && m.Title != m.Name {
		return m.Name + ": " + m.Title
	}
	return m.Name
}

// shownOutcomes are the outcomes a table lists under opt: with
// HideZero, those that occurred (own, the outcomes of which view is a
// reading, index for index), so that an "at least" view does not list an
// outcome that never occurred at the figure of the one before it.
func shownOutcomes(view, own []sim.OutcomeSummary, opt Options) []sim.OutcomeSummary {
	shown := make([]sim.OutcomeSummary, 0, len(view))
	for k, o := range view {
		if !opt.HideZero || own[k].P != 0 || own[k].Count != 0 {
			shown = append(shown, o)
		}
	}
	return shown
}

// meanLine is a numeric metric's mean, with its half-width for Monte
// Carlo and its bounds for an exact run cut short (sim.Result.Bounds: the
// mean of the paths walked, and what those left could add), or "" for a
// categorical metric.
func meanLine(m sim.MetricSummary, exact, complete bool) string {
	switch {
	case !m.Numeric():
		return ""
	case exact && complete:
		return "mean " + Avg(m.Mean, 4)
	case exact:
		return fmt.Sprintf("mean %s [%s, %s]", Avg(m.Mean, 4), Avg(m.MeanLo, 4), Avg(m.MeanHi, 4))
	}
	lo, hi := m.Mean-m.MeanLo, m.MeanHi-m.Mean
	if math.Abs(hi-lo) > 1e-9*max(hi, lo) {
		// not symmetric: every trial gave one value (sim.Result)
		return fmt.Sprintf("mean %s [%s, %s]", Avg(m.Mean, 4), Avg(m.MeanLo, 4), Avg(m.MeanHi, 4))
	}
	return fmt.Sprintf("mean %s ± %.4f", Avg(m.Mean, 4), (m.MeanHi-m.MeanLo)/2)
}

// eighths are the partial blocks U+258F…U+2589, from one eighth of a cell
// to seven.
var eighths = [...]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Bar draws p ∈ [0, 1] as a bar of full and partial blocks, width cells at
// p = 1. A positive p too small for one eighth still gets the thinnest
// block, so that "rare" and "never" look different.
func Bar(p float64, width int) string {
	if !(p > 0) || width <= 0 {
		return ""
	}
	n := int(min(p, 1)*float64(width*8) + 0.5)
	if n == 0 {
		n = 1
	}
	return strings.Repeat("█", n/8) + eighths[n%8]
}

// Group writes n with thousands separators, for counts people read: a
// negative n with its minus sign, −1,234 as "-1,234".
func Group[T ~uint64 | ~int](n T) string {
	if n < 0 {
		return "-" + Group(uint64(-int64(n)))
	}
	s := strconv.FormatUint(uint64(n), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
