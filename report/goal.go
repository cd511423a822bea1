package report

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Goal is the answer to a sweep's --goal: along the values swept, where a
// figure first reaches a target, for each series of runs (one, or one per
// run of the swept command: placed, thrown and set for compare).
type Goal struct {
	Spec string `json:"spec"`
	What string `json:"what"` // the goal as a sentence: P(stack = cleared) ≥ 0.5
	Mean bool   `json:"mean"` // the figure is a mean, not a probability
	// Target is the figure the goal asks for, which the answer's figures
	// are printed to enough decimals to be told from (figure).
	Target float64      `json:"-"`
	Series []GoalSeries `json:"series"`
	// Bounds: some figure is an exact run's cut short, a lower bound with
	// the interval the paths it left could add, not an estimate that more
	// trials would narrow.
	Bounds bool `json:"-"`
}

// GoalSeries is where one series of runs reaches the goal. Points are
// nil when there is no such value.
type GoalSeries struct {
	Run string `json:"run"` // "" for a command with one run per value
	// First is the first value reaching the goal and Before the value
	// before it, which does not; Last is the last value of the stretch
	// that starts at First and After the value after it, which does not;
	// Again is the first value after After that reaches it again.
	First  *GoalPoint `json:"first_reached"`
	Before *GoalPoint `json:"last_not_reached_before"`
	Last   *GoalPoint `json:"last_reached"`
	After  *GoalPoint `json:"first_not_reached_after"`
	Again  *GoalPoint `json:"reached_again"`
	// Nearest, when no value reaches the goal, is the value closest to it.
	Nearest *GoalPoint `json:"nearest,omitempty"`
	// NotRun are the series' values an interruption left unrun, after
	// the others: the points above are of the values run only.
	NotRun []string `json:"not_run,omitempty"`
	// NoFigure are the series' values that have no such figure (a SW
	// destroyed at sw=0), shown as "—" in the table: the points above
	// pass over them.
	NoFigure []string `json:"no_figure,omitempty"`
}

// GoalPoint is one value swept and its figure. Sure is false when the
// figure's Monte Carlo interval straddles the goal, so that more trials
// could move the answer; exact figures are always sure.
type GoalPoint struct {
	Label  string  `json:"label"` // the run's label, such as tem=3
	Value  float64 `json:"value"`
	Figure float64 `json:"figure"`
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Sure   bool    `json:"sure"`
}

// WriteGoal writes the answer for people.
func WriteGoal(w io.Writer, g *Goal) error {
	b := bufio.NewWriter(w)
	fmt.Fprintf(b, "goal: %s\n", g.What)
	point := func(p *GoalPoint) string {
		s := p.Label + " (" + g.figure(p.Figure)
		if p.Hi > p.Lo {
			s += ", interval " + g.figure(p.Lo) + "–" + g.figure(p.Hi)
			if !p.Sure {
				s += ", which straddles the goal"
			}
		}
		return s + ")"
	}
	for _, s := range g.Series {
		prefix := "  "
		if s.Run != "" {
			prefix += s.Run + ": "
		}
		var parts []string
		switch {
		case s.First == nil && s.Nearest == nil:
			parts = append(parts, "no value swept has this figure")
		case s.First == nil && len(s.NotRun) > 0:
			parts = append(parts, "not reached at the values run; nearest "+point(s.Nearest))
		case s.First == nil:
			parts = append(parts, "never reached; nearest "+point(s.Nearest))
		case s.Before == nil && len(s.NoFigure) > 0:
			parts = append(parts, "reached from the first value that has the figure, "+point(s.First))
		case s.Before == nil:
			parts = append(parts, "reached from the first value, "+point(s.First))
		default:
			parts = append(parts, "first reached at "+point(s.First), "the last value before it that does not: "+point(s.Before))
		}
		switch {
		case s.First == nil:
		case s.After == nil && s.Last.Label == s.First.Label:
			// First is the last value run: there is no value after it.
		case s.After == nil && len(s.NotRun) > 0:
			parts = append(parts, "reached at every value run after it")
		case s.After == nil && len(parts) == 1:
			parts[0] += ", and at every value after it"
		case s.After == nil:
			parts = append(parts, "reached at every value after it")
		case s.Last.Label != s.First.Label:
			parts = append(parts, "last reached at "+point(s.Last), "the first value after it that does not: "+point(s.After))
		default:
			parts = append(parts, "the next value does not: "+point(s.After))
		}
		if s.Again != nil {
			parts = append(parts, "reached again at "+point(s.Again))
		}
		if len(s.NoFigure) > 0 && (s.First != nil || s.Nearest != nil) {
			parts = append(parts, "no such figure at "+strings.Join(s.NoFigure, ", ")+", passed over")
		}
		if len(s.NotRun) > 0 {
			parts = append(parts, "not run, as the sweep was interrupted: "+strings.Join(s.NotRun, ", "))
		}
		indent := strings.Repeat(" ", len([]rune(prefix)))
		fmt.Fprintf(b, "%s%s\n", prefix, strings.Join(parts, ";\n"+indent))
	}
	switch {
	case g.unsure() && g.Bounds:
		b.WriteString("  an interval that straddles the goal leaves the answer open: an exact run cut short has only bounds; run it to its end\n")
	case g.unsure():
		b.WriteString("  an interval that straddles the goal leaves the answer open: more --trials, or --method exact\n")
	}
	return b.Flush()
}

// figure prints x as the answer does: a percentage to two decimals (a
// mean to three), or to as many more, up to six, as it takes not to
// print the goal's own figure for one that is not it: 55.157% where the
// goal is 0.5516 and the figure 4289/7776, not a 55.16% that seems to
// reach it.
func (g *Goal) figure(x float64) string {
	scale, dec, unit := 100.0, 2, "%"
	if g.Mean {
		scale, dec, unit = 1, 3, ""
	}
	d := dec
	s := strconv.FormatFloat(scale*x, 'f', d, 64)
	for d < dec+6 && x != g.Target && s == strconv.FormatFloat(scale*g.Target, 'f', d, 64) {
		d++
		s = strconv.FormatFloat(scale*x, 'f', d, 64)
	}
	// Nor a certainty, or an impossibility, it is not (Pct), nor an
	// average of 0 that is above it (Avg).
	step := math.Pow(10, -float64(d))
	switch {
	case !g.Mean && x < 1 && s == strconv.FormatFloat(100, 'f', d, 64):
		s = ">" + strconv.FormatFloat(100-step, 'f', d, 64)
	case x > 0 && s == strconv.FormatFloat(0, 'f', d, 64):
		s = "<" + strconv.FormatFloat(step, 'f', d, 64)
	}
	return s + unit
}

func (g *Goal) unsure() bool {
	for _, s := range g.Series {
		for _, p := range []*GoalPoint{s.First, s.Before, s.Last, s.After, s.Again, s.Nearest} {
			if p != nil && !p.Sure {
				return true
			}
		}
	}
	return false
}

// csvRows are the goal's rows of the CSV output: metric "goal", outcome
// which point it is, run the point's label; complete is the CSV's complete
// column, false when any run was interrupted.
func (g *Goal) csvRows(complete string) [][]string {
	var out [][]string
	for _, s := range g.Series {
		for _, p := range []struct {
			name  string
			point *GoalPoint
		}{{"first_reached", s.First}, {"last_not_reached_before", s.Before}, {"last_reached", s.Last},
			{"first_not_reached_after", s.After}, {"reached_again", s.Again}, {"never_reached_nearest", s.Nearest}} {
			if p.point != nil {
				out = append(out, []string{p.point.Label, GoalMetric, p.name, "", num(p.point.Figure), num(p.point.Lo), num(p.point.Hi), complete})
			}
		}
	}
	return out
}

// GoalMetric is the metric column of a goal's CSV rows.
const GoalMetric = "goal"
