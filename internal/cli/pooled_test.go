package cli

import (
	"bytes"
	"testing"
)

// TestPooledRunsAnyWorkers: runs that share a pool of workers (compare,
// plans, a sweep) give the same JSON, to the byte but for the clock,
// whatever the workers, fewer or more than the runs.
func TestPooledRunsAnyWorkers(t *testing.T) {
	for _, cmdline := range []string{
		"compare --trials 50000 --seed 3 --format json",
		"sweep dc --target 4-6-7 --vary tem=0..3 --trials 20000 --seed 3 --format json",
	} {
		var want []byte
		for _, j := range []string{"1", "2", "3", "5"} {
			code, stdout, stderr := cli(t, append(args(cmdline), "-j", j)...)
			if code != 0 {
				t.Fatalf("%s -j %s: exit %d: %s", cmdline, j, code, stderr)
			}
			got := elapsed.ReplaceAll([]byte(stdout), nil)
			if want == nil {
				want = got
			} else if !bytes.Equal(got, want) {
				t.Errorf("%s: -j %s differs from -j 1:\n%s\n---\n%s", cmdline, j, got, want)
			}
		}
	}
}

// TestCutRuns: the note of an interrupted pool names the runs it cut.
func TestCutRuns(t *testing.T) {
	for _, tc := range []struct {
		cut  []string
		want string
	}{
		{[]string{"placed"}, "placed run was"},
		{[]string{"placed", "thrown"}, "placed and thrown runs were"},
		{[]string{"a", "b", "c"}, "a, b and c runs were"},
		{[]string{"a", "b", "c", "d", "e"}, "a, b, c, d and 1 more runs were"},
	} {
		if got := cutRuns(tc.cut); got != tc.want {
			t.Errorf("cutRuns(%q) = %q, want %q", tc.cut, got, tc.want)
		}
	}
}
