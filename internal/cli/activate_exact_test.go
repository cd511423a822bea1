package cli

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// crossingPaths bounds the paths of the exact enumeration of every
// built-in crossing, merged: each is what the crossing walks, with some
// room. A bound is a few times under the default budget, and at about a
// microsecond and a half a path it holds each to a second or two on one
// core; a change that merges less shows here as a failure, not as a slow
// run.
var crossingPaths = map[string]uint64{
	"two-sq-crossing":   1_100,
	"hedgerow-crossing": 20_000,
	"village-crossing":  1_400_000,
	"farm-crossing":     260_000,
}

// builtinCrossings are the names of the built-in crossings.
func builtinCrossings(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, name := range builtinNames() {
		data, err := builtins.ReadFile("scenarios/" + name + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(string(data), "command: "+activateName+"\n") {
			names = append(names, name)
		}
	}
	return names
}

// TestBuiltinCrossingsExact: every built-in crossing, whatever method its
// file asks for, runs exact on one worker within the default path budget
// and within its bound in crossingPaths, which names every one.
func TestBuiltinCrossingsExact(t *testing.T) {
	if testing.Short() {
		t.Skip("exact runs of whole crossings")
	}
	names := builtinCrossings(t)
	if len(names) < 4 {
		t.Errorf("%d built-in crossings", len(names))
	}
	for _, name := range names {
		bound, ok := crossingPaths[name]
		if !ok {
			t.Errorf("%s: no bound on its paths in crossingPaths", name)
			continue
		}
		code, stdout, stderr := cli(t, "activate", name, "--method", "exact", "-j", "1", "--format", "json")
		if code != exitOK {
			t.Errorf("%s: exit %d: %s", name, code, stderr)
			continue
		}
		var out struct {
			Method string `json:"method"`
			Paths  uint64 `json:"paths"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if out.Method != "exact" || out.Paths == 0 || out.Paths > bound || out.Paths > sim.DefaultMaxPaths {
			t.Errorf("%s: method %s, %d paths, bound %d", name, out.Method, out.Paths, bound)
		}
		t.Logf("%s: %d paths", name, out.Paths)
	}
}

// crossingExperiment is built-in crossing name's experiment, as sapper
// activate builds it.
func crossingExperiment(t *testing.T, name string) sim.Experiment {
	t.Helper()
	j, err := prepareActivate(context.Background(), input{args: []string{name}})
	if err != nil {
		t.Fatal(err)
	}
	return j.runs[0].exp
}

// unmergedBudget bounds the walk of every dice path of a crossing, the
// reference its merged enumeration is held to.
const unmergedBudget = 3_000_000

// TestBuiltinCrossingsMergeChangesNothing: on every built-in crossing
// small enough to walk every dice path, the merged enumeration gives
// every probability of that walk to 1e-12, on one worker and on two.
func TestBuiltinCrossingsMergeChangesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("unmerged walks")
	}
	walked := 0
	for _, name := range builtinCrossings(t) {
		exp := crossingExperiment(t, name)
		full, err := sim.RunExact(context.Background(), exp, sim.Config{Workers: 2, NoMerge: true, MaxPaths: unmergedBudget})
		var be *sim.BudgetError
		if errors.As(err, &be) {
			t.Logf("%s: more than %d paths unmerged; not compared", name, uint64(unmergedBudget))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		walked++
		for _, workers := range []int{1, 2} {
			merged, err := sim.RunExact(context.Background(), exp, sim.Config{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			for i, m := range full.Metrics {
				for k, o := range m.Outcomes {
					if got := merged.Metrics[i].Outcomes[k].P; math.Abs(got-o.P) > 1e-12 {
						t.Errorf("%s -j %d: %s=%s merged %.15f, every path %.15f", name, workers, m.Name, o.Label, got, o.P)
					}
				}
			}
			t.Logf("%s -j %d: %d paths merged, %d unmerged", name, workers, merged.Paths, full.Paths)
		}
	}
	if walked == 0 {
		t.Error("no built-in crossing is small enough to walk unmerged")
	}
}

// TestFarmCrossingMonteCarlo: a seeded Monte Carlo run of the farm
// crossing, the largest built-in one, covers every exact probability
// with its interval at a confidence of 1 − 10⁻⁶, and gives the same
// output for one worker and three.
func TestFarmCrossingMonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("an exact run of a whole crossing")
	}
	exp := crossingExperiment(t, "farm-crossing")
	ex, err := sim.RunExact(context.Background(), exp, sim.Config{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Method: sim.MonteCarlo, Trials: 400_000, Seed: 26, Confidence: sim.MaxConfidence}
	var first *sim.Result
	for _, workers := range []int{1, 3} {
		cfg.Workers = workers
		mc, err := sim.RunMC(context.Background(), exp, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range ex.Metrics {
			for k, o := range m.Outcomes {
				got := mc.Metrics[i].Outcomes[k]
				if o.P < got.Lo-1e-12 || o.P > got.Hi+1e-12 {
					t.Errorf("-j %d: %s=%s exact %.6f outside the Monte Carlo interval [%.6f, %.6f]", workers, m.Name, o.Label, o.P, got.Lo, got.Hi)
				}
				if first != nil && got.Count != first.Metrics[i].Outcomes[k].Count {
					t.Errorf("-j %d: %s=%s counted %d, -j 1 %d", workers, m.Name, o.Label, got.Count, first.Metrics[i].Outcomes[k].Count)
				}
			}
		}
		first = mc
	}
}

// TestActivateAutoDecides: --method auto decides on the paths every root
// walks first, whatever their count (sim's probe, 2^17 paths, a fraction
// of a second): a crossing far over the budget runs Monte Carlo having
// walked no more, and one within it runs exact, each saying which and
// why in the JSON and on stderr, once, but for a walk that merges, whose
// try is said when it is chosen and how far it went when it ends.
func TestActivateAutoDecides(t *testing.T) {
	if testing.Short() {
		t.Skip("an exact run of a whole crossing")
	}
	for _, tc := range []struct {
		crossing, method, note string
		lines                  int
	}{
		{"testdata/activate/platoon-crossing.yaml", "mc", "; ran Monte Carlo", 1},
		// Given up in its first 2^21 draws, a few times over the budget
		// with 2^13 states opened, where it went on silent for 0.8 s.
		{"testdata/activate/street-crossing.yaml", "mc", "merged states, past 2,097,152 draws, estimated at about 91 million paths, 4.5 times the budget; ran Monte Carlo", 1},
		{"farm-crossing", "exact", "auto chose exact enumeration: its walk, which merges equal states, ended within auto's bounds, after 182,119 paths", 2},
	} {
		code, stdout, stderr := cli(t, "activate", tc.crossing, "--method", "auto", "-j", "1", "--trials", "2000", "--format", "json")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tc.crossing, code, stderr)
		}
		var out struct {
			Method string `json:"method"`
			Note   string `json:"note"`
		}
		if err := json.Unmarshal([]byte(stdout), &out); err != nil {
			t.Fatal(err)
		}
		if out.Method != tc.method || !strings.Contains(out.Note, tc.note) || !strings.HasSuffix(stderr, "--method auto: "+out.Note+"\n") ||
			strings.Count(stderr, "--method auto: ") != tc.lines {
			t.Errorf("%s: method %s, note %q, stderr %q", tc.crossing, out.Method, out.Note, stderr)
		}
		if tc.method == "mc" {
			_, after, _ := strings.Cut(out.Note, "after ")
			count, _, _ := strings.Cut(strings.TrimPrefix(after, "walking "), " ")
			walked, err := strconv.ParseUint(strings.ReplaceAll(strings.TrimSuffix(count, ","), ",", ""), 10, 64)
			if err != nil || walked == 0 || walked > 1<<17 {
				t.Errorf("%s: auto walked %d paths before it decided (%v): %q", tc.crossing, walked, err, out.Note)
			}
		}
	}
}

// TestActivateAutoTriesAndSays: a crossing whose walk merges, chosen
// exact on its first paths, is said on stderr to be tried within auto's
// bounds, not estimated, and when it passes them the JSON's note and a
// second line on stderr say what came of the try.
func TestActivateAutoTriesAndSays(t *testing.T) {
	if testing.Short() {
		t.Skip("a try of a crossing's walk, then Monte Carlo")
	}
	code, stdout, stderr := cli(t, "activate", "testdata/activate/dash-crossing.yaml", "--method", "auto", "-j", "2", "--trials", "2000", "--format", "json")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var out struct {
		Method string `json:"method"`
		Note   string `json:"note"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if out.Method != "mc" || len(lines) != 2 ||
		!strings.HasPrefix(lines[0], "--method auto: auto chose exact enumeration: its walk merges equal states, so its first ") ||
		lines[1] != "--method auto: "+out.Note || !strings.HasPrefix(out.Note, "auto tried exact enumeration, but its walk had not ended after ") {
		t.Errorf("method %s, note %q, stderr %q", out.Method, out.Note, stderr)
	}
}
