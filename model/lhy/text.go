package lhy

import "fmt"

// Reading back what MarshalText writes: an attack's JSON, as the command
// line echoes it in "inputs", decodes to the same attack.

func (n *Nationality) UnmarshalText(b []byte) error {
	for _, v := range []Nationality{OtherNationality, Japanese, Russian} {
		if string(b) == v.String() {
			*n = v
			return nil
		}
	}
	return fmt.Errorf("%q: want japanese, russian or none", b)
}

func (c *CohesionFail) UnmarshalText(b []byte) error {
	v, err := ParseCohesionFail(string(b))
	if err == nil {
		*c = v
	}
	return err
}
