package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestPrecisionStop: a --precision run stops at the first 10,000-trial
// chunk boundary where every interval is narrow enough, records the
// precision it asked for in JSON, and gives the same bytes for any -j and
// the same figures as a plain run of the trials it stopped at.
func TestPrecisionStop(t *testing.T) {
	cases := []struct {
		attack, stop string
		trials       uint64
	}{
		// 4 chunks: a run that looked only after each batch of 16 would
		// have run 160,000.
		{"dc --target 4-6-7", "--precision 0.005", 4 * 10_000},
		// 41 chunks, and 92: neither a multiple of 16.
		{"dc --target 4-6-7 --target 4-6-7", "--precision 0.0015", 41 * 10_000},
		{"dc --target 4-6-7 --target 4-6-7", "--precision 0.001", 92 * 10_000},
		// Reached before a cap that ends inside a chunk.
		{"dc --target 4-6-7", "--precision 0.002 --trials 245000", 24 * 10_000},
	}
	for _, tc := range cases {
		cmdline := tc.attack + " " + tc.stop + " --format json"
		var outs []string
		for _, j := range []string{"1", "2"} {
			code, stdout, stderr := cli(t, args(cmdline+" -j "+j)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("%s -j %s: exit %d, stderr %q", cmdline, j, code, stderr)
			}
			outs = append(outs, scrubElapsed(stdout))
		}
		if outs[0] != outs[1] {
			t.Errorf("%s: -j 1 and -j 2 differ:\n%s\n%s", cmdline, outs[0], outs[1])
		}
		doc := decode(t, outs[0])
		if doc["trials"] != float64(tc.trials) || doc["complete"] != true || doc["precision"] == nil || doc["precision_reached"] != true {
			t.Errorf("%s: trials %v, complete %v, precision %v reached %v; want %d, true, given, true",
				cmdline, doc["trials"], doc["complete"], doc["precision"], doc["precision_reached"], tc.trials)
		}
		plain := fmt.Sprintf("%s --trials %d --format json", tc.attack, tc.trials)
		code, stdout, stderr := cli(t, args(plain)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d, stderr %q", plain, code, stderr)
		}
		if got := decode(t, stdout)["metrics"]; !reflect.DeepEqual(got, doc["metrics"]) {
			t.Errorf("%s: the figures differ from those of %s", cmdline, plain)
		}
	}
}

// TestPrecisionNotReached: a run that meets its --trials cap before its
// --precision is complete, exits 0, and says so: in JSON, in the table's
// header, and on stderr, one line per run.
func TestPrecisionNotReached(t *testing.T) {
	const missed = "precision 0.001 not reached: the widest interval half-width is %s after 10,000 trials, the cap"
	cases := []struct {
		args   string
		stdout string // a part of stdout
		stderr string // all of it
	}{
		{"dc --target 4-6-7 --precision 0.001 --trials 10000 --format json",
			`"trials": 10000,`,
			"sapper dc: " + fmt.Sprintf(missed, "0.00972") + "; raise --trials for more\n"},
		{"dc --target 4-6-7 --precision 0.001 --trials 10000",
			"\n" + fmt.Sprintf(missed, "0.00972") + "\n",
			"sapper dc: " + fmt.Sprintf(missed, "0.00972") + "; raise --trials for more\n"},
		{"compare --target 4-6-7 --precision 0.001 --trials 10000 --format csv",
			"",
			"sapper compare: placed run: " + fmt.Sprintf(missed, "0.0097") + "; raise --trials for more\n" +
				"sapper compare: thrown run: " + fmt.Sprintf(missed, "0.00979") + "; raise --trials for more\n" +
				"sapper compare: set run: " + fmt.Sprintf(missed, "0.00933") + "; raise --trials for more\n"},
	}
	// A scenario's notes name the command run, as its errors do.
	file := filepath.Join(t.TempDir(), "p.yaml")
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: 4-6-7\n  precision: 0.001\n  trials: 10000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct{ args, stdout, stderr string }{"run " + file,
		"\n" + fmt.Sprintf(missed, "0.00972") + "\n",
		"sapper run: " + fmt.Sprintf(missed, "0.00972") + "; raise --trials for more\n"})
	for _, tc := range cases {
		code, stdout, stderr := cli(t, args(tc.args)...)
		if code != exitOK || stderr != tc.stderr || !strings.Contains(stdout, tc.stdout) {
			t.Errorf("%s: exit %d, stderr %q; want exit 0, stderr %q and %q in\n%s", tc.args, code, stderr, tc.stderr, tc.stdout, stdout)
		}
		if !strings.HasSuffix(tc.args, "json") {
			continue
		}
		doc := decode(t, stdout)
		if doc["complete"] != true || doc["precision"] != 0.001 || doc["precision_reached"] != false {
			t.Errorf("%s: complete %v, precision %v reached %v; want true, 0.001, false",
				tc.args, doc["complete"], doc["precision"], doc["precision_reached"])
		}
	}
}

// TestPrecisionRecorded: JSON records the precision only when one was
// asked; an exact result (--method auto) reaches any, and --method exact
// refuses one, since it has no sampling error to stop on.
func TestPrecisionRecorded(t *testing.T) {
	cases := []struct {
		args      string
		method    string
		precision any // nil: absent
		reached   any
	}{
		{"dc --target 4-6-7 --trials 1000", "mc", nil, nil},
		{"dc --target 4-6-7 --method auto", "exact", nil, nil},
		{"dc --target 4-6-7 --method auto --precision 0.001", "exact", 0.001, true},
		{"dc --target 4-6-7 --target 4-6-7 --method auto --max-paths 10 --precision 0.01", "mc", 0.01, true},
	}
	for _, tc := range cases {
		code, stdout, stderr := cli(t, args(tc.args+" --format json")...)
		// --method auto says on stderr which method it chose, and why.
		if code != exitOK || (stderr != "") != strings.Contains(tc.args, "auto") {
			t.Fatalf("%s: exit %d, stderr %q", tc.args, code, stderr)
		}
		doc := decode(t, stdout)
		if doc["method"] != tc.method || doc["precision"] != tc.precision || doc["precision_reached"] != tc.reached {
			t.Errorf("%s: method %v, precision %v reached %v; want %v, %v, %v", tc.args,
				doc["method"], doc["precision"], doc["precision_reached"], tc.method, tc.precision, tc.reached)
		}
	}
	wantUsage(t, "dc --target 4-6-7 --method exact --precision 0.01",
		"sapper dc: --precision with --method exact: an exact run has no sampling error to stop on (use --method mc or auto)")
}
