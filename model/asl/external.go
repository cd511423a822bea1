package asl

import (
	"fmt"

	"github.com/sapperhq/sapper/sim"
)

// Stack is a Location of Personnel under a series of IFT attacks, for a
// model of another game that resolves its fire with these rules (Solitaire
// ASL's mandatory ENEMY attacks). Each attack is resolved exactly as a DC's
// attack on its targets is: Random Selection, Casualty Reduction, morale
// checks with leadership, pins, ELR, Heat of Battle, wounds, LLMC/LLTC.
//
// A unit can leave the Location (Leave): it is then apart from the others
// for leadership and leader-loss checks, as a unit in another Location is.
type Stack struct {
	start, cur loc
}

// StackRules are the morale switches of the stack's units: the Heat of
// Battle circumstances of their Location (rules/asl.md §8.26) and the
// readings of §8.46 and §8.50–8.52, as Options gives them to a DC or an
// IFT attack. Whether a HoB 12 surrenders is each attack's own (Resolve).
type StackRules struct {
	HeatOfBattle               bool `json:"heat_of_battle"`
	AcceptBattleHardening      bool `json:"accept_battle_hardening"`
	KnownEnemyInLOS            bool `json:"known_enemy_in_los"`
	LeaderLossReversesPositive bool `json:"llmc_reverse_positive"`
	BerserkTCChain             bool `json:"berserk_tc_chain"`
	LeadersElite               bool `json:"leaders_elite"`
	FanaticBerserk             bool `json:"fanatic_berserk"`
}

// StackRules are o's morale switches, so that a Stack is resolved with
// the same defaults as sapper dc and sapper fire.
func (o Options) StackRules() StackRules {
	return StackRules{
		HeatOfBattle:               o.HeatOfBattle,
		AcceptBattleHardening:      o.AcceptBattleHardening,
		KnownEnemyInLOS:            o.KnownEnemyInLOS,
		LeaderLossReversesPositive: o.LeaderLossReversesPositive,
		BerserkTCChain:             o.BerserkTCChain,
		LeadersElite:               o.LeadersElite,
		FanaticBerserk:             o.FanaticBerserk,
	}
}

// Options are the default Options with r's morale switches, for what
// takes Options (UnitsAtStart).
func (r StackRules) Options() Options {
	o := DefaultOptions()
	o.HeatOfBattle = r.HeatOfBattle
	o.AcceptBattleHardening = r.AcceptBattleHardening
	o.KnownEnemyInLOS = r.KnownEnemyInLOS
	o.LeaderLossReversesPositive = r.LeaderLossReversesPositive
	o.BerserkTCChain = r.BerserkTCChain
	o.LeadersElite = r.LeadersElite
	o.FanaticBerserk = r.FanaticBerserk
	return o
}

// NewStack sets up the units, giving elr to those without their own. It
// panics for more than MaxUnits units; each unit is as Unit.Validate
// passes it.
func NewStack(units []Unit, elr int, r StackRules) *Stack {
	if len(units) > MaxUnits {
		panic(fmt.Sprintf("asl: NewStack of %d units; a Location holds at most %d (MaxUnits)", len(units), MaxUnits))
	}
	s := sim.Scratch[Stack]()
	s.start.setup(units, elr, r.Options().locRules(false))
	s.cur.restart(&s.start)
	return s
}

// Reset makes every unit as it was at the start.
func (s *Stack) Reset() { s.cur.restart(&s.start) }

// Len is the number of units.
func (s *Stack) Len() int { return s.cur.n }

// Resolve applies one attack: res[i] is unit i's IFT result from the
// attack's one Original DR (A.5), NoEffect for a unit not attacked.
// surrender says whether a Heat of Battle 12 makes a prisoner: an ADJACENT
// Known Good Order armed enemy (A15.5). It reports true when the merge
// hook (SetMerge) found the rest of the trial already known: the trial
// must then stop.
func (s *Stack) Resolve(src *sim.Source, res *[Slots]IFT, surrender bool) (stop bool) {
	s.cur.rules.surrender = surrender
	return s.cur.resolve(src, res)
}

// Fate is unit i's state now.
func (s *Stack) Fate(i int) Fate { return s.cur.u[i].fate() }

// Reduced reports whether unit i, still in play, has been Casualty
// Reduced (a squad now a HS, a wounded SMC).
func (s *Stack) Reduced(i int) bool { u := &s.cur.u[i]; return !u.gone() && u.reduced }

// Replaced reports whether unit i, still in play, has been ELR-Replaced.
func (s *Stack) Replaced(i int) bool { u := &s.cur.u[i]; return !u.gone() && u.replaced }

// Leave takes unit i out of the Location the others are in: from now on
// it gives and takes no leadership and no leader-loss checks with them.
// where tells apart units left at different places.
func (s *Stack) Leave(i, where int) { s.cur.u[i].group = unitGroup(3 + where) }
