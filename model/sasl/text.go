package sasl

// Reading back what MarshalText writes: a crossing's JSON, as the command
// line echoes it in "inputs", decodes to the same values.

// unmarshal sets *p to what parse reads of b.
func unmarshal[T any](b []byte, p *T, parse func(string) (T, error)) error {
	v, err := parse(string(b))
	if err == nil {
		*p = v
	}
	return err
}

func (a *Attitude) UnmarshalText(b []byte) error { return unmarshal(b, a, ParseAttitude) }
func (d *Date) UnmarshalText(b []byte) error     { return unmarshal(b, d, ParseDate) }
func (it *Item) UnmarshalText(b []byte) error    { return unmarshal(b, it, ParseItem) }
