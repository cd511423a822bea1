package cli

import (
	"io"
)

const plansHelpIntro = `Usage: sapper plans --target UNIT… --plan PLAN --plan PLAN… [flags]

Two or more plans against the same Location, side by side. A plan is one
attack or an ordered sequence of attacks in one Player Turn (rules §7.5):
each attack meets the Location as the one before left it. Units eliminated
or captured are gone; broken units stay broken (broken-side ML); pinned
units stay pinned (a pinned leader gives no DRM, a pinned unit takes no
PTC); Reduced, ELR-Replaced and berserk units stay so; a hero created by
Heat of Battle joins the Location as a target of the later attacks;
Rubble made by one attack eliminates every unit there and Rubbles no more.

A plan is written LABEL: ATTACK; ATTACK…, at most 8 attacks (one Player
Turn); a LABEL is up to 24 ASCII letters, digits, spaces and
+ - _ . , / ' ( ) &. Each attack is a kind, its value, then options
separated by spaces (a bare signed number, or drm=N, is its DRM):

  fire FP [+N] [tem=N] [weapon=W] [calibre=MM] [firer=KIND] [class=CLASS]
          [nation=N] [leader] [area] [concealed] [surrender]
  dc MODE [+N] [tem=N] [cx] [concealed] [afph] [user=CLASS] [captured]
          [placer=UNIT]… [dff=FP:DRM[,class=C]]… [setter=UNIT]…
          [preset=false] [enemy-infantry=N] [surrender[=false]]

The options are those of sapper fire and sapper dc; leader is
--leader-directed, area --area-fire, class --firer-class, nation
--firer-nationality. A Set DC is Set before play unless a setter= and
preset=false say otherwise. The targets and the terrain are the flags
below, the same for every plan. Each attack follows the modeling defaults
of its command (rules §8) but for the switches --rule sets, each for
every attack that reads it, the DC's as sapper dc's and a fire attack's
as sapper fire's. Surrender is each attack's own: a fire attack's Heat of
Battle surrenders to no one (§8.61) unless it says surrender (its firer
ADJACENT and Known, sapper fire's --rule surrender=true), a DC's as
sapper dc's does (§8.26, §8.64) unless it says surrender=false
(surrender turns a Set DC's on).
Concealment is each attack's own (concealed, or a target's ,concealed)
and no attack changes it (§8.63); concealed=false says the targets' "?"
is gone for that attack. A hero created by Heat of Battle has no
,concealed of his own; an attack's concealed halves against him too.
Flame's spread, Blaze and their attacks are out of scope: a later attack
meets the same Location, and the notes say how often each plan placed a
Flame (§8.63).

The table shows, for every metric any plan reports, its headline figures
("—" for a plan that has no such metric: a fire attack's detonation): a
target eliminated and out of the fight (eliminated, surrendered or
broken); stack cleared (every target eliminated, surrendered or broken
after the last attack, a hero created by an earlier attack included: a
pinned or berserk one still holds the Location); cleared after any
attack (cleared_after is not never); yes for a yes/no metric; a count
(out, heroes, SW) at least 1; a DC detonated, named by its place among
the plan's DCs (dc.1.detonation, whichever attack it is, so that plans
share its row). Each plan after the first
has a column of its figure minus the first plan's (two shots − fire
group), in percentage points, exact in an exact run, else with
Newcombe's hybrid score interval from the two Wilson intervals. The JSON
and CSV carry every metric of every plan, with cleared_after (1…n or
never) and heroes (heroes created by Heat of Battle still in play); the
JSON of an exact run has every p, figure and difference also as a
reduced fraction. The first line names the plan that clears the Location
most often and by how much over the next; when no target starts in Good
Order (all broken), the Location is clear before any attack, and it
names the plan that eliminates or captures the first target most often.
A line under the table names the unit of each target.N row.

sapper compare is the preset whose plans are a DC Placed, Thrown and Set,
with what a plan leaves out (the thrower's own Location, the user's fate);
sapper compare --differences shows it as this table does.

Examples:
  sapper plans --target 4-6-7 --target leader:8-1 --building stone \
    --plan 'fire group: fire 8' --plan 'two shots: fire 4; fire 4'
  sapper plans --target 4-6-7 --target leader:8-1 --building stone \
    --plan 'DC alone: dc placed' --plan 'prep then DC: fire 8 +1; dc placed'
  sapper plans --target 4-6-7,broken --target leader:8-1,pinned \
    --building wooden --plan 'placed: dc placed' --plan 'thrown: dc thrown'

Plans flags:
`

func writePlansHelp(w io.Writer) {
	fs, _ := newFlagSet("plans")
	var f plansFlags
	own, common := f.register(fs)
	writeHelpRules(w, plansHelpIntro, own, common, planRuleDocs())
}
