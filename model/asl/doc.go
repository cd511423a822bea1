// Package asl models the assault-engineering attacks of Advanced Squad
// Leader: a Demolition Charge Placed, Thrown or Set against a Location of
// Personnel (A23), any other attack resolved on the Infantry Fire Table
// with Table 23 for every weapon, and a DC against an AFV (A23.5, C7.346).
// The rules it follows, with their numbers and the modeling decisions
// where the rules leave a gap, are in rules/asl.md beside the design
// notes; each decision is an [Options] switch with the rules file's
// default.
//
// What it models, by rule section:
//
//   - the IFT (A7): the grid as data, column selection, every DRM of a DC
//     attack (A23.1–A23.72), one Original DR read on several Final DRs
//     (A.5), Cowering (A7.9);
//   - a result on a stack (A7.3): who is a target, #KIA and K/# with Random
//     Selection (A.9) and Casualty Reduction (A7.302), Morale Checks and
//     Task Checks with leadership (A10.7), LLMC and LLTC (A10.2), ELR
//     (A19.1), Heat of Battle (A15), wounds (A17) and Random SW
//     Destruction (A9.74);
//   - the DC itself: malfunction X# thresholds, Placement under Defensive
//     Fire (A23.3), throwing with its own DR and the thrower's Location
//     (A23.6), Setting before or during play (A23.7);
//   - terrain: buildings and their TEM, Rubble and Flame (Table 23, B24,
//     B25), Guns (C11), Wire (B26.51), roadblocks (B29.5), bridges (B6.33),
//     breaches (B23.711), pillboxes (B30.92), caves (G11.83) and sewers
//     (B8.5);
//   - a DC against an AFV: the Position DR, the To Kill number and DR, and
//     the Collateral Attacks on the PRC and the other units (C7.346).
//
// Each attack type ([DCAttack], [IFTAttack], [AFVAttack]) validates its
// inputs and builds a [sim.Experiment] whose metrics (detonation, ift,
// target.K, stack, rubble, flame, …) are stable names of the output
// contract. Exact enumeration merges Locations in equal states, so a stack
// of several units walks thousands of paths rather than millions; Monte
// Carlo draws each unit's check from a table worked out once per attack.
//
// What it leaves out (rules/asl.md §8.30): FFMO and FFNAM, Encirclement,
// Hindrances, Air Bursts, nationality special cases (Japanese step
// reduction, Commissars beyond the leadership DRM, Gurkhas), Booby Traps,
// and Flame's spread and later attacks.
package asl
