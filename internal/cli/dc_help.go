package cli

import "io"

const dcHelpIntro = `Usage: sapper dc --target UNIT [--target UNIT ...] [flags]

One Demolition Charge attack on a Location of Personnel (ASLRB A23): a DC
Placed in the MPh that detonates in the AFPh, one Thrown at once (which also
attacks the thrower's Location), or one Set and detonated later. Reports
whether it detonates, the IFT result, each target's fate (target.1, …), whether
the Location is cleared, how many targets are out of the fight, and, when the
inputs call for them, the Placer's fate, the setting, Rubble (with the
collapse and fall of an upper level) and Flame, Random SW Destruction, and
what the DC does to Wire, a roadblock, a bridge, a Gun or a cave.

Units are written as on the counter:
  4-6-7          squad: FP 4, range 6, ML 7
  hs:2-4-7       half-squad
  crew:2-2-8     crew
  leader:8-1     leader: ML 8, leadership modifier −1
  leader:7+1     leader with a positive (harmful) modifier
  hero:1-4-9     hero
followed by options after commas (a yes/no option alone or =true is on,
=false off, but for good_order, which is only on; each option once):
  elr=N          this unit's ELR, 0…5 (else --elr); not a crew's or a
                 hero's, never ELR Replaced (A19.11)
  broken-ml=N    its broken-side ML, 1…10
  class=C        elite, first, second, green or conscript: a MMC's
                 only (A1.25); first (1st Line) unless given, whatever
                 the counter: an elite 4-6-8 is 4-6-8,class=elite
  underscore     underscored ML: a squad's or a HS's (A19.13)
  wounded        a wounded SMC
  broken         already broken
  pinned         already pinned: a pinned leader gives no DRM (A7.831)
  berserk        already berserk: ML 10, never pinned (A15.4); a leader
                 has made his Berserk TC and gives no DRM (§8.64)
  disrupted      broken and Disrupted (A19.12): a MC treats it as broken
  good_order     in Good Order, the default said outright: not with
                 broken, pinned, berserk or disrupted (§8.64)
  drm=N          a DRM, −6…+6, on this unit only, e.g. drm=-1 for a FT
                 it carries
  concealed      this unit only is concealed
  sw=N           it possesses N Support Weapons, 0…4 (Random SW
                 Destruction)
  sw-x           those SW have an X#: a K destroys them
e.g. --target 4-6-7,elr=2,broken-ml=6 --target leader:9-2

Examples:
  sapper dc --target 4-6-7 --tem 2
  sapper dc --target 4-6-7 --target leader:8-1 --tem 1 --method exact
  sapper dc --mode thrown --target 4-6-7 --thrower 4-6-7 --afph --format json
  sapper dc --target 4-6-7 --drm -2 --rule surrender=false --trials 100000
  sapper dc --target 4-6-7 --tem 3 --placer 4-6-8,class=elite --dff 8:-1
  sapper dc --mode set --target 4-6-7 --target hs:2-4-7 --user non-elite
  sapper dc --target crew:2-2-8,sw=1 --gun --wire --method exact
  sapper dc --mode set --target 4-6-7 --bridge stone --setter 4-6-8,class=elite
  sapper dc --mode thrown --target 4-6-7 --thrower 4-6-7 --cave --cave-drm=-1
  sapper dc --target 4-6-7 --building stone --level 1 --top 2
  sapper dc --target 4-6-7 --tem 2 --method exact --cumulative --plot odds.png

DC flags:
`

func writeDCHelp(w io.Writer) {
	fs, _ := newFlagSet("dc")
	var f dcFlags
	own, common := f.register(fs)
	writeHelp(w, dcHelpIntro, own, common)
}
