package cli

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/lhy"
	"github.com/sapperhq/sapper/model/sasl"
	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// The headline of each command: the question it exists for, answered in
// one sentence before everything else (report.Headline). A sweep, which
// asks how a figure moves, writes its own (sweepHeadline).
var headlines = map[string]func(report.Report) *report.Headline{
	"dc":       stackCleared,
	"fire":     stackCleared,
	"compare":  bestWay,
	"afv":      afvKilled,
	"building": buildingHeadline,
	"activate": onFigure(sasl.MetricArrived, []string{"yes"}, "The moving stack arrives with a unit in Good Order"),
	"lhy":      lhyTarget,
}

// headline is the headline of rep, or nil.
func headline(rep report.Report) *report.Headline {
	f := headlines[rep.Command]
	if f == nil {
		return nil
	}
	h := f(rep)
	if h != nil && len(rep.NotRun) > 0 {
		// A side by side cut short compares only the runs that ran.
		h.Text = fmt.Sprintf("Interrupted with %s not run; of the runs that did, %s", someOf(inProse(rep.Command, rep.NotRun)), lowerFirst(h.Text))
	}
	return h
}

// buildingHeadline asks whether the building falls, or, after a
// suppressive attack, which never attacks it (§4), whether the first
// squad is pinned or disrupted.
//
// A squad pinned before a suppressive attack is pinned or disrupted for
// sure: the question for it is whether it is disrupted. A pillbox hex has
// no building: the question is whether the charges eliminate a squad.
func buildingHeadline(rep report.Report) *report.Headline {
	a, ok := rep.Inputs.(toi.BuildingAttack)
	switch {
	case ok && a.Suppressive && a.Squads[0].Pinned:
		return onFigure(toi.SquadMetric(1), []string{"disrupted"}, "Squad 1, pinned before, is disrupted")(rep)
	case ok && a.Suppressive:
		return onFigure(toi.SquadMetric(1), []string{"disrupted", "pinned"}, "Squad 1 is pinned or disrupted")(rep)
	case ok && !a.HasBuilding():
		if rep.Result == nil {
			return nil
		}
		return onFigure(toi.MetricSquadsEliminated, atLeastOne(rep.Result, toi.MetricSquadsEliminated), "The charges eliminate a squad or more")(rep)
	}
	return onFigure(toi.MetricBuilding, []string{"destroyed"}, "The building is destroyed")(rep)
}

// lowerFirst is s with its first letter in lower case where it starts a
// word in capitals as a sentence does (The, Cleared, A), not a name or a
// symbol written so (DC, P(ift = 4MC), KIA).
func lowerFirst(s string) string {
	switch {
	case strings.HasPrefix(s, "A "):
	case len(s) < 2 || s[1] < 'a' || s[1] > 'z':
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// onFigure is a headline on one figure of a single result.
func onFigure(metric string, labels []string, what string) func(report.Report) *report.Headline {
	return func(rep report.Report) *report.Headline {
		if rep.Result == nil {
			return nil
		}
		return report.NewHeadline(rep.Result, metric, labels, what)
	}
}

// stackCleared is the headline of one attack on a Location: whether it
// leaves no target in Good Order; or, when none starts so (startsClear),
// whether the first target is eliminated or captured (gone).
func stackCleared(rep report.Report) *report.Headline {
	if rep.Result != nil && rep.Result.Metric(asl.MetricStack) == nil {
		// A DC on a roadblock, or on a wall with no one beyond it: the
		// question is the obstacle's; fire on no unit (WP, an AFV into a
		// building, HE on an empty one) asks Table 23's (§7.4).
		for _, o := range []struct{ metric, what string }{
			{asl.MetricRoadblock, "The roadblock is removed"},
			{asl.MetricBreach, "The wall is breached"},
			{asl.MetricRubble, "The Location is rubbled"},
			{asl.MetricFlame, "A Flame is placed"},
			{asl.MetricShellhole, "A Shellhole is placed"},
		} {
			if rep.Result.Metric(o.metric) != nil {
				return onFigure(o.metric, []string{"yes"}, o.what)(rep)
			}
		}
		return nil
	}
	if t := targetsOf(rep.Inputs); startsClear(t) {
		return onFigure(asl.TargetMetric(1), gone, clearBefore("stack")+"the "+t[0].String()+" is eliminated or captured")(rep)
	}
	return onFigure(asl.MetricStack, []string{"cleared"}, "The stack is cleared (every target eliminated, surrendered or broken)")(rep)
}

// targetsOf is the targets of an attack's inputs, as the commands put
// them in a report (dc, fire, compare, plans), nil for inputs of another
// kind.
func targetsOf(inputs any) []asl.Unit {
	switch in := inputs.(type) {
	case asl.DCAttack:
		return in.Targets
	case asl.IFTAttack:
		return in.Targets
	case asl.Comparison:
		return in.Targets
	case plansInputs:
		return in.Targets
	}
	return nil
}

// bestWay is compare's headline: the way of using the DC that clears the
// stack most often, against the others; or, when no target starts in
// Good Order (startsClear), the way that gets a KIA most often.
func bestWay(rep report.Report) *report.Headline {
	goal := clearing("stack")
	if startsClear(targetsOf(rep.Inputs)) {
		// A KIA, the figure compare's table shows beside "cleared".
		goal = aim{metric: asl.MetricIFT, labels: kiaLabels, does: "gets a KIA", why: clearBefore("stack")}
	}
	type way struct {
		label string
		h     *report.Headline
		fig   string
		res   *sim.Result
	}
	var ways []way
	best := -1
	for _, run := range rep.Runs {
		h := report.NewHeadline(run.Result, goal.metric, goal.labels, "")
		if h == nil {
			continue
		}
		fig := report.Figure(run.Result, report.Cell{P: h.P, Lo: h.Lo, Hi: h.Hi, Valid: true})
		ways = append(ways, way{run.Label, h, fig, run.Result})
		if best < 0 || h.P > ways[best].h.P {
			best = len(ways) - 1
		}
	}
	if best < 0 {
		return nil
	}
	h := ways[best].h
	rest := slices.Delete(slices.Clone(ways), best, best+1)
	slices.SortStableFunc(rest, func(a, b way) int { return cmp.Compare(b.h.P, a.h.P) })
	often := " most often"
	switch {
	case len(ways) == 1 && len(rep.NotRun) > 0:
		often = "" // the others never ran
	case len(rest) > 0 && math.Abs(rest[0].h.P-h.P) < tieP:
		often = " as often as " + wayName(rep, rest[0].label)
	}
	name := wayName(rep, ways[best].label)
	head := ": " + ways[best].fig
	if cost := userCost(ways[best].res); cost != "" {
		head += ", its " + cost
	}
	if h.P == 0 {
		// No way does it: none is named as if it did (as plans says),
		// and each way's figure and cost stands in the list.
		name, often, head, rest = "no way", "", "", ways
		if ways[best].res.Method != sim.Exact {
			often = " in any trial"
		}
	}
	if goal.why == "" {
		name = capitalize(name)
	}
	h.Text = fmt.Sprintf("%s%s %s%s%s", goal.why, name, goal.does, often, head)
	var others []string
	for _, w := range rest {
		var about []string
		if cost := userCost(w.res); cost != "" {
			about = append(about, cost)
		}
		if !w.res.Complete {
			about = append(about, "partial")
		}
		s := fmt.Sprintf("%s %s%%", wayName(rep, w.label), report.Pct(w.h.P))
		if len(about) > 0 {
			s += " (" + strings.Join(about, "; ") + ")"
		}
		others = append(others, s)
	}
	if len(others) > 0 {
		sep := "; "
		if head == "" {
			sep = ": "
		}
		h.Text += sep + strings.Join(others, ", ")
	}
	h.Text += "."
	if len(rest) > 0 && h.P > 0 && often != "" && rest[0].h.Hi >= h.Lo && !settled(ways[best].res, rest[0].res) {
		// Ranked, or tied, by figures the sampling (or an interrupted
		// walk's bounds) has not told apart.
		more := "more trials"
		if ways[best].res.Method == sim.Exact {
			more = "a complete run"
		}
		h.Text += fmt.Sprintf(" The intervals of %s and %s overlap: %s may tell them apart.",
			wayName(rep, ways[best].label), wayName(rep, rest[0].label), more)
	}
	return h
}

// settled reports whether two runs' figures carry no uncertainty: both
// walked every path.
func settled(a, b *sim.Result) bool {
	return a.Method == sim.Exact && a.Complete && b.Complete
}

// tieP: two figures closer than this are one figure, summed in another
// order; a Monte Carlo run's differ by a trial's share at least.
const tieP = 1e-12

// userCost is what a way of using the DC costs its user, for the
// headline beside what it does: "thrower out 51.45%"; "" for a way with
// no user.
func userCost(res *sim.Result) string {
	c, who := dcUserFate(res)
	if who == "" {
		return ""
	}
	return fmt.Sprintf("%s out %s%%", who, report.Pct(c.P))
}

// aim is what a side-by-side headline ranks the ways or plans by: the
// outcomes of a metric, what reaching them is called, and why, when it
// is not the usual clearing of the Location.
type aim struct {
	metric    string
	labels    []string
	does, why string
}

// clearing is the usual aim of an attack on a Location: to leave no
// target in Good Order. where names the Location as the headline does
// ("stack", "Location").
func clearing(where string) aim {
	return aim{metric: asl.MetricStack, labels: []string{"cleared"}, does: "clears the " + where}
}

// clearBefore says why a headline ranks by something else than clearing
// when no target starts in Good Order (startsClear): the Location is
// clear before any attack, and "cleared" would rank the ways only by how
// seldom Heat of Battle rallies a target (A15).
func clearBefore(where string) string {
	return "No target starts in Good Order, so the " + where + " is clear before any attack; "
}

// gone are the fates of a target out of the fight for good: eliminated,
// or captured (surrendered).
var gone = []string{"eliminated", "surrendered"}

// startsClear reports whether no target starts in Good Order: each is
// broken, or Disrupted (A19.12).
func startsClear(targets []asl.Unit) bool {
	for _, u := range targets {
		if !u.Broken && !u.Disrupted {
			return false
		}
	}
	return len(targets) > 0
}

// wayName is a way's label as a headline says it: compare's Set DC Set
// before play by scenario rule (--preset) says so, since a Set DC that
// had to be Set under fire is another answer altogether.
func wayName(rep report.Report, label string) string {
	if c, ok := rep.Inputs.(asl.Comparison); ok && c.Preset && label == asl.Set.String() {
		return label + " (before play)"
	}
	return label
}

// afvKilled is afv's headline: the kill (eliminated, burning or not), the
// question asked of a DC on an AFV, then how often it is Immobilized
// instead, which a kill's figure leaves out.
func afvKilled(rep report.Report) *report.Headline {
	what := "The AFV is eliminated (burning or not)"
	a, ok := rep.Inputs.(asl.AFVAttack)
	switch {
	case ok && a.Armor.Unarmored():
		// a truck is no AFV, and a Set DC attacks it (§5.4)
		what = "The vehicle is eliminated (burning or not)"
	case ok && a.Mode == asl.Set:
		what = "A Set DC never harms the AFV itself, only its Vulnerable PRC (A23.71); it is eliminated"
	}
	h := onFigure(asl.MetricAFV, []string{"burning", "eliminated"}, what)(rep)
	if h == nil {
		return nil
	}
	addInstead(h, rep.Result, asl.MetricAFV, "Immobilized instead", "immobilized", "immobilized_shocked")
	return h
}

// addInstead adds to h how often metric ends in labels instead of h's
// outcome, when it ever does: the lesser harm a figure leaves out. Of
// labels, those the metric has count (immobilized_shocked is an option's,
// rules/asl.md §8.8).
func addInstead(h *report.Headline, res *sim.Result, metric, what string, labels ...string) {
	if m := res.Metric(metric); m != nil {
		labels = slices.DeleteFunc(slices.Clone(labels), func(l string) bool { return m.Outcome(l) == nil })
	}
	if c := report.Sum(res, metric, labels...); h != nil && c.Valid && c.P > 0 {
		h.Text = strings.TrimSuffix(h.Text, ".") + fmt.Sprintf("; %s: %s%%.", what, report.Pct(c.P))
	}
}

// lhyTarget is lhy's headline: the unit of the hex most likely to suffer
// a Casualty, the first of those alike; with no unit ever hit (fire the
// dice send elsewhere, 13.1.3), or for an AT attack alone, whose
// Collateral Damage may touch a Rider but asks about the vehicles, the
// vehicle most likely destroyed.
func lhyTarget(rep report.Report) *report.Headline {
	res := rep.Result
	if res == nil {
		return nil
	}
	type question struct{ prefix, outcome, noun, what, instead, insteadWhat string }
	// The unit hit at all (FFAR above its Cohesion) is Disrupted when it
	// is not a Casualty: the headline gives both.
	units := question{lhy.UnitMetric(""), "casualty", "Unit ", " suffers a Casualty", "disrupted", "Disrupted instead"}
	vehicles := question{lhy.VehicleMetric(""), "destroyed", "Vehicle ", " is destroyed", "shocked", "Shocked instead"}
	order := []question{units, vehicles}
	a, _ := rep.Inputs.(lhy.FireAttack)
	if len(a.SADRM) == 0 && a.MDRM == nil && len(a.AT) > 0 {
		order = []question{vehicles, units}
	}
	var h *report.Headline
	best := -1.0
	for _, x := range order {
		metric, first := "", ""
		for _, m := range res.Metrics {
			name, ok := strings.CutPrefix(m.Name, x.prefix)
			if !ok {
				continue
			}
			if p := res.P(m.Name, x.outcome); p > best {
				best, metric, first = p, m.Name, name
			}
		}
		if metric == "" {
			continue
		}
		who := x.noun + first
		if x == units {
			// Units alike, a tie the fire breaks at random (13.1.3), are
			// named together, the first given standing for them: that a
			// Monte Carlo run favoured one is the seed's doing.
			if alike := alikeUnits(a.Units, first); len(alike) > 1 {
				metric = lhy.UnitMetric(alike[0])
				who = x.noun + alike[0] + " (" + andList(alike[1:]) + " alike)"
			}
		}
		h = report.NewHeadline(res, metric, []string{x.outcome}, who+x.what)
		addInstead(h, res, metric, x.insteadWhat, x.instead)
		if best > 0 {
			break
		}
	}
	return h
}

// alikeUnits are the names of the units alike to the unit named name,
// it among them, in the order given: the same unit but for its name.
func alikeUnits(units []lhy.Unit, name string) []string {
	i := slices.IndexFunc(units, func(u lhy.Unit) bool { return u.Name == name })
	if i < 0 {
		return nil
	}
	like := units[i]
	like.Name = ""
	var out []string
	for _, u := range units {
		n := u.Name
		u.Name = ""
		if u == like {
			out = append(out, n)
		}
	}
	return out
}
