package web

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// errBusy is a request that found every run slot taken for too long, or
// every place in the server taken.
var errBusy = errors.New("the server is busy with other runs; try again in a moment")

// slots admits requests and their runs. A request holds a place from
// before its upload is read until its answer is taken: at most
// Limits.Runs + Limits.Queue at once, so that what the server holds for
// them (an upload, an answer) is bounded however many connections come.
// A run holds one of Limits.Runs run slots while it computes only: an
// answer taken slowly keeps its place, not its slot, and the next run
// goes on meanwhile.
type slots struct {
	free   chan struct{}
	held   atomic.Int64
	places int64
	wait   time.Duration
}

func newSlots(l Limits) *slots {
	return &slots{free: make(chan struct{}, l.Runs), places: int64(l.Runs + l.Queue), wait: l.Wait}
}

// admit takes a place, or reports that there is none; leave gives it
// back.
func (s *slots) admit() (leave func(), ok bool) {
	if s.held.Add(1) > s.places {
		s.held.Add(-1)
		return nil, false
	}
	return func() { s.held.Add(-1) }, true
}

// acquire takes a run slot, waiting at most Limits.Wait while ctx lives;
// release gives it back.
func (s *slots) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.free <- struct{}{}:
		return s.release, nil
	default:
	}
	t := time.NewTimer(s.wait)
	defer t.Stop()
	select {
	case s.free <- struct{}{}:
		return s.release, nil
	case <-t.C:
		return nil, errBusy
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *slots) release() { <-s.free }
