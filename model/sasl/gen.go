package sasl

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/bound"
	"github.com/sapperhq/sapper/sim"
)

// genDist is the distribution of what checking one S? does: outcome 0 is
// a dummy (a failed AC or an empty {A1} row, S4), every other outcome an
// Activation's profile. It is worked out once, before any trial, by
// enumerating every roll of S1 and S5–S8; equal profiles merge, so a trial
// draws an Activation in one draw.
type genDist struct {
	dist     *sim.Dist
	profiles []profile // profiles[0] is the dummy's
}

// genAcc accumulates profile weights over several denominators.
type genAcc struct {
	keys []profile
	num  []map[uint64]uint64 // per profile: den → numerator
	// first holds, by profileHash, the first of keys with that hash; next
	// chains each key to the next with the same hash, −1 ending it. A map
	// keyed by the profiles themselves hashed their weapons' float FP
	// field by field, which cost a crossing's set-up more than the
	// enumeration; equal profiles are still told by ==, as the map did.
	first map[uint64]int
	next  []int
}

func newGenAcc() *genAcc {
	a := &genAcc{first: map[uint64]int{}}
	a.add(profile{lead: noLead}, 0, 1) // the dummy, index 0
	return a
}

func (a *genAcc) add(p profile, num, den uint64) {
	h := profileHash(&p)
	i, ok := a.first[h]
	last := -1
	for ok && i >= 0 && a.keys[i] != p {
		last, i = i, a.next[i]
	}
	if !ok || i < 0 {
		i = len(a.keys)
		if last >= 0 {
			a.next[last] = i
		} else {
			a.first[h] = i
		}
		a.next = append(a.next, -1)
		a.keys = append(a.keys, p)
		a.num = append(a.num, map[uint64]uint64{})
	}
	a.num[i][den] += num
}

// profileHash mixes the fields of p that tell most profiles apart: equal
// profiles hash alike (an FP of −0 as +0), and others rarely do.
func profileHash(p *profile) uint64 {
	h := uint64(p.n)<<8 | uint64(uint8(p.lead))<<16 | uint64(uint8(p.hind))<<24 |
		uint64(b2u(p.act)|b2u(p.close)<<3)<<32
	for _, c := range p.counts {
		h = (h ^ uint64(c)) * 0x100000001b3
	}
	for _, w := range p.w[:min(int(p.n), len(p.w))] {
		h = (h ^ math.Float64bits(w.fp+0)) * 0x100000001b3
		h = (h ^ uint64(uint8(w.rof))<<8 ^ uint64(uint8(w.b))<<16 ^ b2u(w.normal) ^ b2u(w.cower)<<1 ^ b2u(w.green)<<2) * 0x100000001b3
	}
	return h
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// dist turns the accumulated weights into exact integer weights over their
// least common denominator.
func (a *genAcc) dist() (genDist, error) {
	lcm := big.NewInt(1)
	for _, m := range a.num {
		for den := range m {
			d := new(big.Int).SetUint64(den)
			g := new(big.Int).GCD(nil, nil, lcm, d)
			lcm.Mul(lcm, d.Div(d, g))
		}
	}
	ws := make([]*big.Int, len(a.keys))
	gcd := new(big.Int)
	for i, m := range a.num {
		ws[i] = new(big.Int)
		for den, num := range m {
			t := new(big.Int).Div(lcm, new(big.Int).SetUint64(den))
			ws[i].Add(ws[i], t.Mul(t, new(big.Int).SetUint64(num)))
		}
		gcd.GCD(nil, nil, gcd, ws[i])
	}
	total := new(big.Int)
	out := make([]uint64, len(ws))
	for i, w := range ws {
		w.Div(w, gcd)
		total.Add(total, w)
		out[i] = w.Uint64()
	}
	if !total.IsUint64() {
		return genDist{}, fmt.Errorf("the tables' rolls are too fine-grained to enumerate exactly")
	}
	return genDist{dist: sim.NewDist(out...), profiles: a.keys}, nil
}

// activation is the context of one S?'s generation.
type activation struct {
	t     *Tables
	sq    *SQ
	en    Enemy
	nat   asl.Nationality // the ENEMY's, for Cowering (S29)
	r     int             // range to the moving stack
	shots int             // shots per firer at the Location (S13)
	hind  int8

	// rolls and defs remember what the enumeration asks again and again
	// (an item's roll, a result's counter), which its branches share.
	rolls map[rollKey]roll
	defs  map[defKey]*UnitDef
	// lightest is the tables' lightest MG, found once when first asked
	// (looking for it walks every unit); found: it has been looked for.
	lightest string
	found    bool
}

// rollKey is what an item's roll depends on beyond the activation: the
// item, whether an Elite MMC was generated before it (x3's DRM), and
// Long Range.
type rollKey struct {
	it               Item
	elite, longRange bool
}

// defKey is a generated counter: its name and the item it counts as.
type defKey struct {
	name string
	it   Item
}

// acPass is the number of AC dr faces that Activate: an Original 1 always,
// an Original 6 never, else Final ≤ AC# (S1).
func acPass(ac, drm int) int {
	n := 1
	for dr := 2; dr <= 5; dr++ {
		if dr+drm <= ac {
			n++
		}
	}
	return n
}

// normalDist enumerates checking the S?: its AC, the {A1} DR with the
// Mission DRM, and every generation roll (S1, S4–S8, S21, S25).
func (a *activation) normalDist() (genDist, error) {
	acc := newGenAcc()
	pass := uint64(acPass(a.en.AC, a.sq.ACDRM))
	acc.num[0][6] += 6 - pass
	for s := 2; s <= 12; s++ {
		items := a.t.A1.Row(s + a.en.MissionDRM)
		w := pass * dr2(s)
		if len(items) == 0 {
			acc.num[0][6*36] += w
			continue
		}
		if err := a.items(acc, items, nil, w, 6*36, false); err != nil {
			return genDist{}, err
		}
	}
	return acc.dist()
}

// items generates items in {A1} order (S5), recursing over each roll's
// results; at the end it works out the profile.
func (a *activation) items(acc *genAcc, items []Item, units []genUnit, num, den uint64, longRange bool) error {
	if len(items) == 0 {
		return a.leaf(acc, units, num, den, longRange)
	}
	it, rest := items[0], items[1:]
	if a.sq.forbids(it) {
		return a.items(acc, rest, units, num, den, longRange) // forfeit, not rolled (S5.61, S21)
	}
	r, err := a.itemRoll(it, units, longRange)
	if err != nil {
		return err
	}
	for _, o := range r.outs {
		next := units
		if o.name != "" {
			next = append(units[:len(units):len(units)], a.unit(it, o.name, longRange)...)
		}
		if err := a.items(acc, rest, next, num*o.w, den*r.den, longRange); err != nil {
			return err
		}
	}
	return nil
}

// itemRoll is the roll an item makes.
func (a *activation) itemRoll(it Item, units []genUnit, longRange bool) (roll, error) {
	elite := false
	if it == ItemL {
		for _, u := range units {
			elite = elite || u.def.Kind.mmc() && u.def.Class == asl.Elite
		}
	}
	return a.rollFor(rollKey{it, elite, longRange})
}

// rollFor is the roll of k, worked out once.
func (a *activation) rollFor(k rollKey) (roll, error) {
	if r, ok := a.rolls[k]; ok {
		return r, nil
	}
	r, err := a.newItemRoll(k.it, k.elite, k.longRange)
	if err != nil {
		return roll{}, err
	}
	if a.rolls == nil {
		a.rolls = map[rollKey]roll{}
	}
	a.rolls[k] = r
	return r, nil
}

// newItemRoll works out the roll item it makes; elite is whether an
// Elite MMC was generated before it.
func (a *activation) newItemRoll(it Item, elite, longRange bool) (roll, error) {
	t, d := a.t, a.en.Date
	col := func(tb *Table, name string, bySite bool) (*Column, error) {
		c, ok := tb.Pick(d, a.sq.Site, bySite)
		if !ok {
			// Either side may be the slip: the date, or the tables given.
			what := fmt.Sprintf("the enemy's date, %d", d.Year)
			if bySite {
				what += fmt.Sprintf(", and site %q (S? %s)", a.sq.Site, a.sq.ID)
			}
			if y, ok := tb.firstYear(a.sq.Site, bySite); ok {
				what += fmt.Sprintf(", its first %d", y)
			}
			return nil, bound.Invalidf("tables", "%s has no column for %s: give a date it covers, or tables for that date", name, what)
		}
		return c, nil
	}
	switch it {
	case ItemS, ItemHS:
		c, err := col(&t.X2, "x2", false)
		if err != nil {
			return roll{}, err
		}
		r := columnRoll(c, t.X2.Modifier(d, false), d)
		if !longRange {
			return r, nil
		}
		// S5.32 promises one squad, to fire the HMG: a row of none
		// (S28) is made again, as {x3} is until a leader results.
		return r.untilOne("x2", "squad", d, t.X2.Modifier(d, false))
	case ItemL:
		c, err := col(&t.X3, "x3", false)
		if err != nil {
			return roll{}, err
		}
		drm := t.X3.Modifier(d, elite)
		if !longRange {
			return columnRoll(c, drm, d), nil
		}
		// S5.32, S26: −1, and made again until a leader results.
		return columnRoll(c, drm-1, d).untilOne("x3", "leader", d, drm-1)
	case ItemSW:
		if longRange {
			if t.LongRange.HMG50 == "" {
				return roll{den: 1, outs: []outcome{{t.LongRange.HMG, 1}}}, nil
			}
			return roll{den: 6, outs: []outcome{{t.LongRange.HMG50, 1}, {t.LongRange.HMG, 5}}}, nil
		}
		c, err := col(&t.X4, "x4", false)
		if err != nil {
			return roll{}, err
		}
		r := columnRoll(c, 0, d)
		if a.sq.Site == Inside {
			// S7: a BAZ/PSK inside a building is rolled again.
			r, err = r.without(func(n string) bool { return t.Units[n].Kind == BAZ })
			if err != nil {
				return roll{}, bound.Invalidf("tables", "x4 gives only BAZ/PSK, which are rerolled inside (S7)")
			}
		}
		return r, nil
	case ItemGun:
		c, err := col(&t.X5, "x5", true)
		if err != nil {
			return roll{}, err
		}
		return columnRoll(c, 0, d), nil
	case ItemAFV:
		c, err := col(&t.X6, "x6", false)
		if err != nil {
			return roll{}, err
		}
		return columnRoll(c, 0, d), nil
	case ItemSPG:
		c, err := col(&t.X6a, "x6a", false)
		if err != nil {
			return roll{}, err
		}
		return columnRoll(c, 0, d), nil
	}
	// F (S8): with Hold Attitude a dr + a5_drm ≤ 4 succeeds; with Advance
	// nothing happens in the FRIENDLY MPh.
	if a.en.Attitude != Hold {
		return roll{den: 1, outs: []outcome{{"", 1}}}, nil
	}
	return drRoll(4 - a.en.A5DRM), nil
}

// untilOne is r made again past its rows of none until a unit results, as
// a Long Range Activation's leader and squad are (S5.32, S26); table gives
// what, named for the refusal when it never can in its column for date d
// at DRM drm (another date's column, or another squad's DRM, may).
func (r roll) untilOne(table, what string, d Date, drm int) (roll, error) {
	out, err := r.without(func(n string) bool { return n == "" })
	if err != nil {
		return roll{}, bound.Invalidf("tables", "%s gives no %s for Long Range Activation in its column for %s at DRM %s", table, what, d, strings.Replace(fmt.Sprintf("%+d", drm), "-", "−", 1))
	}
	return out, nil
}

// unit is what result name of item it puts on the board.
func (a *activation) unit(it Item, name string, longRange bool) []genUnit {
	t := a.t
	switch it {
	case ItemHS:
		if !t.Deploy {
			return []genUnit{a.gen(name, ItemS)} // S6, S25: counted as S
		}
		return []genUnit{a.gen(t.Units[name].HS, ItemHS)}
	case ItemSW:
		u := t.Units[name]
		if a.sq.Site == Inside && u.Kind == Mortar {
			// S7, S25: a mortar inside becomes its inside MG, else the lightest.
			n := u.Inside
			if n == "" {
				if !a.found {
					a.lightest, _ = t.lightestMG()
					a.found = true
				}
				n = a.lightest
			}
			if n != "" {
				name, u = n, t.Units[n]
			}
		}
		g := a.gen(name, ItemSW)
		g.dm = !longRange && a.en.Attitude == Advance && u.Dismantle
		return []genUnit{g}
	case ItemGun:
		return []genUnit{a.gen(name, ItemGun), a.gen(t.Units[name].Crew, numItems)}
	case ItemF:
		return []genUnit{{def: &fortification, item: ItemF}}
	}
	return []genUnit{a.gen(name, it)}
}

// fortification stands for a successful {A5} dr among the generated.
var fortification = UnitDef{Name: "F", Kind: numKinds}

// numKinds is no unit kind: it neither fires nor holds anything.
const numKinds = Kind(len(kindNames))

// gen is unit name, counted as item it (numItems: as nothing, a Gun's
// crew). Its definition is shared by every branch that generates it,
// and read only.
func (a *activation) gen(name string, it Item) genUnit {
	k := defKey{name, it}
	if d, ok := a.defs[k]; ok {
		return genUnit{def: d, item: it}
	}
	u := a.t.Units[name]
	u.Name = name
	if a.defs == nil {
		a.defs = map[defKey]*UnitDef{}
	}
	a.defs[k] = &u
	return genUnit{def: &u, item: it}
}

// leaf records one complete Activation.
func (a *activation) leaf(acc *genAcc, units []genUnit, num, den uint64, longRange bool) error {
	p := profile{act: true, close: a.r <= 1, hind: a.hind}
	for _, u := range units {
		if u.item < numItems {
			p.counts[u.item]++
		}
	}
	if err := p.fireGroup(units, a.r, a.shots, longRange, a.sq.Loc == "", a.nat); err != nil {
		//lint:ignore ST1005 "S?" is the counter's name, as the rules write it
		return fmt.Errorf("S? %s: %w", a.sq.ID, err)
	}
	acc.add(p, num, den)
	return nil
}

// longRangeDist enumerates a Long Range Activation's units (S5.32, S17,
// S26): a squad with the HMG (a .50-cal on a subsequent dr 1), the squad
// rolled until one results, as the leader is (at −1), and with Hold a
// fortification dr. Only the HMG fires. Outcome 0, the dummy, has no weight.
//
// The S?'s forbid list applies as to any Activation (S21): a forbidden
// item is forfeit and not rolled. The HMG is the squad's own (S5.32: "one
// squad with an HMG"), so an S? that forbids S forfeits it too.
func (a *activation) longRangeDist() (genDist, error) {
	acc := newGenAcc()
	items := []Item{ItemS, ItemSW, ItemL, ItemF}
	if a.sq.forbids(ItemS) {
		items = []Item{ItemL, ItemF}
	}
	if err := a.items(acc, items, nil, 1, 1, true); err != nil {
		return genDist{}, err
	}
	return acc.dist()
}
