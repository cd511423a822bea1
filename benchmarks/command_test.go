//go:build !js

package benchmarks

import (
	"context"
	"io"
	"runtime"
	"testing"
	"time"

	"github.com/sapperhq/sapper/internal/cli"
)

// commandRuns are the default Monte Carlo runs of each command that runs
// one, as a player types them: each command's reference workload (the
// same as the MonteCarlo benchmarks'), with the built-in defaults.
var commandRuns = []struct {
	name string
	args []string
}{
	{"compare", []string{"compare"}},
	{"dc", []string{"dc", "--target", "4-6-7", "--target", "4-6-7", "--target", "4-6-7"}},
	{"fire", []string{"fire", "--fp", "8", "--drm", "2", "--target", "4-6-7", "--target", "leader:8-1"}},
	{"afv", []string{"run", "tiger-side", "--method", "mc"}},
	{"building", []string{"building"}},
	{"activate", []string{"activate", "hedgerow-crossing", "--method", "mc"}},
	{"lhy", []string{"run", "lhy-platoon-in-the-open", "--method", "mc"}},
	{"plan", []string{"run", "plans-prep-then-placed", "--method", "mc"}},
}

// BenchmarkCommandScaling runs each command's default run whole, as
// cli.Execute runs it — reading its inputs, building the experiments,
// running them, writing the table — on one worker and on two, alternating
// in one process, and reports the speedup of two over one (speedup) and
// the processor time of two over one (cpu-2/1, 1.0 when the workers do
// not slow each other down).
//
// It is the command line's figure less the process's start-up, which
// neither worker shares: a process that takes s to start, and a command
// that takes t₁ on one worker and t₂ on two, shows (t₁+s)/(t₂+s) from the
// shell. benchmarks/README.md gives s.
func BenchmarkCommandScaling(b *testing.B) {
	for _, c := range commandRuns {
		b.Run(c.name, func(b *testing.B) {
			var one, two, cpuOne, cpuTwo time.Duration
			run := func(workers string) (time.Duration, time.Duration) {
				args := append(append([]string{}, c.args...), "-j", workers)
				// As a fresh process would, with no garbage of the run
				// before to collect.
				runtime.GC()
				start, cpu := time.Now(), cpuTime(b)
				if err := cli.Execute(context.Background(), args, io.Discard, io.Discard); err != nil {
					b.Fatalf("sapper %v: %v", args, err)
				}
				return time.Since(start), cpuTime(b) - cpu
			}
			for b.Loop() {
				w, c := run("1")
				one, cpuOne = one+w, cpuOne+c
				w, c = run("2")
				two, cpuTwo = two+w, cpuTwo+c
			}
			n := float64(b.N)
			b.ReportMetric(one.Seconds()/two.Seconds(), "speedup")
			b.ReportMetric(cpuTwo.Seconds()/cpuOne.Seconds(), "cpu-2/1")
			b.ReportMetric(one.Seconds()/n*1e3, "ms-one")
			b.ReportMetric(two.Seconds()/n*1e3, "ms-two")
		})
	}
}
