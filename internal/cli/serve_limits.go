//go:build !js

package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/sapperhq/sapper/report"
	"github.com/sapperhq/sapper/sim"
)

// limits bound what one request may ask of a server that anyone who can
// reach it may use.
type limits struct {
	maxTrials uint64        // Monte Carlo trials of one run
	maxPaths  uint64        // exact enumeration budget (--max-paths)
	maxTime   time.Duration // wall time of a request's runs
	runs      int           // runs at once
	queue     int           // requests waiting for a run at once
	wait      time.Duration // longest wait for a run before a 503
}

// check holds a prepared job to the limits, in the words of a flag error
// so that the form shows it like any other.
func (l limits) check(j *job) error {
	cfg := j.common.cfg
	if cfg.Method != sim.Exact && cfg.Trials > l.maxTrials {
		return badValue("trials", strconv.FormatUint(cfg.Trials, 10),
			fmt.Sprintf("over this server's limit of %s trials a run (sapper serve --max-trials)", report.Group(l.maxTrials)))
	}
	if cfg.Method != sim.MonteCarlo && cfg.MaxPaths > l.maxPaths {
		return badValue("max-paths", strconv.FormatUint(cfg.MaxPaths, 10),
			fmt.Sprintf("over this server's limit of %s paths (sapper serve --max-paths)", report.Group(l.maxPaths)))
	}
	if cfg.Method != sim.MonteCarlo && cfg.MaxMemory > sim.DefaultMaxMemory {
		return badValue("max-memory", strconv.FormatUint(cfg.MaxMemory>>20, 10),
			fmt.Sprintf("over this server's limit of %d MB a run", sim.DefaultMaxMemory>>20))
	}
	return nil
}

// lowered are the flags a job left to a default over the limits (the
// trial cap of a --precision run, or a server started with lower limits
// than the command line's defaults), set to the limits: the server runs
// them so, and its command line says so.
func (l limits) lowered(j *job) []flagArg {
	cfg := j.common.cfg
	var out []flagArg
	if cfg.Method != sim.Exact && cfg.Trials > l.maxTrials && !j.flags.Changed("trials") {
		out = append(out, flagArg{"trials", strconv.FormatUint(l.maxTrials, 10)})
	}
	// Each bound is lowered only where it applies: a flag that does not
	// apply to the method is refused (conflict.go).
	if cfg.Method != sim.MonteCarlo && cfg.MaxPaths > l.maxPaths && !j.flags.Changed("max-paths") {
		out = append(out, flagArg{"max-paths", strconv.FormatUint(l.maxPaths, 10)})
	}
	return out
}

// errBusy is a request that found every run slot taken for too long, or
// too many requests already waiting.
var errBusy = errors.New("the server is busy with other attacks; try again in a moment")

// slots admits at most limits.runs runs at once; the others wait in line,
// up to a bound on their number and on their wait.
type slots struct {
	free    chan struct{}
	waiting atomic.Int64
	queue   int64
	wait    time.Duration
}

func newSlots(l limits) *slots {
	return &slots{free: make(chan struct{}, l.runs), queue: int64(l.queue), wait: l.wait}
}

// acquire takes a slot, waiting while ctx lives. The caller runs release
// when its run ends.
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
