package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
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
// The estimate holds for a walk that merges no states: an exact run gives
// up on it when it is exactSlack times over the budget, and auto, which
// only chooses a method, at autoSlack times, deciding on the probe alone,
// in a fraction of a second; when it runs exact it walks on to the end
// without estimating again (RunAuto). After the probe the roots walk on in
// steps that double their paths, the same for any worker count, and an
// exact run estimates again after each.
//
// A walk that merges states covers almost nothing while its first states
// are still being recorded, and then, once they are known, a path that
// meets one covers its whole subtree: its estimate is wrong by orders of
// magnitude, either way. The built-in scenario plans-prep-then-placed was
// estimated at 71 million paths after 131,072 and 102 million after
// 262,144, and ends at 507,685; seven squads and a leader under a Placed DC
// were estimated at 2.6 million after 73,980, and pass 20 million, which
// auto, choosing exact, once walked for 47 seconds. An exact run that
// merges therefore stops only at the budget itself, as does one that has
// opened a state it does not know yet: its first paths are no guide to
// the rest either (an ASL fire attack was estimated at 870 paths after
// 31, and ends at 61). Auto holds a walk whose
// paths stop on known states to bounds of its own, checked from the probe
// on. Until it has chosen, it runs Monte Carlo once the walk has passed
// autoMergedPaths paths, autoMergedDraws draws or autoOverStates merged
// states without ending, whatever the estimate, and once it has passed
// autoOverDraws draws still estimated at more than autoOverSlack times the
// budget, or at more than autoSlack times with autoOverStates/2 merged
// states opened; estimated over the
// budget, the walk goes on, in the same steps, until it ends (exact), its
// estimate comes within (exact), or it passes those bounds. Having chosen
// exact, auto falls back to Monte Carlo once the walk passes
// autoMergedPaths paths, autoMergedDraws draws or autoMergedStates
// states. Paths, draws and states are counted the same for any worker
// count, so the choice is too. The states bound a walk whose paths keep
// meeting new states (the seven squads: 0.6 a path, against 0.03–0.1 for
// the walks that end), the paths and draws one that merges but goes on.

const (
	// probePaths is the most paths the probe walks over all the roots,
	// and probeDraws the most draws its paths make: a fraction of a second
	// whatever a path's length. A Solitaire ASL crossing of ten Locations
	// and eight S? makes some 20 draws a path, at 0.25 µs a draw: 2^17 of
	// its paths took 0.65 s, and 2^20 draws take about a quarter of a
	// second. The paths of the ASL models make 10 to 15 draws, so that
	// their probe too stops at the draws, after 70,000 to 100,000 paths
	// (village-crossing's after 67,501, where it walked 131,072 with the
	// paths' bound alone): the estimate, and auto's choice near the
	// budget, are those of fewer paths, never the figures.
	probePaths = 1 << 17
	probeDraws = 1 << 20
	// exactSlack and autoSlack are how many times over the path budget
	// the estimate must be for an exact run, or an auto one, to give up.
	exactSlack = 8
	autoSlack  = 2
	// autoMergedPaths, autoMergedStates and autoOverStates bound auto's
	// walk of an enumeration that merges states (above). They leave room
	// for every built-in scenario and crossing, whose largest walks end
	// at 507,685 paths and 14,543 states (plans-prep-then-placed,
	// estimated over the budget on its probe) and 383,582 paths and
	// some 33,000 states (village-crossing, estimated within it); the
	// platoon's crossing of the tests has opened 18,753 states by the end
	// of the probe, and seven squads and a leader under a Placed DC
	// 42,800.
	autoMergedPaths  = 1 << 20
	autoMergedStates = 1 << 16
	autoOverStates   = 1 << 14
	// autoOverDraws and autoOverSlack bound the walk of one that has not
	// yet been chosen, so that auto decides within half a second however
	// long its paths: an estimate, however rough, of more than 8 times
	// the budget after 2^21 draws is past what the walks that end have
	// shown (plans-prep-then-placed, 3.9 times after 2^21 draws, within
	// after 2^22; a crossing estimated within after 2^21, which the
	// probe put at 300 times), while a crossing of 32 Locations and ten
	// units, at 170 times after 2^21 draws, took 1.3 s to reach
	// autoMergedDraws. Nor is one estimated over the budget that has
	// opened 2^13 states by then: plans-prep-then-placed had opened
	// 4,368, and crossings of 14 Locations that had opened 9,296 and
	// 11,306, at 4.5 and 5.2 times the budget, went on silent for 0.8
	// and 1 s more, to autoMergedDraws or autoOverStates.
	autoOverDraws = 1 << 21
	autoOverSlack = 8
	// autoMergedDraws bounds, with autoMergedPaths, the walk of a model
	// whose paths are long: the built-in walks that merge end within
	// 6.9 million draws (plans-prep-then-placed; village-crossing 5.8
	// million), and a crossing of ten Locations and eight S? made 23
	// million, 3.7 s, in its first 2^20 paths. Past the probe, a walk
	// that merges cannot be told from one about to end (a 4-6-7 and an
	// 8-1 at 2 MF past three Locations opens states at the pace of
	// village-crossing and ends after 11 million paths and 71 s), so
	// this is what a try that fails costs: 2^23 draws, some 1.5 s of a
	// crossing on one core, where 2^24 took 3 to 6.
	autoMergedDraws = 1 << 23
)

// probeError is auto's walk of an enumeration that merges states passing
// its bounds before it ended: passed says which, as "8,388,608 draws".
type probeError struct {
	walked, draws, states uint64
	passed                string
	// estimate, when not 0, is the estimate over the budget that
	// stopped the walk past autoOverDraws.
	estimate, budget float64
}

// past is the first of auto's bounds on a walk that merges that the walk
// has reached, states bounding its merged states, or "" if none.
func (e *probeError) past(states uint64) string {
	switch {
	case e.walked >= autoMergedPaths:
		return grouped(autoMergedPaths) + " paths"
	case e.draws >= autoMergedDraws:
		return grouped(autoMergedDraws) + " draws"
	case e.states >= states:
		return grouped(states) + " merged states"
	}
	return ""
}

func (e *probeError) Error() string {
	if e.estimate > 0 {
		est, over := approx(e.estimate), "over the budget"
		if !strings.HasPrefix(est, "more than") {
			est, over = "about "+est, approx(e.estimate/e.budget)+" times the budget"
		}
		return fmt.Sprintf("had not ended after %s paths through %s merged states, past %s draws, estimated at %s paths, %s",
			grouped(e.walked), grouped(e.states), grouped(autoOverDraws), est, over)
	}
	return fmt.Sprintf("had not ended after %s paths through %s merged states, past the %s auto walks an enumeration that merges",
		grouped(e.walked), grouped(e.states), e.passed)
}

// RunAuto runs exp by exact enumeration when its paths fit cfg.MaxPaths,
// else by Monte Carlo (Method Auto, whatever cfg.Method says). It decides
// on the probe (the first 2^17 paths, or 2^20 draws, at most): exact when the walk ended
// within it or is estimated to fit twice the budget, Monte
// Carlo otherwise; a walk that merges states it holds to bounds of its
// own, and walks on past the probe when estimated over (above). An exact
// run that then walks past the budget itself, or such a bound, or meets
// a tree exact enumeration does not walk (*TreeError), falls back to
// Monte Carlo too.
//
// decided, when not nil, is called as soon as the method is chosen, with
// the method and why: the result's Note, unless the exact run was chosen
// on a walk that merges, whose Note says how far it went, or falls back,
// when decided is called again, with Monte Carlo and the Note, before the
// Monte Carlo run. The result's Elapsed covers the whole run, a failed
// exact attempt included.
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
	merged := false
	res, err := runExact(ctx, exp, cfg, autoSlack, func(est float64, walked uint64, merges bool) {
		merged = merges
		if merges {
			// Its estimate errs by orders of magnitude, either way: auto
			// says what bounds the try instead.
			chose = fmt.Sprintf("auto chose exact enumeration: its walk merges equal states, so its first %s paths do not tell how far it goes; Monte Carlo if it has not ended within %s paths, %s draws or %s merged states",
				grouped(walked), grouped(min(cfg.MaxPaths, autoMergedPaths)), grouped(autoMergedDraws), grouped(autoMergedStates))
			say(Exact, chose)
			return
		}
		within := "within the budget of " + grouped(cfg.MaxPaths)
		if est > float64(cfg.MaxPaths) {
			// An estimate is rough: one up to autoSlack times the
			// budget is tried, and falls back at the budget itself.
			within = fmt.Sprintf("near enough the budget of %s to try, falling back to Monte Carlo at it", grouped(cfg.MaxPaths))
		}
		chose = fmt.Sprintf("auto chose exact enumeration: estimated at about %s paths after walking %s, %s",
			approx(est), grouped(walked), within)
		say(Exact, chose)
	})
	var be *BudgetError
	var pe *probeError
	var de *TreeError
	switch {
	case errors.As(err, &be) || errors.As(err, &pe) || errors.As(err, &de):
		var note string
		switch {
		case be != nil && merged && be.Draw > 0:
			note = fmt.Sprintf("auto tried exact enumeration, but its walk, which merges states, met a draw of %s outcomes, more than the budget of %s paths; ran Monte Carlo", grouped(be.Draw), grouped(be.Budget))
		case be != nil && merged:
			note = fmt.Sprintf("auto tried exact enumeration, but its walk, which merges states, passed the budget of %s paths%s; ran Monte Carlo", grouped(be.Budget), be.droppedNote())
		case be != nil:
			note = autoNote(be, chose)
		case de != nil:
			note = de.Error() + "; ran Monte Carlo"
			if chose != "" {
				note = chose + ", but " + note
			}
		case merged && pe != nil:
			// Why it tried was said when it chose; the note says what
			// came of it, in fewer words.
			note = fmt.Sprintf("auto tried exact enumeration, but its walk had not ended after %s paths through %s merged states, past the %s auto walks one that merges; ran Monte Carlo",
				grouped(pe.walked), grouped(pe.states), pe.passed)
		case chose != "":
			note = fmt.Sprintf("%s, but the walk %s; ran Monte Carlo", chose, pe)
		default:
			note = fmt.Sprintf("exact enumeration %s; ran Monte Carlo", pe)
		}
		if cfg.Fractions {
			note += ", which gives no exact fractions"
		}
		// Said before the Monte Carlo run, not after it: a fall-back
		// from exact is told again.
		say(MonteCarlo, note)
		res, err = runMC(ctx, exp, cfg)
		if res != nil {
			res.Note = note
			res.Elapsed = time.Since(start)
		}
		return res, err
	case err == nil && res.Complete && merged:
		// What was said when it chose is a condition; the note says
		// how it came out.
		res.Note = fmt.Sprintf("auto chose exact enumeration: its walk, which merges equal states, ended within auto's bounds, after %s paths", grouped(res.Paths))
	case err == nil && res.Complete:
		if chose == "" {
			chose = fmt.Sprintf("auto chose exact enumeration: %s paths, within the budget of %s", grouped(res.Paths), grouped(cfg.MaxPaths))
			say(Exact, chose)
		}
		res.Note = chose
	case err == nil && chose == "":
		// Interrupted before it chose: a walk that merges may be walked
		// on well past the probe. The exact run's own note (no
		// fractions) follows.
		res.Note = joinNotes("auto had not chosen a method when the run was interrupted: the figures are those of the exact walk so far", res.Note)
	case err == nil:
		// Interrupted after it chose exact: why it did is still the note,
		// before the exact run's own.
		res.Note = joinNotes(chose, res.Note)
	}
	exactPrecision(res, cfg)
	return res, err
}

// joinNotes is note, then more after a semicolon, if there is more.
func joinNotes(note, more string) string {
	if more == "" {
		return note
	}
	return note + "; " + more
}

// autoNote says why auto ran Monte Carlo: the probe's estimate, or, when
// it had chosen exact enumeration for the reason chose, the budget the
// walk then passed.
func autoNote(be *BudgetError, chose string) string {
	switch {
	case chose != "":
		return fmt.Sprintf("%s, but the walk passed the budget; ran Monte Carlo", chose)
	case be.Estimate > 0 || be.Draw > 0:
		return be.Error() + "; ran Monte Carlo"
	}
	return fmt.Sprintf("exact enumeration exceeds %s paths; ran Monte Carlo", grouped(be.Budget))
}

// approx writes a count of paths to two significant figures, in millions
// or billions when it is that large, and as a power of ten (2.9·10²⁵)
// from a trillion on, where billions would run to many digits. The count
// is rounded first, so that 999.7 billion reads 1·10¹², not 1000
// billion.
func approx(x float64) string {
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0) || x >= 1e300:
		return "more than 10³⁰⁰"
	case x >= 10:
		mag := math.Pow(10, math.Floor(math.Log10(x))-1)
		x = math.Round(x/mag) * mag
	default:
		x = math.Round(x*10) / 10
	}
	unit := ""
	switch {
	case x >= 1e12:
		exp := math.Floor(math.Log10(x))
		m := math.Round(x/math.Pow(10, exp)*10) / 10
		if m >= 10 { // 9.96·10¹² rounds to 10·10¹²
			m, exp = m/10, exp+1
		}
		return strconv.FormatFloat(m, 'f', -1, 64) + "·10" + superscript(int(exp))
	case x >= 1e9:
		x, unit = x/1e9, " billion"
	case x >= 1e6:
		x, unit = x/1e6, " million"
	case x >= 1000:
		return grouped(uint64(x))
	}
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64) + unit
}

// superscript writes n, at least 0, in superscript digits.
func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var b strings.Builder
	for _, c := range strconv.Itoa(n) {
		i := int(c - '0')
		b.WriteString(string([]rune(digits)[i]))
	}
	return b.String()
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
