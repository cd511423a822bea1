package cli

import (
	"fmt"
	"io"
	"os"
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
	f, ok := w.(*os.File)
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
// --precision runs).
func startProgress(w io.Writer, counter *atomic.Uint64, total uint64, unit string) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	start := time.Now()
	wg.Go(func() {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(w, "\r\033[K")
				return
			case <-t.C:
				fmt.Fprintf(w, "\r%s\033[K", progressLine(counter.Load(), total, unit, time.Since(start)))
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// progressWidth is the bar's width in cells.
const progressWidth = 30

// progressLine draws one state of the bar.
func progressLine(n, total uint64, unit string, elapsed time.Duration) string {
	el := elapsed.Round(100 * time.Millisecond)
	if total == 0 {
		return fmt.Sprintf("%s %s  %s", report.Group(n), unit, el)
	}
	f := min(float64(n)/float64(total), 1)
	bar := report.Bar(f, progressWidth)
	// Bar uses one rune per cell, a partial block included.
	pad := strings.Repeat(" ", max(progressWidth-utf8.RuneCountInString(bar), 0))
	return fmt.Sprintf("[%s%s] %3.0f%%  %s/%s %s  %s", bar, pad, 100*f, report.Group(n), report.Group(total), unit, el)
}
