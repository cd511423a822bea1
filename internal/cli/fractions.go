package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// noFractionsRounded is the note of an exact run whose JSON would have
// carried fractions but whose model draws from rounded weights.
const noFractionsRounded = "no exact fractions: the model draws from a distribution whose weights were rounded to fit 64 bits"

// runFractions runs exp as cfg says, and when implied also finds the exact
// fractions that --fractions asks for: the JSON of an exact run carries
// them whether asked or not. Only an explicit --fractions makes a model
// that cannot give them (sim.FractionError) a failed run; an implied one
// runs again without them and says so in the result's note, since the
// float figures stand on their own. decided, when not nil, is told which
// method --method auto chose, and why, as soon as it has (sim.RunAuto).
func runFractions(ctx context.Context, exp sim.Experiment, cfg sim.Config, implied bool, decided func(sim.Method, string)) (*sim.Result, error) {
	tuneGC(cfg)
	run := func(cfg sim.Config) (*sim.Result, error) {
		if cfg.Method == sim.Auto {
			return sim.RunAuto(ctx, exp, cfg, decided)
		}
		return sim.Run(ctx, exp, cfg)
	}
	if !implied {
		res, err := run(cfg)
		if fe := (*sim.FractionError)(nil); errors.As(err, &fe) {
			err = fmt.Errorf("%w; run without --fractions", err)
		}
		return res, err
	}
	cfg.Fractions = true
	res, err := run(cfg)
	var fe *sim.FractionError
	if !errors.As(err, &fe) {
		return res, err
	}
	cfg.Fractions = false
	res, err = run(cfg)
	if res != nil {
		if res.Note != "" {
			res.Note += "; "
		}
		res.Note += noFractionsRounded
	}
	return res, err
}
