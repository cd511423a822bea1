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
// p the sum over the outcomes the view takes in, and for a Monte Carlo
// run the Wilson interval of their summed count; for a run with exact
// fractions, the sum of their fractions too. The labels are the
// outcomes' own; the caption says which view it is.
func viewOutcomes(res *sim.Result, m sim.MetricSummary, v View) []sim.OutcomeSummary {
	if v == Exactly || !Ordered(m) {
		return m.Outcomes
	}
	out := make([]sim.OutcomeSummary, len(m.Outcomes))
	for k, o := range m.Outcomes {
		var p float64
		var count uint64
		var fr *big.Rat
		if o.Fraction != nil {
			fr = new(big.Rat)
		}
		for j, q := range m.Outcomes {
			if within(m, v, j, k) {
				p += q.P
				count += q.Count
				if fr != nil {
					fr.Add(fr, q.Fraction)
				}
			}
		}
		// The sum of the outcomes' rounded floats drifts in its last bits
		// (an exact "at most" of 0.9999999999999999 where the fraction is
		// 1): the figure is read from what was summed exactly when there
		// is one, the fraction or the count.
		switch {
		case fr != nil:
			p, _ = fr.Float64()
		case res.Method != sim.Exact && res.Trials > 0:
			p = float64(count) / float64(res.Trials)
		}
		c := interval(res, p, count)
		out[k] = sim.OutcomeSummary{Label: o.Label, Count: count, P: c.P, Lo: c.Lo, Hi: c.Hi, Fraction: fr}
	}
	return out
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
