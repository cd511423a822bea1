package cli

import (
	"fmt"
	"io"

	"github.com/sapperhq/sapper/model/toi"
)

const buildingHelpIntro = `Usage: sapper building [--dice N | --area N | --charges K]
                       [--target FIGURES ...] [flags]
       sapper building --needed P,P,... [flags]

Tide of Iron (Normandy): attack dice or demolition charges against a
destructible building and the squads inside it (rules/toi.md).

Dice (§1): each attack die (black) succeeds on 5–6, each defense die (red)
cancels one success on 5–6; net hits = successes − cancels, never below 0.
The building rolls --cover red dice (2) and is destroyed only if one attack
deals --threshold (6) net hits or more: damage never accumulates (§4).

One attack a run, chosen by the flags:
  --dice N          an attack on the building (vehicle firepower, or
                    combined fire with --combined; --fire-and-move halves
                    it). Squads inside are untouched unless it falls (§4).
  --area N          a normal area attack on the hex: N dice rolled once,
                    every squad rolls its own cover against the shared
                    successes, each net hit removes a figure; then the
                    building takes its own roll of --dice (default N) (D3).
                    --suppressive makes it a suppressive attack ([M4]):
                    --pin-hits (1) net hits pin a squad, --disrupt-hits (2)
                    disrupt it, and any hit disrupts a squad pinned before
                    (FIGURES,pinned); no figure is lost, and the building
                    is not attacked, since only a normal area attack rolls
                    against it (§4).
  --charges K       K demolition charges detonate together: K × 3 hits on
                    the building and on every squad, each rolling its own
                    defense dice (§3, D4). --per-charge resolves them one
                    by one as separate attacks: with 3 hits a charge the
                    building then never falls. --pillbox inside|outside:
                    the hex holds a pillbox and the charges hit only the
                    squads on their side (in-pillbox marks those inside);
                    there is no building to fall (D6).
With none of them, the attack is --dice 12.

When the building falls, every squad left in it takes 4 dice hitting on 4–6
(less --collapse-cover defense dice, default none) and is pinned (D7).

Reports building (destroyed | standing), hits (net hits on the building of
the attack that decides it; with --per-charge the largest charge, D5), and
per squad squad.K (eliminated | pinned | reduced | unharmed, D8) and
squad.K.lost (figures lost), and squads_eliminated; after a suppressive
attack, which neither attacks the building nor removes a figure, squad.K
alone (disrupted | pinned | unharmed). A squad pinned before the attack
stays pinned.

--needed P,P,… asks the inverse question instead of running an attack: the
smallest --dice, and separately the smallest --charges, whose exact chance
of destroying the building (a fraction, compared with P as written)
reaches each P, under the other inputs (--cover,
--threshold, --hit-on, --cancel-on, --combined, --fire-and-move,
--charge-hits, --per-charge). It searches every value from 0 up to the
most allowed (%d dice, %d charges) and says "not reachable up to N"
beyond.

Inputs that do not apply are errors, never ignored: --per-charge,
--charge-hits or --pillbox without --charges; --combined or
--fire-and-move without --dice; --dice, --area or --hit-on with
--charges, whose hits are automatic (§3); a squad
in-pillbox without --pillbox, or no squad on the --pillbox side (D6);
--area beside --dice, or --collapse-cover, with no squad (D3, D9);
--suppressive without --area or squads, or with --dice or
--collapse-cover, and --pin-hits or --disrupt-hits without it, or
--disrupt-hits below --pin-hits ([M4], §4); --cover where only squads
with their own cover= roll defense dice (a pillbox hex, or a suppressive
attack: D6, §4). Counts are decimal whole numbers: at most %d attack dice,
%d defense dice, %d charges of at most %d hits, %d squads of at most %d
figures.

Examples:
  sapper building --dice 12 --method exact
  sapper building --dice 8 --combined 4,4 --target 4 --target 3,cover=1 \
    --method exact
  sapper building --area 10 --dice 14 --target 4 --target 4 --method exact
  sapper building --charges 2 --target 4 --method exact
  sapper building --area 6 --suppressive --target 4 --target 3,pinned \
    --method exact
  sapper building --charges 3 --per-charge --charge-hits 6 --method exact
  sapper building --charges 1 --pillbox inside --target 3,cover=3,in-pillbox \
    --target 4
  sapper building --needed 0.5,0.8,0.95
  sapper sweep building --vary dice=4..24 --method exact --plot dice.png

Building flags:
`

func writeBuildingHelp(w io.Writer) {
	fs, _ := newFlagSet("building")
	var f buildingFlags
	own, common := f.register(fs)
	intro := fmt.Sprintf(buildingHelpIntro, toi.MaxDice, toi.MaxCharges,
		toi.MaxDice, toi.MaxCover, toi.MaxCharges, toi.MaxChargeHits, toi.MaxSquads, toi.MaxFigures)
	writeHelpRules(w, intro, own, common, nil)
}
