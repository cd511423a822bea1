// Package sasl models Solitaire ASL activation chains (Chapter S, S5): a
// FRIENDLY stack moves along a path of Locations; at each one the eligible
// S? are checked for Activation, the Activated ones generate ENEMY units
// from the Activation and generation tables, and those units make their
// mandatory First Fire at the moving stack on the ASL Infantry Fire Table,
// resolved with the morale rules of package asl.
//
// The rules followed are rules/sasl.md: S5 as summarized there, and the
// decisions S1–S29 that settle what S5 leaves open. The official tables are
// not public; a Tables value is user data, and a crossing run with the
// illustrative set shipped with the program must say so in its output.
//
// What it leaves out, printed with every result ([Omitted]): Guns, AFVs
// and SPGs are generated but never fire, nor do mortars, LATW, FT, DC or a
// SW no MMC holds (S9); there is no FPF, Fire Lane or Residual FP (S13);
// units Activated at one Location never fire at a later one, so
// P(arrived) is an upper bound (S15); there is no return fire, and a
// fortification's TEM protects nobody (S8); a hero Heat of Battle creates
// (A15.21) is not followed: no later shot attacks him, he keeps no fire
// going and he does not move on with the stack (S16, S18, S29).
package sasl
