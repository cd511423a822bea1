package cli

import (
	"bytes"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sapperhq/sapper/sim"
)

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		n, total uint64
		unit     string
		want     string
	}{
		{0, 1000, "trials", "[                              ]   0%  0/1,000 trials  1.5s"},
		// Half done in 1.5 s: 333 a second, as long again to go.
		{500, 1000, "trials", "[███████████████               ]  50%  500/1,000 trials  333/s  1.5s, 2s left"},
		{1000, 1000, "trials", "[██████████████████████████████] 100%  1,000/1,000 trials  667/s  1.5s"},
		{1234567, 0, "paths", "1,234,567 paths  823k/s  1.5s"},
	} {
		if got := progressLine(c.n, c.total, 0, c.unit, 1500*time.Millisecond, progressWidth); got != c.want {
			t.Errorf("progressLine(%d, %d) =\n%q, want\n%q", c.n, c.total, got, c.want)
		}
	}
	// An exact run's budget: at this rate, 20,000,000 paths in 24.3 s.
	if got, want := progressLine(1_234_567, 0, 20_000_000, "paths", 1500*time.Millisecond, progressWidth), "1,234,567 of at most 20,000,000 paths  823k/s  1.5s, at most ~23s more"; got != want {
		t.Errorf("with a budget:\n%q, want\n%q", got, want)
	}
	for _, c := range []struct {
		n, total uint64
		unit     string
		want     string
	}{
		{90_000_000, 1_000_000_000, "trials", "[██▊                           ]   9%  90,000,000/1,000,000,000 trials  60M/s  1.5s, 15s left"},
	} {
		if got := progressLine(c.n, c.total, 0, c.unit, 1500*time.Millisecond, progressWidth); got != c.want {
			t.Errorf("progressLine(%d, %d) =\n%q, want\n%q", c.n, c.total, got, c.want)
		}
	}
}

func TestProgressDrawsAndErases(t *testing.T) {
	var counter atomic.Uint64
	counter.Store(42)
	// Only the drawing goroutine writes, and stop waits for it, so a plain
	// buffer is safe to read afterwards.
	var b bytes.Buffer
	stop := startProgress(&b, &counter, 100, 0, "trials", "tem=2 (3 of 6) ")
	time.Sleep(3 * progressInterval)
	stop()
	out := b.String()
	if !strings.Contains(out, "42/100 trials") || !strings.Contains(out, "\rtem=2 (3 of 6) [") {
		t.Errorf("no bar drawn after its run's label: %q", out)
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("the line is not erased at the end: %q", out)
	}
}

func TestProgressMode(t *testing.T) {
	var b bytes.Buffer
	for m, want := range map[progressMode]bool{progressAuto: false, progressAlways: true, progressNever: false} {
		if got := m.shows(&b); got != want {
			t.Errorf("%s.shows(buffer) = %v, want %v", m, got, want)
		}
	}
	if _, err := parseProgress("sometimes"); err == nil {
		t.Error("parseProgress(sometimes): no error")
	}
}

// TestFitLine: in a terminal narrower than the bar's line, the bar
// narrows, then the line's end goes, so that a redraw never wraps; with
// no terminal width known the line is whole.
func TestFitLine(t *testing.T) {
	el := 3 * time.Second
	full := "3 runs " + progressLine(160_930_000, 900_000_000, 0, "trials", el, progressWidth)
	for _, tc := range []struct {
		cols int
		want string
	}{
		{0, full},
		{200, full},
		{80, "3 runs " + progressLine(160_930_000, 900_000_000, 0, "trials", el, progressWidth-(utf8.RuneCountInString(full)-79))},
		{40, string([]rune("3 runs " + progressLine(160_930_000, 900_000_000, 0, "trials", el, minBarWidth))[:39])},
	} {
		got := fitLine("3 runs ", 160_930_000, 900_000_000, 0, "trials", el, tc.cols)
		if got != tc.want {
			t.Errorf("%d columns:\n%q\nwant\n%q", tc.cols, got, tc.want)
		}
		if tc.cols > 0 && utf8.RuneCountInString(got) > tc.cols-1 {
			t.Errorf("%d columns: %d runes", tc.cols, utf8.RuneCountInString(got))
		}
	}
	if n := utf8.RuneCountInString(full); n <= 80 {
		t.Fatalf("the full line is %d runes: the test needs one wider than 80", n)
	}
}

// TestSlowExactSaysSo: an exact run whose progress is not drawn says once,
// when it has walked for slowNote, how far it is and what bounds it; a
// run that ends sooner says nothing.
func TestSlowExactSaysSo(t *testing.T) {
	slowNoteSaid(t, "fire --fp 8 --target 4-6-7 --target 4-6-7 --target 4-6-7 --target 4-6-7 --target leader:8-1 --method exact -j 1",
		20*time.Millisecond, func(stderr string) bool {
			return strings.Count(stderr, "\n") == 1 && strings.HasPrefix(stderr, "exact enumeration still walking: ") &&
				strings.Contains(stderr, " of at most 20,000,000 paths ") &&
				strings.HasSuffix(stderr, "(--max-paths bounds it; --method auto runs Monte Carlo on a walk this long)\n")
		})
}

// slowNoteSaid runs command with slowNote an hour, when it must say
// nothing on stderr, then at after, when what it says must be right,
// with the same result, and with --progress never, when it must say
// nothing again.
func slowNoteSaid(t *testing.T, command string, after time.Duration, right func(stderr string) bool) {
	t.Helper()
	defer func(d time.Duration) { slowNote = d }(slowNote)
	slowNote = time.Hour
	code, stdout, stderr := cli(t, args(command)...)
	if code != exitOK || stderr != "" {
		t.Fatalf("shorter than %v: exit %d, stderr %q", slowNote, code, stderr)
	}
	slowNote = after
	code, stdout2, stderr := cli(t, args(command)...)
	if code != exitOK || !right(stderr) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if scrubElapsed(stdout2) != scrubElapsed(stdout) {
		t.Error("the note changed the result")
	}
	code, _, stderr = cli(t, args(command+" --progress never")...)
	if code != exitOK || stderr != "" {
		t.Errorf("--progress never: exit %d, stderr %q", code, stderr)
	}
}

// TestSlowPrecisionSaysSo: a --precision run whose progress is not drawn
// says once, when it has run for slowNote, how far it is and that its
// --trials bounds it.
func TestSlowPrecisionSaysSo(t *testing.T) {
	fire := "fire --fp 8 --target 4-6-7 --target leader:8-1 --precision 0.0003 --trials 20000000 -j 1"
	defer func(d time.Duration) { slowNote = d }(slowNote)
	slowNote = 20 * time.Millisecond
	code, stdout, stderr := cli(t, args(fire)...)
	if code != exitOK || strings.Count(stderr, "\n") != 1 ||
		!strings.HasPrefix(stderr, "Monte Carlo still running to its --precision: ") ||
		!strings.Contains(stderr, " of at most 20,000,000 trials ") ||
		!strings.HasSuffix(stderr, "(--trials bounds it)\n") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	slowNote = time.Hour
	code, stdout2, stderr := cli(t, args(fire)...)
	if code != exitOK || stderr != "" || scrubElapsed(stdout2) != scrubElapsed(stdout) {
		t.Errorf("a run shorter than %v: exit %d, stderr %q, or another result", slowNote, code, stderr)
	}
}

// TestSlowJobSaysSo: a job of several exact runs, none of them slow, says
// once, when the job has run for slowNote, which run it is at, how far
// that run is and what bounds each run, where each run's own note never
// came; a job that ends sooner says nothing. On a busy host a run may
// take slowNote too, and say so, once, after the job's note, the run that
// note was about among them.
func TestSlowJobSaysSo(t *testing.T) {
	slowNoteSaid(t, "sweep fire --target 4-6-7 --target leader:8-1 --method exact -j 1 --vary fp=1..30", 5*time.Millisecond, func(stderr string) bool {
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if !strings.HasPrefix(lines[0], "exact enumeration still walking after 5ms, at fp=") ||
			!strings.Contains(lines[0], " of 30) ") || !strings.Contains(lines[0], " of at most 20,000,000 paths ") {
			return false
		}
		// The job's note is lines[0]; each later line is a run's own, and
		// may be of the run the job's note was about, when that note came
		// early in it.
		runs := map[string]bool{}
		for i, l := range lines {
			_, at, _ := strings.Cut(l, ", at fp=")
			run, _, _ := strings.Cut(at, " ")
			if runs[run] || !strings.HasSuffix(l, "(--max-paths bounds each of the 30 runs; --method auto runs Monte Carlo on a walk this long)") {
				return false // a second note of one run, or one not as said
			}
			if i > 0 {
				runs[run] = true
			}
		}
		return true
	})
}

// TestSlowJobRunSaysSo: after the job's note, a run that itself goes on
// for slowNote says so, once; the run the job's note was about does not,
// when that note came late enough in it.
func TestSlowJobRunSaysSo(t *testing.T) {
	n, b := exactJobNote(t, 200*time.Millisecond)
	// Each wait leaves a busy host's timers 400 ms to be late in.
	n.at(0, "a (1 of 3) ")
	time.Sleep(600 * time.Millisecond) // the job's note, of a, 200 ms into it: a says no more
	n.at(1, "b (2 of 3) ")
	time.Sleep(20 * time.Millisecond)
	n.at(2, "c (3 of 3) ")
	time.Sleep(600 * time.Millisecond) // c's own
	n.stop()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "exact enumeration still walking after 200ms, at a (1 of 3) ") ||
		!strings.HasPrefix(lines[1], "exact enumeration still walking after ") || !strings.Contains(lines[1], "ms, at c (3 of 3) ") {
		t.Errorf("notes %q", lines)
	}
}

// TestSlowJobNoteBeforeItsFirstRun: a job whose set-up outlasts slowNote
// (a busy host) has no run to say when its note falls due: the note waits
// for the first run and is said of it, not of no run at all, with the
// largest time there is for its time ("at 0 of at most 20,000,000 paths
// 2562047h47m16.854775807s").
func TestSlowJobNoteBeforeItsFirstRun(t *testing.T) {
	n, b := exactJobNote(t, 50*time.Millisecond)
	time.Sleep(300 * time.Millisecond) // the job's note falls due, before any run
	n.at(0, "a (1 of 3) ")
	n.stop()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 1 || !regexp.MustCompile(`^exact enumeration still walking after \d+ms, at a \(1 of 3\) `).MatchString(lines[0]) || strings.Contains(lines[0], "h47m") {
		t.Errorf("notes %q; want one, of run a", lines)
	}
}

// exactJobNote starts the note of an exact job of three runs of at most
// 100 paths, slowNote set to after for the test, writing to the builder
// returned.
func exactJobNote(t *testing.T, after time.Duration) (*jobNote, *strings.Builder) {
	t.Helper()
	was := slowNote
	t.Cleanup(func() { slowNote = was })
	slowNote = after
	b := new(strings.Builder)
	j := &job{common: common{progress: progressAuto, cfg: sim.Config{Method: sim.Exact, MaxPaths: 100}}, runs: make([]plannedRun, 3)}
	return startJobNote(b, j), b
}

// TestRateText: three significant figures, the suffix chosen after
// rounding: 999,600 a second is 1M, never 1e+03k.
func TestRateText(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {7.25, "7.25"}, {333.3, "333"}, {999.6, "1k"}, {1234, "1.23k"},
		{823045, "823k"}, {999_600, "1M"}, {52_345_678, "52.3M"}, {9.997e8, "1G"},
		{2.5e9, "2.5G"}, {1.2345e12, "1230G"},
	} {
		if got := rateText(c.x); got != c.want {
			t.Errorf("rateText(%g) = %q, want %q", c.x, got, c.want)
		}
	}
}
