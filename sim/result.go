package sim

import (
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"time"
)

// Method is how a run computes its probabilities.
type Method string

// The methods, named as the command line's --method names them.
const (
	MonteCarlo Method = "mc"    // draws Trials trials, with an interval beside each figure
	Exact      Method = "exact" // walks every dice path, each weighed by its probability
	Auto       Method = "auto"  // exact when it fits the path budget, else mc
)

// Result is the outcome of a run: raw tallies plus the derived summary.
type Result struct {
	Method   Method
	Complete bool // false when interrupted
	// Trials, Seed, Chunk and RNG say what a Monte Carlo run drew: the
	// trials run, and what repeats them. An exact run draws none: they
	// are zero.
	Trials uint64
	Seed   uint64
	Chunk  int
	RNG    string
	Paths  uint64 // exact only: the paths walked
	// Dropped counts, for an exact run, the merged states dropped from
	// tables that reached their share of Config.MaxMemory, each walked
	// again when met: with none dropped, any larger memory gives the same
	// figures and paths.
	Dropped    uint64
	Confidence float64
	Metrics    []MetricSummary
	Elapsed    time.Duration
	// Note explains a decision the engine took, such as falling back from
	// exact to Monte Carlo.
	Note string
	// Precision is the interval half-width the run was asked to reach, 0
	// for none (Config.Precision). PrecisionReached says whether every
	// interval got there: a Monte Carlo run that meets its trial cap first
	// is complete yet not precise enough. An exact run has no sampling
	// error, so it reaches any precision.
	Precision        float64
	PrecisionReached bool
}

// MetricSummary is one metric's distribution.
type MetricSummary struct {
	Metric
	Outcomes []OutcomeSummary
	// Mean, MeanLo and MeanHi are set for numeric metrics only. The interval
	// is the normal approximation with the sample variance (exact runs:
	// MeanLo = MeanHi = Mean; interrupted, the bounds of Result.Bounds).
	Mean, MeanLo, MeanHi float64
}

// OutcomeSummary is one outcome's probability with its interval.
type OutcomeSummary struct {
	Label string
	// Count is the trials that gave the outcome: zero for exact runs.
	Count uint64
	P     float64
	// Lo and Hi bound P at Result.Confidence: a Monte Carlo run's Wilson
	// score interval; P itself for a complete exact run.
	Lo, Hi float64
	// Fraction is the probability as an exact, reduced fraction: set for
	// every outcome of a complete exact run asked for fractions
	// (Config.Fractions), nil otherwise.
	Fraction *big.Rat
}

// Metric returns the summary of the named metric, or nil.
func (r *Result) Metric(name string) *MetricSummary {
	for i := range r.Metrics {
		if r.Metrics[i].Name == name {
			return &r.Metrics[i]
		}
	}
	return nil
}

// P returns the probability of outcome label of metric name, or NaN when
// either does not exist: a misspelt name prints as NaN, and Outcome says
// which names there are. A Monte Carlo run cancelled before its first
// trial has no figures: P is 0, its interval 0 to 1, and Trials 0, which
// is what to look at (with Complete) before reading any P.
func (r *Result) P(name, label string) float64 {
	if m := r.Metric(name); m != nil {
		if o := m.Outcome(label); o != nil {
			return o.P
		}
	}
	return math.NaN()
}

// Outcome returns outcome label of metric name, with its interval and,
// when the run kept them, its exact fraction; or an error naming the
// metrics, or the metric's outcomes, there are.
func (r *Result) Outcome(name, label string) (*OutcomeSummary, error) {
	m := r.Metric(name)
	if m == nil {
		names := make([]string, len(r.Metrics))
		for i := range r.Metrics {
			names[i] = r.Metrics[i].Name
		}
		return nil, fmt.Errorf("sim: no metric %q: want one of %s", name, strings.Join(names, ", "))
	}
	if o := m.Outcome(label); o != nil {
		return o, nil
	}
	labels := make([]string, len(m.Outcomes))
	for i := range m.Outcomes {
		labels[i] = m.Outcomes[i].Label
	}
	return nil, fmt.Errorf("sim: metric %q has no outcome %q: want one of %s", name, label, strings.Join(labels, ", "))
}

// Outcome returns the named outcome, or nil (nil too for a nil m, a
// metric Result.Metric did not find).
func (m *MetricSummary) Outcome(label string) *OutcomeSummary {
	if m == nil {
		return nil // a metric Result.Metric did not find holds none
	}
	for i := range m.Outcomes {
		if m.Outcomes[i].Label == label {
			return &m.Outcomes[i]
		}
	}
	return nil
}

// Bounds is the interval of a probability p that r's method gives it, for
// a p summed from r's outcomes: a Monte Carlo run's is its own Wilson
// interval, which Bounds does not know, and returns as the point p. A
// complete exact run's p is exact: the point p. An interrupted exact
// run's p sums the paths it walked, a lower bound: the paths it left
// could add their whole weight, so p ≤ P ≤ min(1, p + 1 − W), where W is
// the weight of the paths walked.
func (r *Result) Bounds(p float64) (lo, hi float64) {
	return p, min(1, p+r.unwalked())
}

// unwalked is the weight 1 − W of the paths an interrupted exact run did
// not walk, 0 for any other run. Every metric of a walked path is
// recorded, so each metric's outcomes sum to W; the largest sum is the
// closest to it in floating point.
func (r *Result) unwalked() float64 {
	if r.Method != Exact || r.Complete {
		return 0
	}
	w := 0.0
	for _, m := range r.Metrics {
		s := 0.0
		for _, o := range m.Outcomes {
			s += o.P
		}
		w = max(w, s)
	}
	return max(0, 1-w)
}

// boundInterrupted gives the outcomes and means of an interrupted exact
// run their bounds (Bounds): a mean's unwalked weight could go all to
// its least value or all to its greatest. The mean itself becomes the
// least it can be, a lower bound as every p of the run is: the sum over
// the paths walked alone lies below it when no value is 0 (the Location
// a unit reached, from 1).
func (r *Result) boundInterrupted() {
	u := r.unwalked()
	if u == 0 {
		return
	}
	for i := range r.Metrics {
		m := &r.Metrics[i]
		for k := range m.Outcomes {
			o := &m.Outcomes[k]
			o.Lo, o.Hi = r.Bounds(o.P)
		}
		if len(m.Values) > 0 {
			m.MeanLo, m.MeanHi = m.Mean+u*slices.Min(m.Values), m.Mean+u*slices.Max(m.Values)
			m.Mean = m.MeanLo
		}
	}
}

// MaxHalfWidth is the widest half-interval over every outcome of every
// metric: the figure the precision stopping rule compares with ε.
func (r *Result) MaxHalfWidth() float64 {
	w := 0.0
	for _, m := range r.Metrics {
		for _, o := range m.Outcomes {
			w = max(w, (o.Hi-o.Lo)/2)
		}
	}
	return w
}

// deviation is the standard error of the mean of n trials that took
// value v[k] counts[k] times: √(s²/n), s² = Σ cₖ·(vₖ − mean)²/(n − 1), 0
// for one trial or one value. It sums the squares of the deviations from
// the mean, not Σ c·v² − n·mean², whose difference loses every digit when
// the values share a large offset (10⁸ and 10⁸+1), and scales them by the
// largest, so that no square overflows.
func deviation(v []float64, counts []uint64, mean float64, n uint64) float64 {
	if n < 2 {
		return 0
	}
	scale := 0.0
	for k, x := range v {
		if counts[k] > 0 {
			scale = max(scale, math.Abs(x-mean))
		}
	}
	if scale == 0 {
		return 0
	}
	var ss float64
	for k, x := range v {
		d := (x - mean) / scale
		ss += float64(counts[k]) * d * d
	}
	fn := float64(n)
	return scale * math.Sqrt(ss/(fn-1)/fn)
}

// summarizeCounts turns Monte Carlo counts into summaries.
func summarizeCounts(s Schema, counts []uint64, n uint64, conf float64) []MetricSummary {
	z := zScore(conf)
	out := make([]MetricSummary, len(s.Metrics))
	off := 0
	for i, m := range s.Metrics {
		ms := MetricSummary{Metric: m.own(), Outcomes: make([]OutcomeSummary, len(m.Labels))}
		var sum float64
		for k, label := range m.Labels {
			c := counts[off+k]
			o := OutcomeSummary{Label: label, Count: c}
			if n > 0 {
				o.P = float64(c) / float64(n)
				o.Lo, o.Hi = wilsonZ(o.P, float64(n), z)
			} else {
				o.Lo, o.Hi = 0, 1
			}
			ms.Outcomes[k] = o
			if m.Values != nil {
				sum += float64(c) * m.Values[k]
			}
		}
		if m.Values != nil && n > 0 {
			fn := float64(n)
			ms.Mean = sum / fn
			if math.IsInf(ms.Mean, 0) || math.IsNaN(ms.Mean) {
				// Σ c·v past the largest float, or past it both ways (an
				// infinity less another): the mean as Σ p·v.
				ms.Mean = 0
				for k, v := range m.Values {
					ms.Mean += float64(counts[off+k]) / fn * v
				}
			}
			half := z * deviation(m.Values, counts[off:off+len(m.Labels)], ms.Mean, n)
			ms.MeanLo, ms.MeanHi = ms.Mean-half, ms.Mean+half
			if half == 0 {
				// Every trial gave one value (or there was one trial): the
				// normal interval has no width, though the other values
				// were not ruled out. A share of the trials up to the
				// Wilson bound of none seen, z²/(n+z²), may have taken
				// them, so the mean lies within that share of the way to
				// the least and the most value.
				_, w := wilsonZ(0, fn, z)
				ms.MeanLo = ms.Mean - w*(ms.Mean-slices.Min(m.Values))
				ms.MeanHi = ms.Mean + w*(slices.Max(m.Values)-ms.Mean)
			}
			// The normal interval of a few trials may reach past the
			// values the metric can take (a mean of 0.1 ± 0.196 below
			// none): the mean lies within them, so the interval is cut
			// to them, and keeps its coverage.
			ms.MeanLo = max(ms.MeanLo, slices.Min(m.Values))
			ms.MeanHi = min(ms.MeanHi, slices.Max(m.Values))
		}
		if m.Values != nil && n == 0 {
			// No trial (a run interrupted before its first): nothing is
			// ruled out, the share z²/(n+z²) is all of the way, and the
			// mean, unknown, is read as 0 within the whole range.
			ms.MeanLo, ms.MeanHi = slices.Min(m.Values), slices.Max(m.Values)
		}
		out[i] = ms
		off += len(m.Labels)
	}
	return out
}

// summarizeWeights turns exact path weights into summaries, with the
// exact fractions fr of the same outcomes when fr is not nil. An outcome
// with a fraction takes its float from it, rounded once: the float sum of
// the paths' weights, each a product of rounded probabilities, may stand
// an ulp or two off it (a p of 0.21000000000000002 beside a fraction of
// 21/100). So does a numeric metric's mean, Σ p·v summed exactly over
// the fractions and the values (each float exact as a fraction). Without
// fractions, the one outcome a complete enumeration reached of a metric
// is certain: its weight, summed over its paths, may fall an ulp short
// of 1, and a table would read it as ">99.99%", not certain, where the
// fraction reads 1/1. An outcome no path reached weighs 0 exactly.
func summarizeWeights(s Schema, w []float64, fr []big.Rat, complete bool) []MetricSummary {
	out := make([]MetricSummary, len(s.Metrics))
	off := 0
	var mean, v big.Rat
	for i, m := range s.Metrics {
		ms := MetricSummary{Metric: m.own(), Outcomes: make([]OutcomeSummary, len(m.Labels))}
		mean.SetInt64(0)
		exact := fr != nil
		for k, label := range m.Labels {
			p := w[off+k]
			var f *big.Rat
			if fr != nil {
				f = new(big.Rat).Set(&fr[off+k])
				p, _ = f.Float64()
			}
			ms.Outcomes[k] = OutcomeSummary{Label: label, P: p, Lo: p, Hi: p, Fraction: f}
			if m.Values == nil {
				continue
			}
			ms.Mean += p * m.Values[k]
			if exact = exact && v.SetFloat64(m.Values[k]) != nil; exact {
				mean.Add(&mean, v.Mul(&v, f))
			}
		}
		if exact && m.Values != nil {
			ms.Mean, _ = mean.Float64()
		}
		if k := onlyReached(w[off : off+len(m.Labels)]); complete && fr == nil && k >= 0 {
			ms.Outcomes[k].P, ms.Outcomes[k].Lo, ms.Outcomes[k].Hi = 1, 1, 1
			if m.Values != nil {
				ms.Mean = m.Values[k]
			}
		}
		ms.MeanLo, ms.MeanHi = ms.Mean, ms.Mean
		out[i] = ms
		off += len(m.Labels)
	}
	return out
}

// onlyReached is the one outcome of weights w that some path reached, or
// −1 when none or several were.
func onlyReached(w []float64) int {
	k := -1
	for j, x := range w {
		if x != 0 {
			if k >= 0 {
				return -1
			}
			k = j
		}
	}
	return k
}
