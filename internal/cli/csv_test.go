package cli

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/report"
)

// TestCSVEveryCommand: every command that reports odds writes the same
// CSV columns, one row per outcome of every metric of every run, with
// the run column naming the run.
func TestCSVEveryCommand(t *testing.T) {
	for _, c := range []struct {
		args string
		runs []string
	}{
		{"dc --target 4-6-7 --trials 2000", []string{""}},
		{"compare --trials 2000", []string{"placed", "thrown", "set"}},
		{"sweep dc --target 4-6-7 --vary elr=2..3 --trials 2000", []string{"elr=2", "elr=3"}},
		{"sweep compare --vary tem=0..1 --trials 2000", []string{"tem=0/placed", "tem=0/thrown", "tem=0/set", "tem=1/placed", "tem=1/thrown", "tem=1/set"}},
		{"run set-under-fire", []string{""}},
	} {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args+" --format csv")...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			rows, err := csv.NewReader(strings.NewReader(stdout)).ReadAll()
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(rows[0], ",") != strings.Join(report.CSVHeader(), ",") {
				t.Fatalf("header %q", rows[0])
			}
			var runs []string
			for _, r := range rows[1:] {
				if len(runs) == 0 || runs[len(runs)-1] != r[0] {
					runs = append(runs, r[0])
				}
			}
			if strings.Join(runs, " ") != strings.Join(c.runs, " ") {
				t.Errorf("runs %q, want %q", runs, c.runs)
			}
			// Each run's rows sum to 1 per metric; the summary figures of a
			// multi-run report are there too, the same as the outcomes.
			sums := map[string]float64{}
			figures := map[string]string{}
			for _, r := range rows[1:] {
				if r[1] == report.FiguresMetric {
					figures[r[0]+"|"+r[2]] = r[4]
					continue
				}
				var p float64
				if _, err := fmt.Sscan(r[4], &p); err != nil {
					t.Fatalf("p %q: %v", r[4], err)
				}
				sums[r[0]+"|"+r[1]] += p
			}
			for _, r := range rows[1:] {
				if r[1] == "stack" && r[2] == "cleared" && len(c.runs) > 1 && figures[r[0]+"|cleared"] != r[4] {
					t.Errorf("%s: cleared figure %q, stack=cleared %q", r[0], figures[r[0]+"|cleared"], r[4])
				}
			}
			for k, s := range sums {
				if s < 1-1e-9 || s > 1+1e-9 {
					t.Errorf("%s: p sum to %v", k, s)
				}
			}
		})
	}
}
