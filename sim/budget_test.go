package sim

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoryCapHolds walks a merged enumeration one path at a time, with
// no cap and with one far below what the memo grows to: after every path
// the capped memo holds at most its cap, and what a memo counts it holds
// is what its entries take.
func TestMemoryCapHolds(t *testing.T) {
	const n, cap = 8, 4096
	exp := sixes(n, true)
	_, size := exp.Schema.layout()
	var peak [2]uint64
	for i, c := range []uint64{0, cap} {
		e := newEnumerator(exp, size)
		e.start(step{idx: -1})
		g := newMerger(e, size, c)
		e.src.mg = g
		var paths atomic.Uint64
		for limit := uint64(1); !e.done; limit++ {
			if err := e.walk(context.Background(), &paths, Config{MaxPaths: 1 << 40}, limit); err != nil {
				t.Fatal(err)
			}
			if e.done {
				break
			}
			var held uint64
			for k, m := range g.memo {
				held += entryBytes(k, m.shares, m.x)
			}
			if held != g.bytes || c > 0 && held > c {
				t.Fatalf("cap %d, after %d paths: the memo counts %d bytes and holds %d", c, e.walked, g.bytes, held)
			}
			peak[i] = max(peak[i], held)
		}
		t.Logf("cap %d: %d paths, peak %d bytes", c, e.walked, peak[i])
		if g.memo != nil {
			t.Errorf("cap %d: a finished walk kept its memo", c)
		}
	}
	if peak[0] < 2*cap || peak[1] < cap/4 {
		t.Fatalf("the memo grew to %d bytes uncapped, %d capped: the cap is not tested", peak[0], peak[1])
	}
}

// TestEvictionSameFigures: an exact run whose memory budget makes its
// merged-state tables evict walks more paths and gives the figures of the
// full enumeration to 1e-12, and the same result, path count included,
// for any worker count.
func TestEvictionSameFigures(t *testing.T) {
	const n = 7
	full, err := RunExact(context.Background(), sixes(n, false), Config{Workers: 2, MaxPaths: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	roomy, err := RunExact(context.Background(), sixes(n, true), Config{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	var ref *Result
	for _, j := range []int{1, 2, 4} {
		// Six roots (the first die), 1 KB of table each.
		res, err := RunExact(context.Background(), sixes(n, true), Config{Workers: j, MaxMemory: 6 * 2 * 1024})
		if err != nil {
			t.Fatal(err)
		}
		if res.Paths <= roomy.Paths || res.Paths >= full.Paths {
			t.Fatalf("-j %d: evicting walked %d paths, %d without, %d unmerged", j, res.Paths, roomy.Paths, full.Paths)
		}
		if res.Dropped == 0 || roomy.Dropped != 0 {
			t.Errorf("-j %d: %d states dropped evicting, %d with room; want some, and none", j, res.Dropped, roomy.Dropped)
		}
		for i, m := range full.Metrics {
			for k, o := range m.Outcomes {
				if got := res.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
					t.Errorf("-j %d: %s=%s %.15f evicting, %.15f unmerged", j, m.Name, o.Label, got, o.P)
				}
			}
		}
		res.Elapsed = 0
		if ref == nil {
			ref = res
		} else if !reflect.DeepEqual(ref, res) {
			t.Errorf("-j %d differs from -j 1", j)
		}
	}
}

// TestTinyMemoryStillBounds: a memory budget smaller than its roots'
// shares, a byte, holds every table to the least it can keep (it drops
// each state as it is kept) rather than to no bound at all, and the
// figures stay those of the full enumeration.
func TestTinyMemoryStillBounds(t *testing.T) {
	const n = 6
	full, err := RunExact(context.Background(), sixes(n, false), Config{Workers: 1, MaxPaths: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	res, err := RunExact(context.Background(), sixes(n, true), Config{Workers: 1, MaxMemory: 1, MaxPaths: 1 << 40})
	if err != nil {
		t.Fatal(err)
	}
	if res.Dropped == 0 {
		t.Errorf("MaxMemory 1: no state dropped, %d paths walked: the tables had no bound", res.Paths)
	}
	for i, m := range full.Metrics {
		for k, o := range m.Outcomes {
			if got := res.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
				t.Errorf("%s=%s %.15f, %.15f unmerged", m.Name, o.Label, got, o.P)
			}
		}
	}
}

// TestBudgetCountsDropped: a run whose tables drop states walks their
// paths again, against its budget; when that takes it over, its error
// counts the states dropped, and says so, so that a front end can point
// to more memory.
func TestBudgetCountsDropped(t *testing.T) {
	const n = 7
	roomy, err := RunExact(context.Background(), sixes(n, true), Config{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	_, err = RunExact(context.Background(), sixes(n, true), Config{Workers: 2, MaxMemory: 6 * 2 * 1024, MaxPaths: roomy.Paths})
	var be *BudgetError
	if !errors.As(err, &be) || be.Dropped == 0 || !strings.Contains(err.Error(), "merged states did not fit in memory, and the paths walked again for them count too") {
		t.Fatalf("evicting within the roomy run's %d paths: %v; want a budget error counting the states dropped", roomy.Paths, err)
	}
	if _, err := RunExact(context.Background(), sixes(n, true), Config{Workers: 2, MaxPaths: roomy.Paths - 1}); !errors.As(err, &be) || be.Dropped != 0 || strings.Contains(err.Error(), "memory") {
		t.Fatalf("with room, one path short: %v; want a budget error with no state dropped", err)
	}
}

// TestBudgetEstimate: twelve dice with no state to merge make 6^12 paths,
// which the probe estimates to 1% (a uniform tree); an exact run over
// eight times its budget gives up there, with a BudgetError carrying the
// estimate, having walked no more than the budget; auto runs Monte Carlo,
// says why, and reports the time of the whole run, the exact attempt
// included.
func TestBudgetEstimate(t *testing.T) {
	const budget = 100_000
	exp := sixes(12, false)
	start := time.Now()
	_, err := Run(context.Background(), exp, Config{Method: Exact, MaxPaths: budget, Workers: 2})
	took := time.Since(start)
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	if want := math.Pow(6, 12); math.Abs(be.Estimate-want) > want/100 || be.Walked > budget || be.Budget != budget {
		t.Errorf("BudgetError %+v, want an estimate of %g after at most %d paths", *be, want, budget)
	}
	if msg := err.Error(); !strings.Contains(msg, "estimated at about 2.2 billion paths") || strings.Contains(msg, "--") {
		t.Errorf("message %q", msg)
	}

	start = time.Now()
	res, err := Run(context.Background(), exp, Config{Method: Auto, MaxPaths: budget, Trials: 1000, Workers: 2})
	wall := time.Since(start)
	if err != nil || res.Method != MonteCarlo || !strings.Contains(res.Note, "estimated at about 2.2 billion paths") {
		t.Fatalf("auto: res %+v, err %v", res, err)
	}
	if res.Elapsed < wall*9/10 || res.Elapsed < took/4 {
		t.Errorf("auto reports %v elapsed for a run of %v (the exact attempt alone took %v)", res.Elapsed, wall, took)
	}
}

// TestBudgetNoEstimateWhenMerging: a walk that has opened merged states
// meets more merges the further it goes, so the first paths' estimate
// errs high (an ASL fire attack's, 870 paths for 61): over the budget, it
// says the budget, not an estimate.
func TestBudgetNoEstimateWhenMerging(t *testing.T) {
	// Twelve dice, counting sixes, that merge on the count after the
	// sixth: the first state's subtree is 6^6 paths, so no state is known
	// yet when the budget runs out.
	exp := sixes(12, false)
	exp.New = func() Trial {
		return func(src *Source, rec *Record) {
			count := 0
			for i := range 12 {
				if src.Intn(6) == 5 {
					count++
				}
				if i == 5 && src.Merging() && src.MergeCounts([]byte{'s', byte(min(count, 1))}, []int{0, count, 0}) {
					return
				}
			}
			rec.Set(0, 0)
			rec.Set(1, count)
			rec.Set(2, b2iTest(count == 0))
		}
	}
	_, err := Run(context.Background(), exp, Config{Method: Exact, MaxPaths: 20, Workers: 2})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	if be.Estimate != 0 || !strings.Contains(err.Error(), "needs more than 20 paths, the budget") {
		t.Errorf("BudgetError %+v: %v; want no estimate", *be, err)
	}
	// Its enumeration is far smaller than the 2.2 billion paths the
	// estimate gave.
	res, err := Run(context.Background(), exp, Config{Method: Exact, Workers: 2})
	if err != nil || res.Paths > 1_000_000 {
		t.Errorf("the whole walk: %v paths, %v", res.Paths, err)
	}
}

// TestProbeOfLongPaths: the probe stops at probeDraws draws where its
// paths are long, before probePaths paths, so that a model of long paths
// is estimated, and auto decides, in as short a time as one of short
// paths: 40 draws a path, six roots, each walking its share of 2^20
// draws, 174,762, in 4,370 paths.
func TestProbeOfLongPaths(t *testing.T) {
	_, err := Run(context.Background(), sixes(40, false), Config{Method: Exact, Workers: 2})
	var be *BudgetError
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want a BudgetError", err)
	}
	if want := uint64(6 * 4370); be.Walked != want {
		t.Errorf("the probe walked %d paths, want %d", be.Walked, want)
	}
}

// TestAutoSaysExact: auto that enumerates says so, with the paths.
func TestAutoSaysExact(t *testing.T) {
	res, err := Run(context.Background(), diceExperiment(), Config{Method: Auto})
	if err != nil || res.Method != Exact || !strings.Contains(res.Note, "auto chose exact enumeration: 696 paths") {
		t.Fatalf("res %+v, err %v", res, err)
	}
}

func TestApprox(t *testing.T) {
	for x, want := range map[float64]string{
		7: "7", 12.34: "12", 171: "170", 99_500: "100,000", 2_176_782_336: "2.2 billion",
		16_800_000: "17 million", 1_000_000: "1 million", 123_456_789_012: "120 billion",
		1e12: "1·10¹²", 2.94e25: "2.9·10²⁵", 9.96e12: "1·10¹³", 4.5e102: "4.5·10¹⁰²", 999.7e9: "1·10¹²",
		994e9: "990 billion", 995_000_000: "1 billion", math.Inf(1): "more than 10³⁰⁰",
	} {
		if got := approx(x); got != want {
			t.Errorf("approx(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestRunAutoTellsItsChoice: RunAuto tells its caller which method it
// chose and why, before it runs it, in the words of the result's note;
// having chosen exact enumeration on the probe it does not estimate
// again, and falls back to Monte Carlo only at the budget itself, telling
// that too before its Monte Carlo run.
func TestRunAutoTellsItsChoice(t *testing.T) {
	for _, tc := range []struct {
		name     string
		exp      Experiment
		budget   uint64
		method   Method // decided
		ran      Method
		note     string
		sameNote bool
	}{
		// Walked to its end within the probe.
		{"small", sixes(3, false), 0, Exact, Exact, "auto chose exact enumeration: 216 paths", true},
		// Estimated at 6^4 = 1,296 paths after the probe's 999, within
		// twice the budget: exact, which walks on past the budget.
		{"past the budget", sixes(4, false), 1000, Exact, MonteCarlo, "but the walk passed the budget; ran Monte Carlo", false},
		// Never "within the budget" of an estimate over it.
		{"estimated over", sixes(4, false), 1000, Exact, MonteCarlo, "estimated at about 1,300 paths after walking", false},
		{"estimated over, said so", sixes(4, false), 1000, Exact, MonteCarlo, "near enough the budget of 1,000 to try, falling back to Monte Carlo at it, but the walk passed the budget", false},
		// Estimated at 6^7 = 279,936 paths after the probe's 2^17,
		// within the budget: exact to the end.
		{"estimated within", sixes(7, false), 300_000, Exact, Exact, "estimated at about 280,000 paths after walking 131,070, within the budget of 300,000", true},
		{"over", sixes(8, false), 1000, MonteCarlo, MonteCarlo, "estimated at about 1.7 million paths", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls int
			var method, last Method
			var why, lastWhy string
			res, err := RunAuto(context.Background(), tc.exp, Config{MaxPaths: tc.budget, Trials: 1000, Workers: 2},
				func(m Method, w string) {
					if calls++; calls == 1 {
						method, why = m, w
					}
					last, lastWhy = m, w
				})
			if err != nil {
				t.Fatal(err)
			}
			// Told once, and again, before its Monte Carlo run, when
			// the exact run it chose falls back.
			fellBack := tc.method == Exact && tc.ran == MonteCarlo
			if calls != 1+b2i(fellBack) || method != tc.method || res.Method != tc.ran || !strings.Contains(res.Note, tc.note) {
				t.Errorf("told %d times, %s (%q); ran %s, note %q", calls, method, why, res.Method, res.Note)
			}
			if fellBack && (last != MonteCarlo || lastWhy != res.Note) {
				t.Errorf("the fall-back told as %s %q, note %q", last, lastWhy, res.Note)
			}
			if (res.Note == why) != tc.sameNote || !strings.HasPrefix(res.Note, why) {
				t.Errorf("told %q, note %q", why, res.Note)
			}
		})
	}
}

// TestBudgetErrorWords: the message never estimates below the paths
// walked, nor rounds an estimate over the budget to the budget itself,
// and names no flag of any front end.
func TestBudgetErrorWords(t *testing.T) {
	for _, c := range []struct {
		e    BudgetError
		want string
	}{
		{BudgetError{Budget: 1000, Walked: 514, Estimate: 51_234}, "exact enumeration estimated at about 51,000 paths after walking 514, over the budget of 1,000"},
		{BudgetError{Budget: 600_000, Walked: 500_000, Estimate: 601_000}, "exact enumeration estimated at just over the budget of 600,000 paths after walking 500,000"},
		{BudgetError{Budget: 600_000, Walked: 602_194, Estimate: 600_100}, "exact enumeration needs more than 600,000 paths, the budget"},
		{BudgetError{Budget: 1000}, "exact enumeration needs more than 1,000 paths, the budget"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
