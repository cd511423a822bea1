package cli

import (
	"bytes"
	"context"
	"testing"
)

// TestKeptPathsAreTheModel: every built-in scenario, run by Monte Carlo,
// gives the same JSON to the byte whether its model's kept paths are
// walked to the end of the run or the model runs every trial
// (sim.Experiment.KeepPaths), on one worker and on two.
func TestKeptPathsAreTheModel(t *testing.T) {
	trials := "200000"
	if testing.Short() {
		trials = "30000"
	}
	for _, name := range builtinNames() {
		for _, workers := range []string{"1", "2"} {
			args := []string{"run", name, "--method", "mc", "--trials", trials, "--seed", "7", "-j", workers, "--format", "json"}
			run := func(off bool) []byte {
				noPaths, keepWalking = off, !off
				defer func() { noPaths, keepWalking = false, false }()
				var out, errs bytes.Buffer
				if err := Execute(context.Background(), args, &out, &errs); err != nil {
					t.Fatalf("%s: %v\n%s", name, err, errs.String())
				}
				return elapsedJSON.ReplaceAll(out.Bytes(), nil)
			}
			if walked, model := run(false), run(true); !bytes.Equal(walked, model) {
				t.Errorf("sapper %v: walking the kept paths changed the result", args)
			}
		}
	}
}
