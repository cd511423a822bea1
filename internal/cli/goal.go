package cli

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// The inverse question, "how much do I need?", for any command: a goal on
// one figure of a run, and a scan up the values of one input for where it
// is reached. sweep --goal reads the runs the sweep made; building
// --needed (building_needed.go) compares a chance it works out as a
// fraction instead, with no run. A goal knows no game: it names a metric
// and outcomes.

// goalRel is how far a figure computed in float64 may fall short of a
// goal, as a share of it, and still reach it: a probability that is
// exactly the target as a fraction (4/9) may come out a hair below it,
// and an exact run's float is a sum of as many as 2·10⁸ paths' products.
// The share is of the target, or near 1 of its complement, so that no
// figure reaches a goal it misses by more than rounding: 0 never reaches
// ≥ 10⁻¹³, nor a building standing 6.9·10⁻¹³ of the time ≤ 0. An exact
// run with its fractions, which a sweep with a goal finds, is judged by
// them instead, with no slack at all.
const goalRel = 1e-9

// goal is a target on one figure of a run: the probability that metric
// ends in one of labels, or with mean set the metric's mean, at least (or
// with atMost, at most) target.
type goal struct {
	spec   string
	metric string
	labels []string
	mean   bool
	atMost bool
	target float64
	// exact is the target as written, which the fractions of an exact
	// run are compared with; nil for a mean.
	exact *big.Rat
}

// figure reads the goal's figure off a run; it is not Valid when the run
// has no such metric. An outcome the run's metric lacks, where another
// value's has it (a third SW destroyed at sw=1), cannot happen there: it
// counts 0, as the table's 0.00% says, not as no figure.
func (g goal) figure(res *sim.Result) report.Cell {
	if g.mean {
		return report.Mean(res, g.metric)
	}
	m := res.Metric(g.metric)
	if m == nil {
		return report.Cell{}
	}
	var present []string
	for _, l := range g.labels {
		if m.Outcome(l) != nil {
			present = append(present, l)
		}
	}
	return report.Sum(res, g.metric, present...)
}

// reached reports whether res, whose figure for the goal is c, reaches
// it. A probability above ½ is judged by its complement, the other
// outcomes' sum, which holds the digits a sum near 1 loses. An exact run
// cut short has bounds, not a figure: it reaches the goal only if its
// whole interval does, so that a lower bound never passes for an answer.
func (g goal) reached(res *sim.Result, c report.Cell) bool {
	var f *big.Rat
	if c.Valid {
		f = g.fraction(res)
	}
	return g.reachedBy(res, c, f)
}

// reachedBy is reached with the figure's exact fraction f found already
// (nil: none), as a scan keeps it for nearest.
func (g goal) reachedBy(res *sim.Result, c report.Cell, f *big.Rat) bool {
	if c.Valid && f != nil {
		if g.atMost {
			return f.Cmp(g.exact) <= 0
		}
		return f.Cmp(g.exact) >= 0
	}
	switch {
	case !c.Valid:
		return false
	case res.Method == sim.Exact && !res.Complete:
		return g.meets(c.Lo, 1-c.Lo) && g.meets(c.Hi, 1-c.Hi)
	case g.mean || c.P <= 0.5:
		return g.meets(c.P, 1-c.P)
	}
	var others []string
	for _, o := range res.Metric(g.metric).Outcomes {
		if !slices.Contains(g.labels, o.Label) {
			others = append(others, o.Label)
		}
	}
	return g.meets(c.P, report.Sum(res, g.metric, others...).P)
}

// fraction is the goal's figure in res as an exact fraction: the sum of
// its outcomes' fractions, where the run is exact, complete and has them
// (--fractions), and the goal is on a probability; nil otherwise. An
// outcome the metric lacks counts 0, as in figure.
func (g goal) fraction(res *sim.Result) *big.Rat {
	m := res.Metric(g.metric)
	if g.mean || g.exact == nil || m == nil || res.Method != sim.Exact || !res.Complete {
		return nil
	}
	sum := new(big.Rat)
	for _, l := range g.labels {
		o := m.Outcome(l)
		switch {
		case o == nil:
		case o.Fraction == nil:
			return nil
		default:
			sum.Add(sum, o.Fraction)
		}
	}
	return sum
}

// meets reports whether a figure x meets the goal, within rounding
// (goalRel); for a probability q is 1 − x, computed apart, which it is
// judged by above ½.
func (g goal) meets(x, q float64) bool {
	t := g.target
	switch {
	case g.mean && g.atMost:
		return x <= t+goalRel*math.Abs(t)
	case g.mean:
		return x >= t-goalRel*math.Abs(t)
	case x <= 0.5 && g.atMost:
		return x <= t*(1+goalRel)
	case x <= 0.5:
		return x >= t*(1-goalRel)
	case g.atMost: // x ≤ t: the rest at least 1 − t
		return q >= (1-t)*(1-goalRel)
	}
	return q <= (1-t)*(1+goalRel) // x ≥ t: the rest at most 1 − t
}

// sure reports whether c's whole interval lies on the side of the goal
// its figure is on: always for an exact run that ran to its end.
func (g goal) sure(c report.Cell) bool {
	return g.meets(c.Lo, 1-c.Lo) == g.meets(c.Hi, 1-c.Hi)
}

// String is the goal as a sentence: P(stack = cleared) ≥ 0.5.
func (g goal) String() string {
	op := "≥"
	if g.atMost {
		op = "≤"
	}
	if g.mean {
		return fmt.Sprintf("mean of %s %s %s", g.metric, op, strconv.FormatFloat(g.target, 'g', -1, 64))
	}
	return fmt.Sprintf("P(%s = %s) %s %s", g.metric, strings.Join(g.labels, " or "), op, strconv.FormatFloat(g.target, 'g', -1, 64))
}

// goalForm is the accepted form of a goal, for error messages.
const goalForm = "want METRIC=OUTCOME>=P, METRIC=OUTCOME<=P or METRIC.mean>=X (OUTCOME|OUTCOME sums outcomes), e.g. --goal 'stack=cleared>=0.5'"

// parseGoal reads a goal against the metrics of the runs it will read,
// naming the part that is wrong.
func parseGoal(flag, spec string, metrics []sim.Metric) (goal, error) {
	g := goal{spec: spec}
	bad := func(format string, args ...any) (goal, error) {
		return goal{}, badValue(flag, spec, fmt.Sprintf(format, args...))
	}
	lhs, rhs, op := "", "", ""
	for _, o := range []string{">=", "<=", "≥", "≤"} {
		if l, r, ok := strings.Cut(spec, o); ok {
			lhs, rhs, op = l, r, o // no space is trimmed, as of no value
			break
		}
	}
	switch {
	case op == "" && strings.ContainsAny(spec, "<>"):
		return bad("a bare > or < is no operator here: use >= or <=; %s", goalForm)
	case op == "":
		// An unquoted > or < is the shell's: it sent the output to a
		// file named after the rest, and the goal arrived cut short.
		return bad("no >= or <= (in a shell, quote the goal: unquoted, the shell takes > and < for itself); %s", goalForm)
	}
	g.atMost = op == "<=" || op == "≤"
	var names []string
	for _, m := range metrics {
		names = append(names, m.Name)
	}
	name, outcomes, hasOutcome := strings.Cut(lhs, "=")
	if !hasOutcome {
		var isMean bool
		name, isMean = strings.CutSuffix(lhs, ".mean")
		if !isMean {
			if of := outcomeOf(metrics, lhs); len(of) > 0 {
				// The table's rows name outcomes, and a player types one.
				are := "is an outcome"
				if strings.Contains(lhs, "|") {
					are = "are outcomes"
				}
				// The goal so mended is offered whole only if it is one.
				meant := of[0] + "=" + lhs
				if _, err := parseGoal(flag, meant+op+rhs, metrics); err == nil {
					meant += op + rhs
				}
				return bad("%q %s of %s: name its metric, e.g. %s", lhs, are, strings.Join(of, ", "), meant)
			}
			if meant, ok := goalMeant(metrics, lhs); ok {
				// The goal so mended is offered only if it is one.
				if _, err := parseGoal(flag, meant+op+rhs, metrics); err == nil {
					return bad("%q: a metric's outcome follows =; did you mean %s%s%s?", lhs, meant, op, rhs)
				}
				return bad("%q: a metric's outcome follows =, as in %s; %s", lhs, meant, goalForm)
			}
			if i := slices.IndexFunc(metrics, func(m sim.Metric) bool { return m.Name == lhs }); i >= 0 {
				m := metrics[i]
				if m.Numeric() {
					// A count is most often followed by its mean.
					return bad("%q names a count, not an outcome: want %s.mean or %s=OUTCOME before %s, OUTCOME one of %s", lhs, lhs, lhs, op, strings.Join(m.Labels, ", "))
				}
				return bad("%q names a metric, not an outcome: want %s=OUTCOME before %s, OUTCOME one of %s", lhs, lhs, op, strings.Join(m.Labels, ", "))
			}
			return bad("%q: want METRIC=OUTCOME or METRIC.mean before %s; %s", lhs, op, goalForm)
		}
		g.mean = true
	}
	i := slices.IndexFunc(metrics, func(m sim.Metric) bool { return m.Name == name })
	if i < 0 {
		// METRIC.mean wants a count, which has a mean.
		offered := names
		if g.mean {
			offered = nil
			for _, m := range metrics {
				if m.Numeric() {
					offered = append(offered, m.Name)
				}
			}
			return bad("metric %q: %s", name, wantOneOf(name, offered, offered, "the counts, which have a mean"))
		}
		return bad("metric %q: %s", name, wantOneOf(name, names, offered, ""))
	}
	m := metrics[i]
	g.metric = name
	if g.mean && !m.Numeric() {
		return bad("%s.mean: %s is not a count and has no mean; want %s=OUTCOME, one of %s", name, name, name, strings.Join(m.Labels, ", "))
	}
	for _, o := range strings.Split(outcomes, "|") {
		if !hasOutcome {
			break
		}
		if !slices.Contains(m.Labels, o) {
			// A count's outcomes are numbers: 10 is not a misspelt 0.
			meant := ""
			if !m.Numeric() {
				meant = spell.Nearest(o, m.Labels)
			}
			return bad("outcome %q: %s", o, spell.Offer(meant, "want one of "+name+"'s: "+strings.Join(m.Labels, ", ")))
		}
		if slices.Contains(g.labels, o) {
			return bad("outcome %q given twice; name each outcome once", o)
		}
		g.labels = append(g.labels, o)
	}
	// Read exactly as written, for an exact run's fractions (fraction);
	// its float64 is the one ParseFloat reads, and its errors ParseFloat's.
	exact, err := decimal.ParseRat(rhs)
	var x float64
	if err == nil {
		x, _ = exact.Float64()
	}
	switch {
	case err != nil && err.Error() == "not a decimal number" && !g.mean && strings.HasSuffix(rhs, "%"):
		// A percentage is what the table shows, but a goal is a
		// probability: said, not read as one.
		return bad("%q after %s is not a number; a probability is from 0 to 1, e.g. 0.5 for 50%%", rhs, op)
	case err != nil && err.Error() == "not a decimal number":
		return bad("%q after %s is not a number", rhs, op)
	case err != nil:
		// 0.99999999999999999 would be read as 1
		return bad("%q after %s: %s", rhs, op, err)
	case !g.mean && (x < 0 || x > 1):
		return bad("%s after %s: a probability is from 0 to 1, e.g. 0.5", rhs, op)
	}
	g.target = x + 0 // -0 is 0, and reads so in the answer
	if !g.mean {
		g.exact = exact
	}
	// A goal every run reaches asks nothing.
	switch {
	case !g.mean && len(g.labels) == len(m.Labels):
		return bad("every outcome of %s: their chance is always 1; name some of %s", name, strings.Join(m.Labels, ", "))
	case !g.mean && !g.atMost && x == 0:
		return bad("a chance of at least 0 is always reached; want a goal above 0, e.g. %s>=0.5", lhs)
	case !g.mean && g.atMost && x == 1:
		return bad("a chance of at most 1 is always reached; want a goal below 1, e.g. %s<=0.1", lhs)
	case g.mean && !g.atMost && x <= slices.Min(m.Values):
		return bad("the mean of %s is never below %s, so it always reaches %s; want more", name, fmtValue(slices.Min(m.Values)), rhs)
	case g.mean && g.atMost && x >= slices.Max(m.Values):
		return bad("the mean of %s is never above %s, so it is always at most %s; want less", name, fmtValue(slices.Max(m.Values)), rhs)
	// Nor does one no run can reach.
	case g.mean && !g.atMost && x > slices.Max(m.Values):
		return bad("the mean of %s is never above %s, so it never reaches %s; want %s or less", name, fmtValue(slices.Max(m.Values)), rhs, fmtValue(slices.Max(m.Values)))
	case g.mean && g.atMost && x < slices.Min(m.Values):
		return bad("the mean of %s is never below %s, so it is never at most %s; want %s or more", name, fmtValue(slices.Min(m.Values)), rhs, fmtValue(slices.Min(m.Values)))
	}
	return g, nil
}

// outcomeOf names the metrics that have every outcome of labels
// (OUTCOME|OUTCOME), in order.
func outcomeOf(metrics []sim.Metric, labels string) []string {
	var of []string
	for _, m := range metrics {
		if !slices.ContainsFunc(strings.Split(labels, "|"), func(o string) bool { return !slices.Contains(m.Labels, o) }) {
			of = append(of, m.Name)
		}
	}
	return of
}

// goalMeant reads lhs as a metric and its outcomes joined by a dot or a
// colon where = was meant (stack.cleared), and returns them joined by =.
// A metric's own name may hold a dot (good_order.1), so each dot is tried.
func goalMeant(metrics []sim.Metric, lhs string) (string, bool) {
	for i, r := range lhs {
		if r != '.' && r != ':' {
			continue
		}
		name, outcomes := lhs[:i], lhs[i+1:]
		for _, m := range metrics {
			if m.Name == name && !slices.ContainsFunc(strings.Split(outcomes, "|"), func(o string) bool { return !slices.Contains(m.Labels, o) }) {
				return name + "=" + outcomes, true
			}
		}
	}
	return "", false
}

// fmtValue is a metric's value as a goal writes it.
func fmtValue(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// goalScan is where a goal is reached along the values of an input, by
// index: the first value reaching it and the value before it (which does
// not), the last value of that first stretch and the value after it (which
// does not), and the first value reaching it again after that. −1 is
// none. figures holds the figure at each value read.
type goalScan struct {
	goal    goal
	figures []report.Cell
	// fracs holds each figure as an exact fraction where its run has
	// them (goal.fraction), nil where not.
	fracs                             []*big.Rat
	first, before, last, after, again int
	// seen is the last value read that has the figure. A value that has
	// none (a metric it cannot have, such as a SW destroyed at sw=0; its
	// figure not Valid) is passed over: it neither reaches the goal nor
	// falls short of it.
	seen int
}

// scanGoals steps up values 0…n−1 of an input, reading each goal's figure
// off the run at each value, at(i); it needs no monotonicity.
func scanGoals(n int, goals []goal, at func(i int) *sim.Result) []goalScan {
	out := make([]goalScan, len(goals))
	for k, g := range goals {
		out[k] = goalScan{goal: g, first: -1, before: -1, last: -1, after: -1, again: -1, seen: -1}
	}
	for i := range n {
		res := at(i)
		for k := range out {
			s := &out[k]
			c := s.goal.figure(res)
			s.figures = append(s.figures, c)
			var f *big.Rat
			if c.Valid {
				f = s.goal.fraction(res)
			}
			s.fracs = append(s.fracs, f)
			if !c.Valid {
				continue
			}
			reached := s.goal.reachedBy(res, c, f)
			switch {
			case s.first < 0 && reached:
				s.first, s.last, s.before = i, i, s.seen
			case s.first < 0:
			case s.after < 0 && reached:
				s.last = i
			case s.after < 0:
				s.after = i
			case s.again < 0 && reached:
				s.again = i
			}
			s.seen = i
		}
	}
	return out
}

// answerGoal scans a sweep's runs for goal g, one series per sub-run
// label in subs (sub(i) is run i's, xs[i] its value), over runs already
// made, read in full. notRun are
// the labels of the values after the runs, which an interruption left
// unrun (report.Report.NotRun): each series names its own, so that its
// answer is read as one of the values run only.
func answerGoal(g goal, runs []report.Run, notRun []string, subs []string, sub func(i int) string, xs []float64) *report.Goal {
	out := &report.Goal{Spec: g.spec, What: g.String(), Mean: g.mean, Target: g.target}
	for _, r := range runs {
		out.Bounds = out.Bounds || (r.Result.Method == sim.Exact && !r.Result.Complete)
	}
	for _, s := range subs {
		var idx []int
		for i := range runs {
			if sub(i) == s {
				idx = append(idx, i)
			}
		}
		scans := scanGoals(len(idx), []goal{g}, func(k int) *sim.Result { return runs[idx[k]].Result })
		sc := scans[0]
		point := func(k int) *report.GoalPoint {
			if k < 0 {
				return nil
			}
			c := sc.figures[k]
			return &report.GoalPoint{Label: runs[idx[k]].Label, Value: xs[idx[k]], Figure: c.P, Lo: c.Lo, Hi: c.Hi, Sure: g.sure(c)}
		}
		gs := report.GoalSeries{Run: s, First: point(sc.first), Before: point(sc.before), Last: point(sc.last),
			After: point(sc.after), Again: point(sc.again)}
		for k, label := range notRun {
			if sub(len(runs)+k) == s {
				gs.NotRun = append(gs.NotRun, label)
			}
		}
		if sc.first < 0 {
			gs.Nearest = point(sc.nearest())
		}
		for k, c := range sc.figures {
			if !c.Valid {
				gs.NoFigure = append(gs.NoFigure, runs[idx[k]].Label)
			}
		}
		out.Series = append(out.Series, gs)
	}
	return out
}

// nearest is the value whose figure comes closest to the goal, the
// first of those as close; -1 when no value has the figure. Two figures
// with exact fractions are compared exactly. Floats within rounding of
// one another (goalRel, of the smaller of a probability and its
// complement, as reached reads them) are as close: one exact fraction
// summed in another order at two values differs by some ulps, and the
// table, which sums floats, must name the value the JSON, which rounds
// the fraction, names. Near 1 the complement is what tells figures
// apart: 0.99999999964 is further from 1 than 0.99999999993.
func (s goalScan) nearest() int {
	best := -1
	for k, c := range s.figures {
		if !c.Valid {
			continue
		}
		if best < 0 {
			best = k
			continue
		}
		if s.closer(k, best) {
			best = k
		}
	}
	return best
}

// closer reports whether figure k is closer to the goal than figure b by
// more than rounding (nearest).
func (s goalScan) closer(k, b int) bool {
	g := s.goal
	if fk, fb := s.fracs[k], s.fracs[b]; fk != nil && fb != nil && g.exact != nil {
		var dk, db big.Rat
		dk.Sub(fk, g.exact)
		db.Sub(fb, g.exact)
		return dk.Abs(&dk).Cmp(db.Abs(&db)) < 0
	}
	x, y := s.figures[k].P, s.figures[b].P
	scale := func(p float64) float64 {
		if g.mean {
			return math.Abs(p)
		}
		return min(math.Abs(p), math.Abs(1-p))
	}
	return math.Abs(x-y) > goalRel*max(scale(x), scale(y)) && math.Abs(x-g.target) < math.Abs(y-g.target)
}
