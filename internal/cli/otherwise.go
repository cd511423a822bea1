package cli

// whyNoFlag says why command cmd has no flag name, when it is a
// situation the rules leave out (unmodeled) or another command's word
// (otherwise); "" for any other name.
func whyNoFlag(cmd, name string) string {
	if why := unmodeled(cmd, name); why != "" {
		return why
	}
	return otherwise(cmd, name)
}

// otherwise says how command cmd takes what another command's flag name
// gives, for a player who learnt that command first; "" for any other
// name. Heat of Battle is one switch among a crossing's rules (S29), and
// a flag of its own in every ASL attack command.
func otherwise(cmd, name string) string {
	switch {
	case cmd == "activate" && name == "no-hob":
		return "a crossing turns Heat of Battle off with --rule heat-of-battle=false (A15)"
	case cmd == "afv" && (name == "armour" || name == "armor"):
		return "the AFV's armor is --af, its Armor Factors front/side/rear (or hull=…,turret=…), or a --vehicle by name, e.g. --af 11/8/8"
	case (cmd == "dc" || cmd == "compare" || cmd == "plans") && name == "leader":
		return "a leader in the target Location is one of its units, e.g. --target 4-6-7 --target leader:8-1"
	case cmd == "fire" && name == "leader":
		// sapper lhy's word: an ASL leader directing fire is two inputs
		return "a leader directing the fire is --leader-directed (no Cowering), his modifier in --drm (A7.9), e.g. --leader-directed --drm -1"
	}
	return ""
}

// hobRuleKey is the --rule key of Heat of Battle in a crossing, which the
// ASL attack commands spell --no-hob.
const hobRuleKey = "heat-of-battle"

// hobFlagWhy is what an ASL attack command says to a --rule
// heat-of-battle, a crossing's key.
const hobFlagWhy = "Heat of Battle is on by default and off with --no-hob in this command (A15)"
