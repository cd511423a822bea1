package report

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/sapperhq/sapper/internal/enum"
	"github.com/sapperhq/sapper/sim"
)

// View is how a table or CSV reads an ordered metric's outcomes: each
// outcome's own chance (exactly), or the chance of that outcome or a worse
// one (at least), or of that outcome or a milder one (at most). For an
// IFT row "worse" is more severe (at least K/4: K/4 or any KIA); for a
// count it is more (at least 2 broken). A metric with no order is always
// read exactly.
type View uint8

const (
	Exactly View = iota
	AtLeast
	AtMost
)

var viewNames = [...]string{"exactly", "at-least", "at-most"}

// ViewNames are the views as --view reads them.
func ViewNames() []string { return slices.Clone(viewNames[:]) }

func (v View) String() string { return enum.Name("View", viewNames[:], v) }

// valid refuses a View that is none of the three, which a writer would
// otherwise read as one of them.
func (v View) valid() error {
	if int(v) >= len(viewNames) {
		return fmt.Errorf("report: view %d: want Exactly, AtLeast or AtMost", v)
	}
	return nil
}

// ParseView reads exactly, at-least or at-most.
func ParseView(s string) (View, error) {
	for i, n := range viewNames {
		if s == n {
			return View(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want exactly, at-least or at-most", s)
}

// viewOutcomes is m's outcomes as view reads them, in schema order: each
// the sum over the outcomes the view takes in (sumOutcomes). The labels
// are the outcomes' own; the caption says which view it is.
func viewOutcomes(res *sim.Result, m sim.MetricSummary, v View) []sim.OutcomeSummary {
	if v == Exactly || !Ordered(m) {
		return m.Outcomes
	}
	out := make([]sim.OutcomeSummary, len(m.Outcomes))
	for k, o := range m.Outcomes {
		c := sumOutcomes(res, m, func(j int) bool { return within(m, v, j, k) })
		out[k] = sim.OutcomeSummary{Label: o.Label, Count: c.Count, P: c.P, Lo: c.Lo, Hi: c.Hi, Fraction: c.Fraction}
	}
	return out
}

// sumOutcomes is the chance that metric m of res ends in one of the
// outcomes j that take says, with its interval: for a Monte Carlo run the
// share of the trials their summed count is and its Wilson interval, for
// an exact run its bounds (sim.Result.Bounds) and, with fractions, their
// sum.
//
// The sum of the outcomes' rounded floats drifts in its last bits (an
// exact "at most" of 0.9999999999999999 where the fraction is 1), so the
// figure is read from what was summed exactly when there is one: the
// count, or the fraction; and the outcomes of a complete exact run that
// leave out only outcomes no path reached sum to 1. One outcome is its own
// figure: a view or a figure of it reads as the outcome does, in every
// format.
func sumOutcomes(res *sim.Result, m sim.MetricSummary, take func(j int) bool) sim.OutcomeSummary {
	var c sim.OutcomeSummary
	if len(m.Outcomes) > 0 && m.Outcomes[0].Fraction != nil {
		c.Fraction = new(big.Rat) // a run's outcomes have fractions all or none
	}
	taken, left := 0, false
	for j, o := range m.Outcomes {
		if !take(j) {
			left = left || o.P != 0
			continue
		}
		c.P += o.P
		c.Count += o.Count
		taken++
		if c.Fraction != nil {
			c.Fraction.Add(c.Fraction, o.Fraction)
		}
	}
	switch {
	case taken == 1:
	case res.Method != sim.Exact:
		if res.Trials > 0 {
			// 8,735 of 20,000 is 43.68%, like any outcome of 8,735, where
			// the sum of its shares rounded apart read 43.67%.
			c.P = float64(c.Count) / float64(res.Trials)
		}
	case c.Fraction != nil:
		c.P, _ = c.Fraction.Float64()
	case res.Complete && !left:
		// No path reached an outcome left out: an exact 0 each.
		c.P = 1
	}
	cell := interval(res, c.P, c.Count)
	c.P, c.Lo, c.Hi = cell.P, cell.Lo, cell.Hi
	return c
}

// within reports whether outcome j counts toward outcome k's figure in
// view v: at least k takes k and every worse outcome, at most k takes k
// and every milder one. A numeric metric's labels need not be sorted by
// value; a severity-ordered one runs from the worst outcome down.
func within(m sim.MetricSummary, v View, j, k int) bool {
	if m.Numeric() {
		if v == AtLeast {
			return m.Values[j] >= m.Values[k]
		}
		return m.Values[j] <= m.Values[k]
	}
	if v == AtLeast {
		return j <= k
	}
	return j >= k
}

// viewCaption is what a metric's caption adds for view v.
func viewCaption(m sim.MetricSummary, v View) string {
	if v == Exactly || !Ordered(m) {
		return ""
	}
	if v == AtLeast {
		return " (at least: this outcome or worse)"
	}
	return " (at most: this outcome or milder)"
}
