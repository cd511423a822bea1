package cli

import (
	"fmt"
	"strings"

	"github.com/sapperhq/sapper/report"
)

// The --explain hook of a command is one function from its resolved
// attack to a report.Explanation, built from the accessors its model
// exports for the purpose (model/*/explain*.go); the helpers below are
// what every game's hook shares.

// explainEach sets j's --explain hook to the working of one run.
func (j *job) explainWith(e func() *report.Explanation) {
	j.explain = func() []*report.Explanation { return []*report.Explanation{e()} }
}

// signed writes a modifier as players do: +2, −1, 0.
func signed(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("+%d", v)
	case v < 0:
		return fmt.Sprintf("−%d", -v)
	}
	return "0"
}

// step is one line of a working.
func step(topic, value, why, rule string) report.Step {
	return report.Step{Topic: topic, Value: value, Why: why, Rule: rule}
}

// switchedRules lists the --rule switches whose value in o differs from
// their default in def, or says that none does.
func switchedRules[O any](rs []rule[O], o, def O) []report.Step {
	var out []report.Step
	for _, r := range rs {
		if v := r.get(o); v != r.get(def) {
			out = append(out, step("rule", r.key+"="+v, r.doc+"; switched by --rule", ""))
		}
	}
	if len(out) == 0 {
		out = append(out, step("rules", "defaults", "no --rule: every modeling decision at its default", ""))
	}
	return out
}

// probCell is the chance of ways out of total, exactly.
func probCell(ways, total int) report.Prob {
	return report.Prob(float64(ways) / float64(total))
}

// joinNonEmpty joins the non-empty parts with sep.
func joinNonEmpty(sep string, parts ...string) string {
	var keep []string
	for _, p := range parts {
		if p != "" {
			keep = append(keep, p)
		}
	}
	return strings.Join(keep, sep)
}
