package cli

import (
	"context"
	"io"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// loadRequests is the load test's size: 200 requests at once, each a
// small exact attack, all against a server on 127.0.0.1.
const loadRequests = 200

// TestServeLoad fires loadRequests concurrent requests at once and
// requires every one to succeed; it logs the latencies that
// benchmarks/README.md records. It is bounded: one round of requests, a
// deadline on the whole.
func TestServeLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test: -short skips it")
	}
	lim := testLimits()
	lim.queue = loadRequests
	lim.runs = defaultRuns()
	s := newTestServer(t, lim)
	ts := startServer(t, s)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadRequests}}
	defer client.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const target = "/dc/result?target=4-6-7&tem=2&method=exact"

	latencies := make([]time.Duration, loadRequests)
	errs := make([]error, loadRequests)
	status := make([]int, loadRequests)
	var ready, wg sync.WaitGroup
	ready.Add(1)
	for i := range loadRequests {
		wg.Go(func() {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL+target, nil)
			if err != nil {
				errs[i] = err
				return
			}
			ready.Wait()
			start := time.Now()
			resp, err := client.Do(req)
			if err != nil {
				errs[i] = err
				return
			}
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			latencies[i], status[i], errs[i] = time.Since(start), resp.StatusCode, err
		})
	}
	start := time.Now()
	ready.Done()
	wg.Wait()
	wall := time.Since(start)
	for i := range loadRequests {
		if errs[i] != nil || status[i] != http.StatusOK {
			t.Fatalf("request %d: status %d, %v", i, status[i], errs[i])
		}
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(loadRequests-1))] }
	t.Logf("%d concurrent requests of %s, %d runs at once: p50 %s, p90 %s, p99 %s, max %s; all done in %s",
		loadRequests, target, lim.runs, pct(0.50).Round(time.Millisecond), pct(0.90).Round(time.Millisecond),
		pct(0.99).Round(time.Millisecond), latencies[loadRequests-1].Round(time.Millisecond), wall.Round(time.Millisecond))
}
