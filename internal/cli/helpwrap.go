package cli

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/sapperhq/sapper/report"
)

// helpWidth is the widest line a help text prints: an 80-column terminal.
const helpWidth = 80

// helpIndent is where a flag's usage starts, after its name column.
const helpIndent = 28

// flagUsages lists fs's flags as pflag's FlagUsages does — the name and
// its placeholder, then the usage, then a default that is not the zero
// value — with every line held to helpWidth: the usage is filled to the
// width left beside the names, and a long name puts it on the next line.
func flagUsages(fs *pflag.FlagSet) string {
	var b strings.Builder
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		placeholder, usage := pflag.UnquoteUsage(f)
		usage = withRange(f, placeholder, usage)
		name := "      --" + f.Name
		if f.Shorthand != "" {
			name = "  -" + f.Shorthand + ", --" + f.Name
		}
		if placeholder != "" {
			name += " " + placeholder
		}
		if d := shownDefault(f); d != "" {
			usage += " (default " + d + ")"
		}
		writeEntry(&b, name, strings.Join(strings.Fields(usage), " "))
	})
	return b.String()
}

// statedRange matches a usage that states its flag's range in words of
// its own: "(0…6)", "(−6…+6)", "from 0.5 to 0.999999", "(1 to 10¹⁰)".
var statedRange = regexp.MustCompile(`\d…|…[−+]?\d|from \S+ to |\(\S+ to `)

// withRange returns a flag's usage with the range its value is held to
// (setRange, setBounds) after the first mention of its placeholder,
// "Support Weapons N (0…4) the first --target possesses", unless the usage
// states it already or the range is the whole of the flag's type: help
// then names every value the parser takes.
func withRange(f *pflag.Flag, placeholder, usage string) string {
	r := rangeText(f)
	if r == "" || statedRange.MatchString(usage) {
		return usage
	}
	at := -1
	if placeholder != "" {
		for i := 0; i+len(placeholder) <= len(usage); i++ {
			j := i + len(placeholder)
			if usage[i:j] == placeholder && (i == 0 || usage[i-1] == ' ') && (j == len(usage) || strings.ContainsRune(" ,;:.)\n", rune(usage[j]))) {
				at = j
				break
			}
		}
	}
	if at < 0 {
		return usage + " (" + r + ")"
	}
	return usage[:at] + " (" + r + ")" + usage[at:]
}

// rangeText is a flag's range as help writes it, "0…4", "−6…6",
// "1…200,000,000" or "0.0001 to below 0.5"; "" for none, or for one that
// is the whole of the flag's type (a seed).
func rangeText(f *pflag.Flag) string {
	b := f.Annotations[rangeKey]
	if len(b) != 2 {
		b = f.Annotations[boundsKey]
	}
	if len(b) != 2 || b[1] == strconv.FormatUint(math.MaxUint64, 10) {
		return ""
	}
	if f.Annotations[belowKey] != nil {
		return readableBound(b[0]) + " to below " + readableBound(b[1])
	}
	return readableBound(b[0]) + "…" + readableBound(b[1])
}

// readableBound writes a bound for people: a minus sign, not a hyphen, and
// thousands grouped from 10,000.
func readableBound(s string) string {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		switch {
		case n < 0:
			return "−" + readableBound(strconv.FormatInt(-n, 10))
		case n >= 10000:
			return report.Group(uint64(n))
		}
		return s
	}
	return strings.Replace(s, "-", "−", 1)
}

// writeEntry writes one entry of a help list: name, then text filled to
// the width left beside the names, on the next line when name is long.
func writeEntry(b *strings.Builder, name, text string) {
	lines := wrapLines([]string{text}, helpWidth-helpIndent)
	if utf8.RuneCountInString(name) >= helpIndent-1 {
		b.WriteString(name + "\n")
	} else {
		b.WriteString(name + strings.Repeat(" ", helpIndent-utf8.RuneCountInString(name)) + lines[0] + "\n")
		lines = lines[1:]
	}
	for _, l := range lines {
		b.WriteString(strings.Repeat(" ", helpIndent) + l + "\n")
	}
}

// shownDefault is a flag's default as help shows it, or "" for a zero
// value, which goes without saying.
func shownDefault(f *pflag.Flag) string {
	if slices.Contains([]string{"", "0", "false", "[]", "0s"}, f.DefValue) {
		return ""
	}
	if f.Value.Type() == "string" {
		return fmt.Sprintf("%q", f.DefValue)
	}
	return f.DefValue
}

// wrapLines wraps each line to width runes at spaces, keeping the line
// breaks it was written with; a space before "§" does not break.
func wrapLines(lines []string, width int) []string {
	var out []string
	for _, l := range lines {
		for utf8.RuneCountInString(l) > width {
			cut := -1
			n := 0
			for i, r := range l {
				if n > width {
					break
				}
				// A citation keeps the page it cites: "asl.md §8.26" is
				// never split at its space.
				if r == ' ' && !strings.HasPrefix(l[i+1:], "§") {
					cut = i
				}
				n++
			}
			if cut <= 0 {
				break // one word longer than the line: leave it whole
			}
			out = append(out, l[:cut])
			l = strings.TrimLeft(l[cut:], " ")
		}
		out = append(out, l)
	}
	return out
}

// ruleUsages lists --rule switches, key, what it does and its default,
// wrapped as flagUsages wraps.
func ruleUsages(docs [][3]string) string {
	var b strings.Builder
	for _, d := range docs {
		writeEntry(&b, "  "+d[0], d[1]+"; default: "+d[2])
	}
	return b.String()
}
