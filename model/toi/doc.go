// Package toi models Tide of Iron (Normandy) attacks on destructible
// buildings and the squads inside them: attack dice against defense dice,
// area attacks, demolition charges, pillboxes and the collapse of a
// building (rules/toi.md).
//
// Rules are cited by their place in rules/toi.md: §1–§5 for the rules and
// reference figures, [M1]…[M6] for modeling decisions (each an input with
// the default shown there), and D1–D9 for the decisions of §6 that settle
// what the rules leave open.
//
// Every pool of dice is drawn as its number of successes in one draw,
// weighted by the binomial law of its dice, so that exact enumeration of a 30-dice attack is one branch per
// result, not 6^30 paths; Monte Carlo runs the same trial code.
//
// It resolves the attack and its damage only: not the actions around it
// (placing a charge, the fatigue and LOS of the squad that detonates it,
// Op Fire), nor Operations cards beyond a changed set of success faces
// ([M1]).
package toi
