package cli

import (
	"fmt"
	"io"

	"github.com/sapperhq/sapper/model/sasl"
)

const activateHelpIntro = `Usage: sapper activate FILE|NAME [flags]

Solitaire ASL activation chains (Chapter S rule 5; rules/sasl.md). A FRIENDLY
stack moves along a path of Locations; at each one the S? that become
eligible there are checked, most likely to Activate first (S2), the others
in the same Location with it (S3). An AC is a dr + the S?'s AC drm: Final ≤
AC# Activates, an Original 1 always, an Original 6 never (S1). An Activated
S? rolls on {A1}, the Activation Table (+ Mission DRM; a Final 7 or an
empty row is a dummy, S4), and generates its items in order on the
generation tables {x2}–{x6a} and, for a fortification, {A5} (S5–S8). Every
MMC fires at once as one Fire Group on the ASL IFT (S9–S12): ×2 FP at range
≤ 1, ×½ beyond Normal Range; TEM, hindrance, the best leader's modifier ≤ 0
(otherwise Cowering, unless every firer is British Elite or 1st Line, or a
Finn other than a Conscript, S29), −1 FFNAM, −1 FFMO, −2 Hazardous. If the
stack spent 2 MF or more, MGs that keep ROF fire again and the others make
one Subsequent First Fire at ½ FP (S13, S14); each round is a Fire Group of
its own, which cowers by the firers that fire in it. Checks and shots go on
while a moving unit is Good Order (S16); Long Range Activation is rolled
last, once per stack, an Original 2 (S17); only Good Order, unpinned units
move on (S18). The moving units' morale checks, pins, ELR, Heat of Battle
and leader losses are those of sapper dc, with its defaults and those of
its --rule switches that are morale's, listed below (S29).

FILE is a crossing file (NAME a built-in one, listed by sapper scenarios),
also run by sapper run FILE:

  command: activate
  title: Past two S? at dusk          # optional, one line
  tables: illustrative                # or a tables file, relative to this one
  stack: [4-6-7, leader:8-1]          # the moving units, as in sapper dc
  hazardous: false                    # optional: Hazardous Movement
  assault: false                      # optional: Assault Movement (one Loc.)
  elr: 3                              # optional
  enemy: {ac: 3, attitude: hold, mission_drm: -1, a5_drm: 0,
          nationality: russian, date: 1941-08}
  sq:                                 # each S? once
    - {id: A, loc: hut, ac_drm: 0, site: inside}
    - {id: B, loc: hut, ac_drm: -1, site: inside, forbid: [Gun, AFV]}
    - {id: C, loc: church, site: inside}
  path:                               # in order; FFMO and FFNAM are computed
    - {name: M5, mf: 1, tem: 0, open: true,
       eligible: [{id: A, range: 3, hindrance: 0}, {id: B, range: 3}]}
    - {name: M6, mf: 2, tem: 2,
       eligible: [{id: A, range: 2}, {id: B, range: 2},
                  {id: C, range: 16, long_range: true}]}
  flags: {method: exact}              # optional: flags, as in any scenario

S? sharing a loc are checked together and fire as one Fire Group (S3, S20),
and stand at one site; site (inside or outside) picks the {x5} column, and
inside (a building or pillbox) turns mortars into MGs and rerolls BAZ/PSK
(S7); forbid lists items it may not generate (S, HS, L, SW, Gun, AFV, SPG,
F), at Long Range too (S21). long_range: true makes an S? eligible there
for Long Range Activation only. Left out, site is outside, ac_drm, tem and
hindrance are 0 and open is false; range and mf must be given. The file is
read strictly: an unknown field, a wrong type or a field given twice is an
error at its line. Its flags: stand in for the defaults of the engine and
output flags below, and the command line's flags win over both: the
built-in crossings set method: exact, but for village-crossing's
trials: 200000.

Reports arrived and good_order.K (some moving unit in Good Order at the end
and at Location K), checked = activated + dummies, generated.TYPE, the
Long Range Activation (long_range), the fate of each moving unit (target.K,
.reduced, .replaced) and the last Location it reached (target.K.reached).

Examples:
  sapper activate two-sq-crossing --method exact
  sapper activate village-crossing --trials 200000 --plot village.png
  sapper scenarios farm-crossing > crossing.yaml   # a crossing to edit
  sapper activate crossing.yaml --tables my-tables.yaml --ac 4   # yours (S19)
  sapper sweep activate two-sq-crossing --vary ac=1..5 --method exact
  sapper run village-crossing --format json

Activate flags (they override the crossing file's values):
`

func writeActivateHelp(w io.Writer) {
	fs, _ := newFlagSet("activate")
	var f activateFlags
	own, common := f.register(fs)
	writeHelpRulesFor(w, activateHelpIntro, own, common, "modeling decisions of rules/sasl.md §7;\nthe moving units' morale ones are sapper dc's, rules/asl.md §8, S29", ruleDocs(activateRules, sasl.DefaultOptions()))
	fmt.Fprintf(w, "\nTables: the official Solitaire ASL tables are not public. sapper ships an\n"+
		"ILLUSTRATIVE Russian set of its own invention (--tables illustrative, the\n"+
		"default), which agrees with the examples of Chapter S rule 5 and nothing\n"+
		"more; every output that used it says so. Supply the real tables as a\n"+
		"tables file (docs/activate.md documents the format).\n")
	fmt.Fprintf(w, "\nNot modeled (printed with every result):\n")
	for _, o := range sasl.Omitted() {
		for _, l := range wrapLines([]string{o}, helpWidth-4) {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
}
