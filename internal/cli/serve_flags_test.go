//go:build !js

package cli

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/web"
)

// TestServeBadFlags: a bad flag of sapper serve is one line naming it
// and what it takes, exit 2, before the server listens anywhere.
func TestServeBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", ""}, `sapper serve: --addr "": want HOST:PORT such as 127.0.0.1:8080; an empty address would listen on every interface`},
		{[]string{"--addr="}, `sapper serve: --addr "": want HOST:PORT`},
		{[]string{"--addr", "  "}, `sapper serve: --addr "  ": want HOST:PORT`},
		{[]string{"--addr", "127.0.0.1:"}, `sapper serve: --addr "127.0.0.1:": want HOST:PORT, the port a number from 0 (any free port) to 65535`},
		{[]string{"--addr", "127.0.0.1:http"}, `sapper serve: --addr "127.0.0.1:http": want HOST:PORT, the port a number`},
		{[]string{"--addr", "127.0.0.1:65536"}, `sapper serve: --addr "127.0.0.1:65536": want HOST:PORT, the port a number`},
		{[]string{"--addr", "localhost"}, `sapper serve: --addr "localhost": want HOST:PORT`},
		{[]string{"--max-trials", "0"}, `sapper serve: --max-trials "0": want a whole number from 1 to 10,000,000,000`},
		{[]string{"--max-time", "0s"}, `sapper serve: --max-time "0s": want a duration > 0`},
		{[]string{"--queue", "-1"}, `sapper serve: --queue "-1": want a whole number from 0 to 10,000`},
		{[]string{"--queue", "10001"}, `sapper serve: --queue "10001": want a whole number from 0 to 10,000`},
		{[]string{"--runs", "0"}, `sapper serve: --runs "0": want a whole number from 1 to 16`},
		{[]string{"--runs", "17"}, `sapper serve: --runs "17": want a whole number from 1 to 16`},
		{[]string{"--max-memory", "63"}, `sapper serve: --max-memory "63": want a whole number from 64 to 65,536`},
		{[]string{"--max-memory", "100", "--runs", "2"}, `sapper serve: --max-memory "100": 100 MB over 2 runs leaves 50 MB a run; want at least 64 MB a run (raise --max-memory or lower --runs)`},
		{[]string{"--max-time", "25h"}, `sapper serve: --max-time "25h": want a duration > 0 and at most 24h`},
		{[]string{"--max-time", "1h1h"}, `sapper serve: --max-time "1h1h": want a duration > 0 and at most 24h`},
		{[]string{"--max-time", "30s1m"}, `sapper serve: --max-time "30s1m": want a duration`},
		{[]string{"--max-time", "+30s"}, `sapper serve: --max-time "+30s": want a duration`},
		{[]string{"--max-time", "1us1µs"}, `sapper serve: --max-time "1us1µs": want a duration`},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := cli(t, append([]string{"serve"}, tc.args...)...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if stdout != "" {
				t.Errorf("stdout %q: the server started", stdout)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, tc.want) {
				t.Errorf("stderr %q, want one line starting %q", stderr, tc.want)
			}
		})
	}
}

func TestPlainDuration(t *testing.T) {
	for d, want := range map[string]bool{
		"30s": true, "1m30s": true, "1.5m": true, "500ms": true, "1h2m3.5s": true, "2s500ms": true, "1us500ns": true,
		"1h1h": false, "30s1m": false, "+30s": false, "-1s": false, "1ms1s": false, "1µs1us": false, "": true,
	} {
		if got := plainDuration(d); got != want {
			t.Errorf("plainDuration(%q) = %v, want %v", d, got, want)
		}
	}
}

// TestServeMemoryLimit: the soft limit leaves the answers being taken
// their room beside the runs' memory: with the defaults' 2 runs and 100
// queued, 1,024 MB and 102 × 24 MB.
func TestServeMemoryLimit(t *testing.T) {
	got := serveMemoryLimit(1024, web.Limits{Runs: 2, Queue: 100})
	if want := uint64(1024+102*24) << 20; got != want {
		t.Errorf("serveMemoryLimit = %d MB, want %d MB", got>>20, want>>20)
	}
}
