package cli

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeStopMidRun: when the server stops, a page whose run is in
// flight gets its partial result, marked so; a request waiting for a
// slot, or coming after, is told the server is stopping.
func TestServeStopMidRun(t *testing.T) {
	lim := testLimits()
	lim.maxTrials, lim.runs, lim.queue = 1_000_000_000, 1, 1
	s := newTestServer(t, lim)
	ts := startServer(t, s)
	type answer struct {
		status int
		body   string
	}
	fetch := func(path string) chan answer {
		c := make(chan answer, 1)
		go func() {
			resp, err := http.Get(ts.URL + path)
			if err != nil {
				t.Error(err)
				c <- answer{}
				return
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			c <- answer{resp.StatusCode, string(body)}
		}()
		return c
	}
	running := fetch("/dc/result?target=4-6-7&target=leader:8-1&trials=1000000000")
	for len(s.slots.free) == 0 {
		time.Sleep(time.Millisecond)
	}
	waiting := fetch("/dc/result?target=4-6-7&method=exact")
	for s.slots.waiting.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	s.stop()

	a := <-running
	if a.status != http.StatusOK || !strings.Contains(a.body, "stopped because the server is stopping (Ctrl-C): the figures are partial") ||
		!strings.Contains(a.body, "INCOMPLETE") || !strings.Contains(a.body, `<pre id="text">`) {
		t.Errorf("run in flight: status %d:\n%.2000s", a.status, a.body)
	}
	for name, c := range map[string]chan answer{
		"waiting": waiting,
		"after":   fetch("/dc/events?target=4-6-7&method=exact"),
	} {
		a := <-c
		if a.status != http.StatusServiceUnavailable || strings.TrimSpace(a.body) != errStopping.Error() {
			t.Errorf("%s: status %d: %.300q", name, a.status, a.body)
		}
	}
	waitIdle(t, s, 5*time.Second)
}

// TestServeStopEvents: an event stream whose run the server stops ends
// with the partial result, and a run that fails then with its failure.
func TestServeStopEvents(t *testing.T) {
	lim := testLimits()
	lim.maxTrials, lim.maxPaths = 1_000_000_000, 200_000_000
	for _, tc := range []struct{ query, last, want string }{
		{"/dc/events?target=4-6-7&target=leader:8-1&trials=1000000000", "result", "stopped because the server is stopping"},
		// Exact: the probabilities found so far are lower bounds.
		{"/fire/events?" + "fp=24&target=4-6-7&target=4-6-7&target=4-6-7&target=leader:9-2&method=exact&max-paths=200000000", "result", "stopped because the server is stopping"},
	} {
		t.Run(tc.query[:20], func(t *testing.T) {
			s := newTestServer(t, lim)
			s.tick = 5 * time.Millisecond
			ts := startServer(t, s)
			resp := stream(t, t.Context(), ts.URL+tc.query)
			defer resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b, _ := io.ReadAll(resp.Body)
				t.Fatalf("status %d: %s", resp.StatusCode, b)
			}
			first := readEvents(t, resp.Body, func(e event) bool { return true })
			if len(first) == 0 || first[0].name != "progress" {
				t.Fatalf("first events %v", first)
			}
			s.stop()
			evs := readEvents(t, resp.Body, func(e event) bool { return e.name != "progress" })
			if len(evs) == 0 {
				t.Fatal("the stream ended with no result")
			}
			if last := evs[len(evs)-1]; last.name != tc.last || !strings.Contains(last.data, tc.want) || !strings.Contains(last.data, "INCOMPLETE") {
				t.Errorf("last event %s: %.1000s", last.name, last.data)
			}
		})
	}
}
