package report

import (
	"io"
	"strings"
	"unicode/utf8"
)

// TextWidth is the widest a line of prose runs in a table's output: the
// title and setup and the notes, as the help texts do. The rows of figures are kept whole, since a row broken in two no
// longer lines up, and so are the headline, the answer on the first line
// (sapper dc … | head -1), the lines that say how the figures were
// worked out, which a reader or a script looks for whole ("95%
// intervals", "INCOMPLETE"), and a metric's caption, which starts its
// block at the margin: a continuation there would read as the next.
const TextWidth = 80

// Wrap breaks each line of s at spaces into lines of at most TextWidth
// characters; a word longer than that keeps a line of its own. A line at
// the margin goes on at the margin, as a paragraph does; an indented one,
// an item of a list, goes on two spaces further in, so that its
// continuation never reads as the next item. A line broken in two loses
// any run of spaces where it breaks, and keeps one between its words.
func Wrap(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, wrapLine(line)...)
	}
	return out
}

func wrapLine(line string) []string {
	if utf8.RuneCountInString(line) <= TextWidth {
		return []string{line}
	}
	body := strings.TrimLeft(line, " ")
	indent := line[:len(line)-len(body)]
	next := indent
	if indent != "" {
		next += "  "
	}
	var (
		out []string
		cur strings.Builder
	)
	n := 0
	for _, word := range strings.Fields(body) {
		w := utf8.RuneCountInString(word)
		if cur.Len() > 0 && n+1+w > TextWidth {
			out = append(out, cur.String())
			cur.Reset()
			indent = next
		}
		if cur.Len() == 0 {
			cur.WriteString(indent)
			n = len(indent)
		} else {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(word)
		n += w
	}
	return append(out, cur.String())
}

// WriteText writes s wrapped (Wrap), each line ended by a newline.
func WriteText(w io.Writer, s string) error {
	for _, l := range Wrap(s) {
		if _, err := io.WriteString(w, l+"\n"); err != nil {
			return err
		}
	}
	return nil
}
