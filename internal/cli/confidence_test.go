package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfidenceRange: every front end that takes --confidence holds it
// to the engine's bound (sim.MinConfidence, sim.MaxConfidence), where the
// intervals are finite: exit 2 and one line naming the flag and the range,
// nothing run.
func TestConfidenceRange(t *testing.T) {
	const want = `--confidence %q: want a number from 0.5 to 0.999999, like 0.95`
	dir := t.TempDir()
	file := filepath.Join(dir, "near-one.yaml")
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: 4-6-7\n  confidence: 0.9999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args string
		line string
	}{
		// Near 1, whose intervals were NaN (the float just below 1,
		// 0.9999999999999999, has more digits than a number may).
		{"dc --target 4-6-7 --confidence 0.99999999999999 --format csv", "sapper dc: " + fmt.Sprintf(want, "0.99999999999999")},
		{"dc --target 4-6-7 --confidence 0.99999999999999 --format json", "sapper dc: " + fmt.Sprintf(want, "0.99999999999999")},
		{"dc --target 4-6-7 --confidence 0.9999991", "sapper dc: " + fmt.Sprintf(want, "0.9999991")},
		{"dc --target 4-6-7 --confidence 1", "sapper dc: " + fmt.Sprintf(want, "1")},
		{"dc --target 4-6-7 --confidence 0.4999", "sapper dc: " + fmt.Sprintf(want, "0.4999")},
		{"dc --target 4-6-7 --confidence 0", "sapper dc: " + fmt.Sprintf(want, "0")},
		{"dc --target 4-6-7 --confidence -0.95", "sapper dc: " + fmt.Sprintf(want, "-0.95")},
		{"compare --target 4-6-7 --confidence 0.9999999", "sapper compare: " + fmt.Sprintf(want, "0.9999999")},
		{"sweep dc --target 4-6-7 --vary tem=0..2 --confidence 0.9999999", "sapper sweep: " + fmt.Sprintf(want, "0.9999999")},
		{"sweep dc --target 4-6-7 --vary tem=0..2 --goal stack=cleared>=0.5 --confidence 0.3", "sapper sweep: " + fmt.Sprintf(want, "0.3")},
		{"lhy --confidence 0.9999999", "sapper lhy: " + fmt.Sprintf(want, "0.9999999")},
		{"run " + file, "sapper run: " + file + ":4: " + fmt.Sprintf(want, "0.9999999")},
	}
	for _, tc := range cases {
		code, stdout, stderr := cli(t, args(tc.args)...)
		if code != exitUsage || stdout != "" || stderr != tc.line+"\n" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.line)
		}
	}
}

// TestConfidenceLabel: a confidence is labelled as given, digit for
// digit, at the ends of the range too; none is rounded to "100%".
func TestConfidenceLabel(t *testing.T) {
	cases := []struct {
		args string
		want string
	}{
		{"dc --target 4-6-7 --trials 1000 --confidence 0.999999", ", 99.9999% Wilson intervals\n"},
		{"dc --target 4-6-7 --trials 1000 --confidence 0.5", ", 50% Wilson intervals\n"},
		{"dc --target 4-6-7 --trials 1000 --confidence 0.9995", ", 99.95% Wilson intervals\n"},
		{"dc --target 4-6-7 --trials 1000 --confidence 0.999999 --format json", `"confidence": 0.999999,`},
		{"compare --target 4-6-7 --trials 1000 --confidence 0.999999", ", 99.9999% Wilson intervals below each figure"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --trials 1000 --confidence 0.99995", ", 99.995% Wilson intervals below each figure"},
	}
	for _, tc := range cases {
		code, stdout, stderr := cli(t, args(tc.args)...)
		if code != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want %q in\n%s", tc.args, code, stderr, tc.want, stdout)
		}
		if strings.Contains(stdout, "NaN") {
			t.Errorf("%s: NaN in\n%s", tc.args, stdout)
		}
	}
}
