package cli

import "github.com/sapperhq/sapper/model/asl"

// unmodeled says why command cmd has no flag name, when the name is a
// situation rules/asl.md §8.30 leaves out, or how to give it
// instead (asl.NotModeled); "" for any other name. Only the commands of
// ASL attacks know these words: a crossing's open ground is its own
// input.
func unmodeled(cmd, name string) string {
	u, ok := asl.NotModeled(name)
	switch {
	case !ok:
		return ""
	case cmd == "fire":
		return u.Reason(false, "--drm")
	case cmd == "plans":
		// Its fire attacks take the DRM; its DC attacks never have one.
		return u.Reason(false, planDRM)
	case cmd == "dc" || cmd == "compare" || cmd == "afv":
		return u.Reason(true, "")
	}
	return ""
}

// planDRM is where a plan's fire attack takes a DRM.
const planDRM = "the fire attack's DRM, the signed number after its FP"

// unmodeledOption says why an attack of a plan has no option word, as
// unmodeled does for a flag; "" for any other word.
func unmodeledOption(dc bool, word string) string {
	u, ok := asl.NotModeled(word)
	if !ok {
		return ""
	}
	return u.Reason(dc, planDRM)
}
