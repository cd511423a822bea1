package web

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// errBusy is a request that found every run slot taken for too long, or
// too many requests already waiting.
var errBusy = errors.New("the server is busy with other runs; try again in a moment")

// slots admits at most Limits.Runs runs at once; the others wait in line,
// up to a bound on their number and on their wait.
type slots struct {
	free    chan struct{}
	waiting atomic.Int64
	queue   int64
	wait    time.Duration
}

func newSlots(l Limits) *slots {
	return &slots{free: make(chan struct{}, l.Runs), queue: int64(l.Queue), wait: l.Wait}
}

// acquire takes a slot, waiting while ctx lives; release gives it back.
func (s *slots) acquire(ctx context.Context) (release func(), err error) {
	select {
	case s.free <- struct{}{}:
		return s.release, nil
	default:
	}
	if s.waiting.Add(1) > s.queue {
		s.waiting.Add(-1)
		return nil, errBusy
	}
	defer s.waiting.Add(-1)
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
