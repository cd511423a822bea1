package main

import (
	"errors"
	"io"
	"io/fs"
)

// output is sapper's standard output: every command, help text and error
// path writes its result through it, and only through it. It is the one
// place where text reaches the terminal, so it is where a write that
// fails is noticed (a full disk, a closed pipe): the first failure is
// kept, every later write returns it, and run reports it when the command
// is done, so that no command can end with exit status 0 having written
// nothing.
type output struct {
	w   io.Writer
	err error
}

func newOutput(w io.Writer) *output { return &output{w: w} }

// outputError is a write to stdout that failed.
type outputError struct{ err error }

func (e *outputError) Error() string { return "writing to stdout: " + e.err.Error() }
func (e *outputError) Unwrap() error { return e.err }

// Write writes p.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	if err := o.write(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// write writes b to the underlying writer, keeping the first error.
func (o *output) write(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	if _, err := o.w.Write(b); err != nil {
		// An *os.File says "write /dev/stdout: …"; the message names
		// stdout itself.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		o.err = &outputError{err}
	}
	return o.err
}

// finish returns the first write error, if any.
func (o *output) finish() error { return o.err }
