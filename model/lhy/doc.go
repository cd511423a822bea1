// Package lhy resolves fire attacks of The Last Hundred Yards (GMT): every
// DRM of a fire action is rolled on its own d10 and only the single most
// detrimental result is applied (LHY 13.1–13.3; rules/lhy.md beside the
// design notes).
//
// A [FireAttack] holds the fire (one SADRM per firing nationality, one MDRM
// per hex, ATDRMs per target vehicle) and the hex it falls on: the units,
// an undisrupted platoon leader stacked with them, the vehicles and the
// terrain. Its [FireAttack.Experiment] reports, per trial:
//
//   - selected: the unit the small-arms or mortar result falls on (13.1.3);
//   - unit.NAME: the worst thing this fire did to each unit (rules/lhy.md L3);
//   - cohesion_check.NAME: whether it took a Cohesion check and passed it;
//   - vehicle.NAME: destroyed, shocked or unaffected (13.3.5, 13.3.6);
//   - collateral: whether Collateral Damage was applied (13.3.7).
//
// Where only the highest of several rolls matters, the rolls are drawn as
// one draw of their highest result, so exact enumeration sees a branch per
// result that matters, not one per combination of dice; Monte Carlo runs
// the same code.
//
// It resolves one fire attack: not the actions that lead to it (activation,
// line of sight, range), close assault, nor the recovery that follows.
package lhy
