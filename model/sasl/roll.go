package sasl

import "fmt"

// outcome is one result of a generation roll, by unit name ("" for none),
// with its weight out of the roll's den.
type outcome struct {
	name string
	w    uint64
}

// roll is the distribution of one generation roll's result.
type roll struct {
	outs []outcome
	den  uint64
}

// add merges weight w into the outcome named n.
func (r *roll) add(n string, w uint64) {
	for i := range r.outs {
		if r.outs[i].name == n {
			r.outs[i].w += w
			return
		}
	}
	r.outs = append(r.outs, outcome{n, w})
}

// dr2 is the number of ways, out of 36, that a DR sums to s.
func dr2(s int) uint64 { return uint64(6 - abs(s-7)) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// columnRoll is a DR on column c at drm, with the subsequent dr of a row
// that has one before the date (S27: strictly before).
func columnRoll(c *Column, drm int, d Date) roll {
	sub := false
	for _, e := range c.Rows {
		if e.Sub != nil && d.Before(e.Sub.Before) {
			sub = true
		}
	}
	var r roll
	r.den = 36
	if sub {
		r.den = 216
	}
	for s := 2; s <= 12; s++ {
		e := c.Row(s + drm)
		w := dr2(s)
		if !sub {
			r.add(e.Unit, w)
			continue
		}
		if e.Sub == nil || !d.Before(e.Sub.Before) {
			r.add(e.Unit, 6*w)
			continue
		}
		for dr := 1; dr <= 6; dr++ {
			n, ok := e.Sub.On[dr]
			if !ok {
				n = e.Unit
			}
			r.add(n, w)
		}
	}
	return r
}

// without is r conditioned on a result that drop rejects: a roll made
// again until it gives something else (S7's BAZ/PSK inside, S5.32's
// leader for Long Range).
func (r roll) without(drop func(string) bool) (roll, error) {
	var out roll
	for _, o := range r.outs {
		if !drop(o.name) {
			out.outs = append(out.outs, o)
			out.den += o.w
		}
	}
	if out.den == 0 {
		return roll{}, fmt.Errorf("a roll made again until it gives something else can give nothing else")
	}
	return out, nil
}

// drRoll is a dr: the faces pass counts out of 6 give yes.
func drRoll(pass int) roll {
	pass = min(max(pass, 0), 6)
	var r roll
	r.den = 6
	if pass > 0 {
		r.outs = append(r.outs, outcome{"yes", uint64(pass)})
	}
	if pass < 6 {
		r.outs = append(r.outs, outcome{"", uint64(6 - pass)})
	}
	return r
}
