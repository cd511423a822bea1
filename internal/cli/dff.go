package cli

import (
	"errors"
	"slices"

	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/model/asl"
)

// parseDFF reads the --dff attacks of dc and compare: FP:DRM each, or
// none alone, a Placer or Setter whose Location no enemy covers. It
// returns a non-nil empty slice for none, so that compare can tell it
// from its default.
func parseDFF(given []string) ([]asl.FireAttack, error) {
	if slices.Contains(given, "none") {
		if len(given) > 1 {
			return nil, inputErrorf("dff", "--dff none: no Defensive Fire stands alone; it was given with %d other --dff", len(given)-1)
		}
		return []asl.FireAttack{}, nil
	}
	var dff []asl.FireAttack
	for _, s := range given {
		fa, err := asl.ParseFireAttack(s)
		if err != nil && spell.Nearest(s, []string{"none"}) == "none" {
			// nonee, None: refused, never guessed, but named.
			return nil, badValue("dff", s, "did you mean none (no Defensive Fire)? want none, or FP:DRM such as 8:-1")
		}
		if err != nil {
			msg := stripEcho(err.Error())
			if said := (*asl.FirersError)(nil); !errors.As(err, &said) {
				msg += ", or none for no Defensive Fire"
			}
			return nil, badValue("dff", s, msg)
		}
		dff = append(dff, fa)
	}
	return dff, nil
}
