package sim

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

// Defaults of a run.
const (
	DefaultTrials     = 1_000_000
	DefaultChunk      = 10_000
	DefaultConfidence = 0.95
	DefaultMaxPaths   = 20_000_000
	DefaultMaxMemory  = 1 << 30
	// batchChunks is the most chunks a precision-stopped run hands its
	// workers at once (or one per worker, if there are more workers). The
	// batches only pace the work: the run stops at the first chunk prefix
	// precise enough whatever the batches were (precision.go).
	batchChunks = 16
)

// MaxChunk is the largest Chunk: a run looks at its context between
// chunks, never inside one, so that a cancelled or timed-out context
// stops a run within one chunk's trials: under a second for sapper's
// slowest trials, a Solitaire ASL crossing's, some 2–3 M a second on
// one core when the model runs each.
const MaxChunk = 1 << 20

// MinConfidence and MaxConfidence bound Config.Confidence, the confidence
// of every interval. Below one half an interval misses the true value more
// often than it covers it. Near 1 the normal quantile Φ⁻¹(1 − (1−c)/2)
// runs away: from c = 1 − 1.1·10⁻¹⁶ its argument rounds to 1 and z is
// infinite, giving NaN bounds. At 1 − 10⁻⁶, z is 4.89 and every interval
// is finite, and the bound's six digits print in full as a percentage.
const (
	MinConfidence = 0.5
	MaxConfidence = 0.999999
)

// Config controls a run. The zero value of every field selects its
// default; refused before any work: an unknown Method, a negative
// Workers, a Chunk negative or over MaxChunk, a Precision outside
// [0, 0.5) or a Confidence outside [MinConfidence, MaxConfidence] (NaN
// included), and Fractions with Monte Carlo.
type Config struct {
	// Method is MonteCarlo (the zero value's), Exact or Auto.
	Method Method
	Trials uint64 // Monte Carlo trials; with Precision, the most to run
	// Seed keys the streams a Monte Carlo run draws from: one seed, one
	// set of figures, whatever Workers is. The zero value is seed 0; the
	// command line's default is seed 1, so a library run repeats a
	// command line's figures with Seed: 1.
	Seed uint64
	// Workers is how many goroutines may run the trials or walk the
	// paths (0: GOMAXPROCS); no more than GOMAXPROCS run, whatever it
	// says. It changes how soon a result comes, never what it says.
	Workers int
	// Chunk is how many Monte Carlo trials draw from one stream, keyed by
	// (Seed, chunk index). Unlike Workers, it changes which trials are
	// drawn, and so the figures of a seed: a result names its chunk, and
	// is repeated only with the same one. A run looks at its context
	// between chunks (MaxChunk).
	Chunk int
	// Precision, when positive, stops a Monte Carlo run at the first chunk
	// boundary where every outcome's interval half-width is at most
	// Precision; Trials is then the cap, and Result.PrecisionReached says
	// whether the run got there before it.
	Precision float64
	// Confidence is that of every interval, from MinConfidence to
	// MaxConfidence.
	Confidence float64
	MaxPaths   uint64 // exact path budget
	// MaxMemory is the exact memory budget in bytes: the tables of merged
	// states (Source.Merge) hold at most half of it, leaving the rest to the
	// garbage collector's headroom, and evict their least useful states
	// when full, so that an enumeration's memory does not grow with its
	// paths.
	MaxMemory uint64
	// NoMerge makes an exact enumeration ignore the states a model
	// declares equal (Source.Merge) and walk every path from the start:
	// slower, and the reference that merging must reproduce.
	NoMerge bool
	// NoPaths makes a Monte Carlo run ignore Experiment.KeepPaths and run
	// the model on every trial: slower, and the reference that walking the
	// kept paths must reproduce, to the byte.
	NoPaths bool
	// KeepWalking makes each Monte Carlo worker walk its kept paths to
	// the end of the run, even where the walk costs more time than the
	// model would, and a worker would otherwise give it up: for a test
	// that holds the walk to the model.
	KeepWalking bool
	// Fractions makes an exact run find every probability as an exact
	// fraction too (OutcomeSummary.Fraction), summing each path's weight
	// in integers beside the floats, and round each P once from it (the
	// floats' sum may differ in its last digit): slower, and only for a complete run
	// of a model that draws with integer weights (a Dist, Intn, dice, not
	// a Dist marked Rounded: *FractionError). A Monte
	// Carlo run has none to give: Run refuses the method mc with it, and
	// auto notes that it fell back without them.
	Fractions bool
	// Progress, when non-nil, receives one atomic add per finished chunk
	// (trials) or per 4096 paths (exact).
	Progress *atomic.Uint64
}

func (c Config) withDefaults() Config {
	if c.Method == "" {
		c.Method = MonteCarlo
	}
	if c.Trials == 0 {
		c.Trials = DefaultTrials
	}
	if c.Workers == 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.Chunk == 0 {
		c.Chunk = DefaultChunk
	}
	if c.Confidence == 0 {
		c.Confidence = DefaultConfidence
	}
	if c.MaxPaths == 0 {
		c.MaxPaths = DefaultMaxPaths
	}
	if c.MaxMemory == 0 {
		c.MaxMemory = DefaultMaxMemory
	}
	return c
}

func (c Config) validate() error {
	switch c.Method {
	case MonteCarlo, Exact, Auto:
	default:
		return configErrorf("Method", "unknown method %q (want mc, exact or auto)", c.Method)
	}
	if !(c.Confidence >= MinConfidence && c.Confidence <= MaxConfidence) {
		return configErrorf("Confidence", "confidence %v outside [%v, %v]", c.Confidence, MinConfidence, MaxConfidence)
	}
	if c.Fractions && c.Method == MonteCarlo {
		return configErrorf("Fractions", "fractions need exact enumeration (method exact or auto), not Monte Carlo")
	}
	if c.Workers < 0 {
		return configErrorf("Workers", "workers %d: want 0 (one a processor) or more", c.Workers)
	}
	if c.Chunk < 0 || c.Chunk > MaxChunk {
		return configErrorf("Chunk", "chunk %d: want 0 (%d trials) to %d, so that a cancelled context stops the run within one chunk", c.Chunk, DefaultChunk, MaxChunk)
	}
	if !(c.Precision >= 0 && c.Precision < 0.5) {
		return configErrorf("Precision", "precision %v outside [0, 0.5)", c.Precision)
	}
	return nil
}

// ConfigError reports a Config that Run refuses before any work: Field
// names the field of Config at fault, so that a caller who sets a
// Config from its own inputs can tell which of them to mend.
type ConfigError struct {
	Field string
	Why   string
}

func (e *ConfigError) Error() string { return "sim: " + e.Why }

func configErrorf(field, format string, args ...any) error {
	return &ConfigError{Field: field, Why: fmt.Sprintf(format, args...)}
}

// BudgetError reports an exact enumeration that would exceed its path
// budget: found by walking past it, or estimated after the first paths
// (RunExact).
type BudgetError struct {
	Budget uint64
	// Walked is how many paths were walked when the run gave up.
	Walked uint64
	// Estimate, when positive, is the estimated paths of the whole
	// enumeration the run gave up on before reaching the budget.
	Estimate float64
	// Draw, when positive, is the outcomes of one draw that passed the
	// budget alone: the enumeration needs at least that many paths.
	Draw uint64
	// Dropped is the merged states the run's full tables dropped
	// (Result.Dropped): the paths below them, walked again, count
	// against the budget, so that a run given more memory (MaxMemory)
	// may walk fewer.
	Dropped uint64
}

// Error says what the enumeration would take, without advice: the
// front end knows what its user may change (a method, a budget).
func (e *BudgetError) Error() string {
	if e.Draw > 0 {
		return fmt.Sprintf("exact enumeration needs at least %s paths (a draw of %s outcomes), more than the budget of %s paths", grouped(e.Draw), grouped(e.Draw), grouped(e.Budget))
	}
	if e.Estimate > 0 && e.Walked < e.Budget {
		// Never an estimate below what was walked, nor one that rounds
		// to the budget it is over.
		est := approx(max(e.Estimate, float64(e.Walked)))
		if est == approx(float64(e.Budget)) {
			return fmt.Sprintf("exact enumeration estimated at just over the budget of %s paths after walking %s", grouped(e.Budget), grouped(e.Walked))
		}
		return fmt.Sprintf("exact enumeration estimated at about %s paths after walking %s, over the budget of %s",
			est, grouped(e.Walked), grouped(e.Budget))
	}
	return fmt.Sprintf("exact enumeration needs more than %s paths, the budget%s", grouped(e.Budget), e.droppedNote())
}

// droppedNote says what the paths counted include when the run's tables
// dropped merged states.
func (e *BudgetError) droppedNote() string {
	if e.Dropped == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s merged states did not fit in memory, and the paths walked again for them count too)", grouped(e.Dropped))
}
