package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sapperhq/sapper/sim"
)

// barWidth is the number of character cells of a bar at p = 1.
const barWidth = 24

// WriteTable writes r for people: a header naming the method, one block per
// metric (outcome, percentage, interval for Monte Carlo, bar), and the
// elapsed time.
func WriteTable(w io.Writer, r Report, opt Options) error {
	runs, err := r.runs()
	if err != nil {
		return err
	}
	b := bufio.NewWriter(w)
	if r.Title != "" {
		fmt.Fprintf(b, "%s\n", r.Title)
	}
	for i, run := range runs {
		if i > 0 || r.Title != "" {
			b.WriteString("\n")
		}
		if run.Label != "" {
			fmt.Fprintf(b, "== %s ==\n", run.Label)
		}
		if e := r.explanation(i); e != nil {
			if err := WriteExplanation(b, e); err != nil {
				return err
			}
			b.WriteString("\n")
		}
		writeResult(b, run.Result, opt)
	}
	return b.Flush()
}

func writeResult(b *bufio.Writer, res *sim.Result, opt Options) {
	exact := res.Method == sim.Exact
	if exact {
		fmt.Fprintf(b, "exact enumeration: %s paths\n", Group(res.Paths))
	} else {
		fmt.Fprintf(b, "Monte Carlo: n = %s trials, seed %d, rng %s, chunk %d, %s%% intervals\n",
			Group(res.Trials), res.Seed, res.RNG, res.Chunk, percent(res.Confidence))
	}
	if s := Incomplete(res); s != "" {
		fmt.Fprintf(b, "INCOMPLETE: %s\n", s)
	}
	if res.Note != "" {
		fmt.Fprintf(b, "note: %s\n", res.Note)
	}
	for _, m := range res.Metrics {
		b.WriteString("\n")
		writeMetric(b, m, exact, opt)
	}
	fmt.Fprintf(b, "\nelapsed %s\n", res.Elapsed.Round(time.Millisecond))
}

func writeMetric(b *bufio.Writer, m sim.MetricSummary, exact bool, opt Options) {
	if m.Title != "" && m.Title != m.Name {
		fmt.Fprintf(b, "%s: %s\n", m.Name, m.Title)
	} else {
		fmt.Fprintf(b, "%s\n", m.Name)
	}
	shown := make([]sim.OutcomeSummary, 0, len(m.Outcomes))
	for _, o := range m.Outcomes {
		if !opt.HideZero || o.P != 0 || o.Count != 0 {
			shown = append(shown, o)
		}
	}
	width, iw := 0, 5
	for _, o := range shown {
		width = max(width, utf8.RuneCountInString(o.Label))
		if o.Hi >= 0.99995 {
			iw = 6 // "100.00"
		}
	}
	for _, o := range shown {
		pad := strings.Repeat(" ", width-utf8.RuneCountInString(o.Label))
		line := fmt.Sprintf("  %s%s  %6.2f%%", o.Label, pad, 100*o.P)
		if !exact {
			line += fmt.Sprintf("  [%*.2f, %*.2f]", iw, 100*o.Lo, iw, 100*o.Hi)
		}
		if bar := Bar(o.P, barWidth); bar != "" {
			line += "  " + bar
		}
		fmt.Fprintf(b, "%s\n", line)
	}
	if m.Numeric() {
		if exact {
			fmt.Fprintf(b, "  mean %.4f\n", m.Mean)
		} else {
			fmt.Fprintf(b, "  mean %.4f ± %.4f\n", m.Mean, (m.MeanHi-m.MeanLo)/2)
		}
	}
}

// eighths are the partial blocks U+258F…U+2589, from one eighth of a cell
// to seven.
var eighths = [...]string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// Bar draws p ∈ [0, 1] as a bar of full and partial blocks, width cells at
// p = 1. A positive p too small for one eighth still gets the thinnest
// block, so that "rare" and "never" look different.
func Bar(p float64, width int) string {
	if !(p > 0) || width <= 0 {
		return ""
	}
	n := int(min(p, 1)*float64(width*8) + 0.5)
	if n == 0 {
		n = 1
	}
	return strings.Repeat("█", n/8) + eighths[n%8]
}

// percent prints a confidence such as 0.95 as "95" and 0.999 as "99.9".
func percent(c float64) string {
	return strconv.FormatFloat(100*c, 'g', 4, 64)
}

// Group writes n with thousands separators, for counts people read.
func Group[T ~uint64 | ~int](n T) string {
	s := strconv.FormatUint(uint64(n), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
