package sim

import (
	"context"
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// fractionsSumToOne fails t unless every outcome of res carries a
// fraction and each metric's fractions add up to exactly 1.
func fractionsSumToOne(t *testing.T, res *Result) {
	t.Helper()
	one := big.NewRat(1, 1)
	for _, m := range res.Metrics {
		sum := new(big.Rat)
		for _, o := range m.Outcomes {
			if o.Fraction == nil {
				t.Fatalf("%s=%s: no fraction", m.Name, o.Label)
			}
			sum.Add(sum, o.Fraction)
		}
		if sum.Cmp(one) != 0 {
			t.Errorf("%s: fractions sum to %s, not 1", m.Name, sum)
		}
	}
}

// fraction returns the fraction of outcome label of metric name, as
// "a/b", or "" when there is none.
func fraction(res *Result, name, label string) string {
	if m := res.Metric(name); m != nil {
		if o := m.Outcome(label); o != nil && o.Fraction != nil {
			return o.Fraction.String()
		}
	}
	return ""
}

// TestFractionsDice: the dice experiment's fractions are the ones worked
// out by hand, and each one is its float p to the last bits.
func TestFractionsDice(t *testing.T) {
	res, err := Run(context.Background(), diceExperiment(), Config{Method: Exact, Fractions: true})
	if err != nil {
		t.Fatal(err)
	}
	fractionsSumToOne(t, res)
	for i, w := range []int64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1} {
		want := big.NewRat(w, 36).String()
		if got := fraction(res, "sum", strconv.Itoa(i+2)); got != want {
			t.Errorf("P(sum=%d) = %s, want %s", i+2, got, want)
		}
	}
	// Two ones: a sum of 10 or more (6/36), then 1/36; one: 6/36 · 10/36.
	for label, want := range map[string]string{"2": "1/216", "1": "5/108", "0": "205/216"} {
		if got := fraction(res, "ones", label); got != want {
			t.Errorf("P(%s ones) = %s, want %s", label, got, want)
		}
	}
	if got := fraction(res, "six", "yes"); got != "1/6" {
		t.Errorf("P(six) = %s, want 1/6", got)
	}
	for _, m := range res.Metrics {
		for _, o := range m.Outcomes {
			if f, _ := o.Fraction.Float64(); !within(f, o.P, 1e-15) {
				t.Errorf("%s=%s: fraction %s is %v, p %v", m.Name, o.Label, o.Fraction, f, o.P)
			}
		}
	}
}

func within(a, b, tol float64) bool { return a-b <= tol && b-a <= tol }

// binomialSixes is P(k sixes in n dice) = C(n,k) 5^(n−k) / 6^n, exactly.
func binomialSixes(n, k int) *big.Rat {
	num := new(big.Int).Binomial(int64(n), int64(k))
	num.Mul(num, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(n-k)), nil))
	return new(big.Rat).SetFrac(num, new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(n)), nil))
}

// TestFractionsMerged: merging, with roomy tables, with tables so small
// they evict, and not at all, for any worker count, gives the same
// fractions, and they are the binomial ones.
func TestFractionsMerged(t *testing.T) {
	const n = 6
	runs := []struct {
		name  string
		merge bool
		cfg   Config
	}{
		{"unmerged", false, Config{}},
		{"merged -j 1", true, Config{Workers: 1}},
		{"merged -j 4", true, Config{Workers: 4}},
		// Six roots (the first die), 4 KB of table each: the tables
		// evict, yet still merge.
		{"evicting -j 1", true, Config{Workers: 1, MaxMemory: 6 * 8 * 1024}},
		{"evicting -j 3", true, Config{Workers: 3, MaxMemory: 6 * 8 * 1024}},
	}
	var full, roomy uint64
	for _, r := range runs {
		cfg := r.cfg
		cfg.Method, cfg.Fractions = Exact, true
		res, err := Run(context.Background(), sixes(n, r.merge), cfg)
		if err != nil {
			t.Fatal(err)
		}
		fractionsSumToOne(t, res)
		for k := 0; k <= n; k++ {
			if got, want := fraction(res, "sixes", strconv.Itoa(k)), binomialSixes(n, k).String(); got != want {
				t.Errorf("%s: P(%d sixes) = %s, want %s", r.name, k, got, want)
			}
		}
		if got := fraction(res, "first", "odd"); got != "1/2" {
			t.Errorf("%s: P(first odd) = %s, want 1/2", r.name, got)
		}
		if got, want := fraction(res, "any", "no"), binomialSixes(n, 0).String(); got != want {
			t.Errorf("%s: P(no six) = %s, want %s", r.name, got, want)
		}
		switch {
		case !r.merge:
			full = res.Paths
		case r.cfg.MaxMemory == 0:
			roomy = res.Paths
		case res.Paths <= roomy || res.Paths >= full:
			t.Errorf("%s: %d paths, %d with roomy tables, %d unmerged: not evicting", r.name, res.Paths, roomy, full)
		}
	}
}

// TestFractionsEvictionCounted: with fractions the memo still holds at
// most its cap, counting the exact shares' bytes.
func TestFractionsEvictionCounted(t *testing.T) {
	const cap = 4096
	exp := sixes(8, true)
	_, size := exp.Schema.layout()
	e := newEnumerator(exp, size)
	e.start(step{idx: -1})
	g := newMerger(e, size, cap)
	e.ex = newExactSums(size, len(exp.Schema.Metrics))
	g.exact, g.xtotal = true, e.ex.total
	e.src.mg = g
	var paths, peak uint64
	var counter atomic.Uint64
	for limit := uint64(1); !e.done; limit++ {
		if err := e.walk(context.Background(), &counter, Config{MaxPaths: 1 << 40}, limit); err != nil {
			t.Fatal(err)
		}
		if e.done {
			break
		}
		var held uint64
		for k, m := range g.memo {
			x := m.x
			if x == nil || x.len() != len(m.shares) {
				t.Fatalf("entry %q: %d shares, exact %v", k, len(m.shares), x)
			}
			held += entryBytes(k, m.shares, x)
		}
		if held != g.bytes || held > cap {
			t.Fatalf("after %d paths: the memo counts %d bytes and holds %d, cap %d", e.walked, g.bytes, held, cap)
		}
		peak = max(peak, held)
		paths = e.walked
	}
	if peak < cap/4 {
		t.Fatalf("the memo grew to %d bytes in %d paths: the cap is not tested", peak, paths)
	}
	fr := fractions([]*enumerator{e}, size)
	for k := 0; k <= 8; k++ {
		if fr[2+k].Cmp(binomialSixes(8, k)) != 0 {
			t.Errorf("P(%d sixes) = %s, want %s", k, &fr[2+k], binomialSixes(8, k))
		}
	}
}

// TestFractionsBeyondWords: thirty dice, whose paths' denominators
// outgrow 64 bits (6^30), merged and not, give the binomial fractions.
func TestFractionsBeyondWords(t *testing.T) {
	const n = 30
	res, err := Run(context.Background(), sixes(n, true), Config{Method: Exact, Fractions: true, MaxPaths: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	fractionsSumToOne(t, res)
	for k := 0; k <= n; k++ {
		if got, want := fraction(res, "sixes", strconv.Itoa(k)), binomialSixes(n, k).String(); got != want {
			t.Errorf("P(%d sixes) = %s, want %s", k, got, want)
		}
	}
	// Unmerged, with a Dist of weights whose products overflow too.
	wide := NewDist(1<<40, 3, 1<<40+1)
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{CountMetric("middles", "middle outcomes", 3)}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				k := 0
				for range 3 {
					if src.Pick(wide) == 1 {
						k++
					}
				}
				rec.Set(0, k)
			}
		},
	}
	res, err = Run(context.Background(), exp, Config{Method: Exact, Fractions: true})
	if err != nil {
		t.Fatal(err)
	}
	fractionsSumToOne(t, res)
	total := new(big.Int).SetUint64(1<<41 + 4)
	want := new(big.Rat).SetFrac(big.NewInt(27), new(big.Int).Exp(total, big.NewInt(3), nil))
	if got := fraction(res, "middles", "3"); got != want.String() {
		t.Errorf("P(3 middles) = %s, want %s", got, want)
	}
}

// TestFractionsRoundTheFloats: asking for fractions adds them, walks the
// same paths, and rounds each float once from its fraction, which the
// float sum of the weights stands a few ulps off at most: 2d6's 11 sums
// to 0.055555555555555546 where 2/36 is 0.05555555555555555.
func TestFractionsRoundTheFloats(t *testing.T) {
	for _, exp := range []Experiment{diceExperiment(), sixes(7, true)} {
		plain, err := Run(context.Background(), exp, Config{Method: Exact, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		withFr, err := Run(context.Background(), exp, Config{Method: Exact, Workers: 2, Fractions: true})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Paths != withFr.Paths {
			t.Errorf("paths %d, %d with fractions", plain.Paths, withFr.Paths)
		}
		for i, m := range plain.Metrics {
			if d := math.Abs(m.Mean - withFr.Metrics[i].Mean); d > 1e-14*math.Abs(m.Mean) {
				t.Errorf("%s: mean %v, %v with fractions", m.Name, m.Mean, withFr.Metrics[i].Mean)
			}
			if m.Values != nil {
				// The mean too: Σ p·v over the fractions, rounded once.
				var mean, v big.Rat
				for k, o := range withFr.Metrics[i].Outcomes {
					mean.Add(&mean, v.Mul(v.SetFloat64(m.Values[k]), o.Fraction))
				}
				if f, _ := mean.Float64(); withFr.Metrics[i].Mean != f {
					t.Errorf("%s: mean %v with fractions, its exact sum reads %v", m.Name, withFr.Metrics[i].Mean, f)
				}
			}
			for k, o := range m.Outcomes {
				w := withFr.Metrics[i].Outcomes[k]
				if o.Fraction != nil || w.Fraction == nil {
					t.Fatalf("%s=%s: fraction %v without asking, %v asking", m.Name, o.Label, o.Fraction, w.Fraction)
				}
				if f, _ := w.Fraction.Float64(); w.P != f || w.Lo != f || w.Hi != f {
					t.Errorf("%s=%s: p %v (%v–%v), its fraction %v reads %v", m.Name, o.Label, w.P, w.Lo, w.Hi, w.Fraction, f)
				}
				if d := math.Abs(o.P - w.P); d > 4*ulp(w.P) {
					t.Errorf("%s=%s: %v without fractions, %v with: %g ulps apart", m.Name, o.Label, o.P, w.P, d/ulp(w.P))
				}
			}
		}
	}
}

// ulp is the gap between x and the next float above it.
func ulp(x float64) float64 { return math.Nextafter(x, math.Inf(1)) - x }

// TestFractionsRefuseRounded: a model that draws from a rounded Dist gets
// an error, not fractions, merged or not; without fractions it runs.
func TestFractionsRefuseRounded(t *testing.T) {
	rounded := NewDist(1, 2, 3).Rounded([]float64{1.0 / 6, 2.0 / 6, 3.0 / 6})
	exp := func(merge bool) Experiment {
		return Experiment{
			Schema: Schema{Metrics: []Metric{{Name: "x", Labels: []string{"a", "b", "c"}}}},
			New: func() Trial {
				return func(src *Source, rec *Record) {
					d := src.Intn(2)
					if merge && src.Merging() && src.Merge([]byte{'k'}) {
						return
					}
					rec.Set(0, (d+src.Pick(rounded))%3)
				}
			},
		}
	}
	for _, merge := range []bool{false, true} {
		for _, m := range []Method{Exact, Auto} {
			res, err := Run(context.Background(), exp(merge), Config{Method: m, Fractions: true})
			var fe *FractionError
			if !errors.As(err, &fe) || res != nil {
				t.Fatalf("merge %v, %s: got %v, %v; want a *FractionError", merge, m, res, err)
			}
			if !strings.Contains(err.Error(), "rounded") || !strings.Contains(err.Error(), "3 outcomes, total 6") {
				t.Errorf("error %q", err)
			}
		}
		if _, err := Run(context.Background(), exp(merge), Config{Method: Exact}); err != nil {
			t.Errorf("merge %v: without fractions: %v", merge, err)
		}
	}
	if got := rounded.Prob(2); got != 0.5 {
		t.Errorf("a rounded Dist draws P = %v, want 1/2", got)
	}
}

// TestRoundedWeighsByItsProbabilities: an exact run weighs a rounded
// Dist's outcomes by the probabilities its model gave, not by its rounded
// weights, which would make an outcome of the least weight 2⁻⁶² likely
// whatever its chance; a Monte Carlo run draws by the weights. Rounded
// refuses probabilities that do not match the weights' outcomes.
func TestRoundedWeighsByItsProbabilities(t *testing.T) {
	tiny := 1e-40
	d := NewDist(1, 1<<62-1).Rounded([]float64{tiny, 1 - tiny})
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "x", Labels: []string{"rare", "usual"}}}},
		New:    func() Trial { return func(src *Source, rec *Record) { rec.Set(0, src.Pick(d)) } },
	}
	res, err := Run(context.Background(), exp, Config{Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.P("x", "rare"); got != tiny {
		t.Errorf("exact P(rare) = %g, want %g", got, tiny)
	}
	for _, probs := range [][]float64{{1}, {0, 1}, {0.5, 1.5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Rounded(%v) of two outcomes of positive weight: no panic", probs)
				}
			}()
			NewDist(1, 3).Rounded(probs)
		}()
	}
}

// TestFractionsOnlyComplete: an interrupted run, or an auto run that
// falls back to Monte Carlo, gives no fractions and says so; a Monte
// Carlo run refuses them.
func TestFractionsOnlyComplete(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, sixes(5, false), Config{Method: Exact, Fractions: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || res.Note != NoFractionsInterrupted || res.Metrics[0].Outcomes[0].Fraction != nil {
		t.Errorf("interrupted: complete %v, note %q, fraction %v", res.Complete, res.Note, res.Metrics[0].Outcomes[0].Fraction)
	}
	res, err = Run(context.Background(), sixes(8, false), Config{Method: Auto, Fractions: true, MaxPaths: 1000, Trials: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Method != MonteCarlo || !strings.HasSuffix(res.Note, "ran Monte Carlo, which gives no exact fractions") || res.Metrics[0].Outcomes[0].Fraction != nil {
		t.Errorf("auto fallback: method %s, note %q", res.Method, res.Note)
	}
	res, err = Run(context.Background(), sixes(3, false), Config{Method: Auto, Fractions: true})
	if err != nil || res.Method != Exact {
		t.Fatalf("auto: %v, %v", res, err)
	}
	fractionsSumToOne(t, res)
	if _, err := Run(context.Background(), sixes(3, false), Config{Fractions: true}); err == nil || !strings.Contains(err.Error(), "fractions need exact") {
		t.Errorf("Monte Carlo with fractions: %v", err)
	}
}

// primesExperiment draws one of the first sixteen primes p, two ways
// each (Intn(32)), then a number below p, and records whether it is
// even: its path denominators are 32·p, whose common multiple passes 64
// bits. Merging, it declares the state before the first draw, and the
// prime drawn after it, so that a recording's sums, a recording's folds
// into the one around it and the hits of one prime's second way all
// pass from words to math/big midway.
func primesExperiment(merge bool) Experiment {
	primes := []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53}
	return Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "even", Labels: []string{"yes", "no"}}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				src.Intn(1)
				if merge && src.Merging() && src.Merge([]byte{0xFF}) {
					return
				}
				p := primes[src.Intn(32)%16]
				if merge && src.Merging() && src.Merge([]byte{byte(p)}) {
					return
				}
				rec.Set(0, src.Intn(p)%2)
			}
		},
	}
}

// TestFractionsPastAWord: sums whose common denominator outgrows a word
// midway give the fractions worked out with math/big, merged or not.
func TestFractionsPastAWord(t *testing.T) {
	want := new(big.Rat)
	for _, p := range []int64{2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53} {
		want.Add(want, big.NewRat((p+1)/2, 16*p))
	}
	for _, merge := range []bool{false, true} {
		cfg := Config{Method: Exact, Fractions: true, NoMerge: !merge}
		res, err := Run(context.Background(), primesExperiment(merge), cfg)
		if err != nil {
			t.Fatal(err)
		}
		fractionsSumToOne(t, res)
		if got := fraction(res, "even", "yes"); got != want.String() {
			t.Errorf("merge %v: P(even) = %s, want %s", merge, got, want)
		}
	}
}

// TestGCD64: the binary greatest common divisor is Euclid's.
func TestGCD64(t *testing.T) {
	euclid := func(a, b uint64) uint64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	cases := [][2]uint64{{1, 0}, {7, 0}, {12, 18}, {1 << 63, 1 << 40}, {6 * 6 * 6 * 6, 6 * 35}, {^uint64(0), ^uint64(0) - 1}, {1<<62 + 3, 3}}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		x := r.Uint64N(1<<20) + 1
		cases = append(cases, [2]uint64{x * (r.Uint64N(1<<20) + 1), x * r.Uint64N(1<<20)})
	}
	for _, c := range cases {
		if got, want := gcd64(c[0], c[1]), euclid(c[0], c[1]); got != want {
			t.Errorf("gcd64(%d, %d) = %d, want %d", c[0], c[1], got, want)
		}
	}
}

// TestU128: the two-word arithmetic of the exact sums is math/big's.
func TestU128(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	word := func() uint64 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return r.Uint64() >> r.UintN(64)
		case 2:
			return ^uint64(0) - r.Uint64N(3)
		}
		return r.Uint64()
	}
	var x, y, z, m big.Int
	for range 20000 {
		a, b := u128{word(), word()}, u128{word(), word()}
		a.set(&x)
		b.set(&y)
		if got := u128Of(&x); got != a {
			t.Fatalf("u128Of(%v) = %v", &x, got)
		}
		z.Mul(&x, &y)
		if p, ok := a.mulWide(b); ok != (z.BitLen() <= 128) || ok && p.set(&m).Cmp(&z) != 0 {
			t.Fatalf("%v·%v = %v (%v), want %v", &x, &y, p, ok, &z)
		}
		if b == (u128{}) {
			continue
		}
		q, rem := a.quoRem(b)
		z.QuoRem(&x, &y, &m)
		var qb, rb big.Int
		if q.set(&qb).Cmp(&z) != 0 || rem.set(&rb).Cmp(&m) != 0 {
			t.Fatalf("%v / %v = %v rem %v, want %v rem %v", &x, &y, &qb, &rb, &z, &m)
		}
	}
}

// TestOneOutcomeReachedIsCertain: without fractions, the one outcome a
// complete enumeration reached of a metric reads 1, though its paths'
// weights summed an ulp short of it (as the village crossing's
// generated.AFV did); outcomes reached beside others keep their sums, and
// an interrupted run's lower bounds stay as summed.
func TestOneOutcomeReachedIsCertain(t *testing.T) {
	s := Schema{Metrics: []Metric{
		{Name: "always", Labels: []string{"no", "yes"}},
		CountMetric("twos", "twos", 2),
		{Name: "split", Labels: []string{"a", "b"}},
	}}
	short := math.Nextafter(1, 0)
	w := []float64{0, short, 0, 0, short, 0.25, 0.75}
	ms := summarizeWeights(s, w, nil, true)
	if o := ms[0].Outcomes[1]; o.P != 1 || o.Lo != 1 || o.Hi != 1 || ms[0].Outcomes[0].P != 0 {
		t.Errorf("always=yes: %+v, want 1 exactly", o)
	}
	if m := ms[1]; m.Outcomes[2].P != 1 || m.Mean != 2 || m.MeanLo != 2 || m.MeanHi != 2 {
		t.Errorf("twos=2: %+v, mean %v (%v–%v), want 1 and a mean of 2", m.Outcomes[2], m.Mean, m.MeanLo, m.MeanHi)
	}
	if o := ms[2].Outcomes; o[0].P != 0.25 || o[1].P != 0.75 {
		t.Errorf("split: %+v", o)
	}
	if o := summarizeWeights(s, w, nil, false)[0].Outcomes[1]; o.P != short {
		t.Errorf("always=yes of an interrupted run: %v, want its sum %v", o.P, short)
	}
}
