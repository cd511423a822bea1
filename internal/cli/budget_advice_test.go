package cli

import (
	"strings"
	"testing"
)

// TestBudgetAdvice: an exact run over its budget says how to get an
// answer: a larger --max-paths while there is one, else Monte Carlo alone
// (it told a run at the greatest budget to raise it).
func TestBudgetAdvice(t *testing.T) {
	big := []string{"dc", "--target", "4-6-7", "--target", "4-6-7", "--placer", "4-6-8", "--placer", "4-6-7",
		"--dff", "8:-1", "--dff", "8:-1", "--method", "exact", "--progress", "never"}
	for _, c := range []struct{ budget, want, not string }{
		{"1000000", "; use --method mc (or auto), or raise --max-paths above 1000000", "greatest"},
		{"200000000", "over the budget of 200,000,000, the greatest --max-paths; use --method mc (or auto)", "raise"},
	} {
		code, _, stderr := cli(t, append(big, "--max-paths", c.budget)...)
		if code != 1 || !strings.Contains(stderr, c.want) || strings.Contains(stderr, c.not) {
			t.Errorf("--max-paths %s: exit %d, %q; want exit 1 and %q", c.budget, code, stderr, c.want)
		}
	}
}
