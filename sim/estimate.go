package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Estimating an exact enumeration from its first paths.
//
// Before walking the whole tree, every root walks its first paths (the
// probe): the same paths whatever the worker count, so the estimate and
// what is decided on it are the same for any -j. A root's walk has then
// covered some probability c of its subtree's p (a merged path counts
// with its whole subtree), in w paths; at that rate the subtree takes
// w·p/c paths, and a root walked to its end takes exactly the paths it
// walked. The sum over the roots estimates the enumeration.
//
// The depth-first walk meets few merged states early and more later, as
// its tables fill, so the estimate errs high: an exact run gives up on it
// only when it is exactSlack times over the budget, and goes on otherwise
// until the budget itself stops it. Auto, which only chooses a method,
// gives up sooner, at autoSlack times, and decides on the probe alone, in
// a fraction of a second: when it runs exact it walks on to the end
// without estimating again (RunAuto). After the probe the roots
// walk on in steps that double their paths, the same for any worker
// count, and the estimate is made again after each: a stack of seven
// squads and a leader under a Placed DC is estimated past eight times
// the default budget after about four million paths, where it once
// walked the whole twenty million.

const (
	// probePaths is the most paths the probe walks over all the roots:
	// a fraction of a second at the rates of the ASL models.
	probePaths = 1 << 17
	// exactSlack and autoSlack are how many times over the path budget
	// the estimate must be for an exact run, or an auto one, to give up.
	exactSlack = 8
	autoSlack  = 2
)

// RunAuto runs exp by exact enumeration when its paths fit cfg.MaxPaths,
// else by Monte Carlo (Method Auto, whatever cfg.Method says). It decides
// on the probe (the first 2^17 paths at most): exact when the walk ended
// within it or is estimated to fit autoSlack times the budget, Monte
// Carlo otherwise. An exact run that then walks past the budget itself
// falls back to Monte Carlo too.
//
// decided, when not nil, is called once, as soon as the method is
// chosen, with the method and why: the result's Note, unless the exact
// run then falls back, when the Note says so. The result's Elapsed covers
// the whole run, a failed exact attempt included.
func RunAuto(ctx context.Context, exp Experiment, cfg Config, decided func(m Method, why string)) (*Result, error) {
	cfg.Method = Auto
	cfg = cfg.withDefaults()
	if err := check(exp, cfg); err != nil {
		return nil, err
	}
	say := func(m Method, why string) {
		if decided != nil {
			decided(m, why)
		}
	}
	start := time.Now()
	chose := ""
	res, err := runExact(ctx, exp, cfg, autoSlack, func(est float64, walked uint64) {
		chose = fmt.Sprintf("auto chose exact enumeration: estimated at about %s paths after walking %s, within the budget of %s",
			approx(est), grouped(walked), grouped(cfg.MaxPaths))
		say(Exact, chose)
	})
	var be *BudgetError
	switch {
	case errors.As(err, &be):
		note := autoNote(be, chose)
		if cfg.Fractions {
			note += ", which gives no exact fractions"
		}
		if chose == "" {
			say(MonteCarlo, note)
		}
		res, err = runMC(ctx, exp, cfg)
		if res != nil {
			res.Note = note
			res.Elapsed = time.Since(start)
		}
		return res, err
	case err == nil && res.Complete:
		if chose == "" {
			chose = fmt.Sprintf("auto chose exact enumeration: %s paths, within the budget of %s", grouped(res.Paths), grouped(cfg.MaxPaths))
			say(Exact, chose)
		}
		res.Note = chose
	}
	exactPrecision(res, cfg)
	return res, err
}

// autoNote says why auto ran Monte Carlo: the probe's estimate, or, when
// it had chosen exact enumeration for the reason chose, the budget the
// walk then passed.
func autoNote(be *BudgetError, chose string) string {
	switch {
	case chose != "":
		return fmt.Sprintf("%s, but the walk passed the budget; ran Monte Carlo", chose)
	case be.Estimate > 0:
		return fmt.Sprintf("exact enumeration estimated at about %s paths after walking %s, over the budget of %s; ran Monte Carlo",
			approx(be.Estimate), grouped(be.Walked), grouped(be.Budget))
	}
	return fmt.Sprintf("exact enumeration exceeds %s paths; ran Monte Carlo", grouped(be.Budget))
}

// approx writes a count of paths to two significant figures, in millions
// or billions when it is that large.
func approx(x float64) string {
	unit := ""
	switch {
	case x >= 1e9:
		x, unit = x/1e9, " billion"
	case x >= 1e6:
		x, unit = x/1e6, " million"
	}
	if x >= 10 {
		mag := math.Pow(10, math.Floor(math.Log10(x))-1)
		x = math.Round(x/mag) * mag
	} else {
		x = math.Round(x*10) / 10
	}
	if unit == "" && x >= 1000 {
		return grouped(uint64(x))
	}
	return strconv.FormatFloat(x, 'f', -1, 64) + unit
}

// grouped writes n with its digits in groups of three, as the tables
// write counts.
func grouped(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// estimate is the estimated paths of the whole enumeration, from the
// roots' walks so far.
func estimate(roots []step, subs []*enumerator) float64 {
	var est float64
	for r, e := range subs {
		switch {
		case e.done:
			est += float64(e.walked)
		case e.covered > 0:
			est += float64(e.walked) * roots[r].prob() / e.covered
		default:
			est += float64(e.walked) // nothing covered yet: no rate to go on
		}
	}
	return est
}

// prob is the probability of the step's draw (1 for the root of a trial
// that never draws).
func (st step) prob() float64 {
	switch {
	case st.idx < 0:
		return 1
	case st.dist != nil:
		return st.dist.prob[st.idx]
	}
	return 1 / float64(st.n)
}
