package cli

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"
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
