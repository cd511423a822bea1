package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNumbersRefused: a number that a float64 cannot hold as written (more
// than 15 significant digits, a size beyond it), or that is not in the
// documented syntax (a hexadecimal float, an underscore, Inf, NaN), is bad
// input wherever it is given: exit 2, one line quoting the argument as the
// user wrote it, nothing on standard output. Before, 1.9999999999999999
// was read as 2 and 0x1p3 as 8.
func TestNumbersRefused(t *testing.T) {
	dir := t.TempDir()
	scenario := filepath.Join(dir, "fp.yaml")
	if err := os.WriteFile(scenario, []byte("command: fire\nflags:\n  target: 4-6-7\n  fp: 7.9999999999999999999\n  method: exact\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string // in the one line of standard error
	}{
		// Flags: the argument is quoted as given, with what is wrong.
		{args("fire --target 4-6-7 --fp 1.9999999999999999 --method exact"), `--fp "1.9999999999999999": 17 significant digits; at most 15`},
		{args("fire --target 4-6-7 --fp 0.99999999999999999999 --trials 100"), `--fp "0.99999999999999999999": 20 significant digits`},
		{args("fire --target 4-6-7 --fp 1e308 --method exact"), `--fp "1e308": outside 1…200`},
		{args("fire --target 4-6-7 --fp 1e999 --method exact"), `--fp "1e999": too large`},
		{args("fire --target 4-6-7 --fp 000 --method exact"), `--fp "000": outside 1…200`},
		{args("fire --target 4-6-7 --fp 0.0e5 --method exact"), `--fp "0.0e5": outside 1…200`},
		{args("fire --target 4-6-7 --fp 0x1p3 --method exact"), `--fp "0x1p3": not a decimal number`},
		{args("fire --target 4-6-7 --fp Inf --method exact"), `--fp "Inf": not a decimal number`},
		{args("fire --target 4-6-7 --fp NaN --method exact"), `--fp "NaN": not a decimal number`},
		{args("fire --target 4-6-7 --fp 1_0 --method exact"), `--fp "1_0": not a decimal number`},
		{args("dc --target 4-6-7 --confidence 0.4999999999999999999 --trials 100"), `--confidence "0.4999999999999999999": 19 significant digits`},
		{args("dc --target 4-6-7 --confidence 0.9999999999999999 --trials 100"), `--confidence "0.9999999999999999": 16 significant digits`},
		{args("dc --target 4-6-7 --precision 0.000099999999999999999999"), `--precision "0.000099999999999999999999": 20 significant digits`},
		{args("dc --target 4-6-7 --precision 1e-400"), `--precision "1e-400": too close to 0`},
		{args("dc --target 4-6-7 --precision 0.49999999999999999999"), `--precision "0.49999999999999999999": 20 significant digits`},
		{args("dc --target 4-6-7 --precision 0.00001"), `--precision "0.00001": want 0 (off) or a number from 0.0001`},
		{args("building --needed 0.9999999999999999999"), `--needed "0.9999999999999999999": 19 significant digits`},
		// Sweep bounds and steps.
		{args("sweep fire --target 4-6-7 --vary fp=1..2:0.3333333333333333 --method exact"), `STEP "0.3333333333333333": 16 significant digits`},
		{args("sweep fire --target 4-6-7 --vary fp=1..1.9999999999999999 --method exact"), `TO "1.9999999999999999": 17 significant digits`},
		// --goal.
		{args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact --goal stack=cleared>=0x1p-1"), `"0x1p-1" after >= is not a number`},
		{args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact --goal stack=cleared>=1_0e-1"), `"1_0e-1" after >= is not a number`},
		{args("sweep dc --target 4-6-7 --vary tem=0..5 --method exact --goal stack=cleared>=0.99999999999999999"), `"0.99999999999999999" after >=: 17 significant digits`},
		// Plan strings.
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 0x1p3", "--method", "exact"}, `fire "0x1p3": not a decimal number`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 1_0", "--method", "exact"}, `fire "1_0": not a decimal number`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire Inf", "--method", "exact"}, `fire "Inf": not a decimal number`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire NaN", "--method", "exact"}, `fire "NaN": not a decimal number`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 7.9999999999999999", "--method", "exact"}, `fire "7.9999999999999999": 17 significant digits`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 drm=0x1", "--method", "exact"}, `drm=0x1: want a whole number`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 1e300", "--method", "exact"}, `fire "1e300": outside 1…200`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 0300", "--method", "exact"}, `fire "0300": outside 1…200`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire .5", "--method", "exact"}, `fire ".5": outside 1…200`},
		// Scenario files.
		{[]string{"run", scenario}, `field fp: "7.9999999999999999999": 20 significant digits`},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %.200q, stderr %q; want exit 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestNumbersAccepted: every form docs/inputs.md documents is read, in
// each place it names: 010 is ten, a sign may be +, - or the minus sign
// U+2212 (in flags, unit and fire-attack strings, plans and lists), and a
// fraction and an exponent where a fraction makes sense.
func TestNumbersAccepted(t *testing.T) {
	for _, c := range []struct{ args, same []string }{
		{args("dc --target 4-6-7 --tem 03 --method exact --format csv"), args("dc --target 4-6-7 --tem 3 --method exact --format csv")},
		{args("fire --target 4-6-7 --fp 8 --drm −2 --method exact --format csv"), args("fire --target 4-6-7 --fp 8 --drm -2 --method exact --format csv")},
		{args("fire --target 4-6-7 --fp 8 --drm +2 --method exact --format csv"), args("fire --target 4-6-7 --fp 8 --drm 2 --method exact --format csv")},
		{args("fire --target 4-6-7 --fp 8.0 --method exact --format csv"), args("fire --target 4-6-7 --fp 8 --method exact --format csv")},
		{args("fire --target 4-6-7 --fp 0.8e1 --method exact --format csv"), args("fire --target 4-6-7 --fp 8 --method exact --format csv")},
		{args("dc --target 4-6-7 --target leader:8−1 --method exact --format csv"), args("dc --target 4-6-7 --target leader:8-1 --method exact --format csv")},
		{args("dc --target 4-6-7,drm=−1 --method exact --format csv"), args("dc --target 4-6-7,drm=-1 --method exact --format csv")},
		{args("compare --target 4-6-7 --dff 8:−1 --method exact --format csv"), args("compare --target 4-6-7 --dff 8:-1 --method exact --format csv")},
		{args("dc --target 4-6-7 --confidence 0.95 --precision 1e-3 --format csv"), args("dc --target 4-6-7 --confidence .95 --precision 0.001 --format csv")},
		{args("lhy --atdrm tank=−2 --vehicle tank:8 --format csv"), args("lhy --atdrm tank=-2 --vehicle tank:8 --format csv")},
		{args("building --dice 8 --combined 4,+4 --format csv"), args("building --dice 8 --combined 4,4 --format csv")},
		{args("building --dice 8 --combined 04,4 --format csv"), args("building --dice 8 --combined 4,4 --format csv")},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 drm=−1", "--method", "exact", "--format", "csv"},
			[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 drm=-1", "--method", "exact", "--format", "csv"}},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 −1", "--method", "exact", "--format", "csv"},
			[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 -1", "--method", "exact", "--format", "csv"}},
		{args("sweep fire --target 4-6-7 --vary fp=1..2:0.25 --method exact --format csv"), args("sweep fire --target 4-6-7 --vary fp=1..2:.25 --method exact --format csv")},
	} {
		code, got, stderr := cli(t, c.args...)
		if code != exitOK {
			t.Errorf("%q: exit %d, %s", c.args, code, stderr)
			continue
		}
		_, want, _ := cli(t, c.same...)
		if got != want {
			t.Errorf("%q differs from %q:\n%s\n---\n%s", c.args, c.same, got, want)
		}
	}
}
