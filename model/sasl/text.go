package sasl

// Reading back what MarshalText writes: a crossing's JSON, as the command
// line echoes it in "inputs", decodes to the same values.

func (a *Attitude) UnmarshalText(b []byte) error {
	v, err := ParseAttitude(string(b))
	if err == nil {
		*a = v
	}
	return err
}

func (d *Date) UnmarshalText(b []byte) error {
	v, err := ParseDate(string(b))
	if err == nil {
		*d = v
	}
	return err
}

func (it *Item) UnmarshalText(b []byte) error {
	v, err := ParseItem(string(b))
	if err == nil {
		*it = v
	}
	return err
}
