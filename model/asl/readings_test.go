package asl

// Exact tests of the morale readings of rules/asl.md §8.46 and §8.49–8.52,
// on small stacks whose figures follow from §1 by hand (derivations in each
// test's comment), with each reading's switch both ways; then Monte Carlo
// against exact on a stack where all of them are in play.

import (
	"math"
	"testing"

	"github.com/sapperhq/sapper/sim"
)

// leaderLoss resolves one LLMC or LLTC caused by leader 0, a 7+1, 8-0 or
// 8-1, on a ML 6 squad, Heat of Battle off: the DRM is the leader's
// negative modifier reversed, and none for 0 or +1 (A10.2, §3.7, §8.46).
// LLMC: the squad stays unbroken on Final ≤ 6 (no pin, §8.24). LLTC: it is
// pinned on Final > 6.
//
//	DRM 0 (7+1, 8-0): Original ≤ 6 = 15/36 unbroken; > 6 = 21/36 pinned.
//	DRM +1 (8-1): Original ≤ 5 = 10/36 unbroken; > 5 = 26/36 pinned.
//	DRM −1 (7+1 with a positive modifier reversed): ≤ 7 = 21/36; > 7 = 15/36.
func TestLeaderLossDRM(t *testing.T) {
	for _, c := range []struct {
		leader           string
		reversePos       bool
		unbroken, pinned int64
		kind             eventKind
		what             string
	}{
		{"leader:7+1", false, 15, 0, llmc, "LLMC"},
		{"leader:8-0", false, 15, 0, llmc, "LLMC"},
		{"leader:8-1", false, 10, 0, llmc, "LLMC"},
		{"leader:7+1", true, 21, 0, llmc, "LLMC"},
		{"leader:8-0", true, 15, 0, llmc, "LLMC"},
		{"leader:8-1", true, 10, 0, llmc, "LLMC"},
		{"leader:7+1", false, 0, 21, lltc, "LLTC"},
		{"leader:8-1", false, 0, 26, lltc, "LLTC"},
		{"leader:7+1", true, 0, 15, lltc, "LLTC"},
	} {
		p := exactly(t, 3, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, c.leader), mustUnit(t, "4-4-6")}, 3, locRules{reversePos: c.reversePos})
			ld := &l.u[0]
			if c.kind == llmc {
				ld.elim = true
			} else {
				ld.broken = true
			}
			l.push(event{kind: c.kind, from: 0, ml: ld.ml, mod: ld.mod})
			l.runEvents(src)
			switch u := &l.u[1]; {
			case u.broken:
				return 0
			case u.pinned:
				return 1
			}
			return 2
		})
		name := c.what + " after a " + c.leader
		if c.reversePos {
			name += " (positive reversed)"
		}
		if c.kind == llmc {
			check(t, name+": unbroken", p[1]+p[2], c.unbroken, 36)
		} else {
			check(t, name+": pinned", p[1], c.pinned, 36)
		}
	}
}

// TestBerserkTCChain: a berserk 9-2 makes the others take a Berserk TC at
// −2 (A15.41). The 8-1 passes on Original ≤ 10 (33/36); the 4-6-7 on
// ≤ 9 (30/36). §8.50: the 8-1, now berserk, makes his own TC at −1, which
// the squad, if it failed the first, passes on ≤ 8 (26/36):
//
//	P(squad berserk) = 30/36 + 6/36 · 33/36 · 26/36 = 44028/46656;
//	without the chain, 30/36.
func TestBerserkTCChain(t *testing.T) {
	for _, chain := range []bool{true, false} {
		p := exactly(t, 4, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, "leader:9-2"), mustUnit(t, "leader:8-1"), mustUnit(t, "4-6-7")}, 3,
				locRules{knownEnemy: true, berserkChain: chain})
			l.berserk(0)
			l.runEvents(src)
			return 2*b2i(l.u[1].berserk) + b2i(l.u[2].berserk)
		})
		if chain {
			check(t, "squad berserk (chain)", p[1]+p[3], 44028, 46656)
		} else {
			check(t, "squad berserk (no chain)", p[1]+p[3], 30, 36)
		}
		check(t, "8-1 berserk", p[2]+p[3], 33, 36)
	}
}

// hobOutcome classifies a unit after its Heat of Battle DR.
func hobOutcome(u *unit) int {
	switch {
	case u.prisoner:
		return 4
	case u.berserk:
		return 3
	case u.heroic && u.mod == -1:
		return 1
	case u.heroic:
		return 0
	case u.mod == -1:
		return 2
	}
	return 5
}

// TestLeadersEliteHoB: an 8-0's HoB DR takes the Elite −1 (A1.11, §8.51):
// hero ≤ 4 at Original ≤ 5 (10/36), hero + BH 6–7 (11/36), BH 8–9 (9/36),
// berserk 10–12 (6/36), no surrender; switched off, R21's 6, 9, 11, 9, 1.
func TestLeadersEliteHoB(t *testing.T) {
	for _, c := range []struct {
		elite bool
		want  [5]int64
	}{{true, [5]int64{10, 11, 9, 6, 0}}, {false, [5]int64{6, 9, 11, 9, 1}}} {
		p := exactly(t, 6, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, "leader:8-0")}, 3,
				locRules{knownEnemy: true, surrender: true, acceptBH: true, leadersElite: c.elite})
			l.heatOfBattle(src, 0)
			return hobOutcome(&l.u[0])
		})
		for k, want := range c.want {
			check(t, []string{"hero", "hero+BH", "BH", "berserk", "surrender"}[k], p[k], want, 36)
		}
	}
}

// TestFanaticBerserk: an elite squad Battle Hardened past Elite is Fanatic
// (A15.3); broken, its HoB DRM is +1 − 1 = 0, so a Final 12 (1/36) makes it
// berserk instead of a prisoner (A15.5, §8.52): berserk 10/36, surrender 0;
// switched off, berserk 9/36 and surrender 1/36.
func TestFanaticBerserk(t *testing.T) {
	for _, on := range []bool{true, false} {
		p := exactly(t, 6, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, "4-6-8,class=elite")}, 3,
				locRules{knownEnemy: true, surrender: true, acceptBH: true, fanaticBerserk: on})
			l.battleHarden(0)
			if !l.u[0].fanatic {
				t.Fatal("Battle Hardening left an elite squad short of Fanatic")
			}
			l.u[0].broken = true
			l.heatOfBattle(src, 0)
			return hobOutcome(&l.u[0])
		})
		if on {
			check(t, "fanatic berserk", p[3], 10, 36)
			check(t, "fanatic surrender", p[4], 0, 36)
		} else {
			check(t, "fanatic berserk (off)", p[3], 9, 36)
			check(t, "fanatic surrender (off)", p[4], 1, 36)
		}
	}
}

// TestClassMovesWithELR (§8.49): ELR Replacement moves a MMC one Class
// down, and the HoB DR that follows in the same attack uses the new Class.
//
//	Fanatic → Elite, no longer Fanatic: broken, DRM +1 − 1 = 0, so a Final
//	12 surrenders (1/36) and berserk is 9–11 (9/36).
//	Elite → 1st Line: unbroken, DRM 0 where it was −1: berserk 9/36.
//	Green → Conscript, alone: Inexperienced either way (+1): berserk on
//	Original 8–10 = 12/36, surrender 11–12 = 3/36.
//	Conscript: no Class below, so not Replaced (A19.12).
func TestClassMovesWithELR(t *testing.T) {
	rules := locRules{knownEnemy: true, surrender: true, acceptBH: true, fanaticBerserk: true}
	for _, c := range []struct {
		name               string
		unit               string
		fanatic, broken    bool
		class              Class
		replaced           bool
		berserk, surrender int64
	}{
		{"fanatic", "4-6-8,class=elite", true, true, Elite, true, 9, 1},
		{"elite", "4-6-8,class=elite", false, false, FirstLine, true, 9, 1},
		{"green", "4-4-7,class=green", false, false, Conscript, true, 12, 3},
		{"conscript", "3-3-6,class=conscript", false, false, Conscript, false, 12, 3},
	} {
		var state unit
		p := exactly(t, 6, func(src *sim.Source) int {
			var l loc
			l.setup([]Unit{mustUnit(t, c.unit)}, 3, rules)
			if c.fanatic {
				l.battleHarden(0)
			}
			l.u[0].replace()
			state = l.u[0]
			l.u[0].broken = c.broken
			l.heatOfBattle(src, 0)
			return hobOutcome(&l.u[0])
		})
		if state.class != c.class || state.fanatic || state.replaced != c.replaced {
			t.Errorf("%s replaced: class %v fanatic %v replaced %v, want %v false %v",
				c.name, state.class, state.fanatic, state.replaced, c.class, c.replaced)
		}
		check(t, c.name+" then HoB: berserk", p[3], c.berserk, 36)
		check(t, c.name+" then HoB: surrender", p[4], c.surrender, 36)
	}
}

// readingStack is a Placed DC on a stack where every reading can act:
// leaders with negative, zero and positive modifiers (LLMC/LLTC, Berserk
// TC chains, the leaders' Elite HoB DRM) and elite squads that can turn
// Fanatic and be Replaced.
func readingStack(t *testing.T, set func(*Options)) DCAttack {
	a := NewDCAttack(Placed, mustUnit(t, "leader:9-2"), mustUnit(t, "leader:7+1"),
		mustUnit(t, "4-6-8,class=elite"), mustUnit(t, "4-4-6"))
	a.TEM, a.ELR = 2, 1
	if set != nil {
		set(&a.Options)
	}
	return a
}

// fanaticStack is a Placed DC on a stack where a squad can turn Fanatic by
// Battle Hardening, break on a LLMC and make a second HoB DR broken, which
// can reach 12 (§8.52): an elite 4-4-6 under a 9-2 and an 8-1, no TEM.
func fanaticStack(t *testing.T, set func(*Options)) DCAttack {
	a := NewDCAttack(Placed, mustUnit(t, "leader:9-2"), mustUnit(t, "leader:8-1"), mustUnit(t, "4-4-6,class=elite"))
	if set != nil {
		set(&a.Options)
	}
	return a
}

// TestReadingSwitchesMatter: on the stack above, each switch moves some
// figure, so the oracle comparisons of both readings are not vacuous.
func TestReadingSwitchesMatter(t *testing.T) {
	if testing.Short() {
		t.Skip("exact runs of five-unit stacks; the plain run checks them")
	}
	if testing.Short() {
		t.Skip("an oracle enumeration per switch; the plain run covers it")
	}
	for name, set := range map[string]func(*Options){
		"leader-loss-reverses-positive": func(o *Options) { o.LeaderLossReversesPositive = true },
		"berserk-tc-chain":              func(o *Options) { o.BerserkTCChain = false },
		"leaders-elite":                 func(o *Options) { o.LeadersElite = false },
		"fanatic-berserk":               func(o *Options) { o.FanaticBerserk = false },
	} {
		stack := readingStack
		if name == "fanatic-berserk" {
			stack = fanaticStack
		}
		base, other := exactRun(t, stack(t, nil)), exactRun(t, stack(t, set))
		moved := 0.0
		for i, m := range base.Metrics {
			for k, o := range m.Outcomes {
				moved = math.Max(moved, math.Abs(o.P-other.Metrics[i].Outcomes[k].P))
			}
		}
		if moved < 1e-9 {
			t.Errorf("%s: switching it changes nothing on the stack", name)
		}
		t.Logf("%s: largest change %.3g", name, moved)
	}
}

// TestReadingsMonteCarlo: Monte Carlo against exact on the same stack,
// default readings and every switch flipped.
func TestReadingsMonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("800,000 trials; the plain run checks them")
	}
	checkMonteCarlo(t, "readings default", readingStack(t, nil))
	checkMonteCarlo(t, "readings flipped", readingStack(t, func(o *Options) {
		o.LeaderLossReversesPositive, o.BerserkTCChain, o.LeadersElite, o.FanaticBerserk = true, false, false, false
	}))
}
