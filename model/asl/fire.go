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
}

func (f FireAttack) String() string {
	return strconv.FormatFloat(f.FP, 'g', -1, 64) + ":" + strconv.Itoa(f.DRM)
}

// ParseFireAttack reads FP:DRM.
func ParseFireAttack(s string) (FireAttack, error) {
	const form = "want FP:DRM such as 8:-1 or 4:+2 (FP 1…100, DRM −10…+10)"
	fp, drm, ok := strings.Cut(s, ":")
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
	return FireAttack{FP: f, DRM: int(d)}, nil
}
