package cli

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// bestPlan is the headline: the plan that clears the targets' Location
// most often, or eliminates or captures the first target most often when
// none starts in Good Order (startsClear), and by how much against the
// next best (its difference, with Newcombe's interval in a Monte Carlo
// run).
func bestPlan(rep report.Report) *report.Headline {
	targets := targetsOf(rep.Inputs)
	goal := clearing("Location")
	if startsClear(targets) {
		// The first target gone, eliminated or captured: rows of the
		// plans' table.
		goal = aim{metric: asl.TargetMetric(1), labels: gone, does: "eliminates or captures the " + targets[0].String(), why: clearBefore("Location")}
	}
	best, next := -1, -1
	cells := make([]report.Cell, len(rep.Runs))
	var cut []string
	for i, r := range rep.Runs {
		if lowerBounds(r.Result) {
			// Its sums are lower bounds: no difference is known.
			cut = append(cut, fmt.Sprintf("%q", r.Label))
			continue
		}
		cells[i] = report.Sum(r.Result, goal.metric, goal.labels...)
		switch {
		case !cells[i].Valid:
		case best < 0 || cells[i].P > cells[best].P:
			best, next = i, best
		case next < 0 || cells[i].P > cells[next].P:
			next = i
		}
	}
	if best < 0 {
		return nil
	}
	r := rep.Runs[best]
	often := " most often"
	var d report.Cell
	if next >= 0 {
		d = difference(cells[next], cells[best])
	}
	switch {
	case next < 0 && len(rep.NotRun) > 0:
		often = "" // the others never ran
	case next >= 0 && d.P == 0:
		often = fmt.Sprintf(" as often as %q", rep.Runs[next].Label)
	}
	what := fmt.Sprintf("Plan %q clears the Location%s (every target eliminated, surrendered or broken)", r.Label, often)
	if cells[best].P == 0 {
		what = "No plan clears the Location (every target eliminated, surrendered or broken)"
		if r.Result.Method != sim.Exact {
			what = "No plan cleared the Location (every target eliminated, surrendered or broken) in any trial"
		}
	}
	if goal.why != "" {
		what = fmt.Sprintf("%splan %q %s%s", goal.why, r.Label, goal.does, often)
		if cells[best].P == 0 {
			what = goal.why + "no plan " + goal.does
			if r.Result.Method != sim.Exact {
				what += " in any trial"
			}
		}
	}
	h := report.NewHeadline(r.Result, goal.metric, goal.labels, what)
	if len(cut) > 0 {
		defer func() {
			h.Text = fmt.Sprintf("The exact run of %s was cut short, its figures lower bounds; of the other plans, %s", someOf(cut), lowerFirst(h.Text))
		}()
	}
	if next < 0 || cells[best].P == 0 || (d.P == 0 && d.Lo == d.Hi) {
		return h
	}
	n := rep.Runs[next]
	by := strings.TrimPrefix(deltaPts(100*d.P), "+") + " points"
	if d.Lo < d.Hi {
		by += fmt.Sprintf(" (%s%% interval %s to %s)", report.Percent(n.Result.Confidence), signedPts(100*d.Lo, 2), signedPts(100*d.Hi, 2))
	}
	if d.P == 0 {
		// as often in these trials: the interval says how far apart
		// the plans may be
		h.Text = strings.TrimSuffix(h.Text, ".") + fmt.Sprintf("; the difference %s.", by)
		return h
	}
	h.Text = strings.TrimSuffix(h.Text, ".") + fmt.Sprintf(", %s more than %q (%s%%).", by, n.Label, report.Pct(cells[next].P))
	return h
}
