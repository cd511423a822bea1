//go:build !js

package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"time"
)

// progressEvery is how often a run's progress is sent: often enough for a
// bar to move smoothly, rarely enough to cost nothing.
const progressEvery = 250 * time.Millisecond

// progressEvent is the data of a "progress" event.
type progressEvent struct {
	Done  uint64 `json:"done"`
	Total uint64 `json:"total,omitempty"`
	Unit  string `json:"unit,omitempty"`
}

// events runs a job as a stream of Server-Sent Events: "progress" while
// it runs, then "result" with the result's HTML, or "failure" with the
// one-line message of a run that failed. The run lives as long as the
// request: closing the page cancels it. Ctrl-C stops it too, and the
// stream ends with its partial result.
func (s *server) events(w http.ResponseWriter, r *http.Request, f *form) {
	_, j, err := s.prepare(r.Context(), f, r.URL.Query())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ctx, end := s.runContext(r)
	defer end()
	release, ok := s.admit(ctx, w)
	if !ok {
		return
	}
	defer release()
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	// A client that reconnects would run the attack again: it waits a day.
	fmt.Fprint(w, "retry: 86400000\n\n")
	_ = rc.Flush()

	var counter atomic.Uint64
	total, unit := progressTotal(j)
	done := make(chan struct{})
	var view *resultView
	var runErr error
	go func() {
		defer close(done)
		view, runErr = runWeb(ctx, j, s.lim.maxTime, &counter)
	}()
	tick := time.NewTicker(s.tick)
	defer tick.Stop()
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-tick.C:
			data, _ := json.Marshal(progressEvent{Done: counter.Load(), Total: total, Unit: unit})
			writeEvent(w, "progress", string(data))
			if rc.Flush() != nil {
				<-done // the client is gone; its context stops the run
				return
			}
		}
	}
	if r.Context().Err() != nil {
		return // nobody is reading
	}
	// A run the server stopped ends as any other, its result partial.
	if runErr != nil {
		writeEvent(w, "failure", f.message(runErr).Error())
	} else {
		var b bytes.Buffer
		if err := pageTemplates.ExecuteTemplate(&b, "result", view); err != nil {
			writeEvent(w, "failure", "sapper serve: internal error drawing the result")
		} else {
			writeEvent(w, "result", b.String())
		}
	}
	_ = rc.Flush()
}

// writeEvent writes one Server-Sent Event; data may span lines.
func writeEvent(w io.Writer, event, data string) {
	var b strings.Builder
	fmt.Fprintf(&b, "event: %s\n", event)
	// A carriage return ends an event's line too.
	data = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(data)
	for line := range strings.SplitSeq(data, "\n") {
		fmt.Fprintf(&b, "data: %s\n", line)
	}
	b.WriteString("\n")
	_, _ = io.WriteString(w, b.String())
}
