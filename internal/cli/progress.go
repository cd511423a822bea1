package cli

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/sapperhq/sapper/report"
)

// progressMode is when to draw a progress bar on stderr.
type progressMode string

const (
	progressAuto   progressMode = "auto" // only when stderr is a terminal
	progressAlways progressMode = "always"
	progressNever  progressMode = "never"
)

func parseProgress(s string) (progressMode, error) {
	switch m := progressMode(choice(s, string(progressAuto), string(progressAlways), string(progressNever))); m {
	case progressAuto, progressAlways, progressNever:
		return m, nil
	}
	return "", fmt.Errorf("unknown progress mode %q", s)
}

// shows reports whether the bar is drawn on w.
func (m progressMode) shows(w io.Writer) bool {
	switch m {
	case progressAlways:
		return true
	case progressAuto:
		return isTerminal(w)
	}
	return false
}

// isTerminal reports whether w is a character device that is not a dumb
// terminal: redirected output and CI logs get no carriage-return noise.
func isTerminal(w io.Writer) bool {
	f, ok := unlocked(w).(*os.File)
	if !ok || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progressInterval is how often the bar is redrawn: smooth to the eye,
// negligible next to the workers.
const progressInterval = 100 * time.Millisecond

// startProgress redraws a one-line bar on w from the engine's counter
// until the returned stop is called, which erases the line. total is the
// count at completion, or 0 when it is not known in advance (exact runs,
// --precision runs); budget, for a count not known in advance, is the
// most it may reach (an exact run's --max-paths), or 0. label, when not
// empty, names the run the bar is of, before the bar: in a command of
// several runs, which one and how many.
func startProgress(w io.Writer, counter *atomic.Uint64, total, budget uint64, unit, label string) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	start := time.Now()
	cols := terminalWidth(w)
	wg.Go(func() {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(w, "\r\033[K")
				return
			case <-t.C:
				fmt.Fprintf(w, "\r%s\033[K", fitLine(label, counter.Load(), total, budget, unit, time.Since(start), cols))
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// slowNote is how long a run whose progress is not drawn (stderr not a
// terminal, --progress auto) and whose end is not known goes on before it
// says, once, how far it is and how long its bound may still take: a walk
// that merges states stops only at --max-paths, and a --precision run
// that does not get there only at its --trials, each of which can be
// minutes away.
var slowNote = 10 * time.Second

// Slow notes: what is still going, then its progress line, and what
// bounds it.
const (
	slowExact     = "exact enumeration still walking: %s (--max-paths bounds it; --method auto runs Monte Carlo on a walk this long)\n"
	slowPrecision = "Monte Carlo still running to its --precision: %s (--trials bounds it)\n"
)

// startSlowNote writes the note say on w, with the run's progress in
// unit against budget, if the run is still going after slowNote, until
// the returned stop is called.
func startSlowNote(w io.Writer, counter *atomic.Uint64, budget uint64, unit, say string) (stop func()) {
	start := time.Now()
	return afterSlowNote(func() {
		fmt.Fprintf(w, say, progressLine(counter.Load(), 0, budget, unit, time.Since(start), progressWidth))
	})
}

// afterSlowNote calls note once slowNote from now, unless the returned
// stop is called first; stop returns once note, if begun, has returned,
// so that nothing is written after it.
func afterSlowNote(note func()) (stop func()) {
	t := time.NewTimer(slowNote)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		select {
		case <-done:
		case <-t.C:
			note()
		}
	})
	return func() {
		t.Stop()
		close(done)
		wg.Wait()
	}
}

// progressWidth is the bar's width in cells, and minBarWidth the least
// it narrows to in a narrow terminal.
const (
	progressWidth = 30
	minBarWidth   = 8
)

// fitLine is label and the bar's line within a terminal of cols columns
// (0: not known): a line that wraps would leave a new row on every
// redraw, since the carriage return goes back to the start of the last
// row only. It narrows the bar first, then cuts the line's end.
func fitLine(label string, n, total, budget uint64, unit string, elapsed time.Duration, cols int) string {
	line := label + progressLine(n, total, budget, unit, elapsed, progressWidth)
	over := utf8.RuneCountInString(line) - (cols - 1)
	if cols <= 0 || over <= 0 {
		return line
	}
	if total > 0 {
		line = label + progressLine(n, total, budget, unit, elapsed, max(progressWidth-over, minBarWidth))
	}
	if r := []rune(line); len(r) > cols-1 {
		line = string(r[:max(cols-1, 0)])
	}
	return line
}

// progressLine draws one state of the bar, width cells wide: the count,
// its rate, and for a run of known size the share done and the time left
// at that rate; for a run of unknown size with a budget, the budget and
// the most time left before it is spent, at that rate: an estimate ("~"),
// as a walk slows when its merged states grow.
func progressLine(n, total, budget uint64, unit string, elapsed time.Duration, width int) string {
	el := elapsed.Round(100 * time.Millisecond)
	rate := ""
	if s := elapsed.Seconds(); s > 0 && n > 0 {
		rate = fmt.Sprintf("  %s/s", rateText(float64(n)/s))
	}
	if total == 0 && budget > n {
		most := ""
		if n > 0 {
			most = fmt.Sprintf(", at most ~%s more", (time.Duration(float64(elapsed) * float64(budget-n) / float64(n))).Round(time.Second))
		}
		return fmt.Sprintf("%s of at most %s %s%s  %s%s", report.Group(n), report.Group(budget), unit, rate, el, most)
	}
	if total == 0 {
		return fmt.Sprintf("%s %s%s  %s", report.Group(n), unit, rate, el)
	}
	f := min(float64(n)/float64(total), 1)
	bar := report.Bar(f, width)
	// Bar uses one rune per cell, a partial block included.
	pad := strings.Repeat(" ", max(width-utf8.RuneCountInString(bar), 0))
	left := ""
	if n > 0 && n < total {
		eta := time.Duration(float64(elapsed) * float64(total-n) / float64(n))
		left = fmt.Sprintf(", %s left", eta.Round(time.Second))
	}
	return fmt.Sprintf("[%s%s] %3.0f%%  %s/%s %s%s  %s%s", bar, pad, 100*f, report.Group(n), report.Group(total), unit, rate, el, left)
}

// rateText writes a rate to three significant figures with a k, M or G
// suffix: 52.3M. The rate is rounded before its suffix is chosen, so that
// 999,600 is 1M, not 1e+03k.
func rateText(x float64) string {
	x, _ = strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= u.div {
			return sig3(x/u.div) + u.suffix
		}
	}
	return sig3(x)
}

// sig3 writes x to three significant figures, and a whole number of 1,000
// or more (a rate in G) whole.
func sig3(x float64) string {
	if x >= 1000 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}
