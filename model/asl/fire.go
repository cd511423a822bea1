package asl

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
)

// FireAttack is one enemy fire attack on the IFT, written FP:DRM as on a
// player's scratch pad: 8:-1 is 8 FP at −1 (TEM and every other DRM
// included).
type FireAttack struct {
	FP  float64 `json:"fp"`
	DRM int     `json:"drm"`
	// Firers, when the attack names them (FP:DRM,class=CLASS), decide
	// whether it Cowers, as sapper fire's unled Infantry do (A7.9,
	// A19.33). Not named, it never Cowers (rules/asl.md §8.31), as a
	// leader-directed attack would not.
	Firers *Firers `json:"firers,omitempty"`
}

// Firers are the Infantry making a fire attack, not directed by a
// leader: their class and nationality, which decide Cowering (A7.9).
type Firers struct {
	Class       Class       `json:"class"`
	Nationality Nationality `json:"nationality"`
}

func (f FireAttack) String() string {
	s := strconv.FormatFloat(f.FP, 'g', -1, 64) + ":" + strconv.Itoa(f.DRM)
	if f.Firers == nil {
		return s
	}
	s += ",class=" + f.Firers.Class.String()
	if f.Firers.Nationality != OtherNationality {
		s += ",nation=" + f.Firers.Nationality.String()
	}
	return s
}

// Cowering is how many columns the attack moves left on Original
// doubles: 0 when it never Cowers, 1, or 2 with Inexperienced firers
// (A7.9, A19.33), by the rules of sapper fire's attack.
func (f FireAttack) Cowering() int {
	if f.Firers == nil {
		return 0
	}
	a := IFTAttack{FP: f.FP, Firer: InfantryFirer, FirerClass: f.Firers.Class, FirerNationality: f.Firers.Nationality}
	if !a.Cowers() {
		return 0
	}
	return a.CoweringShift()
}

// CowersOffLowest reports whether the attack's Cowering moves it off the
// IFT's lowest column, where it has no effect at all by default (A7.9,
// §8.54, Options.CowerOffLowestNoEffect).
func (f FireAttack) CowersOffLowest() bool {
	shift := f.Cowering()
	return shift > 0 && int(ColumnFor(f.FP)) < shift
}

// ParseFireAttack reads FP:DRM, then the firers' ,class=CLASS and
// ,nation=N, if given, for an attack that may Cower.
func ParseFireAttack(s string) (FireAttack, error) {
	const form = "want FP:DRM such as 8:-1 or 4:+2 (FP 1…100, DRM −10…+10), then ,class=CLASS (and ,nation=N) for unled Infantry firers, who may Cower (A7.9)"
	head, opts, hasOpts := strings.Cut(s, ",")
	fp, drm, ok := strings.Cut(head, ":")
	if !ok {
		// 8,-1: the comma is an option's, the DRM a colon's; offered
		// only when the attack so written is one.
		drm, rest, _ := strings.Cut(opts, ",")
		meant := head + ":" + drm
		if rest != "" {
			meant += "," + rest
		}
		if _, err := ParseFireAttack(meant); hasOpts && err == nil {
			return FireAttack{}, fmt.Errorf("%q has no DRM: a colon joins FP and DRM, as in %s; %s", s, meant, form)
		}
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
	if hasOpts {
		if a.Firers, err = parseFirers(opts); err != nil {
			var said *FirersError
			if errors.As(err, &said) {
				// The options' own list says it all: the form is not repeated.
				return FireAttack{}, fmt.Errorf("%q: %w", s, err)
			}
			return FireAttack{}, fmt.Errorf("%q: %v; %s", s, err, form)
		}
	}
	return a, nil
}

// badChoice refuses the value of an option key=val that takes one of
// names, offering the one most likely meant: class=elit: did you mean
// class=elite? (want one of first, elite, …).
func badChoice(key, val string, names []string) string {
	meant := spell.Nearest(val, names)
	if meant != "" {
		meant = key + "=" + meant
	}
	return fmt.Sprintf("%s=%s: %s", key, val, spell.Offer(meant, "want one of "+strings.Join(names, ", ")))
}

// firerOptions are the options after an attack's FP:DRM.
var firerOptions = []string{"class=CLASS", "nation=N"}

// FirersError is an option of an attack's firers refused with what is
// wanted of it, and what it most likely meant: ParseFireAttack's error
// wraps it, and the form of the whole attack does not follow it, nor
// should a caller's own alternatives.
type FirersError struct{ msg string }

func (e *FirersError) Error() string { return e.msg }

// parseFirers reads the options after an attack's FP:DRM: class=CLASS,
// and nation=N, each once; a class is needed, the one thing that says
// the firers are given.
func parseFirers(opts string) (*Firers, error) {
	var f Firers
	seen := map[string]bool{}
	for _, o := range strings.Split(opts, ",") {
		key, val, _ := strings.Cut(o, "=")
		if seen[key] {
			return nil, fmt.Errorf("%s given twice", key)
		}
		seen[key] = true
		var err error
		switch key {
		case "class":
			if f.Class, err = ParseClass(val); err != nil {
				return nil, &FirersError{badChoice("class", val, classNames[:])}
			}
		case "nation":
			if f.Nationality, err = ParseNationality(val); err != nil {
				return nil, &FirersError{badChoice("nation", val, nationalityNames[:])}
			}
		default:
			if spell.Option(o, firerOptions) != "" {
				return nil, &FirersError{spell.UnknownOption(o, firerOptions, "after FP:DRM, want ,class=CLASS (and ,nation=N)")}
			}
			return nil, fmt.Errorf("unknown option %q", o)
		}
		if err != nil {
			return nil, fmt.Errorf("%s=%v", key, err)
		}
	}
	switch {
	case !seen["class"]:
		return nil, fmt.Errorf("nation without class: give the firers' class=CLASS")
	case f.Nationality == Finnish && f.Class != Conscript:
		// As sapper fire refuses it: the class would change nothing.
		return nil, fmt.Errorf("class=%s with nation=finnish: Finns other than Conscripts never Cower (A7.9, §7.4), which is all the class changes; give no class", f.Class)
	}
	return &f, nil
}
