package benchmarks

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/cli"
)

// BenchmarkActivateCrossing measures exact enumeration of each built-in
// crossing as the command line runs it, on one worker: sapper activate
// NAME --method exact -j 1, reading, output and all (the table; the JSON
// adds every probability's exact fraction, summed beside the floats).
func BenchmarkActivateCrossing(b *testing.B) {
	for _, name := range []string{"two-sq-crossing", "hedgerow-crossing", "village-crossing", "farm-crossing"} {
		b.Run(name, func(b *testing.B) {
			var paths uint64
			for b.Loop() {
				var out bytes.Buffer
				args := []string{"activate", name, "--method", "exact", "-j", "1"}
				if err := cli.Execute(context.Background(), args, &out, io.Discard); err != nil {
					b.Fatal(err)
				}
				_, after, ok := strings.Cut(out.String(), "\nexact enumeration: ")
				n, err := strconv.ParseUint(strings.ReplaceAll(strings.TrimSuffix(strings.SplitN(after, "\n", 2)[0], " paths"), ",", ""), 10, 64)
				if !ok || err != nil {
					b.Fatalf("%s: no exact enumeration in the output (%v)", name, err)
				}
				paths = n
			}
			b.ReportMetric(float64(paths), "paths")
		})
	}
}
