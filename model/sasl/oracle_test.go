package sasl

import (
	"math"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
)

// The oracle is an independent brute-force calculation of a crossing,
// written from rules/sasl.md alone: explicit loops over every dr and DR of
// the AC, {A1}, each generation roll and each attack's white and colored
// dice, with probabilities as floats. It shares no code with the model but
// the IFT itself (asl.Lookup, asl.ColumnFor). Its scope: a stack of one
// squad of ML 7 with no Heat of Battle, 1 MF per Location (one shot per
// firer), no Long Range Activation; S? standing alone, or sharing a
// Location, all checked before their one Fire Group fires (S3, S20): its
// FP summed, its best leader directing every firer, else Cowering if any
// firer is subject to it (S11, S22, S23).

// oUnit is the moving squad's state.
type oUnit struct {
	elim, broken, pinned, hs, replaced bool
}

type oState struct {
	u                     oUnit
	present               bool
	checked, act, dummies int
	gen                   [numItems]int
	goodOrder             uint32 // bit k: Good Order at Location k
	reached               int
}

// oActivation is one outcome of checking an S?.
type oActivation struct {
	act    bool
	counts [numItems]int
	fp     float64
	lead   int // 99: no leader directs
	cower  bool
	green  bool
}

func oDR(s int) float64 { return float64(6-abs(s-7)) / 36 }

func oRow[T any](first int, rows []T, final int) T {
	i := final - first
	if i < 0 {
		i = 0
	}
	if i >= len(rows) {
		i = len(rows) - 1
	}
	return rows[i]
}

func oColumn(t *Table, d Date, site string, bySite bool) *Column {
	var best *Column
	for i := range t.Columns {
		c := &t.Columns[i]
		if c.Year <= d.Year && (!bySite || c.Site == site) && (best == nil || c.Year > best.Year) {
			best = c
		}
	}
	return best
}

func oDateDRM(t *Table, d Date, elite bool) int {
	v := 0
	for _, m := range t.DRM {
		from := m.From.IsZero() || d.Year > m.From.Year || d.Year == m.From.Year && d.Month >= m.From.Month
		until := m.Until.IsZero() || d.Year < m.Until.Year || d.Year == m.Until.Year && d.Month < m.Until.Month
		if from && until && (!m.EliteMMC || elite) {
			v += m.Value
		}
	}
	return v
}

// oNames is a roll's distribution over unit names.
type oNames map[string]float64

func oTableRoll(c *Column, drm int, d Date) oNames {
	out := oNames{}
	for s := 2; s <= 12; s++ {
		e := oRow(c.First, c.Rows, s+drm)
		if e.Sub != nil && (d.Year < e.Sub.Before.Year || d.Year == e.Sub.Before.Year && d.Month < e.Sub.Before.Month) {
			for dr := 1; dr <= 6; dr++ {
				n := e.Unit
				if x, ok := e.Sub.On[dr]; ok {
					n = x
				}
				out[n] += oDR(s) / 6
			}
			continue
		}
		out[e.Unit] += oDR(s)
	}
	return out
}

type oGenUnit struct {
	def  UnitDef
	item int // -1: counts as nothing
	dm   bool
}

func oFP(fp float64, rng, r int) float64 {
	if r > 2*rng {
		return 0
	}
	if r > rng {
		return fp / 2
	}
	if r <= 1 {
		return fp * 2
	}
	return fp
}

// oGenerate enumerates checking S? sq at range r into out.
func oGenerate(c *Crossing, sq SQ, r int, out map[oActivation]float64) {
	t, e := c.Tables, c.Enemy
	for dr := 1; dr <= 6; dr++ {
		if !(dr == 1 || dr != 6 && dr+sq.ACDRM <= e.AC) {
			out[oActivation{lead: 99}] += 1.0 / 6
			continue
		}
		for s := 2; s <= 12; s++ {
			items := oRow(t.A1.First, t.A1.Rows, s+e.MissionDRM)
			if len(items) == 0 {
				out[oActivation{lead: 99}] += oDR(s) / 6
				continue
			}
			oItems(c, sq, r, items, nil, oDR(s)/6, out)
		}
	}
}

func oItems(c *Crossing, sq SQ, r int, items []Item, units []oGenUnit, p float64, out map[oActivation]float64) {
	t, e := c.Tables, c.Enemy
	if len(items) == 0 {
		out[oFire(units, r, e.Nationality)] += p
		return
	}
	it := items[0]
	for _, f := range sq.Forbid {
		if f == it {
			oItems(c, sq, r, items[1:], units, p, out)
			return
		}
	}
	add := func(names oNames, mk func(string) []oGenUnit) {
		for n, q := range names {
			next := append([]oGenUnit(nil), units...)
			if n != "" { // a none row generates nothing (S28)
				next = append(next, mk(n)...)
			}
			oItems(c, sq, r, items[1:], next, p*q, out)
		}
	}
	unit := func(n string, item int) oGenUnit { return oGenUnit{def: t.Units[n], item: item} }
	switch it {
	case ItemS, ItemHS:
		add(oTableRoll(oColumn(&t.X2, e.Date, "", false), oDateDRM(&t.X2, e.Date, false), e.Date), func(n string) []oGenUnit {
			if it == ItemHS && t.Deploy {
				return []oGenUnit{unit(t.Units[n].HS, int(ItemHS))}
			}
			return []oGenUnit{unit(n, int(ItemS))}
		})
	case ItemL:
		elite := false
		for _, u := range units {
			if (u.def.Kind == Squad || u.def.Kind == HalfSquad || u.def.Kind == Crew) && u.def.Class == asl.Elite {
				elite = true
			}
		}
		add(oTableRoll(oColumn(&t.X3, e.Date, "", false), oDateDRM(&t.X3, e.Date, elite), e.Date), func(n string) []oGenUnit {
			return []oGenUnit{unit(n, int(ItemL))}
		})
	case ItemSW:
		names := oTableRoll(oColumn(&t.X4, e.Date, "", false), 0, e.Date)
		if sq.Site == Inside {
			kept, total := oNames{}, 0.0
			for n, q := range names {
				if t.Units[n].Kind != BAZ {
					kept[n] += q
					total += q
				}
			}
			for n := range kept {
				kept[n] /= total
			}
			names = kept
		}
		add(names, func(n string) []oGenUnit {
			u := unit(n, int(ItemSW))
			if sq.Site == Inside && u.def.Kind == Mortar {
				m := u.def.Inside
				if m == "" {
					for name, d := range t.Units {
						if d.Kind == MG && (m == "" || d.FP < t.Units[m].FP || d.FP == t.Units[m].FP && name < m) {
							m = name
						}
					}
				}
				u.def = t.Units[m]
			}
			u.dm = e.Attitude == Advance && u.def.Dismantle
			return []oGenUnit{u}
		})
	case ItemGun:
		add(oTableRoll(oColumn(&t.X5, e.Date, sq.Site, true), 0, e.Date), func(n string) []oGenUnit {
			return []oGenUnit{unit(n, int(ItemGun)), unit(t.Units[n].Crew, -1)}
		})
	case ItemAFV:
		add(oTableRoll(oColumn(&t.X6, e.Date, "", false), 0, e.Date), func(n string) []oGenUnit { return []oGenUnit{unit(n, int(ItemAFV))} })
	case ItemSPG:
		add(oTableRoll(oColumn(&t.X6a, e.Date, "", false), 0, e.Date), func(n string) []oGenUnit { return []oGenUnit{unit(n, int(ItemSPG))} })
	case ItemF:
		names := oNames{"": 1}
		if e.Attitude == Hold {
			names = oNames{}
			for dr := 1; dr <= 6; dr++ {
				if dr+e.A5DRM <= 4 {
					names["F"] += 1.0 / 6
				} else {
					names[""] += 1.0 / 6
				}
			}
		}
		add(names, func(string) []oGenUnit {
			return []oGenUnit{{def: UnitDef{Kind: numKinds}, item: int(ItemF)}}
		})
	}
}

// oFire works out an Activation's total FP, directing leader and
// Cowering from its units (S7, S9–S11, S22, S29: British Elite and 1st
// Line MMC and Finns other than Conscripts never cower).
func oFire(units []oGenUnit, r int, nat string) oActivation {
	a := oActivation{act: true, lead: 99}
	owner := -1
	for i, u := range units {
		if u.item >= 0 && u.item < int(numItems) {
			a.counts[u.item]++
		}
		mmc := u.def.Kind == Squad || u.def.Kind == HalfSquad || u.def.Kind == Crew
		if mmc && (owner < 0 || u.def.BPV > units[owner].def.BPV) {
			owner = i
		}
		if u.def.Kind == Leader && u.def.Mod <= 0 && u.def.Mod < a.lead {
			a.lead = u.def.Mod
		}
	}
	for i, u := range units {
		if u.def.Kind != Squad && u.def.Kind != HalfSquad && u.def.Kind != Crew {
			continue
		}
		own := oFP(u.def.FP, u.def.Range, r)
		var mgs []float64
		if i == owner {
			for _, s := range units {
				switch {
				case s.dm && s.def.DM != nil && s.def.DM.FP > 0:
					mgs = append(mgs, oFP(s.def.DM.FP, s.def.DM.Range, r))
				case !s.dm && s.def.Kind == MG:
					mgs = append(mgs, oFP(s.def.FP, s.def.Range, r))
				}
			}
		}
		for x := range mgs { // descending
			for y := x + 1; y < len(mgs); y++ {
				if mgs[y] > mgs[x] {
					mgs[x], mgs[y] = mgs[y], mgs[x]
				}
			}
		}
		fp := own
		switch {
		case len(mgs) >= 2 && u.def.Kind == Squad && mgs[0]+mgs[1] > own+mgs[0]:
			fp = mgs[0] + mgs[1]
		case len(mgs) >= 1 && u.def.Kind == Squad:
			fp = own + mgs[0]
		case len(mgs) >= 1:
			fp = mgs[0]
		}
		a.fp += fp
		exempt := nat == "british" && (u.def.Class == asl.Elite || u.def.Class == asl.FirstLine) ||
			nat == "finnish" && u.def.Class != asl.Conscript
		if fp > 0 && !exempt {
			a.cower = true
			if u.def.Class == asl.Green || u.def.Class == asl.Conscript {
				a.green = true
			}
		}
	}
	return a
}

// oAttack resolves one attack on the squad: every white and colored die.
func oAttack(c *Crossing, st Step, hind int, a oActivation, u oUnit, out map[oUnit]float64, p float64) {
	if a.fp < 1 {
		out[u] += p
		return
	}
	col := asl.ColumnFor(a.fp)
	base := st.TEM + hind
	shift := 0
	switch {
	case a.lead <= 0:
		base += a.lead
	case !a.cower:
	case a.green:
		shift = 2
	default:
		shift = 1
	}
	ffmo := 0
	if st.Open && st.TEM == 0 && hind == 0 {
		ffmo = -1
	}
	d := 0
	switch {
	case u.pinned:
	case u.broken:
		d = -1 + ffmo
	default:
		if !c.Assault && !c.Hazardous {
			d--
		}
		if c.Hazardous {
			d -= 2
		}
		d += ffmo
	}
	for w := 1; w <= 6; w++ {
		for cd := 1; cd <= 6; cd++ {
			final := w + cd + base + d
			var r asl.IFT
			if shift > 0 && w == cd {
				if int(col) < shift {
					r = asl.NoEffect
				} else {
					r = asl.Lookup(col-asl.Column(shift), final)
				}
			} else {
				r = asl.Lookup(col, final)
			}
			oResult(c, r, u, out, p/36)
		}
	}
}

// oResult applies an IFT result to a lone squad of ML 7 (A7.301–A7.306,
// A10, A19.13), Heat of Battle off.
func oResult(c *Crossing, r asl.IFT, u oUnit, out map[oUnit]float64, p float64) {
	const ml = 7
	elr := c.ELR
	reduce := func(v oUnit) oUnit {
		if v.hs {
			v.elim = true
		} else {
			v.hs = true
		}
		return v
	}
	switch {
	case r.KIA() > 0:
		u.elim = true
		out[u] += p
	case r.K() > 0 && u.hs:
		u.elim = true
		out[u] += p
	case r <= asl.NMC:
		// A K/# reduces the squad to a HS, which then takes the MC at +#
		// (A7.302).
		drm, _ := r.MC()
		if r.K() > 0 {
			u = reduce(u)
			drm = r.K()
		}
		for s := 2; s <= 12; s++ {
			v := u
			q := p * oDR(s)
			if v.broken {
				bml := ml
				if v.hs {
					bml = ml - 1
				}
				if s == 12 {
					v.elim = true
				} else if s+drm > bml {
					v = reduce(v)
				}
				out[v] += q
				continue
			}
			margin := s + drm - ml
			switch {
			case s == 12:
				if margin > elr {
					v.replaced = true
				}
				v = reduce(v)
				if !v.elim {
					v.broken, v.pinned = true, false
				}
			case margin < 0:
			case margin == 0:
				v.pinned = true
			default:
				if margin > elr {
					v.replaced = true
				}
				v.broken, v.pinned = true, false
			}
			out[v] += q
		}
	case r == asl.PTC:
		if u.broken || u.pinned {
			out[u] += p
			return
		}
		for s := 2; s <= 12; s++ {
			v := u
			v.pinned = s > ml
			out[v] += p * oDR(s)
		}
	default:
		out[u] += p
	}
}

// oracle computes every metric's distribution.
func oracle(c *Crossing) map[string]map[string]float64 {
	states := map[oState]float64{{present: true}: 1}
	ids := map[string]SQ{}
	for _, s := range c.SQ {
		ids[s.ID] = s
	}
	for k, st := range c.Path {
		next := map[oState]float64{}
		for s, p := range states {
			if !s.present {
				next[s] += p
				continue
			}
			s.reached = k
			cur := map[oState]float64{s: p}
			for _, group := range oGroups(st.Eligible, ids) {
				gens := oGroupActivations(c, group, ids)
				after := map[oState]float64{}
				for x, q := range cur {
					if x.u.elim || x.u.broken { // S16
						after[x] += q
						continue
					}
					for a, g := range gens {
						y := x
						y.checked += len(group)
						y.act += a.n
						y.dummies += len(group) - a.n
						for i := range y.gen {
							y.gen[i] += a.counts[i]
						}
						if a.n == 0 {
							after[y] += q * g
							continue
						}
						res := map[oUnit]float64{}
						oAttack(c, st, group[0].Hindrance, a.oActivation, y.u, res, q*g)
						for u, w := range res {
							z := y
							z.u = u
							after[z] += w
						}
					}
				}
				cur = after
			}
			for x, q := range cur {
				if !x.u.elim && !x.u.broken {
					x.goodOrder |= 1 << k
				}
				x.present = !x.u.elim && !x.u.broken && !x.u.pinned
				next[x] += q
			}
		}
		states = next
	}
	out := map[string]map[string]float64{}
	add := func(m, l string, p float64) {
		if out[m] == nil {
			out[m] = map[string]float64{}
		}
		out[m][l] += p
	}
	yn := func(b bool) string {
		if b {
			return "yes"
		}
		return "no"
	}
	last := len(c.Path) - 1
	for s, p := range states {
		add(MetricArrived, yn(s.goodOrder&(1<<last) != 0), p)
		for k := range c.Path {
			add(GoodOrderMetric(k+1), yn(s.goodOrder&(1<<k) != 0), p)
		}
		add(MetricChecked, strconv.Itoa(s.checked), p)
		add(MetricActivated, strconv.Itoa(s.act), p)
		add(MetricDummies, strconv.Itoa(s.dummies), p)
		for it := range numItems {
			add(GeneratedMetric(it), strconv.Itoa(s.gen[it]), p)
		}
		fate := "good_order"
		switch {
		case s.u.elim:
			fate = "eliminated"
		case s.u.broken:
			fate = "broken"
		case s.u.pinned:
			fate = "pinned"
		}
		add("target.1", fate, p)
		add("target.1.reduced", yn(!s.u.elim && s.u.hs), p)
		add("target.1.replaced", yn(!s.u.elim && s.u.replaced), p)
		add(ReachedMetric(1), strconv.Itoa(s.reached+1), p)
	}
	return out
}

// oGroups are the Fire Groups of a Location's eligible S?, in the order
// of their first: those sharing a Location one, each other alone.
func oGroups(els []Eligible, ids map[string]SQ) [][]Eligible {
	var groups [][]Eligible
	at := map[string]int{}
	for _, el := range els {
		loc := ids[el.ID].Loc
		if i, ok := at[loc]; ok && loc != "" {
			groups[i] = append(groups[i], el)
			continue
		}
		at[loc] = len(groups)
		groups = append(groups, []Eligible{el})
	}
	return groups
}

// oGroup is the outcome of checking every S? of a Fire Group: n of them
// Activated, and what they fire as one.
type oGroup struct {
	oActivation
	n int
}

// oGroupActivations are the outcomes of a Fire Group's checks, each S?
// drawn on its own.
func oGroupActivations(c *Crossing, group []Eligible, ids map[string]SQ) map[oGroup]float64 {
	out := map[oGroup]float64{{oActivation: oActivation{lead: 99}}: 1}
	for _, el := range group {
		gens := map[oActivation]float64{}
		oGenerate(c, ids[el.ID], el.Range, gens)
		next := map[oGroup]float64{}
		for g, p := range out {
			for a, q := range gens {
				h := g
				if a.act {
					h.n++
					for i := range h.counts {
						h.counts[i] += a.counts[i]
					}
					h.fp += a.fp
					h.lead = min(h.lead, a.lead)
					h.cower = h.cower || a.cower
					h.green = h.green || a.green
				}
				next[h] += p * q
			}
		}
		out = next
	}
	return out
}

// oracleCrossings are unpublished crossings, run with the test tables
// (not the shipped ones).
func oracleCrossings(t *testing.T) map[string]*Crossing {
	base := func() *Crossing {
		c := twoSQ(t)
		c.Stack = mustUnits(t, "4-6-7")
		c.Options.HeatOfBattle = false
		c.Path[1].Eligible = c.Path[1].Eligible[:1]
		c.Path[1].MF = 1
		return c
	}
	cs := map[string]*Crossing{}
	cs["two S?, Hold, 1941"] = base()
	c := base()
	c.Enemy = Enemy{AC: 2, Attitude: Advance, MissionDRM: 1, Nationality: "russian", Date: Date{1943, 2}}
	c.Hazardous = true
	c.Path[0].Eligible[0].Hindrance = 1
	c.Path[1].Eligible[0].Range = 1
	cs["Advance, Hazardous, hindrance, 1943"] = c
	c = base()
	c.Enemy.AC = 5
	c.SQ[0].Forbid = []Item{ItemL, ItemSW}
	c.SQ[1].ACDRM = 2
	c.Path[0].Eligible[0].Range = 9
	c.Path = append(c.Path, Step{Name: "M7", MF: 1, Open: true, Eligible: []Eligible{{ID: "C", Range: 4}}})
	c.SQ = append(c.SQ, SQ{ID: "C", ACDRM: -2, Site: "outside", Forbid: []Item{ItemHS, ItemL, ItemSW, ItemF}})
	cs["three S?, forbid, far"] = c
	c = base()
	c.Tables.X2.Columns[0].Rows[2].Unit = "" // S28: a none row in {x2} and {x4}
	c.Tables.X4.Columns[0].Rows[4].Unit = ""
	cs["none rows"] = c
	for _, nat := range []string{"british", "finnish"} {
		c = base()
		c.Enemy.AC, c.Enemy.Nationality = 5, nat
		c.Tables.Nationality = nat
		c.SQ[0].Forbid = []Item{ItemL} // S29: no leader directs, so Cowering turns on the firers
		cs[nat+", Cowering exemptions"] = c
	}
	// S3, S23: one S? may Activate only a leader, who directs the squads
	// of the other: no Cowering, and his DRM.
	c = base()
	c.SQ[0].Loc, c.SQ[1].Loc, c.SQ[1].Site = "house", "house", c.SQ[0].Site
	c.SQ[0].Forbid = []Item{ItemS, ItemHS}
	c.SQ[1].Forbid = []Item{ItemL}
	c.Path = c.Path[:1]
	c.Path[0].Eligible = []Eligible{{ID: "A", Range: 3}, {ID: "B", Range: 3}}
	cs["one Fire Group, a leader from one S?"] = c
	return cs
}

func TestOracleAgreesWithModel(t *testing.T) {
	for name, c := range oracleCrossings(t) {
		t.Run(name, func(t *testing.T) {
			want := oracle(c)
			res := exactRun(t, c)
			for _, m := range res.Metrics {
				for _, o := range m.Outcomes {
					if w := want[m.Name][o.Label]; math.Abs(o.P-w) > 1e-9 {
						t.Errorf("%s=%s: model %.12f, oracle %.12f", m.Name, o.Label, o.P, w)
					}
				}
			}
		})
	}
}
