package benchmarks

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"

	"github.com/sapperhq/sapper/internal/cli"
)

// BenchmarkActivateCrossing measures exact enumeration of each built-in
// crossing as the command line runs it, on one worker: sapper activate
// NAME --method exact -j 1, reading, output and all.
func BenchmarkActivateCrossing(b *testing.B) {
	for _, name := range []string{"two-sq-crossing", "hedgerow-crossing", "village-crossing", "farm-crossing"} {
		b.Run(name, func(b *testing.B) {
			var paths uint64
			for b.Loop() {
				var out bytes.Buffer
				args := []string{"activate", name, "--method", "exact", "-j", "1", "--format", "json"}
				if err := cli.Execute(context.Background(), args, &out, io.Discard); err != nil {
					b.Fatal(err)
				}
				var res struct {
					Method string `json:"method"`
					Paths  uint64 `json:"paths"`
				}
				if err := json.Unmarshal(out.Bytes(), &res); err != nil {
					b.Fatal(err)
				}
				if res.Method != "exact" {
					b.Fatalf("%s ran %s", name, res.Method)
				}
				paths = res.Paths
			}
			b.ReportMetric(float64(paths), "paths")
		})
	}
}
