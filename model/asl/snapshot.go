package asl

import "slices"

// An attack's Experiment works from a copy of the attack, made before it
// is checked: the trials it creates read the copy, so that a caller who
// changes a slice of the attack afterwards (a target broken, a unit
// appended) changes no experiment already made.

// clone is o with nothing shared with o.
func (o Options) clone() Options {
	if o.Surrender != nil {
		v := *o.Surrender
		o.Surrender = &v
	}
	return o
}

// clone is a with nothing shared with a.
func (a IFTAttack) clone() IFTAttack {
	a.Targets = slices.Clone(a.Targets)
	a.Options.Options = a.Options.Options.clone()
	return a
}

// clone is a with nothing shared with a.
func (a AFVAttack) clone() AFVAttack {
	a.Riders = slices.Clone(a.Riders)
	a.Passengers = slices.Clone(a.Passengers)
	a.Others = slices.Clone(a.Others)
	a.Throwers = slices.Clone(a.Throwers)
	a.Options.Options = a.Options.Options.clone()
	return a
}

// clone is a with nothing shared with a.
func (a DCAttack) clone() DCAttack {
	a.Targets = slices.Clone(a.Targets)
	a.Throwers = slices.Clone(a.Throwers)
	a.Placer = slices.Clone(a.Placer)
	a.Setter = slices.Clone(a.Setter)
	a.DFF = slices.Clone(a.DFF)
	a.Options = a.Options.clone()
	return a
}

// clone is p with nothing shared with p: its attacks copied too.
func (p Plan) clone() Plan {
	p.Targets = slices.Clone(p.Targets)
	p.Steps = slices.Clone(p.Steps)
	for i, s := range p.Steps {
		if s.DC != nil {
			a := s.DC.clone()
			p.Steps[i].DC = &a
		}
		if s.Fire != nil {
			a := s.Fire.clone()
			p.Steps[i].Fire = &a
		}
	}
	return p
}
