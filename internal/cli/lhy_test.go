package cli

import (
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestLHYGolden pins whole outputs: the §5 figures as a table, a mixed
// stack exactly as JSON, a seeded Monte Carlo JSON (so that a change to
// the random stream is caught), the built-in scenario, a sweep and the
// help.
func TestLHYGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"lhy_two_sadrm_table", "lhy --sadrm 1 --sadrm 3 --target squad:7 --method exact"},
		{"lhy_mixed_json", "lhy --sadrm 1 --sadrm 3 --mdrm 2 --mfa-mv 2 --target rifle:7,av=2 --target mg:7,sav=2 --target crew:6,rider " +
			"--vehicle tank:7,afv,atv=1 --atdrm tank=2 --leader 8 --method exact --format json"},
		{"lhy_scenario_table", "run lhy-platoon-in-the-open --hide-zero"},
		{"lhy_sweep_table", "sweep lhy --target squad:7 --leader 8 --vary sadrm=0..4 --method exact"},
		{"lhy_help", "lhy --help"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.name, normalize([]byte(stdout)))
		})
	}
}

// lhyP runs an lhy command line as JSON and returns P(metric ∈ labels).
func lhyP(t *testing.T, line, metric string, labels ...string) float64 {
	t.Helper()
	code, stdout, stderr := cli(t, append(args(line), "--format", "json")...)
	if code != exitOK {
		t.Fatalf("%s: exit %d, stderr %q", line, code, stderr)
	}
	for _, m := range decode(t, stdout)["metrics"].([]any) {
		m := m.(map[string]any)
		if m["name"] != metric {
			continue
		}
		var p float64
		for _, o := range m["outcomes"].([]any) {
			o := o.(map[string]any)
			for _, l := range labels {
				if o["value"] == l {
					p += o["p"].(float64)
				}
			}
		}
		return p
	}
	t.Fatalf("%s: no metric %s", line, metric)
	return 0
}

// TestLHYReferenceFigures: rules/lhy.md §5 through the command line,
// exactly, and by Monte Carlo within its interval.
func TestLHYReferenceFigures(t *testing.T) {
	hit := []string{"casualty", "disrupted"}
	for _, c := range []struct {
		line, metric string
		labels       []string
		want         float64
	}{
		{"lhy --sadrm 1 --sadrm 3 --target squad:7", "unit.squad", hit, 0.76},
		{"lhy --sadrm 0 --target squad:7 --leader 8", "unit.squad", hit, 0.2},
		{"lhy --atdrm tank=2 --vehicle tank:8,afv", "vehicle.tank", []string{"destroyed"}, 0.4},
		{"lhy --atdrm tank=2 --vehicle tank:8,afv", "vehicle.tank", []string{"shocked"}, 0.1},
	} {
		if got := lhyP(t, c.line+" --method exact", c.metric, c.labels...); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: exact %v, want %v", c.line, got, c.want)
		}
		// 100,000 trials: the 99.99% half-width is at most 0.0062.
		if got := lhyP(t, c.line+" --trials 100000 --seed 3", c.metric, c.labels...); math.Abs(got-c.want) > 0.0062 {
			t.Errorf("%s: Monte Carlo %v, want %v within its interval", c.line, got, c.want)
		}
	}
}

// TestLHYRule: --rule cohesion-fail=disrupt turns failed checks into
// Disruptions the squad already has: only FFAR ≥ 10 is a Casualty.
func TestLHYRule(t *testing.T) {
	line := "lhy --sadrm 0 --target squad:7 --method exact"
	if got := lhyP(t, line, "unit.squad", "casualty"); math.Abs(got-(0.1+0.2*0.3)) > 1e-12 {
		t.Errorf("default: P(casualty) = %v", got)
	}
	if got := lhyP(t, line+" --rule cohesion-fail=disrupt", "unit.squad", "casualty"); math.Abs(got-0.1) > 1e-12 {
		t.Errorf("disrupt: P(casualty) = %v", got)
	}
}

// TestLHYWorkerCountInvariance: the same seed gives byte-identical JSON
// for -j 1 and -j 4.
func TestLHYWorkerCountInvariance(t *testing.T) {
	var outs []string
	for _, j := range []string{"1", "4"} {
		code, stdout, stderr := cli(t, args("lhy --sadrm 1 --mdrm 2 --mfa-mv 2 --target a:7 --target b:7 --target c:6,rider --vehicle tank:6,afv,atv=1 "+
			"--atdrm tank=1 --open-terrain --trials 200000 --seed 5 --format json -j "+j)...)
		if code != exitOK {
			t.Fatalf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	if outs[0] != outs[1] {
		t.Errorf("-j 1 and -j 4 differ")
	}
}

// TestLHYBadInput: each bad input is one stderr line naming the flag (and
// the flag it needs), exit 2, nothing on stdout.
func TestLHYBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"lhy --target a:7", "--sadrm: nothing fires; give --sadrm, --mdrm or --atdrm"},
		{"lhy --sadrm 10 --target a:7", `--sadrm "10": want a whole number from -9 to 9`},
		{"lhy --sadrm 0x2 --target a:7", `--sadrm "0x2": not a whole decimal number`},
		{"lhy --sadrm 1_0 --target a:7", `--sadrm "1_0": not a whole decimal number`},
		{"lhy --sadrm 0 --sadrm 0 --sadrm 0 --sadrm 0 --sadrm 0 --sadrm 0 --sadrm 0 --target a:7", "--sadrm: 7 given; at most 6"},
		{"lhy --mdrm -10 --target a:7", `--mdrm "-10": want a whole number from -9 to 9`},
		{"lhy --mdrm 1 --mdrm 2 --target a:7", `--mdrm is given twice ("1", then "2")`},
		{"lhy --sadrm 1 --mfa-mv 2 --target a:7", "--mfa-mv: a Mortar Value needs the mortar's --mdrm"},
		{"lhy --mdrm 1 --mfa-mv 3 --target a:7", "--mfa-mv: a Mortar Value of 2 or more matters only to its roll of 10 against a --vehicle that is not a towed Gun"},
		{"lhy --mdrm 1 --mfa-mv 0 --target a:7", `--mfa-mv "0": want a whole number from 1 to 5`},
		{"lhy --mdrm 1 --mfa-mv 6 --target a:7", `--mfa-mv "6": want a whole number from 1 to 5`},
		{"lhy --sadrm 1 --target a:7 --leader 8 --leader 9", `--leader is given twice ("8", then "9")`},
		{"lhy --sadrm 1 --target a:7 --leader 11", `--leader "11": want a whole number from 0 to 10`},
		{"lhy --atdrm tank=1 --vehicle tank:8 --leader 8 --target a:7", "--leader: its −1 applies to a --sadrm or --mdrm result only"},
		{"lhy --atdrm tank=1 --vehicle tank", `--vehicle "tank": want NAME:AV`},
		{"lhy --atdrm tank=1 --vehicle tank:22", `--vehicle "tank:22": AV 22 outside 0…21`},
		{"lhy --atdrm tank=1 --vehicle tank:12,eav=22", `--vehicle "tank:12,eav=22": eav 22 outside 0…21`},
		{"lhy --atdrm tank=1", `--atdrm "tank=1": "tank" names no --vehicle`},
		{"lhy --atdrm tank --vehicle tank:8", `--atdrm "tank": want VEHICLE=N`},
		{"lhy --atdrm tank=12 --vehicle tank:8", `--atdrm "tank=12": +12 outside`},
		{"lhy --sadrm 1 --target a:7,rider", `--target "a:7,rider": rnp or rider with no --vehicle`},
		{"lhy --sadrm 1 --target a:7,rnp,on=bus --vehicle tank:8", `--target "a:7,rnp,on=bus": on=bus names no --vehicle; want one of tank`},
		{"lhy --sadrm 1 --target a:7,on=tank --vehicle tank:8", `--target "a:7,on=tank": on=tank needs rnp or rider`},
		{"lhy --sadrm 1 --target a:7,rnp --vehicle t1:8 --vehicle t2:8", "name its vehicle with on=VEHICLE"},
		{"lhy --sadrm 1 --target a:7 --target a:6", `--target "a": a --target has that name too`},
		{"lhy --sadrm 1 --target a:7,flying", `--target "a:7,flying": unknown option "flying"`},
		{"lhy --sadrm 1 --target a:7,russian,japanese", "japanese and russian both given"},
		{"lhy --sadrm 1 --target a:12", `--target "a:12": Cohesion 12 outside 0…10`},
		{"lhy --sadrm 1 --vehicle tank:8", "--sadrm: no --target to fire at"},
		{"lhy --sadrm 1 --target a:7 --open-terrain", "--open-terrain: it matters to Collateral Damage only, which needs a --vehicle"},
		{"lhy --atdrm tank=1 --vehicle tank:8 --ip", "--ip: an IP matters to the open-terrain step of Collateral Damage only; give --open-terrain"},
		{"lhy --atdrm tank=1 --vehicle tank:8 --assault", "--assault: an Assault matters to the open-terrain step"},
		{"lhy --atdrm tank=1 --vehicle tank:8 --ip --ip --open-terrain", `--ip is given twice`},
		{"lhy --atdrm tank=1 --vehicle tank:8 --at-from-mg", "--at-from-mg: it spares towed Guns only; no --vehicle is a towed-gun"},
		{"lhy --mdrm 1 --mfa-mv 2 --vehicle pak:2,towed-gun --vehicle t:2 --at-from-mg", "--at-from-mg: no anti-tank fire; give --atdrm"},
		{"lhy --sadrm 1 --target a:7 --rule cohesion-fail=maybe", `--rule "cohesion-fail=maybe": want cohesion-fail=casualty or cohesion-fail=disrupt`},
		{"lhy --sadrm 1 --target a:7 --rule surrender=true", `--rule "surrender=true"`},
		{"lhy --sadrm 1 --target a:7 --rule cohesion-fail=disrupt --rule cohesion-fail=casualty", "given twice"},
		{"lhy --sadrm 1 --target none:7", "reserved"},
		{"lhy --sadrm 2 --target sq:7 --vehicle t:3 --open-terrain", "--open-terrain: it matters to Collateral Damage only, and no vehicle can be Destroyed here"},
		{"lhy --sadrm 0 --target a:7,japanese --target b:6,russian --rule cohesion-fail=disrupt", "--rule cohesion-fail with no unit that takes a Cohesion check"},
		{"lhy --atdrm t=1 --vehicle t:4 --rule cohesion-fail=disrupt", "--rule cohesion-fail with no unit that takes a Cohesion check"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "sapper lhy: ") || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want …%s…", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestLHYTooManyUnits: the unit limit is named.
func TestLHYTooManyUnits(t *testing.T) {
	line := "lhy --sadrm 1"
	for i := range 13 {
		line += " --target u" + string(rune('a'+i)) + ":5"
	}
	code, _, stderr := cli(t, args(line)...)
	if code != exitUsage || !strings.Contains(stderr, "--target: 13 units; at most 12") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// TestLHYResolvedInputs: the JSON inputs carry what the defaults imply: the
// Rider aboard the only vehicle, as an RNP; MV 1; no leader.
func TestLHYResolvedInputs(t *testing.T) {
	code, stdout, stderr := cli(t, args("lhy --sadrm 1 --mdrm 0 --target a:7,rider --vehicle t:5,afv --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	in := decode(t, stdout)["inputs"].(map[string]any)
	if in["mfa_mv"] != 1.0 || in["leader"] != nil || in["mdrm"] != 0.0 {
		t.Errorf("inputs %v", in)
	}
	u := in["units"].([]any)[0].(map[string]any)
	if u["on"] != "t" || u["rnp"] != true || u["rider"] != true {
		t.Errorf("unit %v", u)
	}
	if r := in["rules"].(map[string]any); r["cohesion_fail"] != "casualty" {
		t.Errorf("rules %v", r)
	}
}

// TestLHYLeaderNoHigher: a leader whose Cohesion is no higher than any
// unit's leads no one (rules/lhy.md §2, item 3), and the heading says so: the
// same figures as without him.
func TestLHYLeaderNoHigher(t *testing.T) {
	code, stdout, stderr := cli(t, args("lhy --sadrm 0 --target squad:7 --leader 7 --method exact")...)
	// The heading is prose, wrapped at 80 columns: read as words.
	if code != exitOK || !strings.Contains(strings.Join(strings.Fields(stdout), " "), "; a leader of Cohesion 7 with the units, never a target, and no higher than any unit's: its −1 applies to none") {
		t.Errorf("exit %d, stderr %q, stdout %.300q", code, stderr, stdout)
	}
	_, without, _ := cli(t, args("lhy --sadrm 0 --target squad:7 --method exact")...)
	figures := func(out string) string { return scrubElapsed(out[strings.Index(out, "exact enumeration"):]) }
	if figures(stdout) != figures(without) {
		t.Errorf("a leader no higher than the unit changed the figures:\n%s\n---\n%s", stdout, without)
	}
	if _, stdout, _ := cli(t, args("lhy --sadrm 0 --target squad:7 --leader 8 --method exact")...); !strings.Contains(strings.Join(strings.Fields(stdout), " "), "; a leader of Cohesion 8 with the units, never a target ") {
		t.Errorf("a leader who leads: %.300q", stdout)
	}
}

// TestLHYScenarioOverride: a flag after the scenario replaces the file's
// single-valued flag rather than being refused as given twice.
func TestLHYScenarioOverride(t *testing.T) {
	code, stdout, stderr := cli(t, args("run lhy-platoon-in-the-open --mdrm 3 --leader 7")...)
	if code != exitOK || !strings.Contains(stdout, "MDRM +3 (MV 2)") || !strings.Contains(strings.Join(strings.Fields(stdout), " "), "a leader of Cohesion 7 with the units") {
		t.Errorf("exit %d, stderr %q, stdout %.300q", code, stderr, stdout)
	}
	code, _, stderr = cli(t, args("run lhy-platoon-in-the-open --mdrm 3 --mdrm 4")...)
	if code != exitUsage || !strings.Contains(stderr, "given twice") {
		t.Errorf("a flag given twice after the file: exit %d, stderr %q", code, stderr)
	}
}

// TestLHYSweepNeedsOneSADRM: a SADRM given and varied at once is refused.
func TestLHYSweepNeedsOneSADRM(t *testing.T) {
	code, _, stderr := cli(t, args("sweep lhy --sadrm 1 --target a:7 --vary sadrm=0..2")...)
	if code != exitUsage || !strings.Contains(stderr, "--sadrm is given too") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}
