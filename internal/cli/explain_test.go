//go:build !js

package cli

import (
	"encoding/json"
	"math"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
	"github.com/sapperhq/sapper/report"
)

// The --explain outputs a player checks line by line against the rules:
// a Placed DC, a concealed Thrown DC, a Set DC, an AFV attack, fire that
// Cowers, an FFE, a FT, WP and an AFV entering a building, and one of each
// other game.
var explainCases = []struct{ name, args string }{
	{"explain_dc_placed_table", "dc --target 4-6-7 --target leader:8-1 --tem 3 --cx --method exact --explain"},
	{"explain_dc_thrown_concealed_table", "dc --mode thrown --concealed --target 4-6-7 --target leader:8-1 --tem 2 --thrower 4-6-8 --afph --method exact --explain"},
	{"explain_dc_set_table", "dc --mode set --target 4-6-7 --target hs:2-4-7,broken --target leader:9-2,wounded --user non-elite --setter 4-6-8 --building stone --method exact --explain"},
	{"explain_afv_table", "afv --vehicle tiger --mode thrown --ce --rider 4-6-7 --thrower 4-6-8 --method exact --explain"},
	{"explain_afv_truck_table", "afv --af -/-/- --rider 4-6-7 --other hs:2-4-7,concealed --tem 2 --method exact --explain"},
	{"explain_compare_table", "compare --method exact --explain"},
	{"explain_plans_table", "run plans-prep-then-placed --method exact --explain"},
	{"explain_building_table", "building --dice 12 --combined 4 --method exact --explain"},
	{"explain_lhy_table", "lhy --target squad:7 --target lmg:6,concealed --leader 8 --sadrm 1 --sadrm 3 --mdrm 0 --method exact --explain"},
	{"explain_activate_table", "activate two-sq-crossing --method mc --trials 2000 --explain"},
	{"explain_dc_json", "dc --target 4-6-7 --concealed --method exact --explain --format json"},
	{"explain_fire_stack_table", "fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1 --method exact --explain"},
	{"explain_fire_concealed_green_table", "fire --fp 12 --drm 1 --target 4-6-7,concealed --target leader:8-1 --firer-class green --method exact --explain"},
	{"explain_fire_ffe_table", "fire --fp 20 --weapon ffe --building stone --level 1 --top 2 --target 4-6-7 --method exact --explain"},
	{"explain_fire_ft_table", "fire --fp 24 --weapon ft --terrain woods --ec dry --target 4-6-7 --leader-directed --drm=-1 --method exact --explain"},
	{"explain_fire_wp_table", "fire --weapon wp --building wooden --ec dry --method exact --explain"},
	{"explain_fire_afv_json", "fire --afv-enters-building --building stone --top 1 --bog-drm=-2 --method exact --explain --format json"},
}

func TestExplainGolden(t *testing.T) {
	for _, c := range explainCases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			golden.Check(t, c.name, []byte(scrubElapsed(stdout)))
		})
	}
}

// explainDoc is a single result's JSON with its working.
type explainDoc struct {
	Explain report.Explanation `json:"explain"`
	resultDoc
}

// TestExplainTableIsTheExactResult: the chances of the first roll's table
// add to 1, and summed by what the table says each Original DR does, they
// are the exact run's own figures for that roll.
func TestExplainTableIsTheExactResult(t *testing.T) {
	for _, c := range []struct {
		args          string
		table, column string // the table and the column whose values are the metric's outcomes
		metric        string
		rename        map[string]string // table value → outcome label
	}{
		{"dc --target 4-6-7 --target leader:8-1 --tem 3 --cx", tableAttackDR, "IFT", "ift", map[string]string{"malfunction": "no_attack"}},
		{"dc --mode thrown --concealed --target 4-6-7 --tem 2 --afph", tableAttackDR, "IFT", "ift", map[string]string{"malfunction": "no_attack"}},
		{"dc --mode set --target 4-6-7 --target 4-6-7 --user non-elite", tableAttackDR, "IFT", "ift", map[string]string{"malfunction": "no_attack"}},
		{"afv --vehicle tiger --mode thrown --ce", tablePosition, "Position", "position", nil},
		{"afv --vehicle tiger --facing rear --motion", tablePosition, "Position", "position", nil},
		{"building --dice 16", tableBuildingHits, "building", "building", nil},
		{"building --area 6 --suppressive --target 4 --target 3,cover=1,pinned", tableSquadHits + "1", "squad", "squad.1", nil},
		{"building --area 6 --suppressive --target 4 --target 3,cover=1,pinned --pin-hits 2 --disrupt-hits 3", tableSquadHits + "2", "squad", "squad.2", nil},
		{"fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1", tableAttackDR, "IFT", "ift", nil},
		{"fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1", tableAttackDR, colCowers, "cowering", map[string]string{"—": "no", "1 column": "yes"}},
		// A concealed stack that Cowers two columns: every unit on the 6.
		{"fire --fp 12 --concealed --drm 1 --target 4-6-7 --target leader:8-1 --firer-class green", tableAttackDR, "IFT", "ift", nil},
		// Units on two columns: the metric is the first target's.
		{"fire --fp 12 --drm 1 --target 4-6-7,concealed --target leader:8-1 --firer-class conscript", tableAttackDR, "IFT (4-6-7,concealed)", "ift", nil},
		{"fire --fp 2 --firer-class conscript --target 4-6-7", tableAttackDR, "IFT", "ift", nil},
		{"fire --fp 20 --weapon ffe --building stone --level 1 --top 2 --target 4-6-7", tableAttackDR, "IFT", "ift", nil},
		{"fire --fp 12 --weapon he --calibre 75 --building wooden", tableAttackDR, "IFT", "ift", nil},
		{"fire --weapon wp --building wooden --ec dry --fortified", tableFlameDR, "Flame", "flame", nil},
		{"fire --afv-enters-building --building stone --bog-drm=-3", tableEntryDR, "Rubble", "rubble", nil},
	} {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args+" --method exact --explain --format json")...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var doc explainDoc
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatal(err)
			}
			tab := doc.Explain.Table(c.table)
			if tab == nil {
				t.Fatalf("no %s table", c.table)
			}
			pc, vc := tab.Column(colP), tab.Column(c.column)
			if pc < 0 || vc < 0 {
				t.Fatalf("columns %q", tab.Columns)
			}
			total := 0.0
			by := map[string]float64{}
			for _, r := range tab.Rows {
				p := r[pc].(float64)
				total += p
				v := r[vc].(string)
				if n, ok := c.rename[v]; ok {
					v = n
				}
				by[v] += p
			}
			if math.Abs(total-1) > 1e-12 {
				t.Errorf("the table's chances add to %v", total)
			}
			for v, p := range by {
				if got := doc.p(c.metric, v); math.Abs(got-p) > 1e-12 {
					t.Errorf("%s = %s: table %v, exact run %v", c.metric, v, p, got)
				}
			}
		})
	}
}

func TestExplainBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7 --explain --format csv", "--explain with --format csv"},
		{"building --needed 0.5 --explain", "--explain with --needed"},
		{"dc --target 4-6-7 --explain=maybe", `--explain "maybe": want true or false`},
	} {
		wantUsage(t, c.args, c.want)
	}
}

// TestExplainLeavesTheResultAlone: --explain adds the working and changes
// no figure, nor the chart.
func TestExplainLeavesTheResultAlone(t *testing.T) {
	_, plain, _ := cli(t, args("dc --target 4-6-7 --trials 3000 --format json")...)
	_, explained, _ := cli(t, args("dc --target 4-6-7 --trials 3000 --format json --explain")...)
	var a, b map[string]any
	if err := json.Unmarshal([]byte(normalize([]byte(plain))), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(normalize([]byte(explained))), &b); err != nil {
		t.Fatal(err)
	}
	if b["explain"] == nil {
		t.Fatal("no explain object")
	}
	delete(b, "explain")
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) {
		t.Errorf("--explain changed the result:\n%s\n%s", ja, jb)
	}
}

// TestExplainPlans: each plan's working is each of its attacks' own, in
// order, its tables named by the attack: a plan's single DC shows what
// sapper dc shows for the same attack.
func TestExplainPlans(t *testing.T) {
	_, out, stderr := cli(t, "plans", "--target", "4-6-7", "--target", "leader:8-1", "--building", "stone",
		"--plan", "DC alone: dc placed", "--plan", "prep then DC: fire 8 -1 leader; dc placed", "--method", "exact", "--explain", "--format", "json")
	var doc struct {
		Runs []struct {
			Label   string             `json:"label"`
			Explain report.Explanation `json:"explain"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v: %s", err, stderr)
	}
	if len(doc.Runs) != 2 {
		t.Fatalf("%d runs, want 2", len(doc.Runs))
	}
	for i, want := range [][]string{{"attack.1.attack_dr"}, {"attack.1.attack_dr", "attack.2.attack_dr"}} {
		e := doc.Runs[i].Explain
		for _, name := range want {
			if e.Table(name) == nil {
				t.Errorf("%s: no table %s", doc.Runs[i].Label, name)
			}
		}
		if e.Table("attack."+strconv.Itoa(len(want)+1)+".attack_dr") != nil {
			t.Errorf("%s: a table for an attack it does not make", doc.Runs[i].Label)
		}
	}
	_, dcOut, _ := cli(t, args("dc --target 4-6-7 --target leader:8-1 --building stone --method exact --explain --format json")...)
	var dc explainDoc
	if err := json.Unmarshal([]byte(dcOut), &dc); err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(doc.Runs[0].Explain.Table("attack.1.attack_dr").Rows)
	want, _ := json.Marshal(dc.Explain.Table(tableAttackDR).Rows)
	if string(got) != string(want) {
		t.Errorf("the plan's DC attack DR table differs from sapper dc's:\n%s\n%s", got, want)
	}
}
