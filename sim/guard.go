package sim

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// A model's bug (a trial that records nothing, Intn(0), an Experiment.New
// that returns nil) panics inside a run. In a worker's goroutine that panic
// would end the process where the caller cannot recover it, while the same
// bug under one worker, or in the exact probe, panics on the caller's own
// goroutine. Each worker therefore hands its panic back as an error, the
// run's other workers stop, and the entry point panics again on the
// caller's goroutine with the value and the worker's stack: the same
// panic, wherever the trial ran.

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
// path it cannot walk (Source.tooLong, Source.tooWide), carrying the
// run's error; guard turns it back into that error.
type stopWalk struct{ err error }

// guard wraps a worker's body so that a panic in it becomes an error: a
// stopWalk its own, any other a *WorkerPanic.
func guard(f func() error) func() error {
	return func() (err error) {
		defer func() {
			if v := recover(); v != nil {
				if s, ok := v.(stopWalk); ok {
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
