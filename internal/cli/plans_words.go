package cli

import (
	"regexp"
	"strings"
	"sync"

	"github.com/sapperhq/sapper/internal/decimal"
	"github.com/sapperhq/sapper/model/asl"
)

// An attack of a plan is checked by the same code as sapper fire's and
// sapper dc's, whose messages name their flags: a plan's error names the
// plan's own words instead (planWords), so that "needs a --placer" reads
// "needs a placer=UNIT", the option the plan takes.

// planWord is an attack's option standing for a flag: its word, how it is
// written bare (its metavariable), and, for a flag whose value a message
// may give, the test of a value.
type planWord struct {
	word, bare string
	value      func(string) bool
}

// planFlags maps the flags of sapper fire and sapper dc to the options of
// a plan's attack. The Location's flags (--building, --tem and the rest)
// are the plans command's own and stay as they are.
var planFlags = map[string]planWord{
	"fp":                {"fire ", "fire FP", isNumberWord},
	"mode":              {"dc ", "dc MODE", func(s string) bool { _, err := asl.ParseMode(s); return err == nil }},
	"drm":               {"drm=", "drm=N", nil},
	"weapon":            {"weapon=", "weapon=W", func(s string) bool { _, err := asl.ParseWeapon(s); return err == nil }},
	"calibre":           {"calibre=", "calibre=MM", nil},
	"firer":             {"firer=", "firer=KIND", func(s string) bool { _, err := asl.ParseFirer(s); return err == nil }},
	"firer-class":       {"class=", "class=CLASS", func(s string) bool { _, err := asl.ParseClass(s); return err == nil }},
	"firer-nationality": {"nation=", "nation=N", func(s string) bool { _, err := asl.ParseNationality(s); return err == nil }},
	"leader-directed":   {"", "leader", nil},
	"area-fire":         {"", "area", nil},
	"concealed":         {"", "concealed", nil},
	"cx":                {"", "cx", nil},
	"afph":              {"", "afph", nil},
	"captured":          {"", "captured", nil},
	"user":              {"user=", "user=CLASS", func(s string) bool { _, err := asl.ParseUser(s); return err == nil }},
	"placer":            {"placer=", "placer=UNIT", nil},
	"setter":            {"setter=", "setter=UNIT", nil},
	"dff":               {"dff=", "dff=FP:DRM", isNumberWord}, // its FP, the value up to the colon
	"preset":            {"", "preset", nil},
	"enemy-infantry":    {"enemy-infantry=", "enemy-infantry=N", nil},
}

// flagMention is a flag named in a message, with the word after it.
var flagMention = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`--([a-z][a-z-]*)( [^ ,;:()]+)?`)
})

// planWords rewrites the flags a message of the attack checks names into
// the options of a plan's attack: --placer as placer=UNIT, --weapon ft as
// weapon=ft, --leader-directed as leader, and a field that leads the
// message (firer-class: …) as the option (class: …). Quoted text, a value
// the player gave, is left as it is.
func planWords(msg string) string {
	re := flagMention()
	var b strings.Builder
	for i, part := range strings.Split(msg, `"`) {
		if i > 0 {
			b.WriteByte('"')
		}
		if i%2 == 1 {
			b.WriteString(part) // inside quotes
			continue
		}
		b.WriteString(re.ReplaceAllStringFunc(part, func(m string) string {
			sub := re.FindStringSubmatch(m)
			w, ok := planFlags[sub[1]]
			if !ok {
				return m
			}
			v, end := strings.TrimPrefix(sub[2], " "), ""
			if strings.HasSuffix(v, ".") {
				// The end of a sentence.
				v, end = v[:len(v)-1], "."
			}
			switch {
			case v != "" && w.value != nil && w.value(v):
				return w.word + v + end
			case v != "" && strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
				// The flag's metavariable (--calibre MM), which the
				// option's own (calibre=MM) says.
				return w.bare + end
			}
			return w.bare + sub[2]
		}))
	}
	out := b.String()
	if k := leadField().FindStringSubmatchIndex(out); k != nil {
		if word, ok := planFields[out[k[2]:k[3]]]; ok {
			out = out[:k[2]] + word + out[k[3]:]
		}
	}
	return out
}

// planFields are the fields a message may lead with whose option in a
// plan has another name.
var planFields = map[string]string{"area-fire": "area", "firer-class": "class", "firer-nationality": "nation", "leader-directed": "leader"}

// leadField is the field that leads a message, after the attack it is of.
var leadField = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:attack \d+: )?([a-z-]+): `)
})

// isNumberWord reports whether s is written as a number, such as 8 or 7.5.
func isNumberWord(s string) bool {
	_, err := decimal.ParseFloat(s)
	return err == nil
}
