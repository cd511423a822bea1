package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/report"
)

// clearedNote tells the two clearing rows apart, under a table where
// some plan has more than one attack and Heat of Battle is on: only
// there may they differ (§8.64).
const clearedNote = "cleared after any attack: clear after some attack of the plan; stack cleared: still clear after the last. They differ when a later attack's Heat of Battle brings a unit back to Good Order, or a hero one attack created is a target of the next (§8.64)."

// noHoBNote reads the hob row under --no-hob, where it still counts the
// Original 2s that would have triggered Heat of Battle.
const noHoBNote = "hob: an Original 2 on a MC; with --no-hob it triggers nothing."

// flameNote says, under a table where some plan can place Flame (its
// flame row), that what Flame does after the attack that placed it is out
// of scope (rules/asl.md §7.5, §8.63).
func flameNote(runs []report.Run) string {
	for _, r := range runs {
		if r.Result != nil && r.Result.Metric(asl.MetricFlame) != nil {
			return "After a Flame (the flame row) a later attack meets the same Location; Flame's spread, Blaze and their attacks are out of scope (rules §8.63)."
		}
	}
	return "" // an interrupted job, before any plan that can place Flame ran
}

// describePlans is the table's summary of the Location and the plans.
func describePlans(in plansInputs) string {
	where := "open ground"
	switch {
	case in.Building != asl.NoBuilding:
		where = fmt.Sprintf("a %s building", in.Building)
		if in.Fortified {
			where = "a Fortified " + strings.TrimPrefix(where, "a ")
		}
	case in.Terrain != "":
		where = in.Terrain
	}
	// The TEM each attack reads, which a building or terrain does not
	// tell (--tem, or an attack's tem=): once when every attack shares
	// it, else beside each plan.
	tems := map[int]bool{}
	for _, p := range in.Plans {
		for _, t := range stepTEMs(p.Plan) {
			tems[t] = true
		}
	}
	first := fmt.Sprintf("Plans against %s in %s", joinUnits(in.Targets), where)
	sep := ", "
	if where == "open ground" && (len(tems) > 1 || !tems[0]) {
		// A TEM with no building or terrain named is a Location's the
		// player did not name, not open ground's (TEM 0): as sapper fire
		// says it.
		first, sep = "Plans against "+joinUnits(in.Targets), "; "
	}
	if len(tems) == 1 {
		for t := range tems {
			first += fmt.Sprintf("%sTEM %d", sep, t)
		}
		if in.Building != asl.NoBuilding && onlySetDCs(in.Plans) {
			// Else a building of TEM 0 reads as a slip.
			first += ": a Set DC takes none (A23.71)"
		}
	}
	lines := []string{first}
	for _, p := range in.Plans {
		line := fmt.Sprintf("  %s: %s", p.Label, p.Text)
		var about []string
		if len(tems) > 1 {
			var ts []string
			for _, t := range stepTEMs(p.Plan) {
				ts = append(ts, strconv.Itoa(t))
			}
			about = append(about, "TEM "+strings.Join(ts, ", "))
		}
		// A bare +2 is added to the TEM, not the dice's whole DRM: said,
		// lest a player who meant it as the whole miss it; each attack's
		// named as a list, lest the list read as the last attack's.
		switch all := allDRMs(p.Plan); {
		case len(all) == 1:
			about = append(about, "DRM "+all[0]+" in all")
		case len(all) > 1:
			about = append(about, "each attack's DRM in all: "+strings.Join(all, ", "))
		}
		if len(about) > 0 {
			line += " (" + strings.Join(about, "; ") + ")"
		}
		if notes := planTakenAsGiven(p.Plan); len(notes) > 0 {
			line += " — " + strings.Join(notes, "; ")
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// planNoThrower is noThrower for a plan's Thrown DC: a dc step takes no
// thrower= to give.
const planNoThrower = "a plan's DC has no thrower, so the attack on his Location (A23.6) is left out"

// planTakenAsGiven is what each DC of plan p takes as given for want of
// the unit that uses it (takenAsGiven), and when a Setter Set it
// (setWhen), naming the attack in a plan of several.
func planTakenAsGiven(p asl.Plan) []string {
	var out []string
	for k, s := range p.Steps {
		if s.DC == nil {
			continue
		}
		notes := takenAsGiven(*s.DC, planNoThrower)
		if w := setWhen(*s.DC); w != "" {
			notes = append(notes, w)
		}
		for _, n := range notes {
			if len(p.Steps) > 1 {
				n = fmt.Sprintf("attack %d: %s", k+1, n)
			}
			out = append(out, n)
		}
	}
	return out
}

// onlySetDCs reports whether every attack of every plan is a Set DC.
func onlySetDCs(plans []planSpec) bool {
	for _, p := range plans {
		for _, s := range p.Plan.Steps {
			if s.DC == nil || s.DC.Mode != asl.Set {
				return false
			}
		}
	}
	return true
}

// stepTEMs is the TEM of each attack of plan p, in order.
func stepTEMs(p asl.Plan) []int {
	var out []int
	for _, s := range p.Steps {
		switch {
		case s.DC != nil:
			out = append(out, s.DC.TEM)
		case s.Fire != nil:
			out = append(out, s.Fire.TEM)
		}
	}
	return out
}

// targetsNote names the unit each target.N row of the table is about,
// in the order the targets were given.
func targetsNote(targets []asl.Unit) string {
	parts := make([]string, len(targets))
	for i, u := range targets {
		parts[i] = fmt.Sprintf("target.%d: %s", i+1, u)
	}
	return strings.Join(parts, "; ") + "."
}

// allDRMs is the DRM each attack of plan p puts on the dice, all but a
// target's own (asl.PlanStep.DRM), as "+5", in order; none unless some
// attack was given a DRM that is not that whole: a bare +2 in a stone
// building is +5, a Thrown DC's +1 is +6.
func allDRMs(p asl.Plan) []string {
	var out []string
	differs := false
	for _, s := range p.Steps {
		written := 0
		switch {
		case s.DC != nil:
			written = s.DC.DRM
		case s.Fire != nil:
			written = s.Fire.DRM
		}
		all := s.DRM()
		differs = differs || written != 0 && written != all
		out = append(out, signed(all))
	}
	if !differs {
		return nil
	}
	return out
}
