package cli

import (
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// seededRuns are one seeded Monte Carlo run of each simulating command,
// pinned as JSON: any change to a random stream, to the order a model
// draws in, or to what a command echoes shows up as a golden diff.
var seededRuns = map[string]string{
	"dc":       "dc --mode thrown --target 4-6-7 --target leader:8-1 --thrower 4-6-8 --trials 3000 --seed 11 --format json",
	"compare":  "compare --trials 2000 --seed 5 --format json",
	"afv":      "afv --vehicle tiger --facing rear --ce --rider 4-6-7 --trials 2000 --seed 9 --format json",
	"sweep":    "sweep dc --target 4-6-7 --vary tem=0..2 --trials 1000 --seed 4 --format json",
	"run":      "run set-under-fire --method mc --trials 2000 --seed 6 --format json",
	"fire":     "fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1,sw=1 --trials 2000 --seed 7 --format json",
	"building": "building --area 8 --target 4 --target 3,cover=1 --trials 20000 --seed 3 --format json",
	"activate": "activate village-crossing --trials 20000 --seed 5 --format json",
	"lhy":      "lhy --sadrm 2 --mdrm 1 --mfa-mv 3 --target a:6,av=1 --target b:6,av=1 --target c:5,rnp --vehicle truck:2 --atdrm truck=1 --open-terrain --trials 20000 --seed 9 --format json",
}

// TestSeededGolden runs every command that simulates, so that a new one
// fails here until its seeded run is pinned too.
func TestSeededGolden(t *testing.T) {
	for _, c := range commands {
		if c.prepare == nil && c != sweepCommand && c != runCommand {
			continue // no simulation: help texts and lists, pinned elsewhere
		}
		argv, ok := seededRuns[c.name]
		if !ok {
			t.Errorf("sapper %s has no seeded golden run; add one to seededRuns", c.name)
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(argv)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, "seeded_"+c.name, normalize([]byte(stdout)))
		})
	}
}
