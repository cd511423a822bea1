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
package sasl
