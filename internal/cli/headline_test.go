package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
)

// TestHeadlines: every command but sweep answers its question first, in
// the table's first line and as the JSON's headline, on the same figure
// as the metric it names.
func TestHeadlines(t *testing.T) {
	for _, c := range []struct{ args, metric, outcome, text string }{
		{"dc --target 4-6-7 --method exact", "stack", "cleared", "The stack is cleared (no target left in Good Order): "},
		{"fire --fp 8 --target 4-6-7 --method exact", "stack", "cleared", "The stack is cleared"},
		// rules/asl.md R16: eliminated 343/648, Immobilized 81/1296.
		{"afv --vehicle tiger --facing side --method exact", "afv", "burning|eliminated", "The AFV is eliminated (burning or not): 52.93%; Immobilized instead: 6.25%."},
		// rules/toi.md: 12 attack dice against 2 red dice bring the
		// building down 11.06% of the time.
		{"building --dice 12 --method exact", "building", "destroyed", "The building is destroyed: 11.06%."},
		{"activate two-sq-crossing", "arrived", "yes", "The moving stack arrives with a unit in Good Order: "},
		{"lhy --sadrm 1 --target rifle:7 --method exact", "unit.rifle", "casualty", "Unit rifle suffers a Casualty: "},
		// The unit the fire finds (13.1.3), not the first listed.
		{"lhy --sadrm 3 --target a:5 --target b:8 --method exact", "unit.b", "casualty", "Unit b suffers a Casualty: 42.00%"},
		{"lhy --atdrm tank=2 --vehicle tank:8,afv --target a:6 --method exact", "vehicle.tank", "destroyed", "Vehicle tank is destroyed: "},
		{"compare --method exact", "stack", "cleared", "Thrown clears the stack most often: 24.71%; placed 17.09%, set 7.30%."},
		{"compare --preset --method exact", "stack", "cleared", "Set (before play) clears the stack most often: "},
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
	if _, table, _ := cli(t, args("sweep dc --target 4-6-7 --vary tem=0..1 --method exact")...); strings.Contains(table, "most often") || strings.HasPrefix(table, "The stack") {
		t.Errorf("a sweep has a headline: %q", firstLine(table))
	}
}

func firstLine(s string) string { l, _, _ := strings.Cut(s, "\n"); return l }

// TestPlansHeadline: plans answer which plan clears the Location most
// often and by how much against the next best: exactly in an exact run,
// with Newcombe's interval in a Monte Carlo one, and a tie as a tie.
func TestPlansHeadline(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"run plans-set-fire-thrown",
			`Plan "set DC" clears the Location most often (no target left in Good Order): 83.33%, 49.53 points more than "thrown DC" (33.81%).`},
		{"plans --target 4-6-7 --plan a:_fire_4 --plan b:_fire_4 --method exact",
			`Plan "a" clears the Location most often (no target left in Good Order): `},
		{"run plans-fire-group --method mc --trials 20000 --seed 2",
			`points (95% interval +`},
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
		if strings.HasPrefix(c.args, "plans") && !strings.HasSuffix(line, `, as often as "b".`) {
			t.Errorf("%s: a tie reads %q", c.args, line)
		}
	}
}
