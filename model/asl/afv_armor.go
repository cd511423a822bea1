package asl

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/enum"
)

// AF is an Armor Factor (C7.11). Unarmored marks a Target Facing with no
// armor at all, which a DC attacks on the IFT vehicle line (C7.346).
type AF int8

// Unarmored is the AF of an unarmored facing, written "-".
const Unarmored AF = -1

// afScale is every AF in the game, lowest first (D1.6); Superior and
// Inferior turret armor are the next step up or down it (D1.63–D1.64).
var afScale = [...]AF{0, 1, 2, 3, 4, 6, 8, 11, 14, 18, 26}

// aerialAF is the Aerial AF printed beneath each worst AF of afScale
// (C7.12; rules/asl.md §5.3). The row is confirmed up to 11; beyond it is
// open (§8.12), marked −1.
var aerialAF = [len(afScale)]AF{0, 0, 1, 2, 3, 3, 4, 4, -1, -1, -1}

// AerialAFFallback is the Aerial AF used for a worst AF of 14 or more when
// none is given and the fallback is allowed: the highest confirmed value
// (§8.12).
const AerialAFFallback AF = 4

func (a AF) String() string {
	if a == Unarmored {
		return "-"
	}
	return strconv.Itoa(int(a))
}

// ParseAF reads one AF of the scale, or "-" for an unarmored facing.
func ParseAF(s string) (AF, error) {
	if s == "-" {
		return Unarmored, nil
	}
	n, err := decimal.ParseInt(s, math.MinInt, math.MaxInt)
	if err == nil {
		for _, v := range afScale {
			if int64(v) == n {
				return v, nil
			}
		}
	}
	return 0, fmt.Errorf("%q is not an AF: want one of %s, or - for an unarmored facing", s, afList())
}

func afList() string { return strings.Join(AFNames(), ", ") }

// AFNames are the AFs of the scale, lowest first, as ParseAF reads them
// (an unarmored facing's "-" aside): the values an Aerial AF may take.
func AFNames() []string {
	ss := make([]string, len(afScale))
	for i, v := range afScale {
		ss[i] = v.String()
	}
	return ss
}

// Facing is the Target Facing a DC is Placed or Thrown through (C7.346).
type Facing uint8

const (
	Front Facing = iota
	Side
	Rear
)

var facingNames = [...]string{"front", "side", "rear"}

func (f Facing) String() string               { return enum.Name("Facing", facingNames[:], f) }
func (f Facing) MarshalText() ([]byte, error) { return enum.Text("Facing", facingNames[:], f) }

// ParseFacing reads front, side or rear.
func ParseFacing(s string) (Facing, error) {
	for i, n := range facingNames {
		if s == n {
			return Facing(i), nil
		}
	}
	return 0, fmt.Errorf("%q: want front, side or rear", s)
}

// Armor is an AFV's armor: the hull and the turret (or upper
// superstructure) AF of each Target Facing, as printed on the counter.
type Armor struct {
	Hull   [3]AF `json:"hull"`
	Turret [3]AF `json:"turret"`
}

// ParseArmor reads hull=F/S/R,turret=F/S/R (front, side, rear), each AF
// on the scale of D1.6 or "-" for an unarmored facing; a bare F/S/R gives
// the hull and the turret alike.
func ParseArmor(s string) (Armor, error) {
	const form = "want hull=F/S/R,turret=F/S/R such as hull=11/8/8,turret=11/8/8 (or one F/S/R for both)"
	var a Armor
	if s == "" {
		return a, fmt.Errorf("no armor given; %s", form)
	}
	if !strings.Contains(s, "=") {
		f, err := parseFSR(s)
		if err != nil {
			return a, err
		}
		a.Hull, a.Turret = f, f
		return a, a.validate()
	}
	var seen [2]bool
	for part := range strings.SplitSeq(s, ",") {
		key, val, ok := strings.Cut(part, "=")
		if !ok {
			return a, fmt.Errorf("%q has no =; %s", part, form)
		}
		var i int
		switch key {
		case "hull":
			i = 0
		case "turret", "upper":
			i = 1
		default:
			return a, fmt.Errorf("unknown part %q; %s", key, form)
		}
		if seen[i] {
			return a, fmt.Errorf("%s given twice; %s", key, form)
		}
		seen[i] = true
		f, err := parseFSR(val)
		if err != nil {
			return a, fmt.Errorf("%s: %w", key, err)
		}
		if i == 0 {
			a.Hull = f
		} else {
			a.Turret = f
		}
	}
	switch {
	case !seen[0]:
		return a, fmt.Errorf("the hull is missing; %s", form)
	case !seen[1]:
		return a, fmt.Errorf("the turret is missing; %s", form)
	}
	return a, a.validate()
}

// parseFSR reads three AFs: front/side/rear.
func parseFSR(s string) ([3]AF, error) {
	var f [3]AF
	parts := strings.Split(s, "/")
	if _, err := strconv.Atoi(s); len(parts) == 1 && err != nil && s != "-" {
		// Not a number either: a word, not a list one AF short.
		return f, fmt.Errorf("%q is not armor: want three AF, front/side/rear, as in 11/8/8", s)
	}
	if len(parts) != 3 {
		// Its own error says what a value is: one want a message.
		return f, fmt.Errorf("%q has %d AF; want three, front/side/rear, as in hull=11/8/8,turret=11/8/8 (or one F/S/R for both)", s, len(parts))
	}
	for i, p := range parts {
		v, err := ParseAF(p)
		if err != nil {
			return f, err
		}
		f[i] = v
	}
	return f, nil
}

// validate: every facing is on the scale of D1.6 or unarmored, and a
// turret aspect is unarmored only where its hull facing is
// too; an unarmored turret over armored hull is outside the model.
func (a Armor) validate() error {
	for i, fsr := range [2][3]AF{a.Hull, a.Turret} {
		for f, v := range fsr {
			if v != Unarmored && !onScale(v) {
				return fmt.Errorf("the %s %s AF %d is not an AF: want one of %s, or - for an unarmored facing", [2]string{"hull", "turret"}[i], Facing(f), v, afList())
			}
		}
	}
	for f := range a.Hull {
		if a.Turret[f] == Unarmored && a.Hull[f] != Unarmored {
			return fmt.Errorf("the turret %s is unarmored over an armored hull %s; not modeled", Facing(f), Facing(f))
		}
	}
	return nil
}

func (a Armor) String() string {
	fsr := func(f [3]AF) string { return f[0].String() + "/" + f[1].String() + "/" + f[2].String() }
	return "hull=" + fsr(a.Hull) + ",turret=" + fsr(a.Turret)
}

// MarshalText writes the armor as it is typed.
func (a Armor) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// Worst is the lowest AF of all the hull and turret facings (C7.12);
// ok is false when no facing is armored.
func (a Armor) Worst() (worst AF, ok bool) {
	worst = afScale[len(afScale)-1]
	for _, v := range append(a.Hull[:], a.Turret[:]...) {
		if v != Unarmored {
			worst, ok = min(worst, v), true
		}
	}
	return worst, ok
}

// Unarmored reports whether no facing is armored: an unarmored vehicle,
// attacked on the IFT vehicle line (A7.308).
func (a Armor) Unarmored() bool {
	_, ok := a.Worst()
	return !ok
}

// AerialAF is the C7.12 Aerial AF beneath the worst AF; ok is false for a
// worst AF of 14 or more, where the row is open (§8.12), or for an
// unarmored vehicle.
func (a Armor) AerialAF() (AF, bool) {
	w, ok := a.Worst()
	if !ok {
		return 0, false
	}
	for i, v := range afScale {
		if v == w && aerialAF[i] >= 0 {
			return aerialAF[i], true
		}
	}
	return 0, false
}
