// Package bound holds the ranges of the models' whole-number inputs and
// the typed error a value outside one makes. A range is declared once, in
// the model that enforces it, and read from there by every front end: the
// command line's flags, scenario files, the web form and describe's
// listing.
package bound

import "fmt"

// Int is the range Lo…Hi of a whole-number input, both ends included.
type Int struct{ Lo, Hi int }

// Contains reports whether v is in the range.
func (r Int) Contains(v int) bool { return v >= r.Lo && v <= r.Hi }

// String is the range as the rules print it: 0…8, −8…8.
func (r Int) String() string { return fmt.Sprintf("%s…%s", signed(r.Lo), signed(r.Hi)) }

// Check returns nil when v is in the range, else an *Error naming field.
func (r Int) Check(field string, v int) error {
	if r.Contains(v) {
		return nil
	}
	return &Error{Field: field, Value: fmt.Sprint(v), Allowed: r}
}

// Error is an input outside its range: the field, the value given and
// the range allowed. A front end places it by its field, never by its
// text. Field is the input as the command line's flag names it
// (enemy-infantry, target); the model's JSON writes the same input with
// underscores (enemy_infantry), and a list of units in the plural
// (targets).
type Error struct {
	Field   string
	Value   string
	Allowed Int
	// Why, when set, says what the range stands for.
	Why string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s: %s is out of range %s", e.Field, e.Value, e.Allowed)
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	return msg
}

// signed writes a negative number with the minus sign rules print.
func signed(v int) string {
	if v < 0 {
		return fmt.Sprintf("−%d", -v)
	}
	return fmt.Sprint(v)
}
