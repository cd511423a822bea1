package cli

import (
	"fmt"
	"io"
)

const lhyHelpIntro = `Usage: sapper lhy --sadrm N [--sadrm N ...] --target NAME:COHESION [...] [flags]
       sapper lhy --atdrm VEHICLE=N --vehicle NAME:AV [...] [flags]

One fire resolution of The Last Hundred Yards (GMT) against a hex (LHY 13;
rules/lhy.md). Each DRM is rolled on its own d10 — one per SADRM (one per
firing nationality), the MDRM (one per hex), one per ATDRM — and only the
single most detrimental result is applied:
  small arms and mortar  the highest SADRM/MDRM result falls on one unit:
                         the best Cohesion in the first non-empty group of
                         13.1.3 (unconcealed undisrupted combat units,
                         concealed ones, disrupted ones, non-combat units),
                         ties to the best Assault Value, SAV, then at random;
                         a mortar result passes over RNP, a tie with small
                         arms counts as small arms (L1)
  FFAR                   the result, −1 with a --leader of higher Cohesion
  FFAR ≥ Cohesion        a concealed unit loses Concealment
  FFAR > Cohesion        Disruption and a Cohesion check (d10 ≤ Cohesion
                         passes); a Casualty instead if Heroic, Japanese,
                         Russian or FFAR ≥ 10; a hit Rider unloads
  mortar roll of 10      with --mfa-mv 2+: a random vehicle (not a towed Gun)
                         is Destroyed, an AFV Shocked (13.1.7, L4)
  anti-tank              rolls ≤ 2 ignored; the highest result per vehicle:
                         FFAR > [E]AV Destroys it (Collateral Damage if its
                         ATV > 0); an AFV is Shocked on FFAR = [E]AV, or on a
                         10 with FFAR ≥ [E]AV − 2; its Riders then check
  Collateral Damage      once, at the end (13.3.7, L7): the RNP of each
                         Destroyed vehicle Disrupt and check, towed Guns are
                         Destroyed (not with --at-from-mg), and in
                         --open-terrain (no --ip, no --assault) one on-foot
                         unit drawn at random Disrupts
Japanese and Russian units never check and go to Regrouping where others
Disrupt; a unit that suffered a Casualty takes no more checks (L2).

Reports selected (the unit the result falls on, or none), unit.NAME (the
worst this fire did to it: casualty, disrupted, regrouping,
concealment_lost, unaffected), cohesion_check.NAME (passed, failed, none;
the worst of several), vehicle.NAME (destroyed, shocked, unaffected) and
collateral (applied, not_applied).

Units, NAME:COHESION (Cohesion 0…10; a name is ASCII letters, digits, - and _),
followed by options after commas:
  concealed, disrupted, non-combat   its 13.1.3 priority group
  rnp            a Rider or Passenger aboard a vehicle
  rider          a Rider (an RNP that also checks when its AFV is Shocked)
  on=VEHICLE     the vehicle it is aboard (needed with several vehicles)
  heroic         a Casualty instead of a Disruption
  japanese, russian
  av=N, sav=N    Assault Value and SAV (0…10), for ties
e.g. --target rifle:7,av=2 --target mg:6,concealed --target crew:5,rider,on=tank

Vehicles, NAME:AV (AV 0…21, L8), followed by options after commas:
  eav=N          the Effective AV (0…21) that AT results are read against
  atv=N          its ATV (0…10): Destroyed by AT fire with ATV > 0, it
                 causes Collateral Damage
  afv            an AFV: Shocked rather than Destroyed by a mortar's 10
  towed-gun      a towed Gun: never carries units nor the mortar's 10
e.g. --vehicle tank:8,afv,atv=2 --vehicle pak:2,towed-gun

Numbers are decimal. At most 12 units, 6 vehicles, 6 SADRM and 6 ATDRM
per vehicle; an input that cannot apply (--mfa-mv without --mdrm, --ip
without --open-terrain, a rider with no vehicle, a vehicle that no fire
can reach and no unit rides, …) is an error. A --leader of no higher
Cohesion than any unit's is not: it is a value a sweep of --leader
passes through, and the heading says its −1 applies to none.

Examples:
  sapper lhy --sadrm 1 --sadrm 3 --target squad:7 --method exact
  sapper lhy --sadrm 0 --target squad:7 --leader 8 --method exact
  sapper lhy --atdrm tank=2 --vehicle tank:8,afv --method exact
  sapper lhy --sadrm 2 --mdrm 1 --mfa-mv 2 --target rifle:7,av=2 \
    --target mg:6,concealed --target crew:5,rider --vehicle tank:7,afv,atv=1 \
    --open-terrain --method exact
  sapper lhy --sadrm 2 --target squad:6 --rule cohesion-fail=disrupt \
    --format json
  sapper sweep lhy --target squad:7 --vary sadrm=0..5 --method exact

LHY flags:
`

func writeLHYHelp(w io.Writer) {
	fs, _ := newFlagSet("lhy")
	var f lhyFlags
	own, common := f.register(fs)
	fmt.Fprint(w, lhyHelpIntro)
	fmt.Fprint(w, flagUsages(own))
	fmt.Fprintf(w, "\nRules (--rule KEY=VALUE, modeling decisions of rules/lhy.md):\n")
	fmt.Fprint(w, ruleUsages(lhySwitches))
	fmt.Fprint(w, "\nEngine and output flags:\n")
	fmt.Fprint(w, flagUsages(common))
	fmt.Fprint(w, "  -h, --help                show this help\n")
}
