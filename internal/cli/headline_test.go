package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// TestHeadlines: every command answers its question first, in
// the table's first line and as the JSON's headline, on the same figure
// as the metric it names.
func TestHeadlines(t *testing.T) {
	for _, c := range []struct{ args, metric, outcome, text string }{
		{"dc --target 4-6-7 --method exact", "stack", "cleared", "The stack is cleared (every target eliminated, surrendered or broken): "},
		{"dc --target 4-6-7,broken --method exact", "target.1", "eliminated|surrendered", "No target starts in Good Order, so the stack is clear before any attack; the 4-6-7,broken is eliminated or captured: 42.98%."},
		{"fire --fp 8 --target 4-6-7,broken --target leader:8-1,disrupted --method exact", "target.1", "eliminated|surrendered", "No target starts in Good Order, so the stack is clear before any attack; the 4-6-7,broken is eliminated or captured: "},
		{"fire --fp 8 --target 4-6-7,broken --target leader:8-1 --method exact", "stack", "cleared", "The stack is cleared"},
		{"fire --fp 8 --target 4-6-7 --method exact", "stack", "cleared", "The stack is cleared"},
		// No one to clear: the obstacle's figure (3/36 and 33/36).
		{"dc --roadblock narrow --method exact", "roadblock", "yes", "The roadblock is removed: 8.33%."},
		{"dc --breach rowhouse --building stone --method exact", "breach", "yes", "The wall is breached: 91.67%."},
		// rules/asl.md R16: eliminated 343/648, Immobilized 81/1296.
		{"afv --vehicle tiger --facing side --method exact", "afv", "burning|eliminated", "The AFV is eliminated (burning or not): 52.93%; Immobilized instead: 6.25%."},
		// rules/toi.md: 12 attack dice against 2 red dice bring the
		// building down 11.06% of the time.
		{"building --dice 12 --method exact", "building", "destroyed", "The building is destroyed: 11.06%."},
		{"activate two-sq-crossing", "arrived", "yes", "The moving stack arrives with a unit in Good Order: "},
		{"lhy --sadrm 1 --target rifle:7 --method exact", "unit.rifle", "casualty", "Unit rifle suffers a Casualty: "},
		// The unit the fire finds (13.1.3), not the first listed.
		{"lhy --sadrm 3 --target a:5 --target b:8 --method exact", "unit.b", "casualty", "Unit b suffers a Casualty: 42.00%"},
		// Units alike, a tie the fire breaks at random: named together.
		{"lhy --sadrm 1 --target a:7 --target b:7 --target c:7 --method exact", "unit.a", "casualty", "Unit a (b and c alike) suffers a Casualty: 8.67%; Disrupted instead: 4.67%."},
		// by the inputs, not the figures: a Monte Carlo run names them so
		// whichever unit its seed favoured, and not a unit unlike them
		{"lhy --sadrm 1 --target a:7 --target b:7 --target c:7 --trials 1000 --seed 2", "unit.a", "casualty", "Unit a (b and c alike) suffers a Casualty: "},
		{"lhy --sadrm 1 --target a:7 --target b:7 --target c:7 --trials 1000 --seed 5", "unit.a", "casualty", "Unit a (b and c alike) suffers a Casualty: "},
		{"lhy --sadrm 1 --target a:7 --target b:6 --target c:7 --method exact", "unit.a", "casualty", "Unit a (c alike) suffers a Casualty: 13.00%"},
		{"lhy --atdrm tank=2 --vehicle tank:8,afv --target a:6 --method exact", "vehicle.tank", "destroyed", "Vehicle tank is destroyed: "},
		// an AT attack alone asks about the vehicle, though its Collateral
		// Damage may touch a Rider
		{"lhy --atdrm tank=2 --vehicle tank:8,afv --target r:6,rider --method exact", "vehicle.tank", "destroyed", "Vehicle tank is destroyed: 40.00%; Shocked instead: 10.00%."},
		{"compare --method exact", "stack", "cleared", "Thrown clears the stack most often: 24.71%, its thrower out 51.46%; placed 17.09% (Placer out 43.60%), set 7.30% (Setter out 63.35%)."},
		{"compare --preset --method exact", "stack", "cleared", "Set (before play) clears the stack most often: "},
		// Sampled too little to rank the first two: the headline says so.
		{"compare --trials 30", "stack", "cleared", "Thrown clears the stack most often: 20.00% (95% interval 9.51–37.31%), its thrower out 50.00%; set 13.33% (Setter out 53.33%), placed 6.67% (Placer out 50.00%). The intervals of thrown and set overlap: more trials may tell them apart."},
		{"compare --trials 2", "stack", "cleared", "Placed clears the stack as often as thrown: 50.00% (95% interval 9.45–90.55%), its Placer out 50.00%; thrown 50.00% (thrower out 50.00%), set 0.00% (Setter out 50.00%). The intervals of placed and thrown overlap: more trials may tell them apart."},
		{"compare --method exact --building none --tem 8 --drm 8 --dff 100:-10 --target 4-6-7", "stack", "cleared", "No way clears the stack: placed 0.00% (Placer out 100.00%), thrown 0.00% (thrower out 51.46%), set 0.00% (Setter out 100.00%)."},
		// A stack with no target in Good Order is clear before any
		// attack: the ways are ranked by a KIA, which the table shows.
		{"compare --target 4-6-7,broken --method exact", "ift", "7KIA|6KIA|5KIA|4KIA|3KIA|2KIA|1KIA", "No target starts in Good Order, so the stack is clear before any attack; set gets a KIA most often: 7.30%, its Setter out 63.35%; placed 1.19% (Placer out 43.60%), thrown 0.00% (thrower out 51.46%)."},
	} {
		code, table, stderr := cli(t, args(c.args)...)
		if code != exitOK || !strings.HasPrefix(table, c.text) {
			t.Errorf("%s: exit %d %s, table starts %q", c.args, code, stderr, firstLine(table))
			continue
		}
		_, out, _ := cli(t, args(c.args+" --format json")...)
		var doc struct {
			Headline *report.Headline  `json:"headline"`
			Metrics  []metricDoc       `json:"metrics"`
			Runs     []json.RawMessage `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Headline == nil {
			t.Fatalf("%s: %v, headline %v", c.args, err, doc.Headline)
		}
		h := doc.Headline
		if h.Metric != c.metric || h.Outcome != c.outcome || !strings.HasPrefix(h.Text, c.text) || firstLine(table) != h.Text {
			t.Errorf("%s: headline %+v", c.args, h)
		}
		var p float64
		for _, m := range doc.Metrics {
			if m.Name != c.metric {
				continue
			}
			for _, o := range m.Outcomes {
				if strings.Contains("|"+c.outcome+"|", "|"+o.Value+"|") {
					p += o.P
				}
			}
		}
		if len(doc.Runs) == 0 && math.Abs(p-h.P) > 1e-15 {
			t.Errorf("%s: headline p %v, the metric's %v", c.args, h.P, p)
		}
	}
}

// TestSweepHeadline: a sweep's first line follows one figure over its
// values, for each way, with the interval of a Monte Carlo figure; its
// JSON headline names the figure and gives no p of its own; a goal's
// answer stands in its place.
func TestSweepHeadline(t *testing.T) {
	for _, c := range []struct{ args, text, metric, outcome string }{
		// rules/asl.md: a Placed DC on a 4-6-7 clears 84.70% at TEM 0 (R1).
		{"sweep dc --target 4-6-7 --vary tem=0..1 --method exact", "Cleared goes from 84.70% at tem=0 to 79.69% at tem=1.", "", "cleared"},
		{"sweep compare --vary tem=0..1 --method exact", "Cleared from tem=0 to tem=1: placed 27.97% → 24.33%, thrown ", "", "cleared"},
		// 8 FP at DRM −2 leaves no result 1/36 of the time, at +4 26/36.
		{"sweep fire --fp 8 --target 4-6-7 --vary drm=-2..4 --metric ift --method exact", "P(ift = none) goes from 2.78% at drm=-2 to 72.22% at drm=4.", "ift", "none"},
		{"sweep fire --fp 8 --target 4-6-7 --vary drm=0..1 --metric ift --method exact --cumulative", "P(ift ≥ ", "ift", ""},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --trials 20000", "Cleared goes from 8", "", "cleared"},
		// A SW carried changes nothing a DC does to its unit.
		{"sweep dc --target 4-6-7 --vary sw=0..2 --method exact", "Cleared stays at 84.70% from sw=0 to sw=2.", "", "cleared"},
		// No target starts in Good Order: a KIA is followed, not the
		// cleared a Location clear before any attack shows (a Placed DC
		// on the 30 FP column: a KIA on a DR of 4 or less, 3 at TEM 1).
		{"sweep dc --target 4-6-7,broken --vary tem=0..1 --method exact", "No target starts in Good Order, so the stack is clear before any attack; any KIA goes from 27.78% at tem=0 to 16.67% at tem=1.", "", "any KIA"},
		{"sweep compare --target 4-6-7,broken --vary tem=0..1 --method exact", "No target starts in Good Order, so the stack is clear before any attack; any KIA from tem=0 to tem=1: placed 11.90% → 7.14%, thrown 8.33% → 2.78%, set ", "", "any KIA"},
		// One value: nothing goes anywhere.
		{"sweep dc --target 4-6-7 --vary tem=2..2 --method exact", "Cleared is 73.53% at tem=2.", "", "cleared"},
		{"sweep compare --vary tem=2..2 --method exact", "Cleared at tem=2: placed 20.72%, thrown 31.74%, set 7.30%.", "", "cleared"},
	} {
		code, table, stderr := cli(t, args(c.args)...)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.args, code, stderr)
		}
		if !strings.HasPrefix(table, c.text) {
			t.Errorf("%s: first line %q, want it to begin %q", c.args, firstLine(table), c.text)
		}
		if strings.Contains(c.args, "trials") && !strings.Contains(firstLine(table), "% (") {
			t.Errorf("%s: a Monte Carlo figure without its interval: %q", c.args, firstLine(table))
		}
		if strings.Contains(c.args, "cumulative") {
			continue // its JSON has every at-least figure, and no table to follow
		}
		_, js, _ := cli(t, append(args(c.args), "--format", "json")...)
		var doc struct {
			Headline map[string]any `json:"headline"`
		}
		if err := json.Unmarshal([]byte(js), &doc); err != nil {
			t.Fatal(err)
		}
		h := doc.Headline
		if h["text"] != firstLine(table) || h["metric"] != c.metric || c.outcome != "" && h["outcome"] != c.outcome {
			t.Errorf("%s: JSON headline %v, table's first line %q", c.args, h, firstLine(table))
		}
		if _, ok := h["p"]; ok {
			t.Errorf("%s: a sweep's headline has a p of its own: %v", c.args, h)
		}
	}
	_, table, _ := cli(t, args("sweep dc --target 4-6-7 --vary tem=0..1 --method exact --goal stack=cleared>=0.8")...)
	if !strings.HasPrefix(table, "goal: ") || strings.Contains(table, "goes from") {
		t.Errorf("a sweep with a goal: %q", table)
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// TestPlansHeadline: plans answer which plan clears the Location most
// often and by how much against the next best: exactly in an exact run,
// with Newcombe's interval in a Monte Carlo one, and a tie as a tie.
func TestPlansHeadline(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"run plans-set-fire-thrown",
			`Plan "set DC" clears the Location most often (every target eliminated, surrendered or broken): 83.33%, 49.53 points more than "thrown DC" (33.81%).`},
		{"plans --target 4-6-7 --plan a:_fire_4 --plan b:_fire_4 --method exact",
			`Plan "a" clears the Location as often as "b" (every target eliminated, surrendered or broken): 21.63%.`},
		{"run plans-fire-group --method mc --trials 20000 --seed 2",
			`points (95% interval +`},
		{"plans --target 4-6-7,broken --target leader:8-1,disrupted --plan a:_fire_8 --plan b:_dc_placed --method exact",
			`No target starts in Good Order, so the Location is clear before any attack; plan "b" eliminates or captures the 4-6-7,broken most often: `},
		{"plans --target 4-6-7,broken --target leader:8-1 --plan a:_fire_8 --plan b:_dc_placed --method exact",
			`Plan "b" clears the Location most often`},
		// A Monte Carlo run that saw no elimination says so of its trials.
		{"plans --target 4-6-7,broken --plan a:_fire_1_+5 --plan b:_fire_1_+6 --building stone --method mc --trials 5000",
			`no plan eliminates or captures the 4-6-7,broken in any trial: 0.00% (95% interval`},
	} {
		argv := args(c.args)
		for i := range argv {
			argv[i] = strings.ReplaceAll(argv[i], "_", " ")
		}
		code, table, stderr := cli(t, argv...)
		line := firstLine(table)
		if code != exitOK || !strings.Contains(line, c.want) {
			t.Errorf("%s: exit %d %s, headline %q, want %q", c.args, code, stderr, line, c.want)
		}
	}
}

// TestSweepHeadlineCutShort: a sweep of several ways cut short in its
// first way names the way its figures are of.
func TestSweepHeadlineCutShort(t *testing.T) {
	cols := sweepCols{names: []string{"cleared"}}
	res := &sim.Result{Method: sim.MonteCarlo, Complete: false}
	cell := []report.Cell{{P: 0.2797, Lo: 0.2796, Hi: 0.2798, Valid: true}}
	one := []sweptRun{{value: "tem=0", way: "placed", res: res, cells: cell}}
	h := sweepHeadline(cols, cols.names, one, false)
	if want := "Cleared (placed) is 27.97% (27.96–27.98%, partial) at tem=0."; h == nil || h.Text != want {
		t.Errorf("compare's sweep cut short in its first way: %+v, want %q", h, want)
	}
	two := append(one, sweptRun{value: "tem=1", way: "placed", res: res, cells: cell})
	if h := sweepHeadline(cols, cols.names, two, false); h == nil || !strings.HasPrefix(h.Text, "Cleared (placed) stays at ") {
		t.Errorf("compare's sweep of one way over two values: %+v", h)
	}
}

// TestSweepHeadlineFollowsWhatMoves: a sweep whose value leaves cleared
// where it was in every way (the thrower's own TEM: it shields the
// thrower, not the targets) follows the figure that moves, the user out,
// rather than the ways' cleared side by side, which differ from each
// other but not from value to value.
func TestSweepHeadlineFollowsWhatMoves(t *testing.T) {
	code, stdout, stderr := cli(t, "sweep", "compare", "--vary", "thrower-tem=0..3", "--method", "exact")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := "User out from thrower-tem=0 to thrower-tem=3: placed 43.60% → 43.60%, thrown 51.46% → 24.46%, set 63.35% → 63.35%.\n"
	if first, _, _ := strings.Cut(stdout, "\n"); first+"\n" != want {
		t.Errorf("the headline is %q; want %q", first, want)
	}
	// By Monte Carlo a way's cleared differs from value to value by
	// chance, within its intervals: not a move.
	code, stdout, stderr = cli(t, "sweep", "compare", "--vary", "thrower-tem=0..3", "--trials", "20000")
	if code != exitOK || !strings.HasPrefix(stdout, "User out from thrower-tem=0 to thrower-tem=3: ") {
		t.Errorf("by Monte Carlo: exit %d, %s, the headline %.120q", code, stderr, stdout)
	}
}

// TestBestWayTiesAndNone: compare's first line names no way "most often"
// when another does as well ("as often as"), nor any when none does
// ("No way clears the stack"), as plans' first line does.
func TestBestWayTiesAndNone(t *testing.T) {
	way := func(label string, cleared float64) report.Run {
		stack := sim.MetricSummary{Metric: sim.Metric{Name: asl.MetricStack, Labels: []string{"cleared", "not_cleared"}}, Outcomes: []sim.OutcomeSummary{
			{Label: "cleared", P: cleared, Lo: cleared, Hi: cleared}, {Label: "not_cleared", P: 1 - cleared, Lo: 1 - cleared, Hi: 1 - cleared}}}
		return report.Run{Label: label, Result: &sim.Result{Method: sim.Exact, Complete: true, Metrics: []sim.MetricSummary{stack}}}
	}
	for _, c := range []struct {
		runs []report.Run
		want string
	}{
		{[]report.Run{way("placed", 0.25), way("thrown", 0.25), way("set", 0.1)}, "Placed clears the stack as often as thrown: 25.00%; thrown 25.00%, set 10.00%."},
		{[]report.Run{way("placed", 0.1), way("thrown", 0.25), way("set", 0.25)}, "Thrown clears the stack as often as set: 25.00%; set 25.00%, placed 10.00%."},
		{[]report.Run{way("placed", 0.1), way("thrown", 0.25), way("set", 0.2)}, "Thrown clears the stack most often: 25.00%; set 20.00%, placed 10.00%."},
		{[]report.Run{way("placed", 0), way("thrown", 0), way("set", 0)}, "No way clears the stack: placed 0.00%, thrown 0.00%, set 0.00%."},
	} {
		h := bestWay(report.Report{Inputs: asl.Comparison{}, Runs: c.runs})
		if h == nil || h.Text != c.want {
			t.Errorf("got %+v, want %q", h, c.want)
		}
	}
}

// TestLowerFirst: a sentence's capital gives way where a clause comes
// before it; a name or symbol written in capitals keeps them.
func TestLowerFirst(t *testing.T) {
	for in, want := range map[string]string{
		"The stack is cleared":     "the stack is cleared",
		"Cleared goes from 84.70%": "cleared goes from 84.70%",
		"E[out] goes from 0.5":     "E[out] goes from 0.5",
		"P(ift = 4MC) goes from":   "P(ift = 4MC) goes from",
		"KIA":                      "KIA",
		"A Set DC never harms":     "a Set DC never harms",
		"DC":                       "DC",
		"A":                        "A",
		"":                         "",
	} {
		if got := lowerFirst(in); got != want {
			t.Errorf("lowerFirst(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestHeadlineOfNoStack: an attack whose question is not a stack's
// heads its result with the figure it asks about. A Set DC never harms an
// armored AFV itself (A23.71), and says so; an unarmored vehicle it attacks
// on the vehicle line, a figure as any other. Fire on no unit asks Table
// 23's question: R30's WP, 6/36; an AFV entering a wooden building with a
// Bog Check DRM of −2 rubbles it on a colored dr of 1 or 2, 2/6.
func TestHeadlineOfNoStack(t *testing.T) {
	for args, want := range map[string]string{
		"afv --mode set --vehicle tiger --ce --method exact":                       "A Set DC never harms the AFV itself, only its Vulnerable PRC (A23.71); it is eliminated: 0.00%.",
		"afv --mode set --vehicle truck --method exact":                            "The vehicle is eliminated (burning or not): 97.22%.",
		"fire --weapon wp --building wooden --ec dry --method exact":               "A Flame is placed: 16.67%.",
		"fire --afv-enters-building --building wooden --bog-drm=-2 --method exact": "The Location is rubbled: 33.33%.",
	} {
		code, stdout, stderr := cli(t, strings.Fields(args)...)
		if first, _, _ := strings.Cut(stdout, "\n"); code != exitOK || first != want {
			t.Errorf("%s: exit %d, %s; headline %q, want %q", args, code, stderr, first, want)
		}
	}
}
