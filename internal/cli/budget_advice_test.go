//go:build !js

package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/sim"
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

// TestBudgetAdviceMemory: the paths walked again below the states a run's
// tables dropped count against its budget, so its advice names more
// memory too, where more may be given, and only when states were dropped.
func TestBudgetAdviceMemory(t *testing.T) {
	served := withServerLimits(context.Background(), serverLimits{maxTrials: 1e7, maxPaths: 1e7, maxMemory: 512 << 20})
	for _, c := range []struct {
		ctx     context.Context
		dropped uint64
		mb      uint64
		want    string
	}{
		{context.Background(), 0, 64, ""},
		{context.Background(), 10, 64, " or --max-memory above 64"},
		{context.Background(), 10, uint64(maxMemoryLimit), ""},
		{served, 10, 512, " (this server holds a run to 512 MB of memory: sapper serve --max-memory)"},
		{served, 10, 256, " or --max-memory above 256"},
	} {
		be := &sim.BudgetError{Budget: 1e6, Dropped: c.dropped}
		if got := moreMemory(c.ctx, be, sim.Config{MaxMemory: c.mb << 20}); got != c.want {
			t.Errorf("%d states dropped at %d MB: %q, want %q", c.dropped, c.mb, got, c.want)
		}
	}
}
