package sasl

import (
	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/bound"
)

// The working of a crossing as a player checks it at the table: each S?'s
// Activation Check, with the faces of its dr that Activate it (acPass,
// the function the plan uses), and the {A1} Activation Table read with the
// Mission DRM.

// ACRow is one Original AC dr of an S?: its Final dr and whether it
// Activates (S1: an Original 1 always, a 6 never, else Final ≤ AC#).
type ACRow struct {
	Original  int  `json:"original"`
	Final     int  `json:"final"`
	Activates bool `json:"activates"`
}

// SQWorking is the Activation Check of one S?.
type SQWorking struct {
	ID    string  `json:"id"`
	ACDRM int     `json:"ac_drm"`
	Pass  int     `json:"pass"` // faces of six that Activate
	Rows  []ACRow `json:"rows"`
}

// A1Row is one Original {A1} DR: its Final DR and the items it lists
// (empty: a dummy, S4, S25).
type A1Row struct {
	Original int      `json:"original"`
	Final    int      `json:"final"`
	Items    []string `json:"items"`
}

// FireWorking is the fire an S? eligible at a Location of the path
// brings on the moving stack there if it Activates: its rounds, its
// range, and the DRM of its attacks on a Good Order unit before any
// leader's (S10–S14). A broken unit takes FFNAM and FFMO but not
// Hazardous Movement's −2 (S23), a pinned one none of the three (S12).
type FireWorking struct {
	Location string  `json:"location"`
	MF       float64 `json:"mf"`
	// Rounds is the shots of each firer: first fire, then, from 2 MF on,
	// ROF or Subsequent First Fire (S13, S14).
	Rounds int    `json:"rounds"`
	SQ     string `json:"sq"`
	Range  int    `json:"range"`
	// LongRange: eligible here for Long Range Activation only (S17).
	LongRange bool `json:"long_range"`
	TEM       int  `json:"tem"`
	Hindrance int  `json:"hindrance"`
	FFMO      int  `json:"ffmo"`     // S12
	Movement  int  `json:"movement"` // FFNAM −1, or Hazardous −2 (S12)
	DRM       int  `json:"drm"`      // TEM + Hindrance + FFMO + Movement
	// Never says why the S? can never fire here, if it cannot: it is
	// checked at an earlier Location, and a unit Activated there never
	// fires again (S15); or, eligible here at Long Range only, the
	// stack's one Long Range DR is rolled earlier (S17).
	Never string `json:"never,omitempty"`
}

// Working is the working of a crossing: the Activation Checks and the
// {A1} Activation Table, the fire each Location of the path may bring,
// and the moving units as they set out.
type Working struct {
	AC    int             `json:"ac"`
	SQ    []SQWorking     `json:"sq"`
	A1    []A1Row         `json:"a1"`
	Fire  []FireWorking   `json:"fire"`
	Stack []asl.UnitEntry `json:"stack"`
}

// Working returns the working of the crossing. It must be valid and have
// its tables: Working panics with Validate's error otherwise.
func (c *Crossing) Working() Working {
	bound.MustBeValid("sasl.Crossing", c.Validate())
	w := Working{AC: c.Enemy.AC}
	for _, sq := range c.SQ {
		s := SQWorking{ID: sq.ID, ACDRM: sq.ACDRM, Pass: acPass(c.Enemy.AC, sq.ACDRM)}
		for dr := 1; dr <= 6; dr++ {
			final := dr + sq.ACDRM
			s.Rows = append(s.Rows, ACRow{Original: dr, Final: final, Activates: dr == 1 || dr < 6 && final <= c.Enemy.AC})
		}
		w.SQ = append(w.SQ, s)
	}
	for dr := 2; dr <= 12; dr++ {
		final := dr + c.Enemy.MissionDRM
		row := A1Row{Original: dr, Final: final, Items: []string{}}
		for _, it := range c.Tables.A1.Row(final) {
			row.Items = append(row.Items, it.String())
		}
		w.A1 = append(w.A1, row)
	}
	move := c.normalDRM()
	checkedAt := map[string]string{} // S? → the first Location it is checked at, but at Long Range
	rolledAt := ""                   // the first Location the Long Range DR may be rolled at
	for i := range c.Path {
		st := &c.Path[i]
		long := ""
		for _, el := range st.Eligible {
			f := FireWorking{Location: st.Name, MF: st.MF, Rounds: st.rounds(), SQ: el.ID, Range: el.Range, LongRange: el.LongRange,
				TEM: st.TEM, Hindrance: el.Hindrance, FFMO: ffmoDRM(st.Open, st.TEM, el.Hindrance), Movement: move}
			f.DRM = f.TEM + f.Hindrance + f.FFMO + f.Movement
			switch at, checked := checkedAt[el.ID]; {
			case checked:
				f.Never = "checked at " + at + " first (S15)"
			case el.LongRange && rolledAt != "":
				f.Never = "the Long Range DR is rolled at " + rolledAt + " (S17)"
			case el.LongRange:
				long = st.Name
			}
			w.Fire = append(w.Fire, f)
		}
		// Reached with a moving unit in Good Order, every S? eligible
		// here has been checked when the stack moves on, and a Long
		// Range DR with an S? to answer it rolled (S16–S18, S26).
		for _, el := range st.Eligible {
			if _, ok := checkedAt[el.ID]; !ok && !el.LongRange {
				checkedAt[el.ID] = st.Name
			}
		}
		if rolledAt == "" {
			rolledAt = long
		}
	}
	w.Stack = asl.UnitsAtStart(c.Stack, c.ELR, c.Options.StackRules.Options())
	return w
}
