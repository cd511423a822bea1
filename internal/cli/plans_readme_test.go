package cli

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// readmeAnswer is a row of the README's table of classic questions: a
// built-in plans scenario and, per plan label, its Location cleared in
// percent.
var readmeAnswer = regexp.MustCompile("^\\|.*\\| `(plans-[a-z-]+)` \\| (.+) \\|$")

// TestReadmePlansAnswers: every built-in plans scenario is in the README
// with its answer, and the answer is what the scenario gives: each plan's
// chance of clearing the Location, to the hundredth of a percent.
func TestReadmePlansAnswers(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	answers := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if m := readmeAnswer.FindStringSubmatch(line); m != nil {
			answers[m[1]] = m[2]
		}
	}
	for _, name := range builtinPlans(t) {
		answer, ok := answers[name]
		if !ok {
			t.Errorf("%s: not in the README's table of questions", name)
			continue
		}
		runs := plansRuns(t, "run", name, "--format", "json")
		said := map[string]bool{}
		for _, part := range strings.Split(answer, ", ") {
			i := strings.LastIndexByte(part, ' ')
			label, pct := part[:max(i, 0)], strings.TrimSuffix(part[i+1:], "%")
			if _, err := strconv.ParseFloat(pct, 64); i < 0 || err != nil {
				t.Errorf("%s: %q is not LABEL NN.NN%%", name, part)
				continue
			}
			said[label] = true
			found := false
			for _, r := range runs {
				for _, f := range r.Figures {
					if r.Label == label && f.Name == "stack cleared" {
						found = true
						if got := fmt.Sprintf("%.2f", 100*f.P); got != pct {
							t.Errorf("%s: the README says %s %s%%, the run %s%%", name, label, pct, got)
						}
					}
				}
			}
			if !found {
				t.Errorf("%s: no plan %q", name, label)
			}
		}
		for _, r := range runs {
			if !said[r.Label] {
				t.Errorf("%s: the README gives no answer for plan %q", name, r.Label)
			}
		}
	}
}
