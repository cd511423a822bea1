// Package enum names the values of the models' small enumerations.
package enum

import "fmt"

// Name returns names[v], or, for a value outside names, the type and its
// number as fmt writes them ("Mode(7)"): a bad value, which a Go program
// can build from a literal, then prints as itself in the error that
// refuses it instead of panicking in String.
func Name[T ~uint8 | ~int8](typ string, names []string, v T) string {
	if int(v) >= 0 && int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, v)
}

// Text is names[v] as a MarshalText writes it, and an error for a value
// outside names: JSON that a decoder would refuse ("Mode(9)") is not
// written.
func Text[T ~uint8 | ~int8](typ string, names []string, v T) ([]byte, error) {
	if int(v) >= 0 && int(v) < len(names) {
		return []byte(names[v]), nil
	}
	return nil, fmt.Errorf("%s(%d) is no %s; want one of %v", typ, v, typ, names)
}
