package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// A sweep's headline: how the one figure it follows moves from the first
// value to the last, for each way (compare's) or plan the sweep runs.

// sweptRun is one run of a sweep as its headline reads it: the value's
// label (tem=2), the way or plan ("" for a command of one run), and its
// cells in the sweep's columns.
type sweptRun struct {
	value, way string
	res        *sim.Result
	cells      []report.Cell
}

// sweepHeadline is the sentence a sweep answers with when it has no goal,
// nil when no column holds a probability. It follows, of the summary
// figures, cleared where it changes with the value, or else the first
// that does (cleared where none does); of a metric's outcomes, the one
// whose figure spreads most over the values.
// When no target starts in Good Order at any value (clear), the Location
// is clear before any attack, and it follows a KIA instead, as compare's
// headline ranks the ways (bestWay).
func sweepHeadline(cols sweepCols, shown []string, runs []sweptRun, clear bool) *report.Headline {
	c := headlineColumn(cols, shown, runs, clear)
	if c < 0 {
		return nil
	}
	what := cols.names[c]
	if cols.metric != "" {
		// An outcome, or an at-least column's "≥ 4MC", as a goal reads it.
		what = "P(" + cols.metric + " = " + what + ")"
		if strings.HasPrefix(cols.names[c], "≥ ") {
			what = "P(" + cols.metric + " " + cols.names[c] + ")"
		}
	}
	var ways []string
	byWay := map[string][]sweptRun{}
	for _, r := range runs {
		if !isChance(r.cells[c]) {
			continue
		}
		if _, ok := byWay[r.way]; !ok {
			ways = append(ways, r.way)
		}
		byWay[r.way] = append(byWay[r.way], r)
	}
	at := func(r sweptRun) string { return sweptFigure(r.res, r.cells[c]) }
	span := func(w string) (sweptRun, sweptRun) { rs := byWay[w]; return rs[0], rs[len(rs)-1] }
	first, last := span(ways[0])
	flat := func(w string) bool {
		return !slices.ContainsFunc(byWay[w], func(r sweptRun) bool { return at(r) != at(first) })
	}
	if len(ways) == 1 && ways[0] != "" {
		// A sweep of several ways cut short in its first: the figure
		// is that way's.
		what += " (" + ways[0] + ")"
	}
	var text string
	switch {
	case len(ways) == 1 && first.value == last.value:
		// One value run: a sweep cut short after it.
		text = fmt.Sprintf("%s is %s at %s.", what, at(first), first.value)
	case len(ways) == 1 && flat(ways[0]):
		text = fmt.Sprintf("%s stays at %s from %s to %s.", what, at(first), first.value, last.value)
	case len(ways) == 1:
		text = fmt.Sprintf("%s goes from %s at %s to %s at %s.", what, at(first), first.value, at(last), last.value)
	case first.value == last.value && !slices.ContainsFunc(ways, func(w string) bool { a, b := span(w); return a.value != first.value || b.value != first.value }):
		// One value, every way: nothing goes anywhere.
		parts := make([]string, len(ways))
		for i, w := range ways {
			parts[i] = w + " " + at(byWay[w][0])
		}
		text = fmt.Sprintf("%s at %s: %s.", what, first.value, strings.Join(parts, ", "))
	case !slices.ContainsFunc(ways, func(w string) bool { a, b := span(w); return a.value != first.value || b.value != last.value }):
		parts := make([]string, len(ways))
		for i, w := range ways {
			a, b := span(w)
			parts[i] = w + " " + at(a) + " → " + at(b)
		}
		text = fmt.Sprintf("%s from %s to %s: %s.", what, first.value, last.value, strings.Join(parts, ", "))
	default:
		// A sweep cancelled part way: each way over the values it ran.
		parts := make([]string, len(ways))
		for i, w := range ways {
			a, b := span(w)
			parts[i] = fmt.Sprintf("%s %s at %s → %s at %s", w, at(a), a.value, at(b), b.value)
		}
		text = fmt.Sprintf("%s: %s.", what, strings.Join(parts, ", "))
	}
	// The sentence starts with the figure's own name (cleared, any KIA),
	// in capitals as a sentence does, unless a clause stands before it.
	if clear && cols.metric == "" && cols.names[c] != "cleared" {
		text = clearBefore("stack") + text
	} else {
		text = capitalize(text)
	}
	return &report.Headline{Metric: cols.metric, Outcome: cols.names[c], Text: text, Trend: true}
}

// sweptClear reports whether no target of the sweep's command starts in
// Good Order at any value swept (startsClear): inputs are each value's.
func sweptClear(inputs []any) bool {
	for _, in := range inputs {
		if !startsClear(targetsOf(in)) {
			return false
		}
	}
	return len(inputs) > 0
}

// headlineColumn is the column a sweep's headline follows among those
// its table shows, -1 for none; clear: follow a KIA, not cleared
// (sweepHeadline).
func headlineColumn(cols sweepCols, shown []string, runs []sweptRun, clear bool) int {
	var cand []int
	for c, n := range cols.names {
		if slices.Contains(shown, n) && slices.ContainsFunc(runs, func(r sweptRun) bool { return isChance(r.cells[c]) }) {
			cand = append(cand, c)
		}
	}
	if len(cand) == 0 {
		return -1
	}
	// spread is how far a column's figure moves over the values, the
	// most it moves within one way: the ways' figures apart are not a
	// move.
	spread := func(c int) float64 {
		return apart(runs, c, func(x report.Cell) (float64, float64) { return x.P, x.P })
	}
	if cols.metric != "" {
		// A tie, as a yes/no metric's two outcomes make (whose spreads
		// differ only in rounding), goes to the first outcome.
		best := cand[0]
		for _, c := range cand[1:] {
			if spread(c) > spread(best)+1e-12 {
				best = c
			}
		}
		return best
	}
	follow := "cleared"
	if clear {
		follow = kiaColumn
	}
	// The figure followed moves with the value where one does: a
	// thrower's TEM swept leaves every way's cleared where it was, and
	// moves the thrower's own fate. A figure moves where two of a way's
	// values are told apart: exactly, by any difference; by Monte Carlo,
	// by intervals that do not overlap, as chance alone would not part
	// them.
	moves := func(c int) bool {
		return apart(runs, c, func(x report.Cell) (float64, float64) { return x.Lo, x.Hi }) > 0
	}
	named := func(c int) bool { return cols.names[c] == follow }
	for _, pick := range []func(int) bool{func(c int) bool { return named(c) && moves(c) }, moves, named} {
		if i := slices.IndexFunc(cand, pick); i >= 0 {
			return cand[i]
		}
	}
	return cand[0]
}

// apart is how far column c's figures of one way lie apart over the
// values, the most of any way: the greatest lower end less the least
// upper end, the ends of each figure as ends gives them (its point for
// both, or its interval). Above 0, two of a way's figures are told
// apart.
func apart(runs []sweptRun, c int, ends func(report.Cell) (lo, hi float64)) float64 {
	mostLo, leastHi := map[string]float64{}, map[string]float64{}
	most := 0.0
	for _, r := range runs {
		x := r.cells[c]
		if !isChance(x) {
			continue
		}
		lo, hi := ends(x)
		if _, ok := mostLo[r.way]; !ok {
			mostLo[r.way], leastHi[r.way] = lo, hi
		}
		mostLo[r.way], leastHi[r.way] = max(mostLo[r.way], lo), min(leastHi[r.way], hi)
		most = max(most, mostLo[r.way]-leastHi[r.way])
	}
	return most
}

// isChance reports whether x is a probability the run found: not a mean,
// not a figure the run does not have.
func isChance(x report.Cell) bool { return x.Valid && !x.Mean }

// sweptFigure is one value's figure in a sweep's headline: the
// percentage, and for a Monte Carlo run its interval; a run cut short
// says so, as a headline's figure does (report.Figure).
func sweptFigure(res *sim.Result, x report.Cell) string {
	switch {
	case res.Method == sim.Exact && !res.Complete:
		return fmt.Sprintf("at least %s%%", report.Pct(x.P))
	case res.Method == sim.Exact:
		return report.Pct(x.P) + "%"
	}
	s := fmt.Sprintf("%s%% (%s–%s%%", report.Pct(x.P), report.Pct(x.Lo), report.Pct(x.Hi))
	if !res.Complete {
		s += ", partial"
	}
	return s + ")"
}
