package benchmarks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sapperhq/sapper/internal/cli"
)

// BenchmarkActivateCrossing measures exact enumeration of each built-in
// crossing as the command line runs it, on one worker: sapper activate
// NAME --method exact -j 1, reading, output and all.
func BenchmarkActivateCrossing(b *testing.B) { benchCrossings(b, "table") }

// BenchmarkActivateCrossingJSON is BenchmarkActivateCrossing as JSON,
// which carries every probability's exact fraction, summed beside the
// floats: sapper activate NAME --method exact -j 1 --format json.
func BenchmarkActivateCrossingJSON(b *testing.B) { benchCrossings(b, "json") }

// benchCrossings runs every built-in crossing exactly in format and
// reports the paths it walked, read from the output.
func benchCrossings(b *testing.B, format string) {
	for _, name := range []string{"two-sq-crossing", "hedgerow-crossing", "village-crossing", "farm-crossing"} {
		b.Run(name, func(b *testing.B) {
			var paths uint64
			for b.Loop() {
				var out bytes.Buffer
				args := []string{"activate", name, "--method", "exact", "-j", "1", "--format", format}
				if err := cli.Execute(context.Background(), args, &out, io.Discard); err != nil {
					b.Fatal(err)
				}
				n, err := pathsIn(out.Bytes(), format)
				if err != nil {
					b.Fatalf("%s: %v", name, err)
				}
				paths = n
			}
			b.ReportMetric(float64(paths), "paths")
		})
	}
}

// pathsIn reads the paths an exact run walked from its output.
func pathsIn(out []byte, format string) (uint64, error) {
	if format == "json" {
		var res struct {
			Paths uint64 `json:"paths"`
		}
		if err := json.Unmarshal(out, &res); err != nil || res.Paths == 0 {
			return 0, fmt.Errorf("no paths in the JSON (%v)", err)
		}
		return res.Paths, nil
	}
	_, after, ok := strings.Cut(string(out), "\nexact enumeration: ")
	n, err := strconv.ParseUint(strings.ReplaceAll(strings.TrimSuffix(strings.SplitN(after, "\n", 2)[0], " paths"), ",", ""), 10, 64)
	if !ok || err != nil {
		return 0, fmt.Errorf("no exact enumeration in the output (%v)", err)
	}
	return n, nil
}

// BenchmarkActivateAutoDecides measures how long sapper activate NAME
// --method auto -j 1 takes to say which method it chose (its first line
// on stderr), for a crossing it runs exact, for a platoon's crossing it
// runs by Monte Carlo, and for a squad and its leader at 2 MF past three
// Locations, whose walk it tries and gives up (the JSON, 2,000 trials):
// decide-s is the time to that line, start-up included (for the last, the
// line that it tries exact enumeration, said on the probe), ns/op the
// whole run, the failed try included.
func BenchmarkActivateAutoDecides(b *testing.B) {
	for _, tc := range []struct{ name, file string }{
		{"village-crossing", "village-crossing"},
		{"platoon-crossing", "../internal/cli/testdata/activate/platoon-crossing.yaml"},
		{"dash-crossing", "../internal/cli/testdata/activate/dash-crossing.yaml"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var decide time.Duration
			for b.Loop() {
				w := &firstLine{start: time.Now()}
				args := []string{"activate", tc.file, "--method", "auto", "-j", "1", "--trials", "2000", "--format", "json", "--progress", "never"}
				if err := cli.Execute(context.Background(), args, io.Discard, w); err != nil {
					b.Fatal(err)
				}
				if w.at == 0 || !strings.HasPrefix(w.line, "--method auto: ") {
					b.Fatalf("%s: stderr %q: no decision", tc.name, w.line)
				}
				decide = max(decide, w.at)
			}
			b.ReportMetric(decide.Seconds(), "decide-s")
		})
	}
}

// firstLine is a writer that keeps the first thing written to it and
// when, after start.
type firstLine struct {
	mu    sync.Mutex
	start time.Time
	at    time.Duration
	line  string
}

func (w *firstLine) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.at == 0 {
		w.at, w.line = time.Since(w.start), string(p)
	}
	return len(p), nil
}
