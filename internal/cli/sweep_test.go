package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

type runsDoc struct {
	Command string `json:"command"`
	Inputs  struct {
		Command string    `json:"command"`
		Vary    string    `json:"vary"`
		Values  []float64 `json:"values"`
		Inputs  []struct {
			TEM int `json:"tem"`
		} `json:"inputs"`
	} `json:"inputs"`
	Runs []struct {
		Label   string            `json:"label"`
		Metrics []json.RawMessage `json:"metrics"`
	} `json:"runs"`
}

type metricDoc struct {
	Name     string `json:"name"`
	Outcomes []struct {
		Value string  `json:"value"`
		P     float64 `json:"p"`
	} `json:"outcomes"`
}

// anyKIA sums the KIA outcomes of the ift metric.
func anyKIA(t *testing.T, metrics []json.RawMessage) float64 {
	t.Helper()
	for _, raw := range metrics {
		var m metricDoc
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		if m.Name != "ift" {
			continue
		}
		p := 0.0
		for _, o := range m.Outcomes {
			if strings.HasSuffix(o.Value, "KIA") {
				p += o.P
			}
		}
		return p
	}
	t.Fatal("no ift metric")
	return math.NaN()
}

// TestSweepTEM: P(any KIA) never increases with the TEM, and each value's
// run is, metric for metric, the run of dc with that --tem.
func TestSweepTEM(t *testing.T) {
	code, stdout, stderr := cli(t, args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc runsDoc
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Command != "sweep" || doc.Inputs.Command != "dc" || doc.Inputs.Vary != "tem" || len(doc.Runs) != 6 || len(doc.Inputs.Inputs) != 6 {
		t.Fatalf("sweep document: %+v", doc.Inputs)
	}
	prev := math.Inf(1)
	for n, run := range doc.Runs {
		if want := fmt.Sprintf("tem=%d", n); run.Label != want || doc.Inputs.Values[n] != float64(n) || doc.Inputs.Inputs[n].TEM != n {
			t.Errorf("run %d: label %q, value %v, inputs tem %d", n, run.Label, doc.Inputs.Values[n], doc.Inputs.Inputs[n].TEM)
		}
		kia := anyKIA(t, run.Metrics)
		if kia > prev {
			t.Errorf("P(any KIA) rises from %v to %v at tem=%d", prev, kia, n)
		}
		prev = kia

		code, out, stderr := cli(t, args(fmt.Sprintf("dc --target 4-6-7 --tem %d --method exact --format json", n))...)
		if code != exitOK {
			t.Fatalf("dc --tem %d: exit %d: %s", n, code, stderr)
		}
		var dc struct {
			Metrics []json.RawMessage `json:"metrics"`
		}
		if err := json.Unmarshal([]byte(out), &dc); err != nil {
			t.Fatal(err)
		}
		if len(dc.Metrics) != len(run.Metrics) {
			t.Fatalf("tem=%d: %d metrics, dc has %d", n, len(run.Metrics), len(dc.Metrics))
		}
		for i := range dc.Metrics {
			if compact(t, dc.Metrics[i]) != compact(t, run.Metrics[i]) {
				t.Errorf("tem=%d: metric %d differs from dc --tem %d:\n%s\n%s", n, i, n, run.Metrics[i], dc.Metrics[i])
			}
		}
		if n == 0 && kia == 0 {
			t.Error("P(any KIA) is 0 at TEM 0; the test would prove nothing")
		}
	}
	if prev != 0 {
		t.Errorf("P(any KIA) at TEM 5 = %v, want 0", prev)
	}
}

// TestSweepWorkers: the same seed gives the same bytes for -j 1 and -j 8,
// however the workers are written.
func TestSweepWorkers(t *testing.T) {
	var outs []string
	for _, j := range []string{"-j 1", "-j 8", "-j8", "-j=2", "--workers=3"} {
		code, stdout, stderr := cli(t, args("sweep compare --vary drm=-1..1 --trials 140000 --seed 5 --format json "+j)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", j, code, stderr)
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	for i, j := range []string{"-j 8", "-j8", "-j=2", "--workers=3"} {
		if outs[i+1] != outs[0] {
			t.Errorf("-j 1 and %s differ", j)
		}
	}
	if !strings.Contains(outs[0], `"label": "drm=-1/placed"`) {
		t.Error("compare runs are not labelled value/way")
	}
}

func TestSweepGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"sweep_dc_table", "sweep dc --target 4-6-7 --vary tem=0..5 --method exact"},
		{"sweep_ift_table", "sweep dc --target 4-6-7 --vary drm=-1..1 --metric ift --cumulative --hide-zero --method exact"},
		{"sweep_dc_csv", "sweep dc --target 4-6-7 --vary tem=1..2 --method exact --format csv"},
		{"sweep_help", "sweep --help"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.name, []byte(elapsedGridM.ReplaceAllString(stdout, "; 0.00s")))
		})
	}
}

func TestSweepUsageErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"sweep", "sapper sweep: want the command to sweep, one of compare, dc"},
		{"sweep version --vary x=1..2", `sapper sweep: cannot sweep "version"`},
		{"sweep --vary tem=0..2", `sapper sweep: want the command to sweep before its flags (--vary), one of compare, dc,`},
		{"sweep sweep dc", `sapper sweep: cannot sweep "sweep"`},
		{"sweep dc --target 4-6-7", "sapper sweep: --vary is required"},
		{"sweep dc --target 4-6-7 --vary tem=5..0", `sapper sweep: --vary "tem=5..0": TO 0 is below FROM 5`},
		{"sweep dc --target 4-6-7 --vary tme=0..5", `sapper sweep: --vary "tme=0..5": "tme" is not an input of sapper dc; did you mean tem? (want one of elr, tem, drm`},
		{"sweep dc --target 4-6-7 --vary zzz=0..5", `sapper sweep: --vary "zzz=0..5": "zzz" is not an input of sapper dc; want one of elr, tem, drm`},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --metric stak", `sapper sweep: --metric "stak": no such metric; did you mean stack? (want one of detonation,`},
		{"sweep fire --target 4-6-7 --vary fp=1..4 --metric IFT", "sapper sweep: --metric \"IFT\": no such metric; did you mean ift? (want one of ift, cowering, target.1, target.1.reduced, target.1.replaced, stack, out, hob)\n"},
		{"sweep dcc --vary tem=0..1", `sapper sweep: cannot sweep "dcc"; did you mean dc? (want one of compare, dc,`},
		{"sweep activate two-sq-crossing --vary range=1..5", `sapper sweep: --vary "range=1..5": "range" is a number of the crossing's path or S?, not an input of sapper activate; sweep it by running copies of the file, or vary one of ac, mission-drm, a5-drm, elr`},
		{"sweep dc --target 4-6-7 --vary target=0..5", `--vary "target=0..5": target is not a number; want one of`},
		{"sweep dc --target 4-6-7 --vary trials=1..5", `--vary "trials=1..5": trials is an engine setting`},
		{"sweep dc --target 4-6-7 --vary tem=a..5", `--vary "tem=a..5": FROM "a" is not a number`},
		{"sweep dc --target 4-6-7 --vary tem=0..5:0", `--vary "tem=0..5:0": STEP 0: want a step > 0`},
		{"sweep dc --target 4-6-7 --vary tem=0..5:-1", `STEP -1: want a step > 0`},
		{"sweep dc --target 4-6-7 --vary tem=0..2.5", `TO 2.5: tem takes whole numbers`},
		{"sweep dc --target 4-6-7 --vary tem=0..5:1.0", `STEP "1.0": tem takes whole numbers written in digits: 1`},
		{"sweep dc --target 4-6-7 --vary tem=0..1e1", `TO "1e1": tem takes whole numbers written in digits: 10`},
		{"sweep dc --target 4-6-7 --vary tem=0..5:2", `STEP 2 from 0 does not reach TO 5: the values would stop at 4; want TO 4 or 6, or a STEP that divides 5`},
		{"sweep dc --target 4-6-7 --vary tem=0..5:6", `STEP 6 from 0 does not reach TO 5: the values would stop at 0`},
		{"sweep fire --target 4-6-7 --vary fp=1..200:3", `the values would stop at 199; want TO 199, or a STEP that divides 199`},
		{"sweep fire --target 4-6-7 --vary fp=1..2:0.3", `STEP 0.3 from 1 does not reach TO 2: the values would stop at 1.9; want TO 1.9 or 2.2, or a STEP that divides 1`},
		// A value of three hundred digits is named with its exponent.
		{"sweep fire --target 4-6-7 --vary fp=1e300..1e300", `--vary "fp=1e300..1e300": at fp=1e+300: --fp "1e+300": outside 1…200`},
		{"sweep fire --target 4-6-7 --vary fp=1e-300..1e-300", `at fp=1e-300: --fp "1e-300": outside 1…200`},
		{"sweep building --vary threshold=1e300..1e300", `FROM "1e300": threshold takes whole numbers from 1 to 100`},
		{"sweep dc --target 4-6-7 --vary tem=0..5..6", `TO "5..6" is not a number`},
		{"sweep dc --target 4-6-7 --vary tem", `--vary "tem": want NAME=FROM..TO`},
		{"sweep dc --target 4-6-7 --vary tem=1", `want FROM..TO after tem=`},
		{"sweep dc --target 4-6-7 --vary tem=0..2:1:1", `--vary "tem=0..2:1:1": one :STEP at most, after FROM..TO, e.g. tem=0..10:2`},
		{"sweep dc --target 4-6-7 --vary tem=0…2", `--vary "tem=0…2": want two dots between FROM and TO, not an ellipsis (…), e.g. tem=0..5`},
		{"sweep dc --target 4-6-7 --vary tem=0...3", `--vary "tem=0...3": want two dots between FROM and TO, not three, e.g. tem=0..5`},
		{"sweep dc --target 4-6-7 --vary tem=0,3", `--vary "tem=0,3": want FROM..TO after tem=, not a list; two values are a range stepped from one to the other, tem=0..3:3`},
		{"sweep fire --target 4-6-7 --vary fp=2.5,7.5", `stepped from one to the other, fp=2.5..7.5:STEP`},
		{"sweep dc --target 4-6-7 --vary tem=0..9", `--vary "tem=0..9": at tem=9: --tem "9": want a whole number from 0 to 8`},
		{"sweep dc --target 4-6-7 --vary tem=0..1000", `1001 values; at most 200`},
		{"sweep dc --target 4-6-7 --tem 2 --vary tem=0..5", `--tem is given too`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --vary drm=0..1", `--vary is given twice`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --goal stack=cleared>=0.5 --goal stack=cleared>=0.4", `--goal is given twice; a sweep answers one goal`},
		{"sweep dc --target 4-6-7 --vary tem=0..5 --metric ift --metric stack", `--metric is given twice; a sweep tabulates one metric's outcomes`},
		{"sweep dc --target 4-6-7 --vary", `--vary needs a value`},
		{"sweep dc --metric --target 4-6-7 --vary tem=0..1", `--metric needs a value (it took the flag "--target"), e.g. --metric ift`},
		{"sweep dc --target 4-6-7 --vary tem=0x1..2", `--vary "tem=0x1..2": FROM "0x1" is not a number`},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --metric nope", `--metric "nope": no such metric; want one of detonation, ift,`},
		{"sweep dc --target 4-6-x --vary tem=0..1", `sapper sweep: --target "4-6-x"`},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --plot x.gif", `--plot "x.gif": want a file name ending in .png or .svg`},
		// Numbers are read exactly and reported as given: no overflow, no
		// NaN read as the default, no bound cut to fit.
		{"sweep dc --target 4-6-7 --vary tem=0..9223372036854775807:1000000000000000000",
			`sapper sweep: --vary "tem=0..9223372036854775807:1000000000000000000": at tem=1000000000000000000: --tem "1000000000000000000": want a whole number from 0 to 8` + "\n"},
		{"sweep dc --target 4-6-7 --vary tem=0..9223372036854775807",
			`sapper sweep: --vary "tem=0..9223372036854775807": too many values (more than 1,000,000); at most 200 (use a larger STEP)` + "\n"},
		{"sweep dc --target 4-6-7 --vary tem=0..9223372036854775808",
			`sapper sweep: --vary "tem=0..9223372036854775808": TO 9223372036854775808: tem takes whole numbers from 0 to 8` + "\n"},
		{"sweep dc --target 4-6-7 --vary tem=-9223372036854775808..9223372036854775807:9223372036854775807",
			`: at tem=-9223372036854775808: --tem "-9223372036854775808": want a whole number from 0 to 8; a negative modifier is a --drm` + "\n"},
		{"sweep dc --target 4-6-7 --vary tem=0..1e-400", `sapper sweep: --vary "tem=0..1e-400": TO "1e-400": too close to 0; at least 1e-307 in size, or 0` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=NaN..3", `sapper sweep: --vary "fp=NaN..3": FROM "NaN" is not a number` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=1..Inf", `sapper sweep: --vary "fp=1..Inf": TO "Inf" is not a number` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=1..1e400", `sapper sweep: --vary "fp=1..1e400": TO "1e400": too large; at most 1e308 in size` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=0.1..0.3:0.1",
			`sapper sweep: --vary "fp=0.1..0.3:0.1": at fp=0.1: --fp "0.1": outside 1…200, the FP an IFT attack may have` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=199..201:0.5",
			`sapper sweep: --vary "fp=199..201:0.5": at fp=200.5: --fp "200.5": outside 1…200, the FP an IFT attack may have` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=0..2:0.5",
			`sapper sweep: --vary "fp=0..2:0.5": at fp=0: --fp "0": outside 1…200, the FP an IFT attack may have` + "\n"},
		{"sweep fire --vary fp=0.1..0.2:0.1 --target 4-6-x", `sapper sweep: --target "4-6-x"`},
	} {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want it to contain %q", code, stdout, stderr, c.want)
			}
		})
	}
}

// TestSweepChartSeries: the chart draws, line for line, the table's
// columns over the varied values.
func TestSweepChartSeries(t *testing.T) {
	rep, ch := charted(t, prepareSweep, "dc --target 4-6-7 --vary tem=0..3 --method exact")
	probs := ch.Panels[0]
	if len(probs.X) != 4 || probs.X[3] != 3 || probs.XLabel != "tem" {
		t.Fatalf("x %v %q", probs.X, probs.XLabel)
	}
	var kia []float64
	for _, s := range probs.Series {
		if s.Name == "any KIA" {
			for _, c := range s.Cells {
				kia = append(kia, c.P)
			}
		}
	}
	for n, p := range kia {
		want := 0.0
		for _, o := range rep.Runs[n].Result.Metric("ift").Outcomes {
			if strings.HasSuffix(o.Label, "KIA") {
				want += o.P
			}
		}
		if !near(p, want) {
			t.Errorf("tem=%d: line at %v, result %v", n, p, want)
		}
	}
	if len(kia) != 4 {
		t.Errorf("any KIA line %v", kia)
	}
	if len(ch.Panels) != 2 || !ch.Panels[1].Mean || ch.Panels[1].Series[0].Name != "E[out]" {
		t.Errorf("means panel %+v", ch.Panels[1:])
	}
}

// TestSweepChartValueWithoutFigure: a value where the metric has no
// figure (no SW at sw=0) keeps its place on the x-axis and is named in
// the chart's notes, not dropped unsaid.
func TestSweepChartValueWithoutFigure(t *testing.T) {
	_, ch := charted(t, prepareSweep, "dc --target 4-6-7 --vary sw=0..2 --method exact --metric sw.destroyed")
	if len(ch.Panels) == 0 || len(ch.Panels[0].X) != 3 || ch.Panels[0].X[0] != 0 {
		t.Fatalf("panels %+v", ch.Panels)
	}
	if !slices.Contains(ch.Notes, "No such figure at sw=0, so no point there.") {
		t.Errorf("notes %q", ch.Notes)
	}
}

// compact drops the indentation, which depends on the nesting depth.
func compact(t *testing.T, raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestSweepInterrupted: an interrupt stops the sweep at the run it hits;
// what ran is written, marked incomplete, with the chart, and the exit
// status is 130. A Monte Carlo run stopped before its first trial has no
// figures to chart: its --plot is not written, and stderr says so.
func TestSweepInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	plot := filepath.Join(t.TempDir(), "partial.svg")
	code, _, stderr := cliCtx(t, ctx, args("sweep dc --target 4-6-7 --vary tem=0..5 --plot "+plot)...)
	if _, err := os.Stat(plot); code != exitInterrupted || !errors.Is(err, fs.ErrNotExist) ||
		stderr != "sapper sweep: interrupted; the result written is partial and marked incomplete; --plot "+plot+" was not written: no trial ran\n" {
		t.Errorf("a chart of no trials: exit %d, %v, stderr %q", code, err, stderr)
	}
	code, stdout, stderr := cliCtx(t, ctx, args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact --format json --plot "+plot)...)
	if code != exitInterrupted {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc struct {
		Runs []struct {
			Label    string `json:"label"`
			Complete bool   `json:"complete"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 1 || doc.Runs[0].Complete || doc.Runs[0].Label != "tem=0" {
		t.Errorf("runs %+v", doc.Runs)
	}
	if data, err := os.ReadFile(plot); err != nil || !strings.Contains(string(data), "INCOMPLETE") {
		t.Errorf("chart of the partial sweep: %v", err)
	}
	// The table marks the row of the run cut short, not only the line
	// under it.
	code, stdout, _ = cliCtx(t, ctx, args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact")...)
	if code != exitInterrupted || !strings.Contains(stdout, "\ntem=0 (partial) ") {
		t.Errorf("exit %d; the table of the partial sweep:\n%s", code, stdout)
	}
}

// TestSweepValues: a sweep's values are worked out in exact decimals, so
// that each is given to the command, and labelled, as the range says.
func TestSweepValues(t *testing.T) {
	for _, c := range []struct{ cmdline, runs string }{
		{"sweep fire --target 4-6-7 --vary fp=1..1.3:0.1", "fp=1 fp=1.1 fp=1.2 fp=1.3"},
		{"sweep fire --target 4-6-7 --vary fp=7.3..7.9:0.3", "fp=7.3 fp=7.6 fp=7.9"},
		{"sweep fire --target 4-6-7 --vary fp=1..2:.25", "fp=1 fp=1.25 fp=1.5 fp=1.75 fp=2"},
		{"sweep fire --target 4-6-7 --vary fp=1e1..2e1:5", "fp=10 fp=15 fp=20"},
		{"sweep dc --target 4-6-7 --vary tem=0..8:4", "tem=0 tem=4 tem=8"},
		{"sweep dc --target 4-6-7 --vary drm=−1..1", "drm=-1 drm=0 drm=1"},
	} {
		t.Run(c.cmdline, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.cmdline+" --method exact --format csv")...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var runs []string
			for _, line := range strings.Split(strings.TrimSpace(stdout), "\n")[1:] {
				run, _, _ := strings.Cut(line, ",")
				if len(runs) == 0 || runs[len(runs)-1] != run {
					runs = append(runs, run)
				}
			}
			if got := strings.Join(runs, " "); got != c.runs {
				t.Errorf("runs %q, want %q", got, c.runs)
			}
		})
	}
}

// TestSweepMetricGrows: a count whose outcomes grow with the swept value
// (hits on a building with more dice) gets a column per outcome of the
// largest run; runs that cannot reach an outcome show a sure 0 there.
func TestSweepMetricGrows(t *testing.T) {
	for _, c := range []string{
		"sweep building --vary dice=1..4 --metric hits --method exact",
		"sweep dc --target 4-6-7 --vary sw=0..2 --metric sw.destroyed --method exact --cumulative",
		"run toi-tank-dice-sweep --metric hits --method exact",
	} {
		code, stdout, stderr := cli(t, args(c)...)
		if code != exitOK {
			t.Errorf("%s: exit %d, %s", c, code, stderr)
			continue
		}
		if strings.HasPrefix(c, "sweep building") && !strings.Contains(stdout, "dice=1  85.19%  14.81%   0.00%  0.00%  0.00%") {
			t.Errorf("%s:\n%s", c, stdout)
		}
	}
}

// TestSweepRefusesOneRunFlags: a flag that shapes the output of one run,
// which a sweep's table of values cannot show, is refused with one line
// rather than echoed unheeded; a count too large to read is not written.
func TestSweepRefusesOneRunFlags(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"sweep compare --vary thrower-tem=0..1 --differences --trials 1000",
			"sapper sweep: --differences with --vary: it sets the three ways of one comparison side by side; a sweep shows each way's figures at every value; run sapper compare --differences at one value\n"},
		{"sweep compare --vary thrower-tem=0..1 --differences=false --trials 1000", "sapper sweep: --differences with --vary: "},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --explain", "sapper sweep: --explain shows the working of one attack"},
		{"sweep fire --target 4-6-7 --vary fp=1..200:1e-300",
			`sapper sweep: --vary "fp=1..200:1e-300": too many values (more than 1,000,000); at most 200 (use a larger STEP)` + "\n"},
		{"sweep fire --target 4-6-7 --vary fp=1..200:0.001", `sapper sweep: --vary "fp=1..200:0.001": 199001 values; at most 200 (use a larger STEP)` + "\n"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, c.want) || len(stderr) > 240 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestSweepMixedMethods: under --method auto the values that fell back to
// Monte Carlo are named in the table's last line and in a note of the
// JSON; no line claims every figure exact.
func TestSweepMixedMethods(t *testing.T) {
	base := "sweep fire --target 4-6-7 --target 4-6-7 --vary fp=1..12:1 --method auto --max-paths 300 --trials 1000"
	code, stdout, stderr := cli(t, args(base)...)
	want := "exact enumeration for 5 values (intervals are points), Monte Carlo for fp=6, fp=7, fp=8, fp=9 and 3 more: 1,000 trials per value, seed 1, 95% Wilson intervals below each figure; "
	if code != exitOK || !strings.Contains(stdout, "\n"+want) || strings.Contains(stdout, "\nexact enumeration (intervals are points)") {
		t.Errorf("exit %d, %s\n%s; want the line %q", code, stderr, stdout, want)
	}
	code, stdout, stderr = cli(t, args(base+" --format json")...)
	if code != exitOK || !strings.Contains(stdout, `"--method auto: exact enumeration for 5 values (intervals are points), Monte Carlo for fp=6`) {
		t.Errorf("json: exit %d, %s\n%s", code, stderr, stdout)
	}
	// compare's three ways likewise.
	code, stdout, stderr = cli(t, args("compare --method auto --max-paths 2000 --trials 1000")...)
	if code != exitOK || !strings.Contains(stdout, "\nexact enumeration for 1 run (intervals are points), Monte Carlo for placed, thrown: 1,000 trials per run") {
		t.Errorf("compare: exit %d, %s\n%s", code, stderr, stdout)
	}
	// All exact, or all Monte Carlo: the line is as it was.
	code, stdout, stderr = cli(t, args("sweep fire --target 4-6-7 --vary fp=1..3:1 --method auto")...)
	if code != exitOK || !strings.Contains(stdout, "\nexact enumeration: every figure is exact; ") || strings.Contains(stdout, "--method auto:") {
		t.Errorf("all exact: exit %d\n%s", code, stdout)
	}
	// What auto chose is said on stderr run by run, each named.
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	for i, l := range lines {
		if want := fmt.Sprintf("--method auto (fp=%d): auto chose exact enumeration: ", i+1); len(lines) != 3 || !strings.HasPrefix(l, want) {
			t.Errorf("all exact: stderr %q, want 3 lines, line %d starting %q", stderr, i+1, want)
		}
	}
}

// TestSweepRefusesOutcomeFlags: a sweep's table shows percentages of the
// summary figures, or of --metric's outcomes read at least with
// --cumulative: --fractions, a table's --view, and --hide-zero without
// --metric change nothing, and are refused before any work.
func TestSweepRefusesOutcomeFlags(t *testing.T) {
	base := "sweep dc --target 4-6-7 --vary tem=0..3 --method exact"
	wantUsage(t, base+" --fractions", "--fractions with sapper sweep: its table shows percentages")
	wantUsage(t, base+" --format json --fractions", "--fractions with sapper sweep")
	// Not sent to --method exact first, which refuses it as well.
	wantUsage(t, "sweep dc --target 4-6-7 --vary tem=0..3 --method mc --fractions", "--fractions with sapper sweep: its table shows percentages")
	wantUsage(t, "sweep activate two-sq-crossing --vary ac=2..3 --method mc --fractions", "--fractions with sapper sweep: its table shows percentages")
	wantUsage(t, "run placed-tem-sweep --method mc --fractions", "--fractions with sapper sweep: its table shows percentages")
	wantUsage(t, base+" --metric ift --view at-least", "--view with sapper sweep --format table")
	wantUsage(t, base+" --hide-zero", "--hide-zero with sapper sweep without --metric")
	for _, extra := range []string{" --metric ift --hide-zero", " --format csv --view at-least", " --metric ift --cumulative"} {
		if code, _, stderr := cli(t, args(base+extra)...); code != exitOK {
			t.Errorf("%s: exit %d, %s", base+extra, code, stderr)
		}
	}
}

// TestSweepTrialsPerValue: values stopped on --precision run unequal
// trials, and the footer says how many, from least to most, not the last
// value's.
func TestSweepTrialsPerValue(t *testing.T) {
	wantTrialsRange(t, "value", "sweep", "fire", "--target", "4-6-7", "--vary", "fp=1..12:11", "--precision", "0.002")
}

// TestSweepMetricEveryPlanReports: a sweep's metric, and its goal's, is
// one every plan or way reports at some value: one a plan never reports
// showed that plan an empty table and its goal never reached (0.00%).
// A metric some values lack, as a SW's loss at sw=0, still shows.
func TestSweepMetricEveryPlanReports(t *testing.T) {
	plans := []string{"sweep", "plans", "--target", "4-6-7", "--plan", "A: dc placed", "--plan", "B: fire 8 -1 leader", "--vary", "tem=0..1", "--method", "exact"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append(slices.Clone(plans), "--metric", "dc.1.detonation"), `sapper sweep: --metric "dc.1.detonation": not every plan or way of the sweep reports it; want one each does: target.1,`},
		{append(slices.Clone(plans), "--metric="), `sapper sweep: --metric "": no such metric; want one of target.1,`},
		{append(slices.Clone(plans), "--goal", "dc.1.detonation=detonated>=0.5"), `sapper sweep: --goal "dc.1.detonation=detonated>=0.5": its metric is not reported by every plan or way of the sweep`},
		{args("sweep compare --thrower 4-6-7 --vary tem=0..1 --goal thrower.1=eliminated>=0.01 --method exact"), `sapper sweep: --goal "thrower.1=eliminated>=0.01": its metric is not reported by every plan or way of the sweep`},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, %q", c.args, code, stderr)
		}
	}
	// Without --metric, the Location cleared, as the plans' headline
	// reads it; its first outcome where two spread alike.
	if _, stdout, stderr := cli(t, plans...); !strings.Contains(stdout, "\nstack: target Location cleared: every target eliminated, surrendered or broken\n") || !strings.HasPrefix(stdout, "P(stack = cleared) from tem=0 to tem=1: A ") {
		t.Errorf("default metric: %s\n%s", stderr, stdout)
	}
}

// TestSweepHelpWord: sapper sweep help is sweep's help, as sapper help
// sweep is; help with more after it is no command to sweep.
func TestSweepHelpWord(t *testing.T) {
	code, stdout, _ := cli(t, "sweep", "help")
	_, want, _ := cli(t, "sweep", "--help")
	if code != exitOK || stdout != want || !strings.HasPrefix(stdout, "Usage: sapper sweep") {
		t.Errorf("sweep help: exit %d, %.60q; want sweep --help's", code, stdout)
	}
	if code, _, stderr := cli(t, "sweep", "help", "dc"); code != exitUsage || !strings.Contains(stderr, `cannot sweep "help"`) {
		t.Errorf("sweep help dc: exit %d, %q", code, stderr)
	}
}

// TestSweepMetricTitledByEachPlan: a metric the plans title apart (the
// first DC: Placed in one plan, Thrown in the other) is headed by each
// plan's title, not the first plan's alone; one they title alike once.
func TestSweepMetricTitledByEachPlan(t *testing.T) {
	for _, c := range []struct{ plan2, want string }{
		{"b: dc thrown; fire 4; dc placed", "dc.1.detonation: a: attack 2: placed DC detonation; b: attack 1: thrown DC detonation\n"},
		{"b: fire 4; dc placed", "dc.1.detonation: attack 2: placed DC detonation\n"},
	} {
		code, stdout, stderr := cli(t, "sweep", "plans", "--target", "4-6-7", "--plan", "a: fire 8; dc placed", "--plan", c.plan2, "--vary", "tem=0..1", "--method", "exact", "--metric", "dc.1.detonation")
		if flat := strings.Join(strings.Fields(stdout), " "); code != exitOK || !strings.Contains(flat+"\n", strings.TrimSuffix(c.want, "\n")+" ") {
			t.Errorf("%s: exit %d %s\n%s", c.plan2, code, stderr, stdout)
		}
	}
}
