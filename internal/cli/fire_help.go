package cli

import (
	"io"

	"github.com/sapperhq/sapper/model/asl"
)

const fireHelpIntro = `Usage: sapper fire --fp FP [--target UNIT ...] [flags]
       sapper fire --weapon wp --building B|--terrain T --ec dry|very-dry
       sapper fire --afv-enters-building --building B --bog-drm N

Any attack on the Infantry Fire Table against one Location (ASLRB A7;
rules/asl.md §2.3, §3, §7.4): small arms, ordnance HE or HEAT, an OBA Fire
For Effect, an aerial bomb, a rocket or a flamethrower, resolved on every
unit in the Location with one Original DR (A.5) and the whole morale engine
(MC, pin, ELR, Casualty MC, Heat of Battle, wounds, LLMC/LLTC), then what
Table 23 does to the terrain: a Shellhole, Rubble (before the units; with
the collapse and fall of upper levels) or a Flame (after them). Also WP's
Flame DR and an AFV entering a building, which make no IFT attack.

The column (A7.3, §2.3): the rightmost whose FP does not exceed the attack's
FP, after halving for Area Fire and for concealed targets (an FFE is never
halved, C1.56); halvings compound and fractions are kept (7.5 → the 6
column). FP below 1 cannot attack. A Fire Group (A7.5) is one attack of
its units' summed FP; sapper plans compares it with the same units firing
one after another (sapper run plans-fire-group).

Cowering (A7.9): Original doubles move an Infantry attack not directed by a
leader one column left, two if the firer is Inexperienced (Conscript, Green;
A19.33); off the 1 column it has no effect at all (§8.54). Never for SMC-only,
berserk, Fire Lane, ordnance, vehicle, aircraft or OBA fire, British Elite or
1st Line, or Finns other than Conscripts. The cowering metric tells how often
it happened.

Table 23 (§7.4) reads the Original DR on the attack's column before halving
(§8.53; after Cowering, §8.54):
  Shellhole  concentrated-ffe (and ffe), aerial-bomb, rocket ≥ 150mm in
             open-ground, orchard, palm-trees, brush, grain or kunai: an
             Original KIA; no Flame there then (§8.56)
  Rubble     ffe (any kind), he ≥ 70mm, heat, aerial-bomb, rocket ≥ 70mm
             (§8.57) in a building: an Original KIA, then dr (+1 stone)
             ≤ the KIA#; every unit there is eliminated (B24.11)
  Flame      he, heat, ffe, aerial-bomb, rocket in burnable terrain: an
             Original KIA (no Rubble), then DR + EC DRM (not in buildings;
             −1 Fortified) ≥ Kindling #; ft: a K/# or KIA, likewise
  WP         --weapon wp, Dry or Very Dry EC: DR −1 (Dry) −2 (building)
             −1 (Fortified) ≥ Kindling #
  AFV        --afv-enters-building: the Bog Check colored dr + --bog-drm
             ≤ 0 rubbles the ground-level building
Kindling #: wooden building 7, stone 8, woods, brush and vineyard 9, grain
10, orchard and olive-grove 11, cactus 12, rail-cars 8, wrecked-rail-cars 7;
open-ground, palm-trees and kunai do not burn.

Units are written as on the counter (4-6-7, hs:2-4-7, crew:2-2-8,
leader:8-1, hero:1-4-9) with options after commas (elr=N, broken-ml=N,
class=C, underscore, wounded, broken, pinned, berserk, disrupted,
good_order, drm=N, concealed, sw=N, sw-x); sapper help dc lists them.

Inputs that cannot matter to the attack are refused (exit 2), naming the
flags: --fp with --weapon wp, --calibre on small arms, --terrain with
--building, --firer-class with ordnance, --tem with a FT, and so on. The
calibre of HE or a rocket is the weapon's own: it is taken wherever it is
given, and asked for only where it decides Rubble or a Shellhole.

Examples:
  sapper fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1 --method exact
  sapper fire --fp 12 --tem 1 --target 4-4-7,class=green --firer-class green
  sapper fire --fp 15 --area-fire --concealed --target 4-6-7 --leader-directed
  sapper fire --fp 20 --weapon ffe --building stone --level 1 --top 1 \
    --target 4-6-7
  sapper fire --fp 16 --weapon he --calibre 75 --terrain woods --tem 1 \
    --ec dry --target 4-6-7
  sapper fire --fp 24 --weapon ft --building wooden --target 4-6-7 \
    --method exact
  sapper fire --fp 20 --weapon concentrated-ffe --terrain orchard --tem 0 \
    --method exact
  sapper fire --weapon wp --building wooden --ec dry --method exact
  sapper fire --afv-enters-building --building stone --bog-drm=-2 --method exact
  sapper sweep fire --target 4-6-7 --drm 2 --method exact --vary fp=1..36

Fire flags:
`

func writeFireHelp(w io.Writer) {
	fs, _ := newFlagSet("fire")
	var f fireFlags
	own, common := f.register(fs)
	writeHelpRules(w, fireHelpIntro, own, common, ruleDocs(fireRules, asl.DefaultFireOptions()))
}
