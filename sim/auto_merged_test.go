package sim

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// sums is a trial of n dice, merged before each on its index and the sum
// so far: states that keep coming, 5i+1 of them before die i, most met
// by one path or two. Each value of the first die is a root of its own,
// walked by its own worker.
func sums(n int) Experiment {
	return Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "sum", Labels: []string{"even", "odd"}}}},
		New: func() Trial {
			key := make([]byte, 4)
			return func(src *Source, rec *Record) {
				sum := 0
				for i := range n {
					if src.Merging() {
						key[0], key[1], key[2], key[3] = byte(i), byte(i>>8), byte(sum), byte(sum>>8)
						if src.Merge(key) {
							return
						}
					}
					sum += src.Intn(6)
				}
				rec.Set(0, sum%2)
			}
		},
	}
}

// TestAutoBoundsAMergedWalk: a walk whose paths keep meeting new states
// is given up for Monte Carlo before auto has chosen, for any worker
// count, saying so, where auto once trusted an estimate that errs low and
// walked on to the budget (seven squads and a leader under a Placed DC:
// 47 seconds): this one once it has passed autoOverDraws draws estimated
// far over the budget, which a crossing of long paths took 1.3 s to pass
// autoMergedDraws.
func TestAutoBoundsAMergedWalk(t *testing.T) {
	exp := sums(400)
	var notes []string
	for _, workers := range []int{1, 3} {
		res, err := RunAuto(context.Background(), exp, Config{Trials: 1000, Seed: 1, Workers: workers}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Method != MonteCarlo || !strings.HasPrefix(res.Note, "exact enumeration had not ended after ") ||
			!strings.HasSuffix(res.Note, " merged states, past 2,097,152 draws, estimated at more than 10³⁰⁰ paths, over the budget; ran Monte Carlo") {
			t.Errorf("-j %d: %s, note %q", workers, res.Method, res.Note)
		}
		notes = append(notes, res.Note)
	}
	if notes[0] != notes[1] {
		t.Errorf("the choice depends on the workers: %q, %q", notes[0], notes[1])
	}
}

// TestAutoInterruptedBeforeChoosing: a run interrupted before auto chose
// says so in its note, where it once had none.
func TestAutoInterruptedBeforeChoosing(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	called := false
	res, err := RunAuto(ctx, sums(400), Config{Trials: 1000, Workers: 2}, func(Method, string) { called = true })
	if err != nil {
		t.Fatal(err)
	}
	if res.Complete || called || !strings.HasPrefix(res.Note, "auto had not chosen a method when the run was interrupted") {
		t.Errorf("complete %v, told %v, note %q", res.Complete, called, res.Note)
	}
}

// TestAutoInterruptedAfterChoosing: a run interrupted once auto chose
// exact enumeration keeps, as its note, why it chose it, and asked for
// fractions, why it has none.
func TestAutoInterruptedAfterChoosing(t *testing.T) {
	for _, fractions := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		var why string
		res, err := RunAuto(ctx, sixes(7, false), Config{MaxPaths: 300_000, Trials: 1000, Workers: 2, Fractions: fractions}, func(m Method, w string) {
			why = w
			cancel()
		})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		want := why
		if fractions {
			want += "; " + NoFractionsInterrupted
		}
		if res.Complete || why == "" || res.Note != want {
			t.Errorf("fractions %v: complete %v, told %q, note %q", fractions, res.Complete, why, res.Note)
		}
	}
}

// lateTail is a trial of n dice merged once, before die at, on the
// first die alone: six states, met from the walk's first paths on, whose
// 6^at prefixes make the walk long (14 and 12: billions of paths).
func lateTail(n, at int) Experiment {
	return Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "first", Labels: []string{"odd", "even"}}}},
		New: func() Trial {
			key := make([]byte, 1)
			return func(src *Source, rec *Record) {
				first := 0
				for i := range n {
					if i == at && src.Merging() {
						key[0] = byte(first)
						if src.Merge(key) {
							return
						}
					}
					d := src.Intn(6)
					if i == 0 {
						first = d
					}
				}
				rec.Set(0, first%2)
			}
		},
	}
}

// TestAutoTriesAMergedWalkAndSaysWhy: a walk that merges, chosen on its
// first paths, is said to be tried within auto's bounds, not estimated
// (its estimate errs by orders of magnitude), and when it passes them,
// the note says what came of the try, the same for any worker count.
func TestAutoTriesAMergedWalkAndSaysWhy(t *testing.T) {
	var notes []string
	for _, workers := range []int{1, 2} {
		var told []string
		res, err := RunAuto(context.Background(), lateTail(14, 12), Config{Trials: 1000, Seed: 1, Workers: workers, MaxPaths: 1 << 40},
			func(m Method, w string) { told = append(told, w) })
		if err != nil {
			t.Fatal(err)
		}
		if len(told) != 2 || told[1] != res.Note {
			t.Fatalf("-j %d: told %q; the fall-back is told as it happens, as the note says it", workers, told)
		}
		why := told[0]
		if !strings.HasPrefix(why, "auto chose exact enumeration: its walk merges equal states, so its first ") ||
			!strings.HasSuffix(why, " paths do not tell how far it goes; Monte Carlo if it has not ended within 1,048,576 paths, 8,388,608 draws or 65,536 merged states") {
			t.Errorf("-j %d: told %q", workers, why)
		}
		if res.Method != MonteCarlo || !strings.HasPrefix(res.Note, "auto tried exact enumeration, but its walk had not ended after ") {
			t.Errorf("-j %d: %s, note %q", workers, res.Method, res.Note)
		}
		notes = append(notes, why+res.Note)
	}
	if notes[0] != notes[1] {
		t.Errorf("the choice depends on the workers: %q, %q", notes[0], notes[1])
	}
	// Under a budget below auto's bound on paths, the budget is the
	// bound said, and what stops the walk.
	var why string
	res, err := RunAuto(context.Background(), lateTail(8, 7), Config{Trials: 1000, Workers: 2, MaxPaths: 200_000},
		func(m Method, w string) {
			if why == "" {
				why = w
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(why, "; Monte Carlo if it has not ended within 200,000 paths, ") || res.Method != MonteCarlo ||
		res.Note != "auto tried exact enumeration, but its walk, which merges states, passed the budget of 200,000 paths; ran Monte Carlo" {
		t.Errorf("a budget of 200,000: told %q; %s, note %q", why, res.Method, res.Note)
	}
	// A walk that ends within the bounds: its note says how far it went,
	// where what was said when it chose is a condition.
	res, err = RunAuto(context.Background(), lateTail(8, 7), Config{Trials: 1000, Workers: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("auto chose exact enumeration: its walk, which merges equal states, ended within auto's bounds, after %s paths", grouped(res.Paths)); res.Method != Exact || !res.Complete || res.Paths <= probePaths || res.Note != want {
		t.Errorf("%s, complete %v, %d paths, note %q", res.Method, res.Complete, res.Paths, res.Note)
	}
}
