package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
)

// TestJSONTextIsTheTables: the JSON's "title", "setup" and "notes" are
// the lines the table prints above and under its figures, word for word,
// for every command that runs, so that the page (which reads the JSON)
// and the terminal cannot tell a player different things.
func TestJSONTextIsTheTables(t *testing.T) {
	dir := t.TempDir()
	needed := filepath.Join(dir, "needed.yaml")
	if err := os.WriteFile(needed, []byte("command: building\ntitle: How many dice bring it down\nflags:\n  needed: [0.5, 0.9]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		cmdline string
		notes   bool // the table has lines under its figures
	}{
		{"compare --trials 2000", true},
		{"compare --differences --method exact", true},
		{"dc --target 4-6-7 --target leader:8-1 --tem 3 --method exact", false},
		{"afv --vehicle tiger --facing side --method exact", false},
		{"fire --fp 8 --drm 2 --target 4-6-7 --method exact", false},
		{"run plans-fire-group", true},
		{"building --dice 12 --method exact", false},
		{"building --needed 0.5,0.9", false},
		{"activate two-sq-crossing", false},
		{"lhy --sadrm 2 --target squad:7 --method exact", false},
		{"sweep dc --target 4-6-7 --vary tem=0..2 --method exact", true},
		{"sweep compare --vary tem=1..2 --trials 2000 --goal stack=cleared>=0.5", true},
		{"sweep dc --target 4-6-7 --vary tem=0..2 --method exact --metric ift", false},
		{"run placed-tem-sweep", true},
		{"run village-crossing --trials 2000", false},
		{"run thrown-from-upper-level --tem 1", false},
		{"run " + needed, false},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		t.Run(c.cmdline, func(t *testing.T) {
			covered[strings.Fields(c.cmdline)[0]] = true
			code, table, stderr := cli(t, args(c.cmdline)...)
			if code != exitOK {
				t.Fatalf("table: exit %d: %s", code, stderr)
			}
			code, js, stderr := cli(t, args(c.cmdline+" --format json")...)
			if code != exitOK {
				t.Fatalf("json: exit %d: %s", code, stderr)
			}
			var doc struct {
				Command  string
				Headline *struct{ Text string }
				Goal     *struct{ What string }
				Title    string
				Setup    []string
				Notes    []string
			}
			if err := json.Unmarshal([]byte(js), &doc); err != nil {
				t.Fatal(err)
			}
			covered[doc.Command] = true
			lines := strings.Split(strings.TrimSuffix(table, "\n"), "\n")
			// The headline and a blank line, then the title and the setup,
			// then a blank line.
			i := 0
			if doc.Headline != nil {
				if lines[0] != doc.Headline.Text || lines[1] != "" {
					t.Fatalf("table does not open with the headline %q:\n%s", doc.Headline.Text, table)
				}
				i = 2
			}
			// A sweep's goal answers first, its block ended by a blank line.
			if doc.Goal != nil {
				if lines[i] != "goal: "+doc.Goal.What {
					t.Fatalf("table does not open with the goal %q:\n%s", doc.Goal.What, table)
				}
				for lines[i] != "" {
					i++
				}
				i++
			}
			above := doc.Setup
			if doc.Title != "" {
				above = append([]string{doc.Title}, above...)
			}
			if len(doc.Setup) == 0 {
				t.Fatalf("no setup in the JSON")
			}
			if strings.HasPrefix(c.cmdline, "run ") && doc.Title == "" {
				t.Errorf("no scenario title in the JSON")
			}
			// The table wraps them as prose (report.Wrap).
			wrapped := func(ls []string) []string {
				var out []string
				for _, l := range ls {
					if strings.HasPrefix(l, "sapper ") {
						out = append(out, l) // a sweep's command, whole
						continue
					}
					out = append(out, report.Wrap(l)...)
				}
				return out
			}
			above = wrapped(above)
			doc.Notes = wrapped(doc.Notes)
			n := len(above)
			if len(lines) < i+n+1 || !slices.Equal(lines[i:i+n], above) || lines[i+n] != "" {
				t.Fatalf("the JSON's title and setup\n%q\nare not the table's lines above the figures:\n%s", above, table)
			}
			// The notes: a block of lines after the figures, ending the
			// table.
			if c.notes != (len(doc.Notes) > 0) {
				t.Fatalf("notes %q: want some %v", doc.Notes, c.notes)
			}
			if len(doc.Notes) == 0 {
				return
			}
			k := i + n
			for k < len(lines) && !slices.Equal(lines[k:min(k+len(doc.Notes), len(lines))], doc.Notes) {
				k++
			}
			end := k + len(doc.Notes)
			switch {
			case k == len(lines):
				t.Fatalf("the JSON's notes\n%q\nare not lines of the table:\n%s", doc.Notes, table)
			case end < len(lines):
				t.Errorf("the table goes on after the notes with %q", lines[end])
			case !strings.Contains(lines[k-1], "exact") && !strings.Contains(lines[k-1], "Monte Carlo") && !strings.Contains(lines[k-1], "interval"):
				t.Errorf("the notes do not follow the method line but %q", lines[k-1])
			}
		})
	}
	for _, c := range commands {
		if c.prepare != nil && !covered[c.name] {
			t.Errorf("sapper %s: no case", c.name)
		}
	}
}
