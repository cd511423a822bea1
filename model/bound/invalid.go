package bound

import (
	"errors"
	"fmt"
	"strconv"
)

// Invalid is an input a model refuses for a reason other than a range: a
// name it does not know, a combination the rules forbid, too many of
// something. Like Error it names its field, so that a front end can place
// it (a flag, a scenario file's line, a form field) without reading its
// text.
type Invalid struct {
	// Field is the input at fault, named as Error's Field is: as the
	// command line's flag names it.
	Field string
	// Value, when set, is the value given, quoted in the message.
	Value string
	// Why says what is wrong and, where it helps, what is allowed.
	Why string
	// Err is the model's own error beneath, if any.
	Err error
	// At, when set, names the place within the field that the message
	// starts with instead of the field: "path 2 (hall)".
	At string
}

// Invalidf returns an *Invalid for field, its reason formatted as by
// fmt.Errorf (a %w verb wraps an error, which Unwrap returns).
func Invalidf(field, format string, args ...any) error {
	inner := fmt.Errorf(format, args...)
	return &Invalid{Field: field, Why: inner.Error(), Err: errors.Unwrap(inner)}
}

// InvalidValue returns an *Invalid for the value v given to field.
func InvalidValue(field, v, format string, args ...any) error {
	inner := fmt.Errorf(format, args...)
	return &Invalid{Field: field, Value: v, Why: inner.Error(), Err: errors.Unwrap(inner)}
}

func (e *Invalid) Error() string {
	at := e.Field
	if e.At != "" {
		at = e.At
	}
	if e.Value != "" {
		return at + ": " + strconv.Quote(e.Value) + ": " + e.Why
	}
	return at + ": " + e.Why
}

// InvalidAt returns an *Invalid for field, its message starting with at,
// the place within the field ("path 2 (hall)"), instead of the field.
func InvalidAt(field, at, format string, args ...any) error {
	inner := fmt.Errorf(format, args...)
	return &Invalid{Field: field, At: at, Why: inner.Error(), Err: errors.Unwrap(inner)}
}

func (e *Invalid) Unwrap() error { return e.Err }

// FieldOf returns the field an input error names, with ok true, when err
// is or wraps (through Unwrap() error, not a join's Unwrap() []error) an
// *Error or an *Invalid; "" and false otherwise. The outermost field wins:
// a unit's error inside a target list is the target's.
func FieldOf(err error) (field string, ok bool) {
	for e := err; e != nil; e = errors.Unwrap(e) {
		switch t := e.(type) {
		case *Error:
			return t.Field, true
		case *Invalid:
			return t.Field, true
		}
	}
	return "", false
}

// MustBeValid panics with err when it is not nil, naming what was not
// valid: the guard of a method whose documented precondition is a valid
// input (a working, an explanation), so that a caller who skipped
// Validate learns why rather than reading a figure of nonsense or an
// index out of range.
func MustBeValid(what string, err error) {
	if err != nil {
		panic(fmt.Sprintf("%s is not valid: %v", what, err))
	}
}
