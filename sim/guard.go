package sim

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// A model's bug (a trial that records nothing, Intn(0), an Experiment.New
// that returns nil) panics inside a run. In a worker's goroutine that
// panic would end the process where the caller cannot recover it. Each
// worker therefore hands its panic back as an error, the run's other
// workers stop, and the entry point panics again on the caller's
// goroutine with the value and the worker's stack (*WorkerPanic). What
// runs on the caller's goroutine itself (Experiment.New for the exact
// probe, the probe's first path) panics with its own value.

// WorkerPanic is the value a run panics with, on its caller's goroutine,
// when a trial panicked in one of its workers.
type WorkerPanic struct {
	// Value is what the trial panicked with.
	Value any
	// Stack is the worker's stack where it panicked.
	Stack []byte
}

func (p *WorkerPanic) Error() string {
	return fmt.Sprintf("%v\n\nin a worker of the run:\n%s", p.Value, p.Stack)
}

// stopWalk is what an exact enumeration's source panics with to stop a
// path it does not walk (Source.extend), carrying the run's error.
// guardWalk turns it back into that error; anywhere else (a trial's
// Tabulate that does not recover it) it is a panic like any other.
type stopWalk struct{ err error }

// walkStops runs f on the caller's goroutine and returns the error of a
// stopWalk it panics with; any other panic goes on.
func walkStops(f func()) (err error) {
	defer func() {
		if v := recover(); v != nil {
			s, ok := v.(stopWalk)
			if !ok {
				panic(v)
			}
			err = s.err
		}
	}()
	f()
	return nil
}

// guard wraps a Monte Carlo worker's body so that a panic in it becomes
// a *WorkerPanic.
func guard(f func() error) func() error { return catch(f, false) }

// guardWalk wraps an exact enumeration's worker: its source's stopWalk
// becomes the error it carries, any other panic a *WorkerPanic.
func guardWalk(f func() error) func() error { return catch(f, true) }

func catch(f func() error, walk bool) func() error {
	return func() (err error) {
		defer func() {
			if v := recover(); v != nil {
				if s, ok := v.(stopWalk); ok && walk {
					err = s.err
					return
				}
				err = &WorkerPanic{Value: v, Stack: debug.Stack()}
			}
		}()
		return f()
	}
}

// rethrow panics again, on the caller's goroutine, with a worker's panic
// that err carries, and otherwise returns err.
func rethrow(err error) error {
	if p, ok := errors.AsType[*WorkerPanic](err); ok {
		panic(p)
	}
	return err
}

// mustRun is rethrow for the Monte Carlo workers, which fail only by a
// panic: any other error would be one of the engine's own.
func mustRun(err error) {
	if err := rethrow(err); err != nil {
		panic(fmt.Sprintf("sim: a Monte Carlo worker failed: %v", err))
	}
}
