package cli

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// fractionRun is what the fractions tests read of one result's JSON.
type fractionRun struct {
	Label   string `json:"label"`
	Method  string `json:"method"`
	Note    string `json:"note"`
	Metrics []struct {
		Name     string `json:"name"`
		Outcomes []struct {
			Value    string  `json:"value"`
			P        float64 `json:"p"`
			Fraction *string `json:"fraction"`
		} `json:"outcomes"`
	} `json:"metrics"`
}

// fractionJSON runs cmdline with --format json, whose exact runs carry
// their fractions, and returns its results: the one of a single command,
// or every run of a compare or sweep. Auto's note on stderr is let
// through.
func fractionJSON(t *testing.T, cmdline string) []fractionRun {
	t.Helper()
	return runJSON(t, append(args(cmdline), "--format", "json")...)
}

// runJSON runs argv, which writes JSON, and returns its results as
// fractionJSON does.
func runJSON(t *testing.T, argv ...string) []fractionRun {
	t.Helper()
	cmdline := strings.Join(argv, " ")
	code, stdout, stderr := cli(t, argv...)
	if code != exitOK || stderr != "" && !strings.HasPrefix(stderr, "--method auto: ") {
		t.Fatalf("%s: exit %d, stderr %q", cmdline, code, stderr)
	}
	var out struct {
		fractionRun
		Runs []fractionRun `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &out); err != nil {
		t.Fatalf("%s: %v", cmdline, err)
	}
	if out.Runs != nil {
		return out.Runs
	}
	return []fractionRun{out.fractionRun}
}

// fractionOf is the fraction of outcome value of metric name in r, or "".
func (r fractionRun) fractionOf(name, value string) string {
	for _, m := range r.Metrics {
		for _, o := range m.Outcomes {
			if m.Name == name && o.Value == value && o.Fraction != nil {
				return *o.Fraction
			}
		}
	}
	return ""
}

// TestFractionsSumToOne: every outcome of an exact run with --fractions
// has a reduced fraction that reads back to its p, and every metric's
// fractions add up to exactly 1: on commands of each model, merged
// stacks and a compare's runs included.
func TestFractionsSumToOne(t *testing.T) {
	for _, cmdline := range []string{
		"dc --target 4-6-7 --tem 2 --method exact",
		"dc --target 4-6-7 --target leader:8-1 --tem 1 --method exact",
		"dc --mode set --target 4-6-7 --target hs:2-4-7 --terrain woods --ec dry --setter 4-6-8 --method exact",
		"dc --mode thrown --target 4-6-7 --thrower 4-6-8 --cave --cave-drm=-1 --method exact",
		"fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1 --method exact",
		"afv --af hull=11/8/8,turret=11/8/8 --facing side --method exact",
		"building --charges 2 --target 4 --target 3,cover=1 --method exact",
		"lhy --sadrm 1 --sadrm 3 --target squad:7 --method exact",
		"dc --target 4-6-7 --method auto",
	} {
		checkFractions(t, cmdline, fractionJSON(t, cmdline))
	}
	// A side by side's exact JSON gives fractions without --fractions,
	// which compare and plans refuse.
	cmdline := "compare --building none --terrain woods --tem 1 --ec dry --method exact --format json"
	checkFractions(t, cmdline, runJSON(t, args(cmdline)...))
}

// checkFractions checks that every run is exact, that every outcome has a
// reduced fraction that reads back to its p, and that every metric's
// fractions add up to exactly 1.
func checkFractions(t *testing.T, cmdline string, runs []fractionRun) {
	t.Helper()
	for _, r := range runs {
		if r.Method != "exact" {
			t.Fatalf("%s %s: method %s", cmdline, r.Label, r.Method)
		}
		for _, m := range r.Metrics {
			sum := new(big.Rat)
			for _, o := range m.Outcomes {
				if o.Fraction == nil {
					t.Fatalf("%s %s: %s=%s has no fraction", cmdline, r.Label, m.Name, o.Value)
				}
				x, ok := new(big.Rat).SetString(*o.Fraction)
				if !ok || x.String() != *o.Fraction {
					t.Fatalf("%s: %s=%s: fraction %q is not a reduced a/b", cmdline, m.Name, o.Value, *o.Fraction)
				}
				if f, _ := x.Float64(); math.Abs(f-o.P) > 1e-12 {
					t.Errorf("%s: %s=%s: fraction %s is %v, p %v", cmdline, m.Name, o.Value, x, f, o.P)
				}
				sum.Add(sum, x)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("%s %s: %s's fractions sum to %s", cmdline, r.Label, m.Name, sum)
			}
		}
	}
}

// exactRuns are one exact run of each simulating command, written as
// JSON without --fractions.
var exactRuns = map[string]string{
	"dc":       "dc --mode thrown --target 4-6-7 --target leader:8-1 --thrower 4-6-8 --method exact",
	"compare":  "compare --method exact",
	"afv":      "afv --vehicle tiger --facing rear --ce --rider 4-6-7 --method exact",
	"fire":     "fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1,sw=1 --method exact",
	"plans":    "plans --target 4-6-7,pinned --target leader:8-1 --building wooden --method exact --plan A:_fire_4;_dc_placed --plan B:_dc_set",
	"building": "building --area 8 --target 4 --target 3,cover=1 --method exact",
	"activate": "activate two-sq-crossing --method exact",
	"lhy":      "lhy --sadrm 2 --mdrm 1 --target a:6,av=1 --target c:5 --vehicle truck:2 --method exact",
	"sweep":    "sweep fire --fp 4 --target 4-6-7 --vary drm=0..2 --method exact",
	"run":      "run plans-set-fire-thrown",
}

// TestFractionsInEveryExactJSON: the JSON of every simulating command's
// exact run carries a fraction for every outcome, unasked, and each
// metric's fractions add up to exactly 1. A new command fails here until
// it has an exact run too.
func TestFractionsInEveryExactJSON(t *testing.T) {
	for _, c := range commands {
		if c.prepare == nil && c != sweepCommand && c != runCommand {
			continue
		}
		cmdline, ok := exactRuns[c.name]
		if !ok {
			t.Errorf("sapper %s has no exact run; add one to exactRuns", c.name)
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			argv := args(cmdline)
			for i := range argv {
				argv[i] = strings.ReplaceAll(argv[i], "_", " ")
			}
			checkFractions(t, cmdline, runJSON(t, append(argv, "--format", "json")...))
		})
	}
}

// TestFractionsImpliedRounded: a model whose draws were rounded gives no
// fractions to the JSON that did not ask for them, and says why, rather
// than fail as --fractions does.
func TestFractionsImpliedRounded(t *testing.T) {
	r := runJSON(t, args("building --dice 60 --method exact --format json")...)[0]
	if r.Method != "exact" || r.Note != noFractionsRounded {
		t.Errorf("method %s, note %q", r.Method, r.Note)
	}
	for _, m := range r.Metrics {
		for _, o := range m.Outcomes {
			if o.Fraction != nil {
				t.Fatalf("%s=%s has fraction %s from rounded weights", m.Name, o.Value, *o.Fraction)
			}
		}
	}
}

// TestFractionsNotInTable: the table keeps its columns unless asked.
func TestFractionsNotInTable(t *testing.T) {
	code, stdout, _ := cli(t, args("dc --target 4-6-7 --tem 2 --method exact")...)
	if code != exitOK || strings.Contains(stdout, "1/36") {
		t.Errorf("exit %d; the table shows a fraction unasked:\n%s", code, stdout)
	}
}

// TestFractionsReferenceFigures: the fractions of rules/asl.md §9 come
// out exactly.
func TestFractionsReferenceFigures(t *testing.T) {
	for _, c := range []struct {
		cmdline string
		want    map[[2]string]string
	}{
		// A 4-6-7 in a wooden building (+2): the brief's 2KIA on an
		// Original 2.
		{"dc --target 4-6-7 --tem 2 --method exact", map[[2]string]string{
			{"ift", "2KIA"}: "1/36", {"detonation", "malfunction"}: "1/36", {"hob", "yes"}: "2/81",
		}},
		// R4: Placed into a stone building (+3).
		{"dc --target 4-6-7 --tem 3 --method exact", map[[2]string]string{
			{"ift", "1KIA"}: "1/36", {"ift", "K/4"}: "1/18", {"ift", "PTC"}: "1/18",
			{"detonation", "malfunction"}: "1/36", {"ift", "none"}: "0/1",
		}},
		// R18: a lone 4-6-7 in a wooden building, HoB ignored; its
		// public figures over 1296 (111 eliminated, 841 broken, 120
		// pinned, 224 unaffected, 134 reduced, 377 Replaced), reduced.
		{"dc --target 4-6-7 --tem 2 --no-hob --method exact", map[[2]string]string{
			{"target.1", "eliminated"}: "37/432", {"target.1", "broken"}: "841/1296",
			{"target.1", "pinned"}: "5/54", {"target.1", "good_order"}: "14/81",
			{"target.1", "surrendered"}: "0/1", {"target.1", "berserk"}: "0/1",
			{"target.1.reduced", "yes"}: "67/648", {"target.1.replaced", "yes"}: "377/1296",
		}},
	} {
		r := fractionJSON(t, c.cmdline)[0]
		for k, want := range c.want {
			if got := r.fractionOf(k[0], k[1]); got != want {
				t.Errorf("%s: %s=%s is %q, want %s", c.cmdline, k[0], k[1], got, want)
			}
		}
	}
	// R4's MC-type results, 4MC to NMC, add up to 30/36.
	r := fractionJSON(t, "dc --target 4-6-7 --tem 3 --method exact")[0]
	sum := new(big.Rat)
	for _, v := range []string{"4MC", "3MC", "2MC", "1MC", "NMC"} {
		x, _ := new(big.Rat).SetString(r.fractionOf("ift", v))
		sum.Add(sum, x)
	}
	if sum.Cmp(big.NewRat(30, 36)) != 0 {
		t.Errorf("R4 MC-type: %s, want 5/6", sum)
	}
}

// TestFractionsTable pins the table with its fraction column.
func TestFractionsTable(t *testing.T) {
	code, stdout, stderr := cli(t, args("dc --target 4-6-7 --tem 2 --method exact --fractions --hide-zero")...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	golden.Check(t, "dc_exact_fractions_table", normalize([]byte(stdout)))
}

// TestFractionsRefused: Monte Carlo, the CSV and the JSON refuse --fractions as
// usage errors, and so does a building whose draws are rounded, before
// the run; the engine refuses it as a failed run for any other model
// whose draws were rounded; auto falling back to Monte Carlo says it
// gives none.
func TestFractionsRefused(t *testing.T) {
	wantUsage(t, "dc --target 4-6-7 --fractions", "--fractions with --method mc: a Monte Carlo run estimates")
	wantUsage(t, "dc --target 4-6-7 --method exact --fractions --format csv", "--fractions with --format csv: the CSV columns are fixed")
	// The JSON of an exact run has them already: --fractions changed nothing.
	wantUsage(t, "dc --target 4-6-7 --method exact --fractions --format json", `--fractions with --format json: the JSON of an exact run gives every fraction already`)
	wantUsage(t, "building --dice 60 --method exact --fractions", "--fractions: this attack's pool is too large for exact weights: they were rounded to fit 64 bits")
	wantUsage(t, "building --dice 20 --combined 40 --method auto --fractions", "--fractions: this attack's pool")
	a := toi.NewBuildingAttack(toi.OnBuilding)
	a.Dice = 60
	exp, err := a.Experiment()
	if err != nil {
		t.Fatal(err)
	}
	_, err = runFractions(context.Background(), exp, sim.Config{Method: sim.Exact, Fractions: true, Workers: 1}, false, nil)
	if fe := (*sim.FractionError)(nil); !errors.As(err, &fe) || !strings.HasSuffix(err.Error(), "; run without --fractions") {
		t.Errorf("rounded draws in the engine: %v", err)
	}
	if code, _, stderr := cli(t, args("building --dice 37 --method exact --fractions")...); code != exitOK {
		t.Errorf("37 dice: exit %d, %s", code, stderr)
	}
	r := fractionJSON(t, "dc --target 4-6-7 --target 4-6-7 --target 4-6-7 --method auto --max-paths 10 --trials 1000")[0]
	if r.Method != "mc" || !strings.HasSuffix(r.Note, "ran Monte Carlo, which gives no exact fractions") || r.fractionOf("ift", "2KIA") != "" {
		t.Errorf("auto fallback: method %s, note %q", r.Method, r.Note)
	}
}
