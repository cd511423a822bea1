package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/sapperhq/sapper/model/asl"
)

const afvHelpIntro = `Usage: sapper afv --af hull=F/S/R,turret=F/S/R [flags]
       sapper afv --vehicle NAME [flags]

A Demolition Charge predesignated against an AFV (ASLRB A23.5, C7.346;
rules/asl.md §5). A Placed or Thrown DC first makes a Position DR, whose
colored die below the white is a turret hit:
  Final ≤ 5    Optimally Positioned: To Kill against the Aerial AF (C7.12)
  6–8          Successfully Positioned: against the AF of the facing and
               aspect hit
  9–11         Poorly Positioned: a Collateral Attack on the Vulnerable PRC
  ≥ 12         the AFV and its PRC are untouched; Area Fire (15 FP) on --other
Position DRM: Motion or concealed +2, Thrown +2 (+3 from a vehicle), front
+1, rear −1, CE +1, AFPh +1, CX +1, elevation advantage −1 (−2 OT), and −2
each for Immobile, Open-Topped and Bypass. The Final TK# is 16 (+1 through
the rear, Case A) less the AF; the TK DR then gives a burning wreck at half
the TK# or less, elimination below it, Immobilization (hull) or Shock
(turret) on it or one above it, and a Dud on an Original 12. A DC through an
unarmored facing (-) goes on the IFT vehicle line instead (Kill # 12 on the
30 column), as does one against a vehicle with no armor at all; a Set DC
never harms an AFV and attacks only its Vulnerable PRC (§8.37, §8.38).

Reports the Position, the hit location, the AFV's fate (afv), whether it is
killed (burning included), Abandoned, what became of its crew and of a CE
crew under Collateral Attack, the Shock's follow-up (C7.42), and the fate of
each Rider (riders.K), CE Passenger (collateral.K), other unit (others.K) and
thrower (thrower.K). Units are written as in sapper dc (sapper help dc).

Examples:
  sapper afv --af hull=11/8/8,turret=11/8/8 --facing side --method exact
  sapper afv --vehicle tiger --facing rear --ce --rider 4-6-7
  sapper afv --vehicle medium-tank --mode thrown --afph --thrower 4-6-7 --cx
  sapper afv --af hull=26/18/18,turret=18/14/14 --aerial-af 4 --facing side
  sapper afv --vehicle truck --passenger 4-6-7 --method exact
  sapper afv --mode set --vehicle tiger --ce --other 4-6-7 --format json

AFV flags:
`

func writeAFVHelp(w io.Writer) {
	fs, _ := newFlagSet("afv")
	var f afvFlags
	own, common := f.register(fs)
	var vehicles strings.Builder
	for _, p := range asl.Presets() {
		ot := ""
		if p.OpenTopped {
			ot = ", Open-Topped"
		}
		fmt.Fprintf(&vehicles, "  %-12s %s:\n  %-12s %s%s\n", p.Name, p.About, "", p.Armor, ot)
	}
	writeHelpRules(w, afvHelpIntro, own, common, ruleDocs(afvRules, asl.DefaultAFVOptions()))
	fmt.Fprint(w, "\nVehicles (--vehicle; representative AFs of the type, not a given counter's):\n")
	fmt.Fprint(w, vehicles.String())
}
