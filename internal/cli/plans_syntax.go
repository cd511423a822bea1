package cli

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/internal/spell"
	"github.com/sapperhq/sapper/model/asl"
)

// A plan on the command line is one --plan value:
//
//	LABEL: ATTACK; ATTACK; …
//
// each ATTACK a kind, its main value, then options separated by spaces:
//
//	fire FP [+N] [drm=N] [tem=N] [weapon=W] [calibre=MM] [firer=KIND]
//	        [class=CLASS] [nation=N] [leader] [area] [concealed]
//	dc MODE [+N] [drm=N] [tem=N] [cx] [concealed] [afph] [user=CLASS]
//	        [captured] [placer=UNIT]… [dff=FP:DRM[,class=C]]… [setter=UNIT]…
//	        [preset=false] [enemy-infantry=N]
//
// A bare signed number is the attack's DRM (fire 8 +2). The Location, its
// targets and terrain are the command's flags, shared by every plan.

// planDefaults are what every attack of every plan shares: the Location.
type planDefaults struct {
	building  asl.Building
	fortified bool
	tem       int
	temGiven  bool
	terrain   string
	ec        asl.EC
	hob       bool
	// rules are the plans' --rule switches, KEY=BOOL, each set on
	// every attack that reads it (plans_rules.go).
	rules []string
	// targets are the plan's, which its attacks' switches are checked
	// against (planRuleConflicts).
	targets []asl.Unit
	// temRead, when not nil, is set once an attack takes tem as its TEM,
	// so that a --tem no attack reads can be refused; terrainRead and
	// ecRead likewise for the terrain and the EC.
	temRead, terrainRead, ecRead *bool
}

// note sets *read, when read is not nil.
func note(read *bool) {
	if read != nil {
		*read = true
	}
}

// readTEM notes that an attack took the Location's TEM, given or not.
func (d planDefaults) readTEM() {
	if d.temRead != nil {
		*d.temRead = true
	}
}

// planSpec is a plan as given: its label and its attacks.
type planSpec struct {
	Label string   `json:"label"`
	Text  string   `json:"text"`
	Plan  asl.Plan `json:"plan"`
}

// planLabel is a label's form: ASCII, so that two labels that look alike
// are one label (a Cyrillic а beside a Latin a, a mathematical 𝐚 would be
// two plans no table or chart tells apart). Compiled on first use, since
// only plans read it.
var planLabel = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9 +\-_.,/'()&]*$`)
})

// fireOptions and dcOptions are the options each kind of attack takes, as
// messages list them.
const (
	fireOptions = "drm=N, tem=N, weapon=W, calibre=MM, firer=KIND, class=CLASS, nation=N, leader, area, concealed, surrender"
	dcOptions   = "drm=N, tem=N, cx, concealed, afph, user=CLASS, captured, placer=UNIT, dff=FP:DRM[,class=CLASS], setter=UNIT, preset=false, enemy-infantry=N, surrender or surrender=false"
)

// parsePlan reads one --plan value against the shared Location.
func parsePlan(s string, targets []asl.Unit, elr int, d planDefaults) (planSpec, error) {
	bad := func(format string, args ...any) error {
		return badValue("plan", s, fmt.Sprintf(format, args...))
	}
	if i := strings.IndexFunc(s, func(r rune) bool { return r != ' ' && unicode.IsSpace(r) }); i >= 0 {
		// A tab, a line break or a no-break space reads as a space to
		// some eyes and not to others: spaces only separate words.
		return planSpec{}, bad("%q at byte %d: words are separated by spaces only", s[i:i+utf8.RuneLen([]rune(s[i:])[0])], i+1)
	}
	label, body, ok := strings.Cut(s, ":")
	label = strings.TrimSpace(label)
	const form = "want LABEL: ATTACK; ATTACK…, e.g. 'prep then DC: fire 8 +2; dc placed'"
	switch {
	case !ok:
		// The commonest slip: the attacks alone.
		return planSpec{}, bad("no LABEL: name the plan, then a colon, then its attacks; %s", form)
	case label == "":
		return planSpec{}, bad("no LABEL before the colon; %s", form)
	case strings.TrimSpace(body) == "":
		return planSpec{}, bad("no attack after %q; %s", label+":", form)
	}
	if !planLabel().MatchString(label) || len([]rune(label)) > 24 {
		return planSpec{}, bad("label %q: want up to 24 ASCII letters, digits, spaces and + - _ . , / ' ( ) &, starting with a letter or digit", label)
	}
	if strings.Contains(label, "  ") {
		// "a  b" and "a b" would be two plans that read alike in every
		// table and chart.
		return planSpec{}, bad("label %q: one space between words", label)
	}
	if strings.Contains(label, " - ") {
		// The differences' columns are headed "b − a": a plan labelled
		// "b - a" would stand beside them reading as one.
		return planSpec{}, bad("label %q: a hyphen between spaces reads as the heading of a difference (b − a); join the words (%s)", label, strings.ReplaceAll(label, " - ", "-"))
	}
	p := planSpec{Label: label, Plan: asl.Plan{Targets: targets, ELR: elr}}
	d.targets = targets
	var attacks []string
	for k, part := range strings.Split(body, ";") {
		words := strings.Fields(part) // spaces only, above
		step, err := parseStep(words, d)
		if err != nil {
			return planSpec{}, bad("attack %d: %s", k+1, err)
		}
		p.Plan.Steps = append(p.Plan.Steps, step)
		attacks = append(attacks, strings.Join(words, " "))
	}
	// Echoed as read, one space between words: "fire 8 ;  fire 4" is
	// the plan "fire 8; fire 4".
	p.Text = strings.Join(attacks, "; ")
	if err := p.Plan.Validate(); err != nil {
		return planSpec{}, bad("%s", planWords(err.Error()))
	}
	return p, nil
}

// parseStep reads one attack's words.
func parseStep(words []string, d planDefaults) (asl.PlanStep, error) {
	if len(words) < 2 {
		return asl.PlanStep{}, fmt.Errorf("want 'fire FP …' or 'dc MODE …'")
	}
	switch words[0] {
	case "fire":
		fp, err := decimal.ParseFloat(words[1])
		if err != nil {
			return asl.PlanStep{}, fmt.Errorf("fire %q: %v; want the attack's FP, a number such as 8 or 7.5", words[1], err)
		}
		if fp <= 0 {
			return asl.PlanStep{}, fmt.Errorf("fire %q: want the attack's FP, a number such as 8 or 7.5", words[1])
		}
		if fp < 1 || fp > asl.MaxFP {
			// Here, not in the plan's Validate, which has only the float
			// to quote ("1e+300" for 1e300).
			return asl.PlanStep{}, fmt.Errorf("fire %q: outside 1…%d, the FP an IFT attack may have", words[1], asl.MaxFP)
		}
		a, err := fireStep(fp, words[2:], d)
		return asl.PlanStep{Fire: a, Revealed: revealed(words[2:])}, err
	case "dc":
		mode, err := asl.ParseMode(words[1])
		if err != nil {
			const want = "want placed, thrown or set"
			return asl.PlanStep{}, fmt.Errorf("dc %q: %s%s", words[1], want, choiceHint(words[1], want))
		}
		a, err := dcStep(mode, words[2:], d)
		return asl.PlanStep{DC: a, Revealed: revealed(words[2:])}, err
	}
	return asl.PlanStep{}, fmt.Errorf("%q: an attack starts with fire or dc%s", words[0], choiceHint(words[0], "want fire or dc"))
}

// revealed: the attack says concealed=false, that the targets' "?" is
// gone for it; their own ,concealed is then not read (§8.63).
func revealed(words []string) bool {
	for _, w := range words {
		if o := splitOption(w); o.key == "concealed" && o.eq && o.val == "false" {
			return true
		}
	}
	return false
}

// option is one word of an attack: key=value, a key alone (a yes, eq
// false), or a signed number (the DRM).
type option struct {
	key, val string
	eq       bool
}

func splitOption(w string) option {
	// A sign and a digit begin a DRM, read and refused as one (+3x,
	// -1.5); a flag's spelling (--leader-directed) is an unknown option.
	rest, signed := strings.CutPrefix(w, decimal.Minus)
	if !signed && len(w) > 1 && (w[0] == '+' || w[0] == '-') {
		rest, signed = w[1:], true
	}
	if signed && rest != "" && (rest[0] >= '0' && rest[0] <= '9' || rest[0] == '.') {
		return option{"drm", w, true}
	}
	k, v, eq := strings.Cut(w, "=")
	return option{k, v, eq}
}

// whole reads a whole number option within lo…hi.
func (o option) whole(lo, hi int) (int, error) {
	if !o.eq {
		// "drm -1": the value is a word of its own.
		alone := ""
		if o.key == "drm" {
			alone = ", or the DRM alone as a signed number (-1)"
		}
		return 0, fmt.Errorf("%s without a value: write %s=N with N a whole number from %d to %d%s", o.key, o.key, lo, hi, alone)
	}
	n, err := decimal.ParseInt(o.val, int64(lo), int64(hi))
	if err != nil {
		return 0, fmt.Errorf("%s=%s: want a whole number from %d to %d", o.key, o.val, lo, hi)
	}
	return int(n), nil
}

// yes reads an option given alone, or =true or =false.
func (o option) yes() (bool, error) {
	switch {
	case !o.eq, o.val == "true":
		return true, nil
	case o.val == "false":
		return false, nil
	}
	return false, fmt.Errorf("%s=%s: give %s alone, or =true or =false%s", o.key, o.val, o.key, choiceHint(o.val, "want true or false"))
}

// switched reads a rule switch given as an option (yes), said outright
// for the attack whatever its command's default.
func (o option) switched() (*bool, error) {
	v, err := o.yes()
	return &v, err
}

// fireStep builds a fire attack of fp FP from its options.
func fireStep(fp float64, words []string, d planDefaults) (*asl.IFTAttack, error) {
	a := asl.NewIFTAttack(fp)
	a.Building, a.Fortified, a.Terrain, a.EC = d.building, d.fortified, d.terrain, d.ec
	a.TEM = d.tem
	if !d.temGiven {
		a.TEM = d.building.TEM(d.fortified)
	}
	a.Options.HeatOfBattle = d.hob
	setFireRules(&a.Options, d.rules)
	firerGiven, temGiven := false, false
	given := planOptions{}
	err := eachOption(words, nil, func(o option, w string) (err error) {
		given.add(o, w)
		switch o.key {
		case "drm":
			a.DRM, err = o.whole(asl.MinDRM, asl.MaxDRM)
		case "tem":
			a.TEM, err = o.whole(asl.MinTEM, asl.MaxTEM)
			temGiven = true
		case "weapon":
			if a.Weapon, err = asl.ParseWeapon(o.val); err == nil && !firerGiven {
				a.Firer = asl.DefaultFirer(a.Weapon)
			}
		case "calibre":
			a.Calibre, err = o.whole(1, asl.MaxCalibre) // as --calibre: given, a calibre is one
		case "firer":
			a.Firer, err = asl.ParseFirer(o.val)
			firerGiven = true
		case "class":
			a.FirerClass, err = asl.ParseClass(o.val)
		case "nation":
			a.FirerNationality, err = asl.ParseNationality(o.val)
		case "leader":
			a.LeaderDirected, err = o.yes()
		case "area":
			a.AreaFire, err = o.yes()
		case "concealed":
			a.Concealed, err = o.yes()
		case "surrender":
			a.Options.Surrender, err = o.switched()
		default:
			if why := unmodeledOption(false, o.key); why != "" {
				return unknownOption("fire: " + why)
			}
			return unknownOption("fire: " + unknownWord(w, fireOptions))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := planRuleConflicts(given, d); err != nil {
		return nil, err
	}
	// The Location's terrain and EC are every attack's, but only one
	// that reads them takes them: small arms in woods are an attack at
	// the woods' TEM alone.
	if a.Terrain != "" && !a.ReadsTerrain() {
		a.Terrain = ""
	}
	if a.Terrain != "" {
		note(d.terrainRead)
	}
	if a.Weapon == asl.WP || a.CanFlame() && a.Building == asl.NoBuilding {
		note(d.ecRead)
	} else {
		a.EC = asl.Moderate
	}
	if a.Weapon == asl.Flamethrower && !temGiven {
		a.TEM = 0 // §8.58: no TEM against a FT
	}
	if !temGiven && a.Weapon != asl.Flamethrower {
		d.readTEM()
	}
	return &a, nil
}

// dcStep builds a DC attack of mode m from its options.
func dcStep(m asl.Mode, words []string, d planDefaults) (*asl.DCAttack, error) {
	a := asl.NewDCAttack(m)
	a.Building, a.Fortified, a.Terrain, a.EC = d.building, d.fortified, d.terrain, d.ec
	if !slices.Contains(asl.TerrainNames(), a.Terrain) {
		// A DC reads the terrain for its Flame alone: open ground, palm
		// trees and kunai have no Kindling # (§8.56), and are a fire
		// attack's Shellhole terrain, not the DC's.
		a.Terrain = ""
	}
	a.TEM = d.tem
	if !d.temGiven {
		a.TEM = d.building.TEM(d.fortified)
	}
	if m == asl.Set {
		a.TEM = 0 // A23.71: no TEM
	}
	a.Options.HeatOfBattle = d.hob
	setDCRules(&a.Options, d.rules)
	a.Preset = m == asl.Set
	unit := func(o option, dst *[]asl.Unit) error {
		u, err := asl.ParseUnit(o.val)
		if err == nil {
			*dst = append(*dst, u)
		}
		return err
	}
	given := planOptions{}
	defer func() {
		if _, own := given["tem"]; !own && m != asl.Set {
			d.readTEM()
		}
	}()
	err := eachOption(words, []string{"placer", "setter", "dff"}, func(o option, w string) (err error) {
		given.add(o, w)
		switch o.key {
		case "drm":
			a.DRM, err = o.whole(asl.MinDRM, asl.MaxDRM)
		case "tem":
			a.TEM, err = o.whole(asl.MinTEM, asl.MaxTEM)
		case "cx":
			a.CX, err = o.yes()
		case "concealed":
			a.Concealed, err = o.yes()
		case "afph":
			a.AFPh, err = o.yes()
		case "captured":
			a.Captured, err = o.yes()
		case "user":
			a.User, err = asl.ParseUser(o.val)
		case "placer":
			err = unit(o, &a.Placer)
		case "setter":
			err = unit(o, &a.Setter)
		case "dff":
			var f asl.FireAttack
			if f, err = asl.ParseFireAttack(o.val); err == nil {
				a.DFF = append(a.DFF, f)
			}
		case "preset":
			a.Preset, err = o.yes()
		case "enemy-infantry":
			a.EnemyInfantry, err = o.whole(0, asl.MaxEnemyInfantry)
		case "surrender":
			a.Options.Surrender, err = o.switched()
		default:
			if why := unmodeledOption(true, o.key); why != "" {
				return unknownOption("dc: " + why)
			}
			return unknownOption("dc: " + unknownWord(w, dcOptions))
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	_, own := given["user"]
	a.User = dcUser(own, a.User, a.Placer, a.Setter)
	// The options a mode makes meaningless are refused as sapper dc
	// refuses the flags they stand for, from the same declarations.
	if err := dcConflicts(given, nil, !d.hob, false, a); err != nil {
		return nil, given.conflict(err)
	}
	if err := planRuleConflicts(given, d); err != nil {
		return nil, err
	}
	if a.Terrain != "" && a.Breach == asl.NoBreach {
		// A DC's Flame reads the terrain, and outside buildings the EC
		// (B25.13).
		note(d.terrainRead)
		note(d.ecRead)
	}
	return &a, nil
}

// planOptions are the options given to one attack of a plan, each named
// by the flag of sapper dc or sapper fire it stands for (the same name),
// with the first word that gave it; they answer the commands' conflict
// declarations.
type planOptions map[string]string

func (p planOptions) add(o option, word string) {
	if _, ok := p[o.key]; !ok {
		p[o.key] = word
	}
}

// Changed reports whether the option standing for flag name was given.
func (p planOptions) Changed(name string) bool {
	_, ok := p[name]
	return ok
}

// conflict words a conflict the declarations found in the plan's terms:
// "tem=2 with dc set" for "--tem with --mode set", "surrender with
// no-hob" for "--rule surrender with --no-hob".
func (p planOptions) conflict(err error) error {
	var ce *conflictError
	if !errors.As(err, &ce) {
		return err
	}
	with := ce.with
	if mode, ok := strings.CutPrefix(with, "--mode "); ok {
		with = "dc " + mode
	}
	word := p[ce.flag]
	if key, ok := strings.CutPrefix(ce.input, "--rule "); ok {
		word = p[key]
	}
	with = "with " + strings.ReplaceAll(with, "--", "")
	if rest, ok := strings.CutPrefix(with, "with no "); ok && strings.HasPrefix(ce.with, "no --") {
		with = "without " + rest // as the command line's (checkConflicts)
	}
	return fmt.Errorf("%s %s: %s", word, with, planWords(ce.why))
}

// planRuleConflicts refuses an attack's rule switch (surrender) that the
// plan's targets or --no-hob make meaningless, as sapper fire and sapper
// dc refuse it as a --rule: it changes only what Heat of Battle does.
func planRuleConflicts(given planOptions, d planDefaults) error {
	if !given.Changed("surrender") {
		return nil
	}
	rules := []string{"surrender"}
	cs := append(noHoBConflicts(rules, !d.hob), checkedUnitConflicts(given, rules, d.targets)...)
	return given.conflict(checkConflicts(cs...))
}

// unknownOption is an option word an attack does not take; its message
// says which it takes.
type unknownOption string

func (u unknownOption) Error() string { return string(u) }

// eachOption hands each option of an attack to set, in order, refusing
// one given twice (once) but for the repeatable ones, and names the
// option in the error of a value set refuses.
func eachOption(words, repeatable []string, set func(o option, word string) error) error {
	seen := map[string]string{}
	for _, w := range words {
		o := splitOption(w)
		if err := once(seen, o, w, repeatable...); err != nil {
			return err
		}
		err := set(o, w)
		var unknown unknownOption
		switch {
		case errors.As(err, &unknown):
			return err
		case err != nil:
			return optionError(o, err)
		}
	}
	return nil
}

// once refuses an option given twice in one attack (+1 +2, tem=1 tem=2,
// cx cx), as a flag given twice is: the one would silently replace the
// other. The repeatable options list units or attacks.
func once(seen map[string]string, o option, word string, repeatable ...string) error {
	if slices.Contains(repeatable, o.key) {
		return nil
	}
	if first, ok := seen[o.key]; ok {
		return fmt.Errorf("%s is given twice (%s, then %s); give it once", o.key, first, word)
	}
	seen[o.key] = word
	return nil
}

// optionError names the option at fault once.
func optionError(o option, err error) error {
	msg := stripEcho(err.Error())
	switch {
	case strings.HasPrefix(msg, o.key):
		return fmt.Errorf("%s", msg)
	case !o.eq:
		// "weapon ft": the value is a word of its own (a key alone is a
		// yes, which only the keys that take a value refuse). What the
		// empty value was refused for says nothing: what is wanted does.
		if i := strings.Index(msg, "want "); i > 0 {
			msg = msg[i:]
		}
		return fmt.Errorf("%s without a value: write %s=VALUE; %s", o.key, o.key, msg)
	}
	return fmt.Errorf("%s=%s: %s%s", o.key, o.val, msg, choiceHint(o.val, msg))
}

// unknownWord refuses w, no option of an attack's, offering the one of
// options (fireOptions, dcOptions) it most likely meant.
func unknownWord(w, options string) string {
	forms := strings.Split(strings.ReplaceAll(options, " or ", ", "), ", ")
	return spell.UnknownOption(w, forms, "want "+options)
}
