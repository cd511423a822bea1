package asl

import (
	"github.com/sapperhq/sapper/model/dice"
	"github.com/sapperhq/sapper/sim"
)

// Experiment returns the attack, with its chain, as an engine experiment.
func (a DCAttack) Experiment() (sim.Experiment, error) {
	a = a.clone()
	if err := a.Validate(); err != nil {
		return sim.Experiment{}, err
	}
	return newDCPlan(a).experiment(), nil
}

// experiment is the plan as an engine experiment: its metrics, the short
// path's joints, and its trial.
func (p *dcPlan) experiment() sim.Experiment {
	s := p.schema()
	p.joints(&s)
	// The hot loop of a leaderless stack (runBare) rolls several MCs as
	// one roll by hand: faster than a walk of its paths, which rolls them
	// one by one. Every other attack resolves its Location unit by unit
	// between its draws, which a walk skips (sim.Experiment.KeepPaths).
	return sim.Experiment{Schema: s, New: p.newTrial, KeepPaths: !(p.bare && p.joint)}
}

// dcPlan is everything about an attack that does not depend on the dice,
// worked out once.
type dcPlan struct {
	a     DCAttack
	rules locRules

	attackDR  dice.Coarse
	attackLut [36]int32 // attackDR's representative sums by roll of two dice
	// bare: nothing rolls or records before the DC's own DR (no chain, no
	// cave dr).
	bare bool
	at   [13]outcome // by Original DR

	throwDR  dice.Coarse
	throwRes [13][Slots]IFT

	dff []fireRoll // against the Placer's or Setter's Location

	swDist [Slots]*sim.Dist // Random SW Destruction dr, per target

	tab *checkTables // the targets' MCs, when no leader links them

	// The short path of each Original DR that has one, its end states and
	// joints (short.go).
	short              [13]*shortPath
	states             shortStates
	joint              bool
	jTargets, jEffects int

	site        site          // the target Location's terrain (Table 23)
	rubbleCheck bool          // whether a detonation checks for Rubble
	flame       columnReading // which column Flame reads (DCAttack.flameReading)

	m metricIndex
}

// outcome is everything one Original DR of the attack does before any
// further dice. Sums with equal outcomes are one branch of the coarse DR.
type outcome struct {
	malf bool
	res  [Slots]IFT // per target, after the Gun's result (C11.6)
	// caveIn is each target's result when a Thrown DC entered the cave.
	caveIn [Slots]IFT
	ift    IFT // the reported IFT result: the first target's, or the wall's
	gun    GunEffect
	// rubbleKIA is the KIA# the Original DR gives for Rubble (A23.1: the
	// 30 column whatever the concealment, building TEM ignored; B24.11);
	// for a Set DC, destroys marks a Final KIA on the 36+ column at −3
	// (A23.71).
	rubbleKIA int8
	destroys  bool
	// flameKIA is an Original KIA on the column before any halving for
	// concealment, flameHalvedKIA on the halved one; the units in the
	// Location tell which Flame reads (B25.13, §8.14, flameReading).
	flameKIA, flameHalvedKIA bool
	breach                   bool
	wire                     bool
	roadblock                bool
	caveGone                 bool
	spans                    int8 // bridge spans destroyed
}

// fireRoll is one fire attack on a Location: its coarse DR and the result
// for each unit there by Original DR.
type fireRoll struct {
	dr  dice.Coarse
	res [13][Slots]IFT
	// An attack that Cowers (FireAttack.Cowering) tells doubles apart:
	// pair draws its dice, doubled holds the results of Original doubles.
	cowers  bool
	pair    dice.Pair
	doubled [13][Slots]IFT
}

// newFireRoll is Defensive Fire f on the units of chain, at the further
// DRM drm (a Setter's Hazardous Movement). Its doubles read the column
// the firers Cower to, as sapper fire's attack by them reads it; off the
// lowest, no effect at all unless offLowest is false (§8.54).
func newFireRoll(f FireAttack, chain []Unit, drm int, offLowest bool) fireRoll {
	shift := f.Cowering()
	fr := fireRoll{cowers: shift > 0}
	ia := IFTAttack{FP: f.FP, Options: DefaultFireOptions()}
	ia.Options.CowerOffLowestNoEffect = offLowest
	c := ColumnFor(f.FP)
	for orig := 2; orig <= 12; orig++ {
		for i, u := range chain {
			final := orig + f.DRM + drm + u.DRM
			fr.res[orig][i] = Lookup(c, final)
			fr.doubled[orig][i] = ia.cell(c, shift, final)
		}
	}
	if !fr.cowers {
		fr.dr = dice.NewCoarse(func(s int) int { return resultKey(&fr.res[s], len(chain)) })
		return fr
	}
	// Keyed by the results alone, as the sums are: a class's dice,
	// doubles or not, read the row every pair of it reads (roll).
	fr.pair = dice.NewPair(func(w, c int) int {
		if w == c {
			return resultKey(&fr.doubled[w+c], len(chain))
		}
		return resultKey(&fr.res[w+c], len(chain))
	})
	return fr
}

// roll draws the attack's Original DR and returns the results it gives.
func (fr *fireRoll) roll(src *sim.Source) *[Slots]IFT {
	if !fr.cowers {
		return &fr.res[fr.dr.Roll(src)]
	}
	w, c := fr.pair.Roll(src)
	if w == c {
		return &fr.doubled[w+c]
	}
	return &fr.res[w+c]
}

// metricIndex is where each metric sits in the record; -1 when absent.
type metricIndex struct {
	placer, setting, setter, breach, targets, stack, rubble, collapse, falls, flame, throwers int
	wire, roadblock, bridge, spans, gun, cave, caveDR, sw                                     int
}

func newDCPlan(a DCAttack) *dcPlan { return buildDCPlan(a, true) }

// buildDCPlan compiles a; tables builds the check tables of its target
// Location, and with them the short paths. Only a DC resolved on its own
// target Location reads them: a plan's step resolves the Location as the
// attacks before left it, by the whole procedure (attackOn), and builds
// neither, which for a DC on ten targets came to some 7 MB and 60 ms of
// set-up, of a plan's up to 96 attacks, outside --max-memory.
func buildDCPlan(a DCAttack, tables bool) *dcPlan {
	p := &dcPlan{a: a, rules: a.Options.locRules(a.surrender())}
	if tables {
		p.tab = checkTablesFor(a.Targets, a.ELR, p.rules)
	}
	p.site, p.rubbleCheck = a.site(), a.rubbleCheck()
	p.flame = a.flameReading()
	for orig := 2; orig <= 12; orig++ {
		p.at[orig] = a.outcome(orig)
		for i, u := range a.Throwers {
			p.throwRes[orig][i] = Lookup(ColumnFor(30), orig+a.throwerDRM(u))
		}
	}
	// One Original DR per Location (A.5); its sums are told apart only by
	// what they do.
	p.attackDR = dice.NewCoarse(func(s int) int {
		for r := 2; r < s; r++ {
			if p.at[r] == p.at[s] {
				return r
			}
		}
		return s
	})
	p.attackLut = *table36(p.attackDR.Sums())
	p.bare = !(a.Mode == Placed && len(a.Placer) > 0) && !(a.Mode == Set && len(a.Setter) > 0) &&
		!(a.Cave && a.Mode == Thrown)
	// After the classes are fixed: a short path does not tell sums apart.
	p.shortPaths()
	p.throwDR = dice.NewCoarse(func(s int) int { return resultKey(&p.throwRes[s], len(a.Throwers)) })
	for i, u := range a.Targets {
		if u.SW > 0 {
			p.swDist[i] = swDist(a.targetColumn(u), u.SWX)
		}
	}

	// The Placer's or Setter's Location under Defensive Fire; a Setter uses
	// Hazardous Movement, −2 (A4.62, B8.3).
	chain, hazardous := a.Placer, 0
	if a.Mode == Set {
		chain, hazardous = a.Setter, -2
	}
	if len(chain) > 0 && !a.Preset {
		for _, f := range a.DFF {
			p.dff = append(p.dff, newFireRoll(f, chain, hazardous, a.Options.CowerOffLowestNoEffect))
		}
	}
	return p
}

// outcome works out what Original DR orig does (rules/asl.md §3–§7).
func (a DCAttack) outcome(orig int) outcome {
	var o outcome
	if o.malf = a.Malfunctions(orig); o.malf {
		o.ift, o.gun = NoAttack, GunUnaffected
		return o
	}
	for i, u := range a.Targets {
		o.res[i] = Lookup(a.targetColumn(u), orig+a.targetDRM(u))
		if a.Cave && a.Mode == Thrown {
			o.caveIn[i] = Lookup(a.targetColumn(u), orig+a.caveDRM(u, true))
		}
	}
	switch {
	case len(a.Targets) > 0:
		o.ift = o.res[0]
	case a.Roadblock == NarrowStreetRoadblock:
		o.ift = a.structureResult(orig, roadblockTEM)
	}
	o.gun = GunUnaffected
	if a.Gun {
		o.gun, o.res = gunResults(o.res, len(a.Targets))
	}
	if a.Breach != NoBreach {
		o.breach = a.Breaches(orig)
		o.ift = Lookup(ColumnFor(30), orig+a.Building.TEM(a.Fortified)+b2i(a.CX))
	}
	if a.rubbleCheck() {
		if a.Mode == Set {
			o.destroys = Lookup(ColumnFor(36), orig-3).KIA() > 0
		} else {
			o.rubbleKIA = int8(Lookup(ColumnFor(30), orig).KIA())
		}
	}
	unhalved, halved := a.flameColumns()
	o.flameKIA = a.flameCheck() && Lookup(unhalved, orig).KIA() > 0
	o.flameHalvedKIA = a.flameCheck() && Lookup(halved, orig).KIA() > 0
	o.wire = a.ClearsWire(orig)
	o.roadblock = a.RemovesRoadblock(orig)
	o.caveGone = a.DestroysCave(orig)
	o.spans = int8(a.BridgeSpans(orig))
	if a.Mode == Set && a.Bridge != NoBridge && o.spans == 0 {
		// A23.71: a Set DC that leaves its bridge hex standing has no
		// effect on the units on or beneath it, whatever the IFT read.
		for i := range a.Targets {
			o.res[i] = NoEffect
		}
	}
	return o
}

// ThrowerLocationMayBeAttacked reports whether a Thrown DC's attack on
// the thrower's Location (A23.6) can happen at all: always from below two
// levels above the target, from higher only when the DC rubbles the
// target level (B24.11), which takes a building to rubble.
func (a DCAttack) ThrowerLocationMayBeAttacked() bool {
	return a.Mode == Thrown && len(a.Throwers) > 0 && (a.Elevation < 2 || a.rubbleCheck())
}

// rubbleCheck: a DC into a building Location checks for Rubble; a breach
// attempt attacks the wall only (B23.711).
func (a DCAttack) rubbleCheck() bool { return a.Building != NoBuilding && a.Breach == NoBreach }

// flameCheck: the target Location is burnable terrain (B25.13), not a
// breach attempt.
func (a DCAttack) flameCheck() bool {
	return (a.Building != NoBuilding || a.Terrain != "") && a.Breach == NoBreach
}

// resultKey packs the first n results into one comparable number.
func resultKey(r *[Slots]IFT, n int) int {
	k := 0
	for i := range n {
		k = k*32 + int(r[i])
	}
	return k
}
