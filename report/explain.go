package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Explanation is how a run's figures are worked out, as a player checks
// them at the table against the charts: the steps (a column, each DRM, a
// threshold, each with the rule it comes from) and the tables of what each
// roll does. The models build it from their own plans; the report only
// lays it out, as text before the result and as the "explain" object of
// the JSON.
type Explanation struct {
	Steps  []Step         `json:"steps"`
	Tables []ExplainTable `json:"tables"`
}

// Step is one line of the working: a topic ("column", "DRM"), its value,
// why, and the rule that says so.
type Step struct {
	Topic string `json:"topic"`
	Value string `json:"value"`
	Why   string `json:"why"`
	Rule  string `json:"rule,omitempty"`
}

// ExplainTable is one table of the working, such as the Original DR of
// the attack against its Final DR and result. Name is a stable key for
// programs ("attack_dr", "units"); cells are numbers or text, and a Prob
// cell is a probability.
type ExplainTable struct {
	Name    string   `json:"name"`
	Title   string   `json:"title"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
	Notes   []string `json:"notes,omitempty"`
}

// Prob is a probability cell: a number in JSON, a percentage in text.
type Prob float64

func (p Prob) String() string { return Pct(float64(p)) + "%" }

// Column returns the index of the column named name, or −1.
func (t ExplainTable) Column(name string) int {
	for i, c := range t.Columns {
		if c == name {
			return i
		}
	}
	return -1
}

// Table returns the table named name, or nil.
func (e *Explanation) Table(name string) *ExplainTable {
	for i := range e.Tables {
		if e.Tables[i].Name == name {
			return &e.Tables[i]
		}
	}
	return nil
}

// WriteExplanation writes e for people: the steps aligned in columns,
// then each table.
func WriteExplanation(w io.Writer, e *Explanation) error {
	b := bufio.NewWriter(w)
	b.WriteString("How it is worked out\n")
	var rows [][]string
	for _, s := range e.Steps {
		why := s.Why
		if s.Rule != "" {
			why += " (" + s.Rule + ")"
		}
		rows = append(rows, []string{s.Topic, s.Value, why})
	}
	writeAligned(b, "  ", rows, nil)
	for _, t := range e.Tables {
		fmt.Fprintf(b, "\n%s\n", t.Title)
		rows := [][]string{t.Columns}
		right := make([]bool, len(t.Columns))
		for _, r := range t.Rows {
			cells := make([]string, len(r))
			for k, c := range r {
				cells[k] = fmt.Sprint(c)
				switch c.(type) {
				case int, Prob, float64:
					right[k] = true
				}
			}
			rows = append(rows, cells)
		}
		writeAligned(b, "  ", rows, right)
		for _, n := range t.Notes {
			fmt.Fprintf(b, "  %s\n", n)
		}
	}
	return b.Flush()
}

// writeAligned writes rows as columns two spaces apart, numbers (right)
// aligned right, with no trailing blanks.
func writeAligned(b *bufio.Writer, indent string, rows [][]string, right []bool) {
	var widths []int
	for _, r := range rows {
		for k, c := range r {
			if k >= len(widths) {
				widths = append(widths, 0)
			}
			widths[k] = max(widths[k], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var line strings.Builder
		line.WriteString(indent)
		for k, c := range r {
			pad := strings.Repeat(" ", widths[k]-utf8.RuneCountInString(c))
			if k > 0 {
				line.WriteString("  ")
			}
			if k < len(right) && right[k] {
				line.WriteString(pad + c)
			} else {
				line.WriteString(c + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
