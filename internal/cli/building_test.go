package cli

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestBuildingGolden pins whole outputs of sapper building: the §5
// reference attack, charges on squads, an area attack with a collapse, a
// pillbox, a seeded Monte Carlo run in JSON (a change to the random
// stream shows here), the --needed search in every format, a sweep and
// the help text.
func TestBuildingGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"building_exact_table", "building --dice 12 --method exact"},
		{"building_charges_table", "building --charges 2 --target 4 --target 3,cover=1 --method exact"},
		{"building_area_table", "building --area 10 --dice 14 --target 4 --target 3,cover=1 --collapse-cover 1 --method exact --hide-zero"},
		{"building_pillbox_table", "building --charges 1 --pillbox inside --target 3,cover=3,in-pillbox --target 4 --method exact"},
		{"building_suppressive_table", "building --area 6 --suppressive --target 4 --target 3,cover=1,pinned --method exact --hide-zero --explain"},
		{"building_needed_table", "building --needed 0.5,0.8,0.95"},
		{"building_needed_json", "building --needed 0.5,0.99 --per-charge --charge-hits 6 --format json"},
		{"building_needed_csv", "building --needed 0.5 --combined 4,4 --cover 3 --format csv"},
		{"sweep_building_table", "sweep building --vary dice=4..24:4 --target 4 --method exact"},
		{"building_help", "building --help"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.name, []byte(elapsedGridM.ReplaceAllString(string(normalize([]byte(stdout))), "; 0.00s")))
		})
	}
}

// pOf reads outcome label of metric from a JSON result.
func pOf(t *testing.T, doc map[string]any, metric, label string) float64 {
	t.Helper()
	for _, m := range doc["metrics"].([]any) {
		m := m.(map[string]any)
		if m["name"] != metric {
			continue
		}
		for _, o := range m["outcomes"].([]any) {
			o := o.(map[string]any)
			if o["value"] == label {
				return o["p"].(float64)
			}
		}
	}
	t.Fatalf("no %s=%s in the output", metric, label)
	return 0
}

// TestBuildingIssueChecks: --dice 12 exact destroys with 11.1% (to 0.1%),
// --charges 2 with 4/9.
func TestBuildingIssueChecks(t *testing.T) {
	for _, c := range []struct {
		args string
		want float64
		tol  float64
	}{
		{"building --dice 12 --method exact --format json", 0.111, 0.0005},
		{"building --charges 2 --method exact --format json", 4.0 / 9, 1e-12},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d, %s", c.args, code, stderr)
		}
		if p := pOf(t, decode(t, stdout), "building", "destroyed"); math.Abs(p-c.want) > c.tol {
			t.Errorf("%s: P(destroyed) = %v, want %v", c.args, p, c.want)
		}
	}
}

// TestBuildingWorkerCountInvariance: the same seed gives byte-identical
// JSON for -j 1 and -j 8.
func TestBuildingWorkerCountInvariance(t *testing.T) {
	var outs []string
	for _, j := range []string{"1", "8"} {
		code, stdout, stderr := cli(t, "building", "--area", "9", "--target", "4", "--target", "2,cover=0", "--collapse-cover", "1",
			"--seed", "7", "--trials", "200000", "--format", "json", "-j", j)
		if code != exitOK {
			t.Fatalf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	if outs[0] != outs[1] {
		t.Errorf("-j 1 and -j 8 differ:\n%s\n---\n%s", outs[0], outs[1])
	}
}

// TestBuildingResolvedInputs: the JSON inputs carry every default, and
// each squad's cover as resolved from --cover (D1).
func TestBuildingResolvedInputs(t *testing.T) {
	code, stdout, stderr := cli(t, args("building --area 6 --cover 3 --target 4 --target 2,cover=1 --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	in := decode(t, stdout)["inputs"].(map[string]any)
	for k, want := range map[string]any{"attack": "area", "area": 6.0, "dice": 6.0, "cover": 3.0, "threshold": 6.0,
		"hit_on": 5.0, "cancel_on": 5.0, "charges": 0.0, "charge_hits": 3.0, "per_charge": false, "pillbox": "none", "collapse_cover": 0.0} {
		if in[k] != want {
			t.Errorf("inputs.%s = %v, want %v", k, in[k], want)
		}
	}
	squads := in["squads"].([]any)
	if c := squads[0].(map[string]any)["cover"]; c != 3.0 {
		t.Errorf("squad 1 cover = %v, want the hex's 3", c)
	}
	if c := squads[1].(map[string]any)["cover"]; c != 1.0 {
		t.Errorf("squad 2 cover = %v, want its own 1", c)
	}
}

// TestBuildingBadInput: every rejected combination of rules/toi.md D9,
// every input that does not apply, every count out of its limits and
// every malformed number is one stderr line naming the flags, exit 2,
// nothing on stdout.
func TestBuildingBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		// D9
		{"building --per-charge", "--per-charge without --charges"},
		{"building --charge-hits 4", "--charge-hits without --charges"},
		{"building --pillbox inside", "--pillbox without --charges"},
		// D6: charges that can touch no squad, the pillbox undamaged
		{"building --charges 1 --pillbox inside --target 4", `--pillbox "inside": no --target is in-pillbox; the charges hit only the squads on their side`},
		{"building --charges 1 --pillbox outside --target 4,in-pillbox --target 2,in-pillbox", `--pillbox "outside": every --target is in-pillbox`},
		{"building --combined 4", "--combined without --dice"},
		{"building --fire-and-move", "--fire-and-move without --dice"},
		{"building --area 4 --combined 4", "--combined without --dice"},
		{"building --area 4 --charges 1", "--area with --charges"},
		{"building --target 3,in-pillbox", "--target 3,in-pillbox without --pillbox"},
		{"building --charges 1 --target 3,in-pillbox", "--target 3,in-pillbox without --pillbox"},
		{"building --dice=-1", `--dice "-1": want a whole number from 0 to 100`},
		{"building --area -3", `--area "-3": want a whole number from 0 to 100`},
		{"building --charges=-1", `--charges "-1": want a whole number from 0 to 20`},
		{"building --cover=-1", `--cover "-1": want a whole number from 0 to 10`},
		{"building --target=-2", `--target "-2": figures: -2 is below 0`},
		{"building --threshold 0", `--threshold "0": want a whole number from 1 to 100`},
		// D2, D4 and other inputs that do not apply
		{"building --dice 4 --charges 2", "--dice with --charges"},
		{"building --dice 4 --combined 4 --fire-and-move", "--fire-and-move with --combined"},
		{"building --dice 4 --combined 4,0", `--combined "4,0": a joining unit of 0 FP adds nothing`},
		{"building --needed 0.5,0.8 --needed 0.50", `--needed "0.50": 0.50 is given twice`},
		{"building --charges 1 --hit-on 4", "--hit-on with --charges"},
		{"building --charges 1 --pillbox inside --threshold 4", "--threshold with --pillbox"},
		{"building --charges 1 --pillbox inside --target 2 --collapse-cover 1", "--collapse-cover with --pillbox"},
		{"building --collapse-cover 1", "--collapse-cover without --target"},
		{"building --collapse-cover 0", "--collapse-cover without --target"},
		// limits and number forms
		{"building --dice 101", `--dice "101": want a whole number from 0 to 100`},
		{"building --dice 90 --combined 30,30", "--combined: 90 + ⌈30/2⌉ + ⌈30/2⌉ makes 120 attack dice; at most 100"},
		{"building --dice 4 --combined " + strings.Repeat("6,", 999) + "6", "--combined: 4 + ⌈6/2⌉ + ⌈6/2⌉ + ⌈6/2⌉ + ⌈6/2⌉ + … (1000 joining units) makes 3004 attack dice; at most 100"},
		{"building --area 101", `--area "101": want a whole number from 0 to 100`},
		{"building --charges 21", `--charges "21": want a whole number from 0 to 20`},
		{"building --charges 1 --charge-hits 21", `--charge-hits "21": want a whole number from 0 to 20`},
		{"building --cover 11", `--cover "11": want a whole number from 0 to 10`},
		{"building --threshold 101", `--threshold "101": want a whole number from 1 to 100`},
		{"building --hit-on 7", `--hit-on "7": want a whole number from 1 to 6`},
		{"building --cancel-on 0", `--cancel-on "0": want a whole number from 1 to 6`},
		{"building --dice 0x10", `--dice "0x10": not a whole decimal number; want a whole number from 0 to 100`},
		{"building --dice 1e1", `--dice "1e1"`},
		{"building --dice 1_0", `--dice "1_0"`},
		{"building --dice 4 --combined 4,x", `--combined "4,x": "x" is not a whole number`},
		{"building --dice 4 --combined 0x4", `--combined "0x4"`},
		{"building --target 11", `--target "11": 11 figures outside 1…10`},
		{"building --target 0", `--target "0": 0 figures outside 1…10`},
		{"building --target 4,cover=11", `--target "4,cover=11": cover=11 outside 0…10`},
		{"building --target 4,elite", `--target "4,elite": unknown option "elite"`},
		{"building --target 1 --target 1 --target 1 --target 1 --target 1 --target 1 --target 1", "--target: 7 squads; at most 6"},
		{"building --charges 1 --pillbox beside", `--pillbox "beside": want inside or outside`},
		{"building --fire-and-move=maybe", `--fire-and-move "maybe": want true or false`},
		// --needed
		{"building --needed 0", `--needed "0": want probabilities above 0`},
		{"building --needed 1.5", `--needed "1.5"`},
		{"building --needed 0.5,x", `--needed "0.5,x": "x": not a decimal number; want probabilities`},
		{"building --needed 5e-1,0.5", `--needed "5e-1,0.5": 0.5 is given twice`},
		{"building --needed 50%", `--needed "50%"`},
		{"building --needed 0.5 --dice 12", "--dice with --needed"},
		{"building --needed 0.5 --charges 2", "--charges with --needed"},
		{"building --needed 0.5 --area 4", "--area with --needed"},
		{"building --needed 0.5 --target 4", "--target with --needed"},
		{"building --needed 0.5 --pillbox inside", "--pillbox with --needed"},
		{"building --needed 0.5 --trials 100", "--trials with --needed"},
		{"building --needed 0.5 --plot x.png", "--plot with --needed"},
		{"building --needed 0.5 --method mc", "--method mc with --needed"},
		{"building --needed 0.5 --view at-least", "--view with --needed"},
		{"building --needed 0.5 --fractions", "--fractions with --needed"},
		// Not sent to --method exact first, which refuses it as well.
		{"building --needed 0.5 --method mc --fractions", "--fractions with --needed: the search is exact and prints a table of its own"},
		{"building --needed 0.5 --format csv --fractions", "--fractions with --needed: the search is exact and prints a table of its own"},
		{"building --needed 0.5 --seed 3", "--seed with --needed: the search makes no run"},
		{"building --needed 0.5 --combined 200", "--combined: 200 outside 1…100"},
		{"sweep building --needed 0.5 --vary cover=0..2", "cannot sweep sapper building with these flags"},
		// [M4]: a suppressive attack is an area attack on squads, which
		// does not attack the building (§4).
		{"building --suppressive --target 4", "--suppressive without --area: a suppressive attack is an area attack"},
		{"building --area 4 --suppressive", "--suppressive without --target"},
		{"building --area 4 --suppressive --dice 4 --target 4", "--dice with --suppressive: a suppressive attack rolls nothing against the building"},
		{"building --area 4 --suppressive --combined 4 --target 4", "--combined without --dice"},
		{"building --area 4 --suppressive --collapse-cover 1 --target 4", "--collapse-cover with --suppressive"},
		{"building --area 4 --pin-hits 2 --target 4", "--pin-hits without --suppressive"},
		{"building --area 4 --disrupt-hits 3 --target 4", "--disrupt-hits without --suppressive"},
		{"building --area 4 --suppressive --pin-hits 0 --target 4", `--pin-hits "0": want a whole number from 1 to 100`},
		{"building --area 4 --suppressive --pin-hits 3 --target 4", "--disrupt-hits: 2 is below pin-hits 3: the hits that disrupt pin too; want 3 or more"},
		{"building --area 4 --suppressive=yes --target 4", `--suppressive "yes": want true or false`},
		{"building --needed 0.5 --suppressive", "--suppressive with --needed: a suppressive attack does not attack the building"},
		{"building --area 4 --suppressive --target 4 --threshold 3", "--threshold with --suppressive: a suppressive attack does not attack the building"},
		{"building --target 4,pinned=yes", `--target "4,pinned=yes": unknown option "pinned=yes"`},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want …%s…", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestBuildingNeededIsExact checks --needed against a separate
// calculation: P(destroyed) for each pool by a float64 convolution of the
// dice one at a time, and for charges together the closed form
// P(3k − cancels ≥ 6) with 2 red dice.
func TestBuildingNeededIsExact(t *testing.T) {
	code, stdout, stderr := cli(t, args("building --needed 0.05,0.5,0.8,0.95,0.999999 --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	pDice := func(n int) float64 {
		succ := []float64{1}
		for range n {
			next := make([]float64, len(succ)+1)
			for k, x := range succ {
				next[k] += x * 2 / 3
				next[k+1] += x / 3
			}
			succ = next
		}
		p := 0.0
		for s, ps := range succ {
			for c, pc := range []float64{4.0 / 9, 4.0 / 9, 1.0 / 9} { // cancels of 2 red dice
				if s-c >= 6 {
					p += ps * pc
				}
			}
		}
		return p
	}
	pCharges := func(k int) float64 {
		p := 0.0
		for c, pc := range []float64{4.0 / 9, 4.0 / 9, 1.0 / 9} {
			if 3*k-c >= 6 {
				p += pc
			}
		}
		return p
	}
	smallest := func(target float64, prob func(int) float64, hi int) (int, bool) {
		for x := 0; x <= hi; x++ {
			if prob(x) >= target-1e-12 {
				return x, true
			}
		}
		return 0, false
	}
	for _, row := range decode(t, stdout)["needed"].([]any) {
		row := row.(map[string]any)
		target := row["p"].(float64)
		for _, s := range []struct {
			name string
			prob func(int) float64
			hi   int
		}{{"dice", pDice, 100}, {"charges", pCharges, 20}} {
			got := row[s.name].(map[string]any)
			want, ok := smallest(target, s.prob, s.hi)
			if got["reachable"] != ok || (ok && got["value"] != float64(want)) {
				t.Errorf("P ≥ %v: %s = %v, want %d (reachable %v)", target, s.name, got, want, ok)
			}
			if ok && math.Abs(got["p"].(float64)-s.prob(want)) > 1e-12 {
				t.Errorf("P ≥ %v: %s reaches %v, want %v", target, s.name, got["p"], s.prob(want))
			}
		}
	}
}

// TestBuildingNeededUnreachable: with 3 hits a charge one by one and a
// threshold of 6 no number of charges brings the building down (D4).
func TestBuildingNeededUnreachable(t *testing.T) {
	code, stdout, stderr := cli(t, args("building --needed 0.5 --per-charge")...)
	if code != exitOK || !strings.Contains(stdout, "not reachable up to 20") || !strings.Contains(stdout, "19 dice: 52.22%") {
		t.Errorf("exit %d, stderr %q, stdout\n%s", code, stderr, stdout)
	}
}

// TestBuildingNeededInterrupted: a search stopped before it ends writes
// what it has, marked incomplete, and exits 130.
func TestBuildingNeededInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, _ := cliCtx(t, ctx, args("building --needed 0.5 --format json")...)
	if code != exitInterrupted || !strings.Contains(stdout, `"complete": false`) {
		t.Errorf("exit %d, stdout\n%s", code, stdout)
	}
}

// TestBuildingScenarios: the built-in Tide of Iron scenarios give the §5
// figures they cite.
func TestBuildingScenarios(t *testing.T) {
	code, stdout, stderr := cli(t, args("run toi-charges-occupied --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	if p := pOf(t, decode(t, stdout), "building", "destroyed"); math.Abs(p-4.0/9) > 1e-12 {
		t.Errorf("toi-charges-occupied: P(destroyed) = %v, want 4/9", p)
	}
	code, stdout, stderr = cli(t, args("run toi-tank-dice-sweep --format csv")...)
	if code != exitOK {
		t.Fatalf("exit %d, %s", code, stderr)
	}
	for _, want := range []string{"dice=12,building,destroyed,,0.1106", "dice=20,building,destroyed,,0.5813"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("toi-tank-dice-sweep: no %q", want)
		}
	}
}

// TestBuildingNeededExponents: a probability of --needed reads as those of
// --confidence and --precision do, an exponent included: the answer is
// the same as to the decimal.
func TestBuildingNeededExponents(t *testing.T) {
	_, want, _ := cli(t, args("building --needed 0.5,0.8,0.95 --format json")...)
	code, got, stderr := cli(t, args("building --needed 5e-1,8E-1,9.5e-1 --format json")...)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	if elapsedJSON.ReplaceAllString(got, "") != elapsedJSON.ReplaceAllString(want, "") {
		t.Errorf("--needed 5e-1,8E-1,9.5e-1:\n%s\nwant as 0.5,0.8,0.95:\n%s", got, want)
	}
}

// TestNeededRefusesRunFlags: --needed makes no run, so the flags that
// bound one or share it out are refused, naming why, as a no-op is.
func TestNeededRefusesRunFlags(t *testing.T) {
	for _, a := range [][]string{{"--max-paths", "1000000"}, {"--max-memory", "64"}, {"-j", "2"}, {"--workers", "3"}} {
		code, stdout, stderr := cli(t, append([]string{"building", "--needed", "0.5"}, a...)...)
		flag := strings.TrimLeft(a[0], "-")
		if flag == "j" {
			flag = "workers"
		}
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--"+flag+" with --needed: the search makes no run") {
			t.Errorf("building --needed 0.5 %s: exit %d, stdout %q, stderr %q", strings.Join(a, " "), code, stdout, stderr)
		}
	}
}

// TestNeededIsExact: the answer to --needed is the first value whose
// exact chance reaches the probability asked, compared as fractions: 10
// dice destroy the building 7643/177147 of the time (rules/toi.md §5),
// 0.0431449587066109…, which reaches 0.04314495870 but not
// 0.04314495871; two charges 4/9, which reach 0.444444444444444 but not
// 0.444444444444445. And where the engine's 64-bit weights are rounded:
// 40 dice that must all hit (3⁻⁴⁰ ≈ 8.2·10⁻²⁰) do not reach 10⁻¹⁹, and
// 41 (83·3⁻⁴¹ ≈ 2.3·10⁻¹⁸) do; 100 dice hitting 100 times (3⁻¹⁰⁰) never
// reach 10⁻²⁰.
func TestNeededIsExact(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"--needed 0.04314495870", "dice,true,10,"},
		{"--needed 0.04314495871", "dice,true,11,"},
		{"--needed 0.444444444444444", "charges,true,2,"},
		{"--needed 0.444444444444445", "charges,true,3,"},
		{"--needed 0.52217505174045", "dice,true,19,"},
		{"--needed 0.52217505174046", "dice,true,20,"},
		{"--needed 1e-19 --threshold 40 --cover 0", "dice,true,41,"},
		{"--needed 1e-20 --threshold 100 --cover 0", "dice,false,,,100"},
	} {
		code, stdout, stderr := cli(t, args("building "+c.args+" --format csv")...)
		if code != exitOK || !strings.Contains(stdout, c.want) {
			t.Errorf("building %s: exit %d, %s\n%s\nwant a row with %q", c.args, code, stderr, stdout, c.want)
		}
	}
}

// TestPercentAsGiven: a chance --needed asks for is printed with the
// digits it was given with, not the binary noise of 100·p.
func TestPercentAsGiven(t *testing.T) {
	for p, want := range map[float64]string{1e-9: "0.0000001%", 0.5: "50%", 0.123456789: "12.3456789%", 0.07: "7%", 1: "100%",
		0.99999999999999: "99.999999999999%", 0.1234567890123: "12.34567890123%", 1e-300: "1e-298%", 3e-10: "3e-08%"} {
		if got := percentAsGiven(p); got != want {
			t.Errorf("percentAsGiven(%v) = %q, want %q", p, got, want)
		}
	}
}

// TestNeededHeadline holds the --needed answer's sentence to what its
// table says, where the search found a value, found none up to its
// bound, and was interrupted before it searched.
func TestNeededHeadline(t *testing.T) {
	r := neededResult{
		inputs:   neededInputs{Needed: []float64{0.5, 0.8, 1}, MaxDice: 100, MaxCharges: 20},
		dice:     []goalAnswer{{Target: 0.5, Value: 1, P: 0.6, Found: true}, {Target: 0.8}},
		charges:  []goalAnswer{{Target: 0.5, Value: 3, P: 1, Found: true}, {Target: 0.8, Value: 3, P: 1, Found: true}},
		complete: true,
	}
	h := r.headline()
	want := "To destroy the building 50% of the time or more: 1 die, or 3 charges; 80% or more: no number of dice up to 100, or 3 charges; every time: dice not searched (interrupted), or charges not searched (interrupted)."
	if h.Text != want {
		t.Errorf("headline:\n got %s\nwant %s", h.Text, want)
	}
	if h.Metric != "building" || h.Outcome != "destroyed" || !h.Trend {
		t.Errorf("headline %+v: want the building's destroyed, a trend with no figure of its own", h)
	}
	r.complete = false
	if got := r.headline().Text; !strings.Contains(got, "80% or more: dice not searched (interrupted)") {
		t.Errorf("interrupted: %s", got)
	}
}

// TestNeededCombinedFromNoDice: --needed searches --dice from 0, so
// --combined is held to the dice limit there, not at the default --dice
// the search never uses.
func TestNeededCombinedFromNoDice(t *testing.T) {
	code, out, stderr := cli(t, args("building --needed 0.5 --combined 90,90")...)
	if code != exitOK || !strings.HasPrefix(out, "To destroy the building 50% of the time or more: 0 dice, or 3 charges.") {
		t.Errorf("exit %d: %s%s", code, out, stderr)
	}
	wantUsage(t, "building --needed 0.5 --combined 90,90,90", "sapper building: --combined: 0 + ⌈90/2⌉ + ⌈90/2⌉ + ⌈90/2⌉ makes 135 attack dice; at most 100")
}

// TestAreaOnEmptyHex: an area attack with no squad inside is said to be
// the building's roll alone, not an attack "on the squads".
func TestAreaOnEmptyHex(t *testing.T) {
	code, stdout, stderr := cli(t, args("building --area 10 --method exact")...)
	if code != exitOK || !strings.Contains(stdout, "\nArea attack on the empty hex: 10 dice on the building, hitting on 5–6;") || strings.Contains(stdout, "on the squads") {
		t.Errorf("exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}

// TestBuildingHeadlines: each attack's headline asks its own question: the
// building's fall; after a suppressive attack whether squad 1 is pinned
// or disrupted, or, pinned before, disrupted; in a pillbox hex, which has
// no building, whether the charges eliminate a squad.
func TestBuildingHeadlines(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"building --dice 12", "The building is destroyed: 11.06%."},
		{"building --area 3 --suppressive --target 4,cover=0", "Squad 1 is pinned or disrupted: 70.37%."},
		{"building --area 3 --suppressive --target 4,cover=0,pinned", "Squad 1, pinned before, is disrupted: 70.37%."},
		{"building --charges 1 --pillbox inside --target 3,cover=0,in-pillbox", "The charges eliminate a squad or more: 100.00%."},
	} {
		code, stdout, stderr := cli(t, args(c.args+" --method exact")...)
		if first, _, _ := strings.Cut(stdout, "\n"); code != exitOK || first != c.want {
			t.Errorf("%s: exit %d, %q (%s); want %q", c.args, code, first, stderr, c.want)
		}
	}
}

// TestNeededTableCountsOne: an answer of one die or one charge is
// written in the singular, as the headline writes it.
func TestNeededTableCountsOne(t *testing.T) {
	code, stdout, stderr := cli(t, args("building --needed 0.5 --cover 0 --threshold 1 --hit-on 4")...)
	if code != exitOK || !strings.Contains(stdout, "1 die: 50.00%") || !strings.Contains(stdout, "1 charge: 100.00%") {
		t.Errorf("exit %d, %s\n%s", code, stderr, stdout)
	}
}
