package asl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
)

// FireAttack is one enemy fire attack on the IFT, written FP:DRM as on a
// player's scratch pad: 8:-1 is 8 FP at −1 (TEM and every other DRM
// included).
type FireAttack struct {
	FP  float64 `json:"fp"`
	DRM int     `json:"drm"`
	// Cowers is how many columns the attack moves left on Original
	// doubles (A7.9): 0, as its firers are not given (rules/asl.md
	// §8.31); 1 for firers that Cower; 2 for Inexperienced ones (A19.33).
	// Off the lowest column it has no effect at all (§8.54).
	Cowers int `json:"cowers,omitempty"`
}

// MaxCowers is the most columns a Cowering attack moves (A19.33).
const MaxCowers = 2

func (f FireAttack) String() string {
	s := strconv.FormatFloat(f.FP, 'g', -1, 64) + ":" + strconv.Itoa(f.DRM)
	switch f.Cowers {
	case 0:
		return s
	case 1:
		return s + ",cowers"
	}
	return s + ",cowers=" + strconv.Itoa(f.Cowers)
}

// ParseFireAttack reads FP:DRM, then ,cowers (or ,cowers=2) for an
// attack that Cowers on Original doubles.
func ParseFireAttack(s string) (FireAttack, error) {
	const form = "want FP:DRM such as 8:-1 or 4:+2 (FP 1…100, DRM −10…+10), then ,cowers if its firers Cower on doubles (,cowers=2: Inexperienced)"
	head, opts, _ := strings.Cut(s, ",")
	fp, drm, ok := strings.Cut(head, ":")
	if !ok {
		return FireAttack{}, fmt.Errorf("%q has no DRM; %s", s, form)
	}
	// The reason goes first, as a flag's own number's does: "17
	// significant digits" says what "want FP:DRM" alone would not.
	f, err := decimal.ParseFloat(fp)
	switch {
	case err != nil:
		return FireAttack{}, fmt.Errorf("%q: FP %q: %v; %s", s, fp, err, form)
	case !(f >= 1 && f <= 100):
		return FireAttack{}, fmt.Errorf("%q: FP %s outside 1…100; %s", s, fp, form)
	}
	d, err := decimal.ParseInt(drm, -10, 10)
	if err != nil {
		return FireAttack{}, fmt.Errorf("%q: DRM %q: %v; %s", s, drm, err, form)
	}
	a := FireAttack{FP: f, DRM: int(d)}
	if head != s {
		if a.Cowers, err = parseCowers(opts); err != nil {
			return FireAttack{}, fmt.Errorf("%q: %v; %s", s, err, form)
		}
	}
	return a, nil
}

// parseCowers reads what follows an attack's FP:DRM: cowers, cowers=1 or
// cowers=2, once.
func parseCowers(opt string) (int, error) {
	key, val, eq := strings.Cut(opt, "=")
	switch {
	case key != "cowers":
		return 0, fmt.Errorf("unknown option %q", opt)
	case !eq:
		return 1, nil
	}
	n, err := decimal.ParseInt(val, 1, MaxCowers)
	if err != nil {
		return 0, fmt.Errorf("cowers=%s: a Cowering attack moves 1 column, or 2 (A7.9, A19.33)", val)
	}
	return int(n), nil
}
