package cli

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestAFVGolden pins whole outputs: the Tiger-side example of the README
// (rules/asl.md R16), a truck with Passengers, a Set DC and a short Monte
// Carlo run of a Thrown DC.
func TestAFVGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"afv_tiger_side_table", "afv --af hull=11/8/8,turret=11/8/8 --facing side --method exact"},
		{"afv_tiger_side_json", "afv --vehicle tiger --method exact --format json"},
		{"afv_truck_table", "afv --vehicle truck --passenger 4-6-7 --method exact --hide-zero"},
		{"afv_set_table", "afv --mode set --vehicle tiger --ce --other 4-6-7 --method exact --hide-zero"},
		{"afv_thrown_mc_table", "afv --vehicle medium-tank --mode thrown --afph --ce --thrower 4-6-8 --rider 4-6-7 --trials 5000 --seed 3"},
		{"afv_help", "afv --help"},
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

// TestAFVTigerSide is the check: the Tiger-like AFV through its
// side is killed, burning included, with probability 343/648 (R16).
func TestAFVTigerSide(t *testing.T) {
	code, stdout, stderr := cli(t, args("afv --af hull=11/8/8,turret=11/8/8 --facing side --method exact --format json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	doc := decode(t, stdout)
	for _, m := range doc["metrics"].([]any) {
		m := m.(map[string]any)
		if m["name"] != "killed" {
			continue
		}
		p := m["outcomes"].([]any)[0].(map[string]any)["p"].(float64)
		if math.Abs(p-343.0/648) > 1e-12 {
			t.Errorf("P(killed) = %v, want 343/648", p)
		}
		return
	}
	t.Fatal("no killed metric")
}

// TestAFVWorkerCountInvariance: the same seed gives byte-identical JSON
// for -j 1 and -j 8.
func TestAFVWorkerCountInvariance(t *testing.T) {
	var outs []string
	for _, j := range []string{"1", "8"} {
		code, stdout, stderr := cli(t, "afv", "--vehicle", "tiger", "--ce", "--rider", "4-6-7", "--rider", "leader:8-1",
			"--seed", "7", "--trials", "300000", "--format", "json", "-j", j)
		if code != exitOK {
			t.Fatalf("-j %s: exit %d, stderr %q", j, code, stderr)
		}
		outs = append(outs, string(normalize([]byte(stdout))))
	}
	if outs[0] != outs[1] {
		t.Errorf("-j 1 and -j 8 differ:\n%s\n---\n%s", outs[0], outs[1])
	}
}

// TestAFVBadInput: each bad input is one stderr line naming the flag,
// exit 2, nothing on stdout.
func TestAFVBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"afv --af hull=11/8", `--af "hull=11/8": hull: "11/8" has 2 AF`},
		{"afv --af hull=11/8/8", "the turret is missing"},
		{"afv --af hull=5/8/8,turret=11/8/8", `"5" is not an AF`},
		{"afv --af hull=18/14/14,turret=18/14/14", "--aerial-af: required"},
		{"afv --af 11/8/8 --aerial-af 5", `--aerial-af "5"`},
		{"afv --af 11/8/8 --aerial-af 11", "--aerial-af: 11 is above the worst AF 8"},
		{"afv --af 11/8/8 --thrower 4-6-7", "--thrower: only a Thrown DC"},
		{"afv --af 11/8/8 --cs 0", `--cs "0": want a whole number from 1 to 11`},
		{"afv --af 11/8/8 --cs 12", `--cs "12": want a whole number from 1 to 11`},
		{"afv --af 11/8/8 --crew-ml 11", `--crew-ml "11": want a whole number from 1 to 10`},
		{"afv", "--af is required"},
		{"afv --af 11/8/8 --vehicle tiger", "--af with --vehicle: both give the armor"},
		{"afv --vehicle panther", `--vehicle "panther": want one of`},
		{"afv --vehicle halftrack --open-topped=false", "--open-topped=false with --vehicle halftrack, which is Open-Topped"},
		{"afv --vehicle tiger --open-topped", "--open-topped=true with --vehicle tiger, which is not Open-Topped"},
		{"afv --af 11/8/8 --facing top", `--facing "top"`},
		{"afv --af 11/8/8 --same-hex --facing front", "--facing front with --same-hex"},
		{"afv --af 11/8/8 --mode set --facing side", "--facing with --mode set: a Set DC"},
		{"afv --af 11/8/8 --mode set --cx", "--cx with --mode set: a Set DC"},
		{"afv --af 11/8/8 --afph", "--afph with --mode placed: the AFPh +1 is a Thrown DC's"},
		{"afv --vehicle truck --motion", "--motion with an unarmored vehicle: Motion changes only the Position DR"},
		{"afv --vehicle truck --red-cs", "--red-cs with an unarmored vehicle: "},
		// inputs that cannot matter to this vehicle or this mode
		{"afv --vehicle truck --mode thrown --ce", "--ce with an unarmored vehicle: its crew is unprotected"},
		{"afv --af hull=4/-/-,turret=4/2/2 --facing side --other hs:2-4-8", "--other with an unarmored facing: through an unarmored facing the --other units are not attacked"},
		{"afv --mode set --vehicle tiger --concealed", "--concealed with --mode set with nothing to attack"},
		{"afv --af 11/8/8 --rider 4-6-x", `--rider "4-6-x"`},
		{"afv --af 11/8/8 --tem 9", `--tem "9": want a whole number from 0 to 8`},
		{"afv --af 11/8/8 --enemy-infantry 2", "--enemy-infantry: only a Set DC"},
		{"afv --af 11/8/8 --rule flame-ignores-concealment=true", "unknown KEY"},
		// The flag whose units go over the limit is the one named.
		{"afv --vehicle tiger" + strings.Repeat(" --rider 4-6-7", 11),
			"sapper afv: --rider: 11 units; at most 10 Riders (--rider), CE Passengers (--passenger) and other units (--other) together in the AFV's Location\n"},
		{"afv --vehicle tiger" + strings.Repeat(" --rider 4-6-7 --passenger 4-6-7", 6),
			"sapper afv: --passenger: 12 units; at most 10"},
		{"afv --vehicle tiger --mode set --rider 4-6-7" + strings.Repeat(" --other 4-6-7", 10),
			"sapper afv: --other: 11 units; at most 10"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want …%s…", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestAFVResolvedInputs: the JSON inputs carry the defaults and the
// preset as resolved.
func TestAFVResolvedInputs(t *testing.T) {
	code, stdout, stderr := cli(t, args("afv --vehicle halftrack --method exact --format json --rule dc-hull-plus-one-also-shocks=true")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	in := decode(t, stdout)["inputs"].(map[string]any)
	for k, want := range map[string]any{"mode": "placed", "vehicle": "halftrack", "open_topped": true, "facing": "side",
		"cs": 6.0, "crew_ml": 8.0, "basic_tk": 16.0, "aerial_af": -1.0, "armor": "hull=1/0/0,turret=1/0/0"} {
		if in[k] != want {
			t.Errorf("inputs.%s = %v, want %v", k, in[k], want)
		}
	}
	opts := in["options"].(map[string]any)
	if opts["dc_hull_plus_one_also_shocks"] != true || opts["halve_collateral_if_concealed"] != true {
		t.Errorf("options %v", opts)
	}
}

// FuzzAFVArgs drives the afv command line with arbitrary arguments, as
// FuzzParseArgs does for dc.
func FuzzAFVArgs(f *testing.F) {
	fuzzCommand(f, "afv",
		"--af\x00hull=11/8/8,turret=11/8/8\x00--facing\x00side",
		"--vehicle\x00tiger\x00--mode\x00thrown\x00--afph\x00--thrower\x004-6-8",
		"--vehicle\x00truck\x00--passenger\x004-6-7\x00--method\x00exact",
		"--af\x0018/14/14\x00--aerial-af\x004",
		"--af\x00hull=2/-/-,turret=2/-/-\x00--rider\x004-6-7,elr=2",
		"--mode\x00set\x00--af\x0011/8/8\x00--ce\x00--other\x004-6-7",
		"--af\x00hull=11/8",
		"--cs\x00-1",
		"--help",
	)
}

// TestAFVHullPlusOneAlsoShocks: under the reading that a hull hit's TK DR
// of TK# + 1 also Shocks (§8.8, switched), that result is Immobilized and
// Shocked at once: the AFV is immobilized as often as by default, the
// headline with it, and Shocked that much more often; the crew's TC, and
// so Abandonment, are the default's.
func TestAFVHullPlusOneAlsoShocks(t *testing.T) {
	p := func(doc map[string]any, metric, label string) float64 {
		for _, m := range doc["metrics"].([]any) {
			mm := m.(map[string]any)
			if mm["name"] != metric {
				continue
			}
			for _, o := range mm["outcomes"].([]any) {
				if oo := o.(map[string]any); oo["value"] == label {
					return oo["p"].(float64)
				}
			}
		}
		return 0
	}
	run := func(extra string) map[string]any {
		code, stdout, stderr := cli(t, args("afv --vehicle tiger --method exact --format json"+extra)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return decode(t, stdout)
	}
	plain, switched := run(""), run(" --rule dc-hull-plus-one-also-shocks=true")
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	both := p(switched, "afv", "immobilized_shocked")
	if both <= 0 {
		t.Fatal("no immobilized_shocked outcome under the switch")
	}
	if !near(p(switched, "afv", "immobilized")+both, p(plain, "afv", "immobilized")) {
		t.Errorf("immobilized %v + %v under the switch, %v by default", p(switched, "afv", "immobilized"), both, p(plain, "afv", "immobilized"))
	}
	if !near(p(switched, "afv", "shocked"), p(plain, "afv", "shocked")) {
		t.Errorf("shocked alone %v under the switch, %v by default", p(switched, "afv", "shocked"), p(plain, "afv", "shocked"))
	}
	if !near(p(switched, "abandoned", "yes"), p(plain, "abandoned", "yes")) {
		t.Errorf("abandoned %v under the switch, %v by default", p(switched, "abandoned", "yes"), p(plain, "abandoned", "yes"))
	}
	hp := func(doc map[string]any) float64 { return doc["headline"].(map[string]any)["p"].(float64) }
	if !near(hp(switched), hp(plain)) {
		t.Errorf("headline %v under the switch, %v by default", hp(switched), hp(plain))
	}
	if p(plain, "afv", "immobilized_shocked") != 0 || strings.Contains(fmt.Sprint(plain["metrics"]), "immobilized_shocked") {
		t.Error("the default's afv metric has an immobilized_shocked outcome")
	}
}

// TestAFOneWant: an --af error says what it wants once.
func TestAFOneWant(t *testing.T) {
	for _, a := range []string{"8/6/5", "hull=8/6,turret=1/1/1", "8/6", "hull=x/6/5,turret=1/1/1", "hull=8/6/6", "tank=8/6/6"} {
		code, _, stderr := cli(t, "afv", "--af", a)
		if code != exitUsage || strings.Count(stderr, "want") != 1 {
			t.Errorf("--af %s: exit %d, %q: want one \"want\"", a, code, stderr)
		}
	}
}
