package cli

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
	// pending holds the first bytes of a rune cut by the end of a write
	// (a table is written in bufio chunks), until the next write or finish
	// completes it.
	pending []byte
	buf     []byte
}

func newOutput(w io.Writer) *output { return &output{w: w} }

// outputError is a write to stdout that failed.
type outputError struct{ err error }

func (e *outputError) Error() string { return "writing to stdout: " + e.err.Error() }
func (e *outputError) Unwrap() error { return e.err }

// Write writes p with its control characters escaped (escapeControls),
// and reports all of p written when the escaped text was.
func (o *output) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	data := p
	if len(o.pending) > 0 {
		data = append(o.pending, p...)
		o.pending = nil
	}
	var rest []byte
	o.buf, rest = escapeControls(o.buf[:0], data)
	o.pending = append(o.pending, rest...)
	if err := o.write(o.buf); err != nil {
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

// finish writes what is left of a cut rune (escaped: no write completes
// it any more) and returns the first write error, if any.
func (o *output) finish() error {
	if o.err == nil && len(o.pending) > 0 {
		var b []byte
		for _, c := range o.pending {
			b = appendByteEscape(b, c)
		}
		o.pending = nil
		o.write(b)
	}
	return o.err
}
