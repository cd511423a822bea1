package asl

import (
	"maps"
	"slices"
)

// What the model leaves out (rules/asl.md §8.30), by the words a
// player would write for it: a flag, or an option of a unit. Such a word
// is refused with the reason, not as a word never heard of, so that a
// player who reaches for FFMO learns that the figures cannot hold it, or
// how to give them it, instead of hunting for its spelling.

// Unmodeled is one situation left out, and what to do instead, each a
// sentence.
type Unmodeled struct {
	// Left says that the model leaves the situation out.
	Left string
	// DC says why a DC attack never has it (A23), when it never does.
	DC string
	// IFT says how an IFT attack (sapper fire) gives it, when the
	// attack's own DRM holds it: the start of a sentence that the input
	// holding that DRM ends.
	IFT string
}

// unmodeled are the situations of §8.30, by word. A word here must
// name no flag or unit option the model has.
var unmodeled = map[string]Unmodeled{
	"ffmo":         ffmo,
	"ffnam":        ffmo,
	"encircled":    encircled,
	"encirclement": encircled,
	"hindrance":    hindrance,
	"hindrances":   hindrance,
	"air-burst":    airBurst,
	"airburst":     airBurst,
	"air-bursts":   airBurst,
	"gurkha":       nationality,
	"gurkhas":      nationality,
}

const notModeled = " (rules/asl.md §8.30)"

var (
	ffmo = Unmodeled{
		Left: "FFMO and FFNAM are not modeled" + notModeled,
		DC:   "FFMO and FFNAM never apply to a DC attack: its effects resolve in the AFPh or at Throw time" + notModeled,
		IFT:  "FFMO and FFNAM are DRMs of the attack (−1 each): add them to ",
	}
	encircled = Unmodeled{Left: "Encirclement (A7.7) is not modeled" + notModeled}
	hindrance = Unmodeled{
		Left: "LOS Hindrances are not modeled" + notModeled,
		DC:   "LOS Hindrances never apply to a DC attack (A23.1)",
		IFT:  "a LOS Hindrance is a DRM of the attack: add it to ",
	}
	airBurst    = Unmodeled{Left: "Air Bursts are not modeled" + notModeled}
	nationality = Unmodeled{Left: "nationality special cases (Japanese step reduction, Gurkhas, Commissars beyond the leadership DRM) are not modeled" + notModeled}
)

// NotModeled returns the situation the word names, when it is one the
// model leaves out (rules/asl.md §8.30).
func NotModeled(word string) (Unmodeled, bool) {
	u, ok := unmodeled[word]
	return u, ok
}

// Reason says why the situation has no input of its own, in an attack by
// a DC (dc) or by any other IFT attack, whose DRM is the input drm.
func (u Unmodeled) Reason(dc bool, drm string) string {
	switch {
	case dc && u.DC != "":
		return u.DC
	case !dc && u.IFT != "":
		return u.IFT + drm
	}
	return u.Left
}

// UnmodeledWords are the words NotModeled knows, sorted.
func UnmodeledWords() []string {
	return slices.Sorted(maps.Keys(unmodeled))
}
