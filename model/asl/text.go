package asl

// Reading back what MarshalText writes: an attack's JSON, as the command
// line echoes it in "inputs", decodes to the same attack.

// unmarshal sets *p to what parse reads of b.
func unmarshal[T any](b []byte, p *T, parse func(string) (T, error)) error {
	v, err := parse(string(b))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

func (a *Armor) UnmarshalText(b []byte) error       { return unmarshal(b, a, ParseArmor) }
func (b *Breach) UnmarshalText(t []byte) error      { return unmarshal(t, b, ParseBreach) }
func (b *Bridge) UnmarshalText(t []byte) error      { return unmarshal(t, b, ParseBridge) }
func (b *Building) UnmarshalText(t []byte) error    { return unmarshal(t, b, ParseBuilding) }
func (c *Class) UnmarshalText(b []byte) error       { return unmarshal(b, c, ParseClass) }
func (e *EC) UnmarshalText(b []byte) error          { return unmarshal(b, e, ParseEC) }
func (f *Facing) UnmarshalText(b []byte) error      { return unmarshal(b, f, ParseFacing) }
func (f *Firer) UnmarshalText(b []byte) error       { return unmarshal(b, f, ParseFirer) }
func (m *Mode) UnmarshalText(b []byte) error        { return unmarshal(b, m, ParseMode) }
func (n *Nationality) UnmarshalText(b []byte) error { return unmarshal(b, n, ParseNationality) }
func (r *Roadblock) UnmarshalText(b []byte) error   { return unmarshal(b, r, ParseRoadblock) }
func (u *User) UnmarshalText(b []byte) error        { return unmarshal(b, u, ParseUser) }
func (w *Weapon) UnmarshalText(b []byte) error      { return unmarshal(b, w, ParseWeapon) }
