package sim

import (
	"context"
	"math"
	"sync/atomic"
	"testing"
)

// sixes is a dice experiment with states to merge: roll n dice one at a
// time; the first die's parity is recorded at once (so the rest of the
// trial leaves it unwritten), and the number of sixes at the end. After
// each die the rest depends only on (dice rolled, sixes so far), the key.
// A second key at the same depth, naming the same state another way,
// exercises two recordings opened without a draw between them.
func sixes(n int, merge bool) Experiment {
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			{Name: "first", Labels: []string{"odd", "even"}},
			CountMetric("sixes", "sixes", n),
			{Name: "any", Labels: []string{"yes", "no"}},
		}},
		New: func() Trial {
			key := make([]byte, 3)
			return func(src *Source, rec *Record) {
				count := 0
				for i := range n {
					d := src.Intn(6)
					if i == 0 {
						rec.Set(0, d%2)
					}
					if d == 5 {
						count++
					}
					if merge && src.Merging() {
						key[0], key[1], key[2] = 'a', byte(i), byte(count)
						if src.Merge(key) {
							return
						}
						key[0] = 'b'
						if src.Merge(key) {
							return
						}
					}
				}
				rec.Set(1, count)
				rec.Set(2, b2iTest(count == 0))
			}
		},
	}
}

func b2iTest(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestMergeMatchesFullEnumeration: merged and unmerged enumerations agree
// to 1e-12 on every outcome, the merged one with far fewer paths, for any
// worker count; P(k sixes) is the binomial C(n,k) 5^(n−k) / 6^n.
func TestMergeMatchesFullEnumeration(t *testing.T) {
	const n = 7
	full, err := RunExact(context.Background(), sixes(n, false), Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 4} {
		merged, err := RunExact(context.Background(), sixes(n, true), Config{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range full.Metrics {
			for k, o := range m.Outcomes {
				if got := merged.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
					t.Errorf("-j %d: %s=%s merged %.15f, full %.15f", workers, m.Name, o.Label, got, o.P)
				}
			}
		}
		if merged.Paths*20 > full.Paths {
			t.Errorf("-j %d: merging walked %d paths of %d", workers, merged.Paths, full.Paths)
		}
	}
	binom := 1.0
	for k := 0; k <= n; k++ {
		want := binom * math.Pow(5, float64(n-k)) / math.Pow(6, n)
		if got := full.P("sixes", itoaTest(k)); math.Abs(got-want) > 1e-12 {
			t.Errorf("P(%d sixes) = %v, want %v", k, got, want)
		}
		binom = binom * float64(n-k) / float64(k+1)
	}
	if got := full.P("first", "odd"); math.Abs(got-0.5) > 1e-12 {
		t.Errorf("P(first odd) = %v", got)
	}
}

// sixesCounted is sixes merged by MergeCounts: the key holds the dice
// rolled and whether any was a six, not how many, which is the count's
// base. Its states are two per die, not one per count. Where the walk
// replays a recorded point it passes no key (Source.Replaying).
func sixesCounted(n int) Experiment {
	exp := sixes(n, false)
	exp.New = func() Trial {
		key := make([]byte, 2)
		base := make([]int, 3)
		return func(src *Source, rec *Record) {
			count := 0
			for i := range n {
				d := src.Intn(6)
				if i == 0 {
					rec.Set(0, d%2)
				}
				if d == 5 {
					count++
				}
				key[0], key[1] = byte(i), byte(b2iTest(count > 0))
				base[1] = count
				k := key
				if src.Replaying() {
					k = nil
				}
				if src.MergeCounts(k, base) {
					return
				}
			}
			rec.Set(1, count)
			rec.Set(2, b2iTest(count == 0))
		}
	}
	return exp
}

// TestMergeCounts: merging by counts' bases gives every outcome of the
// walk of every path, to 1e-12 and as the same exact fractions, for any
// worker count: per root (the first die) two states a die, six paths
// each, where keying the count takes a state per count.
func TestMergeCounts(t *testing.T) {
	const n = 9
	full, err := RunExact(context.Background(), sixes(n, false), Config{Method: Exact, Workers: 1, Fractions: true})
	if err != nil {
		t.Fatal(err)
	}
	keyed, err := RunExact(context.Background(), sixes(n, true), Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 4} {
		merged, err := RunExact(context.Background(), sixesCounted(n), Config{Method: Exact, Workers: workers, Fractions: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range full.Metrics {
			for k, o := range m.Outcomes {
				got := merged.Metrics[i].Outcomes[k]
				if math.Abs(got.P-o.P) > 1e-12 {
					t.Errorf("-j %d: %s=%s merged %.15f, full %.15f", workers, m.Name, o.Label, got.P, o.P)
				}
				if got.Fraction == nil || got.Fraction.Cmp(o.Fraction) != 0 {
					t.Errorf("-j %d: %s=%s merged %s, full %s", workers, m.Name, o.Label, got.Fraction, o.Fraction)
				}
			}
		}
		if merged.Paths > 6*6*2*n || merged.Paths*2 > keyed.Paths {
			t.Errorf("-j %d: merging by counts walked %d paths, keying the count %d", workers, merged.Paths, keyed.Paths)
		}
	}
}

// TestMergeNoMerge: Config.NoMerge walks every path even when the model
// declares keys.
func TestMergeNoMerge(t *testing.T) {
	res, err := RunExact(context.Background(), sixes(4, true), Config{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Paths != 6*6*6*6 {
		t.Errorf("NoMerge walked %d paths, want 1296", res.Paths)
	}
}

// TestMergeMonteCarloUnaffected: in Monte Carlo mode Merge never stops a
// trial, so the tallies are the same as with no keys at all.
func TestMergeMonteCarloUnaffected(t *testing.T) {
	cfg := Config{Trials: 50_000, Seed: 3, Workers: 2}
	a, err := RunMC(context.Background(), sixes(5, true), cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunMC(context.Background(), sixes(5, false), cfg)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range a.Metrics {
		for k, o := range m.Outcomes {
			if o.Count != b.Metrics[i].Outcomes[k].Count {
				t.Fatalf("%s=%s: %d with keys, %d without", m.Name, o.Label, o.Count, b.Metrics[i].Outcomes[k].Count)
			}
		}
	}
}

func itoaTest(k int) string { return string(rune('0' + k)) }

// TestMergeDrain: a merged walk stopped part way, its open recordings
// drained into the totals, holds for every metric exactly the
// probability of the paths it walked (a merged path counting its whole
// subtree), as the walk of every path does: the recordings still open
// hold paths it walked.
func TestMergeDrain(t *testing.T) {
	for _, stop := range []uint64{1, 7, 30} {
		exp := sixesCounted(6)
		_, size := exp.Schema.layout()
		e := newEnumerator(exp, size)
		e.start(step{idx: -1})
		e.src.mg = newMerger(e, size, 0)
		var paths atomic.Uint64
		if err := e.walk(context.Background(), &paths, Config{MaxPaths: 1 << 40}, stop); err != nil {
			t.Fatal(err)
		}
		if e.done {
			t.Fatalf("stop %d: the walk ended", stop)
		}
		e.src.mg.drain()
		offsets, _ := exp.Schema.layout()
		for m, o := range offsets {
			held := 0.0
			for k := range exp.Schema.Metrics[m].Labels {
				held += e.sum[o+k] + e.comp[o+k]
			}
			if math.Abs(held-e.covered) > 1e-12 {
				t.Errorf("stop %d: %s holds %v, the walk covered %v", stop, exp.Schema.Metrics[m].Name, held, e.covered)
			}
		}
	}
}
