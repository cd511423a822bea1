package sim

import (
	"context"
	"fmt"
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
		sameAsFull(t, fmt.Sprintf("-j %d", workers), merged, full)
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

// racers is an experiment with a symmetry: two tokens, a and b, race
// over n draws of three outcomes (a moves, b moves, neither), and each
// token's distance is recorded at the end; the first draw's outcome is
// recorded at once, and the moves so far are a count. With permuted, it
// merges after each draw under the state with the tokens in order (the
// key holds the draws made and the distances sorted), handing the engine
// the swap of a and b when b is ahead (Source.MergePermuted), and the
// moves so far as the count's base. With merge but not permuted, it
// merges the same way with the distances as they stand.
func racers(n int, merge, permuted bool) Experiment {
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			{Name: "first", Labels: []string{"a", "b", "none"}},
			CountMetric("a", "a's distance", n),
			CountMetric("moves", "moves", n),
			CountMetric("b", "b's distance", n),
			{Name: "tie", Labels: []string{"yes", "no"}},
		}},
		New: func() Trial {
			key := make([]byte, 3)
			base := make([]int, 5)
			swap := []int32{0, 3, 2, 1, 4}
			return func(src *Source, rec *Record) {
				a, b := 0, 0
				for i := range n {
					d := src.Intn(3)
					if i == 0 {
						rec.Set(0, d)
					}
					a += b2iTest(d == 0)
					b += b2iTest(d == 1)
					if merge && src.Merging() {
						base[2] = a + b
						var perm []int32
						key[0], key[1], key[2] = byte(i), byte(a), byte(b)
						if permuted && b > a {
							perm, key[1], key[2] = swap, byte(b), byte(a)
						}
						k := key
						if src.Replaying() {
							k, perm = nil, nil
						}
						if src.MergePermuted(k, base, perm) {
							return
						}
					}
				}
				rec.Set(1, a)
				rec.Set(2, a+b)
				rec.Set(3, b)
				rec.Set(4, b2iTest(a != b))
			}
		},
	}
}

// TestMergePermuted: merging states that are one another's mirror
// (Source.MergePermuted) gives every outcome of the walk of every path, to
// 1e-12 and as the same exact fractions, for any worker count, with
// roomy tables and with tables so small they evict, in fewer paths than
// merging without the symmetry.
func TestMergePermuted(t *testing.T) {
	const n = 9
	full, err := RunExact(context.Background(), racers(n, false, false), Config{Method: Exact, Workers: 1, Fractions: true, NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	plain, err := RunExact(context.Background(), racers(n, true, false), Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, mem := range []uint64{0, 48 << 10} {
		var first *Result
		for _, workers := range []int{1, 2, 3} {
			merged, err := RunExact(context.Background(), racers(n, true, true), Config{Method: Exact, Workers: workers, Fractions: true, MaxMemory: mem})
			if err != nil {
				t.Fatal(err)
			}
			sameAsFull(t, fmt.Sprintf("memory %d, -j %d", mem, workers), merged, full)
			for i, m := range merged.Metrics {
				for k, o := range m.Outcomes {
					if first != nil && o.P != first.Metrics[i].Outcomes[k].P {
						t.Errorf("memory %d, -j %d: %s=%s %v, -j 1 %v", mem, workers, m.Name, o.Label, o.P, first.Metrics[i].Outcomes[k].P)
					}
				}
			}
			if first != nil && merged.Paths != first.Paths {
				t.Errorf("memory %d, -j %d: %d paths, -j 1 %d", mem, workers, merged.Paths, first.Paths)
			}
			if first == nil {
				t.Logf("memory %d: %d paths, %d merged without the symmetry, %d unmerged", mem, merged.Paths, plain.Paths, full.Paths)
			}
			if mem == 0 && merged.Paths >= plain.Paths {
				t.Errorf("-j %d: %d paths, %d merged without the symmetry", workers, merged.Paths, plain.Paths)
			}
			first = merged
		}
	}
}

// TestMergePermutedRefusesBadPermutations: a permutation that swaps
// metrics of different sizes, maps two metrics to one or leaves metrics
// out panics.
func TestMergePermutedRefusesBadPermutations(t *testing.T) {
	exp := racers(2, false, false)
	_, size := exp.Schema.layout()
	g := newMerger(newEnumerator(exp, size), size, 0)
	g.checkPerm([]int32{0, 3, 2, 1, 4})
	for _, perm := range [][]int32{{0, 4, 2, 3, 1}, {0, 1, 1, 3, 4}, {0, 1, 2}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("perm %v: no panic", perm)
				}
			}()
			g.checkPerm(perm)
		}()
	}
}

// sameAsFull fails unless every outcome of merged is full's, to 1e-12 and
// as the same exact fraction.
func sameAsFull(t *testing.T, run string, merged, full *Result) {
	t.Helper()
	for i, m := range full.Metrics {
		for k, o := range m.Outcomes {
			got := merged.Metrics[i].Outcomes[k]
			if math.Abs(got.P-o.P) > 1e-12 {
				t.Errorf("%s: %s=%s merged %.15f, full %.15f", run, m.Name, o.Label, got.P, o.P)
			}
			if got.Fraction == nil || got.Fraction.Cmp(o.Fraction) != 0 {
				t.Errorf("%s: %s=%s merged %s, full %s", run, m.Name, o.Label, got.Fraction, o.Fraction)
			}
		}
	}
}
