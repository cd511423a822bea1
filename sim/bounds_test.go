package sim

import (
	"context"
	"math"
	"testing"
)

// TestInterruptedExactBounds: an exact run cut short sums the paths it
// walked, so each p is a lower bound, and its interval reaches as far as
// the weight of the paths it left could add (Result.Bounds); a mean's
// reaches from that weight all on the least value to all on the greatest.
// A complete run's intervals are points.
func TestInterruptedExactBounds(t *testing.T) {
	const n = 6
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exp := sixes(n, false)
	inner := exp.New
	calls := 0
	exp.New = func() Trial {
		trial := inner()
		return func(src *Source, rec *Record) {
			if calls++; calls == 2000 {
				cancel() // part way through the 6^6 paths
			}
			trial(src, rec)
		}
	}
	res, err := Run(ctx, exp, Config{Method: Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete {
		t.Fatal("the run was not cut short")
	}
	sixesM := res.Metric("sixes")
	walked := 0.0
	for _, o := range sixesM.Outcomes {
		walked += o.P
	}
	if walked <= 0 || walked >= 1 {
		t.Fatalf("the run walked a weight of %v", walked)
	}
	for _, m := range res.Metrics {
		for _, o := range m.Outcomes {
			if want := math.Min(1, o.P+1-walked); o.Lo != o.P || math.Abs(o.Hi-want) > 1e-12 {
				t.Errorf("%s=%s: p %v, interval %v–%v, want %v–%v", m.Name, o.Label, o.P, o.Lo, o.Hi, o.P, want)
			}
		}
	}
	if lo, hi := sixesM.Mean, sixesM.Mean+(1-walked)*n; math.Abs(sixesM.MeanLo-lo) > 1e-12 || math.Abs(sixesM.MeanHi-hi) > 1e-12 {
		t.Errorf("mean %v: interval %v–%v, want %v–%v", sixesM.Mean, sixesM.MeanLo, sixesM.MeanHi, lo, hi)
	}
	done, err := Run(context.Background(), sixes(n, false), Config{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range done.Metrics {
		for _, o := range m.Outcomes {
			if o.Lo != o.P || o.Hi != o.P {
				t.Errorf("complete: %s=%s: p %v, interval %v–%v", m.Name, o.Label, o.P, o.Lo, o.Hi)
			}
		}
		if m.MeanLo != m.Mean || m.MeanHi != m.Mean {
			t.Errorf("complete: %s mean %v, interval %v–%v", m.Name, m.Mean, m.MeanLo, m.MeanHi)
		}
	}
}

// TestInterruptedExactMeanFromOne: a count that is never 0 (the Location
// a unit reached, from 1) has its mean, cut short, at the least it can
// be, inside its interval, not at the sum over the paths walked, which
// lies below it.
func TestInterruptedExactMeanFromOne(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "reached", Labels: []string{"1", "2", "3"}, Values: []float64{1, 2, 3}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				if calls++; calls == 10 {
					cancel()
				}
				rec.Set(0, (src.Intn(6)+src.Intn(6))%3)
			}
		},
	}
	res, err := Run(ctx, exp, Config{Method: Exact, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metric("reached")
	walked, sum := 0.0, 0.0
	for k, o := range m.Outcomes {
		walked += o.P
		sum += o.P * m.Values[k]
	}
	if res.Complete || walked <= 0 || walked >= 1 {
		t.Fatalf("complete %v, walked %v", res.Complete, walked)
	}
	u := 1 - walked
	if lo, hi := sum+u, sum+3*u; math.Abs(m.MeanLo-lo) > 1e-12 || math.Abs(m.MeanHi-hi) > 1e-12 || m.Mean != m.MeanLo {
		t.Errorf("mean %v, interval %v–%v; want %v, %v–%v", m.Mean, m.MeanLo, m.MeanHi, lo, lo, hi)
	}
}

// TestMeanWithinItsValues: the normal interval of a mean over few trials
// is cut to the values the metric can take, on the side it passes them.
func TestMeanWithinItsValues(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "out", Labels: []string{"0", "1", "2"}, Values: []float64{0, 1, 2}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				out := 0
				if src.Intn(10) == 0 {
					out = 1
				}
				rec.Set(0, out)
			}
		},
	}
	res, err := Run(context.Background(), exp, Config{Method: MonteCarlo, Trials: 20, Workers: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metric("out")
	c := float64(m.Outcomes[1].Count)
	if c == 0 || c > 3 {
		t.Fatalf("%v trials of 20 gave 1; the seed should give one to three", c)
	}
	// The normal interval, uncut: mean ± z·s/√n, s² = Σ(v−mean)²/(n−1).
	mean := c / 20
	sd := math.Sqrt((c*(1-mean)*(1-mean) + (20-c)*mean*mean) / 19)
	half := 1.959963984540054 * sd / math.Sqrt(20)
	if mean-half >= 0 {
		t.Fatalf("the case should reach below 0: %v ± %v", mean, half)
	}
	if m.Mean != mean || m.MeanLo != 0 || math.Abs(m.MeanHi-(mean+half)) > 1e-12 {
		t.Errorf("mean %v, interval %v–%v; want %v, 0–%v", m.Mean, m.MeanLo, m.MeanHi, mean, mean+half)
	}
}

// TestMeanOfHugeValues: values near the largest float, of both signs,
// give a mean as exact mode does, not the NaN of one sum's infinity less
// the other's.
func TestMeanOfHugeValues(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "v", Labels: []string{"low", "high"}, Values: []float64{-1e308, 1e308}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) { rec.Set(0, src.Intn(2)) }
		},
	}
	exact, err := Run(context.Background(), exp, Config{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), exp, Config{Method: MonteCarlo, Trials: 1000, Workers: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m := res.Metric("v")
	p := float64(m.Outcomes[1].Count) / 1000
	want := (1-p)*-1e308 + p*1e308
	if math.IsNaN(m.Mean) || math.Abs(m.Mean-want) > 1e295 || math.IsNaN(m.MeanLo) || math.IsNaN(m.MeanHi) || m.MeanLo > m.Mean || m.MeanHi < m.Mean {
		t.Errorf("mean %v [%v, %v], want %v within its interval (exact: %v)", m.Mean, m.MeanLo, m.MeanHi, want, exact.Metric("v").Mean)
	}
}

// TestMeanOfOneValue: a Monte Carlo count whose every trial gave one
// value has an interval all the same: the share of trials that may have
// taken the others, the Wilson bound of none seen, z²/(n+z²), of the way
// to the least and the most value.
func TestMeanOfOneValue(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "reached", Labels: []string{"1", "2", "3"}, Values: []float64{1, 2, 3}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				src.Intn(6)
				rec.Set(0, 1) // always 2
			}
		},
	}
	for _, n := range []uint64{1, 100} {
		res, err := Run(context.Background(), exp, Config{Method: MonteCarlo, Trials: n, Workers: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m := res.Metric("reached")
		z := 1.959963984540054
		w := z * z / (float64(n) + z*z)
		if m.Mean != 2 || math.Abs(m.MeanLo-(2-w)) > 1e-12 || math.Abs(m.MeanHi-(2+w)) > 1e-12 {
			t.Errorf("%d trials: mean %v, interval %v–%v; want 2, %v–%v", n, m.Mean, m.MeanLo, m.MeanHi, 2-w, 2+w)
		}
	}
	// No trial at all (interrupted before the first): the whole range.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, exp, Config{Method: MonteCarlo, Trials: 1000, Workers: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Metric("reached"); res.Trials != 0 || m.MeanLo != 1 || m.MeanHi != 3 {
		t.Errorf("no trial: %d trials, interval %v–%v; want 0 trials, 1–3", res.Trials, m.MeanLo, m.MeanHi)
	}
}

// TestMeanIntervalOfOffsetValues: a mean's interval is the same whatever
// offset the values share: a fair coin's values 0 and 1, or 10⁸ and
// 10⁸+1, have a standard error of ½/√n from the same counts, where the
// sum of squares less n·mean² loses every digit at 10⁸. Values near the
// largest float give a finite interval too.
func TestMeanIntervalOfOffsetValues(t *testing.T) {
	const n = 1_000_000
	coin := func(lo, hi float64) Experiment {
		return Experiment{
			Schema: Schema{Metrics: []Metric{{Name: "v", Labels: []string{"lo", "hi"}, Values: []float64{lo, hi}}}},
			New:    func() Trial { return func(src *Source, rec *Record) { rec.Set(0, src.Intn(2)) } },
		}
	}
	var want float64
	for i, off := range []float64{0, 1e7, 1e8, 1e9, 1e12} {
		res, err := Run(context.Background(), coin(off, off+1), Config{Method: MonteCarlo, Trials: n, Workers: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		m := res.Metric("v")
		half := (m.MeanHi - m.MeanLo) / 2
		if i == 0 {
			want = half
			if p := m.Mean; math.Abs(half-1.959963984540054*math.Sqrt(p*(1-p)/(n-1))) > 1e-12 {
				t.Fatalf("offset 0: half-width %v, want z·√(p(1−p)/(n−1)) at p = %v", half, p)
			}
			continue
		}
		// The bounds are floats near the offset: they hold the half-width
		// to within a few of the float spacing there.
		if ulp := math.Nextafter(off, math.Inf(1)) - off; math.Abs(half-want) > 4*ulp+1e-12 {
			t.Errorf("offset %g: half-width %v, want %v as at offset 0", off, half, want)
		}
	}
	res, err := Run(context.Background(), coin(-1e300, 1e300), Config{Method: MonteCarlo, Trials: n, Workers: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Metric("v"); math.IsNaN(m.MeanLo) || math.IsInf(m.MeanLo, 0) || math.IsInf(m.MeanHi, 0) || !(m.MeanLo < m.Mean && m.Mean < m.MeanHi) {
		t.Errorf("values ±1e300: mean %v, interval %v–%v; want a finite interval about the mean", m.Mean, m.MeanLo, m.MeanHi)
	}
}
