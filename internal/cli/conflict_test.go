package cli

import (
	"strings"
	"testing"
)

// TestConflicts: every input that the other inputs make meaningless is
// rejected, even at its default value, naming both sides: exit 2, one
// line, nothing on stdout.
func TestConflicts(t *testing.T) {
	cases := []struct{ args, want string }{
		// The engine and output flags.
		{"dc --target 4-6-7 --method exact --precision 0.01", "--precision with --method exact"},
		{"dc --target 4-6-7 --method exact --trials 1000", "--trials with --method exact"},
		{"dc --target 4-6-7 --method exact --seed 1", "--seed with --method exact"},
		{"dc --target 4-6-7 --method exact --confidence 0.9", "--confidence with --method exact"},
		{"dc --target 4-6-7 --max-paths 100", "--max-paths with --method mc"},
		{"dc --target 4-6-7 --format json --hide-zero", "--hide-zero with --format json"},
		{"dc --target 4-6-7 --format csv --hide-zero=false", "--hide-zero with --format csv"},
		{"dc --target 4-6-7 --cumulative", "--cumulative without --plot"},
		{"building --area 3 --dice 12", "--area with --dice and no --target: the area attack's dice fall on the squads inside"},
		{"sweep building --dice 12 --vary area=1..3", "--area with --dice and no --target"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --cumulative", "--cumulative without --metric: the summary figures have no order"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --cumulative --plot x.svg", "--cumulative without --metric: the summary figures have no order"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --metric ift --cumulative --format csv", "--cumulative with --format csv and no --plot: it changes the table and the chart; the CSV reads at least with --view at-least"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --metric ift --format csv", "--metric with --format csv and no --plot: it picks the table's metric, its headline and the chart's; the CSV has a row for every outcome of every metric"},
		{"sweep dc --target 4-6-7 --vary tem=0..1 --metric ift --cumulative --format json", "--cumulative with --format json and no --plot"},
		{"compare --method exact --seed 3", "--seed with --method exact"},
		{"afv --af 11/8/8 --method exact --trials 10", "--trials with --method exact"},
		// dc: the mode.
		{"dc --mode set --target 4-6-7 --tem 5", "--tem with --mode set: a Set DC attacks with no TEM"},
		{"dc --mode set --target 4-6-7 --tem 0", "--tem with --mode set"},
		{"sweep dc --mode set --target 4-6-7 --vary tem=0..2", "at tem=0: --tem with --mode set"},
		{"dc --target 4-6-7 --enemy-infantry 2", "--enemy-infantry with --mode placed"},
		{"dc --mode thrown --target 4-6-7 --enemy-infantry 0", "--enemy-infantry with --mode thrown"},
		{"dc --mode thrown --target 4-6-7 --cave --japanese", "--japanese with --mode thrown"},
		{"dc --target 4-6-7 --afph=false", "--afph with --mode placed"},
		{"dc --mode set --target 4-6-7 --from-vehicle=false", "--from-vehicle with --mode set"},
		{"dc --target 4-6-7 --cavalry=false", "--cavalry with --mode placed"},
		{"dc --mode set --target 4-6-7 --cx=false", "--cx with --mode set"},
		{"dc --target 4-6-7 --thrower-tem 2", "--thrower-tem with --mode placed"},
		{"dc --mode thrown --target 4-6-7 --thrower-tem 2", "--thrower-tem without --thrower"},
		{"dc --target 4-6-7 --elevation 0", "--elevation with --mode placed"},
		{"dc --mode thrown --target 4-6-7 --elevation 1", "--elevation without --thrower"},
		// From two levels up, with nothing to rubble, the thrower's
		// Location is never attacked (A23.6).
		{"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --elevation 2 --thrower-tem 3", "--thrower-tem with --elevation 2"},
		{"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --elevation 3 --cx --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location with --elevation 3"},
		{"dc --target 4-6-7 --preset=false", "--preset with --mode placed"},
		{"dc --mode set --target 4-6-7 --preset", "--preset without --setter"},
		{"dc --mode thrown --target 4-6-7 --wire", "--wire with --mode thrown"},
		{"dc --mode thrown --target 4-6-7 --roadblock normal", "--roadblock with --mode thrown"},
		// dc: the Location.
		{"dc --roadblock narrow --tem 2", "--tem with --roadblock narrow"},
		{"dc --target 4-6-7 --building wooden --ec dry", "--ec with --building wooden"},
		{"dc --target 4-6-7 --ec dry", "--ec without --terrain"},
		// dc: the --rule switches.
		{"dc --mode set --target 4-6-7 --rule set-dc-uses-x-penalty=false --user non-elite", "--user with --rule set-dc-uses-x-penalty=false"},
		{"dc --mode set --target 4-6-7 --rule set-dc-uses-x-penalty=false --captured", "--captured with --rule set-dc-uses-x-penalty=false"},
		{"dc --target 4-6-7 --rule set-dc-uses-x-penalty=false", "--rule set-dc-uses-x-penalty with --mode placed"},
		{"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location without --cx"},
		{"dc --target 4-6-7 --cx --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location without --thrower"},
		{"dc --target 4-6-7 --rule inexperienced-penalty=false", "--rule inexperienced-penalty with an elite user"},
		{"activate two-sq-crossing --a5-drm 2", "--a5-drm with the file's attitude: advance"},
		{"afv --vehicle tiger --elr 1", "--elr with no unit that reads it"},
		{"activate testdata/activate/crossing.yaml --attitude hold --a5-drm 1", "--a5-drm with tables whose {A1} has no F"},
		{"dc --target 4-6-7,concealed --concealed", "--concealed with every --target concealed by its own ,concealed"},
		{"fire --fp 8 --target 4-6-7,concealed --concealed", "--concealed with every --target concealed by its own ,concealed"},
		{"compare --target 4-6-7,concealed --concealed", "--concealed with every --target concealed by its own ,concealed"},
		{"compare --user elite", "compare names every DC's user"},
		{"building --charges 1 --pillbox inside --target 3,cover=3,in-pillbox --cover 4", "--cover with --pillbox and every --target's own cover="},
		{"building --area 4 --suppressive --target 3,cover=1 --cover 3", "--cover with --suppressive and every --target's own cover="},
		{"afv --vehicle tiger --rule aerial-af-fallback=true", "--rule aerial-af-fallback with a worst AF the Aerial AF row confirms"},
		{"sweep dc --target 4-6-7 --vary tem=0..2 --metric stack --cumulative", "--cumulative with --metric stack: its outcomes (cleared, not_cleared) have no order"},
		{"fire --fp 8 --target 4-6-7 --rule wp-drms-add=false", "--rule wp-drms-add with --weapon small-arms"},
		{"fire --fp 8 --target 4-6-7 --rule table23-unhalved=true", "--rule table23-unhalved with --weapon small-arms"},
		{"fire --fp 8 --weapon he --calibre 75 --building stone --target 4-6-7 --rule table23-unhalved=true", "--rule table23-unhalved with an attack on the same column either way"},
		{"fire --fp 8 --target 4-6-7 --leader-directed --rule cower-off-lowest-no-effect=false", "with an attack that never cowers"},
		{"fire --fp 8 --target 4-6-7 --rule cower-off-lowest-no-effect=false", "--rule cower-off-lowest-no-effect with --fp 8: it changes only an attack that Cowers off the lowest column (§8.54), and this one Cowers to the 6-FP column at the least"},
		{"activate two-sq-crossing --rule pinned-keeps-fire=false", "--rule pinned-keeps-fire with a path of one check and one round of shots at each Location: it decides only whether a pinned target keeps a Location's later checks and rounds coming (S16)"},
		{"activate two-sq-crossing --rule berserk-draws-fire=false", "--rule berserk-draws-fire with a path of one check and one round of shots at each Location"},
		// The farmhouse S?, checked at the orchard, is not checked again in
		// the grain field: one check a Location, at 1 MF.
		{"activate hedgerow-crossing --rule pinned-keeps-fire=false", "--rule pinned-keeps-fire with a path of one check and one round of shots at each Location"},
		{"fire --fp 8 --target 4-6-7 --no-hob --rule surrender=true", "--rule surrender with --no-hob"},
		{"afv --vehicle tiger --no-hob", "--no-hob with no unit that takes Heat of Battle"},
		{"dc --target crew:2-2-8 --no-hob", "--no-hob with no unit that takes Heat of Battle"},
		{"dc --target 4-6-7,elr=2 --elr 0", "--elr with no unit that reads it"},
		{"fire --fp 4 --target hero:1-4-9 --rule surrender=false", "--rule surrender with no unit that takes Heat of Battle"},
		{"activate two-sq-crossing --attitude advance --a5-drm 2", "--a5-drm with --attitude advance"},
		{"dc --target 4-6-7 --building stone --rule flame-ignores-concealment=true", "--rule flame-ignores-concealment with a target not concealed"},
		{"dc --target 4-6-7 --concealed --rule flame-ignores-concealment=true", "--rule flame-ignores-concealment without --building or --terrain"},
		// Flame reads the highest column used against the Location's
		// units, the unconcealed unit's (§8.14).
		{"dc --target 4-6-7,concealed --target 4-6-7 --building wooden --rule flame-ignores-concealment=true", "--rule flame-ignores-concealment with a target not concealed"},
		{"fire --fp 36 --weapon he --calibre 150 --building wooden --target 4-6-7,concealed --target 4-6-7 --rule table23-unhalved=false", "--rule table23-unhalved with an attack on the same column either way"},
		// 80 FP halved is 40: the 36+ column either way.
		{"fire --fp 80 --weapon he --calibre 150 --building wooden --target 4-6-7,concealed --rule table23-unhalved=false", "--rule table23-unhalved with an attack on the same column either way"},
		{"dc --target 4-6-7 --building stone --rule leaders-elite=false", "--rule leaders-elite with no leader: it changes only a leader's Heat of Battle DR"},
		{"dc --target 4-6-7 --building stone --rule llmc-reverse-positive=true", "--rule llmc-reverse-positive with no leader"},
		{"dc --target 4-6-7 --target leader:8-1 --rule berserk-tc-chain=false", "--rule berserk-tc-chain with fewer than two leaders"},
		{"dc --target 4-6-7 --target leader:8-1 --rule llmc-reverse-positive=true", "--rule llmc-reverse-positive with no leader whose modifier is or may become positive"},
		// A leader alone in his Location leaves nobody a LLMC (A10.2).
		{"dc --target leader:6+1 --rule llmc-reverse-positive=true", "--rule llmc-reverse-positive with no other unit with a leader of modifier 0 or worse"},
		{"dc --mode thrown --target 4-6-7 --thrower leader:8-0 --rule llmc-reverse-positive=true", "--rule llmc-reverse-positive with no other unit with a leader of modifier 0 or worse"},
		{"fire --fp 8 --target 4-6-7 --rule shellhole-no-flame=false", "--rule shellhole-no-flame with --weapon small-arms"},
		{"fire --fp 8 --target 4-6-7 --rule shellhole-calibre-rockets-only=false", "--rule shellhole-calibre-rockets-only with --weapon small-arms"},
		{"fire --fp 20 --weapon rocket --calibre 150 --target 4-6-7 --rule shellhole-calibre-rockets-only=false", "--rule shellhole-calibre-rockets-only with --weapon rocket"},
		{"afv --vehicle tiger --mode thrown --thrower 4-6-8 --other leader:8-1 --rule berserk-tc-chain=false", "--rule berserk-tc-chain with fewer than two leaders"},
		{"afv --vehicle tiger --rider 4-6-7 --rule leaders-elite=false", "--rule leaders-elite with no leader"},
		{"dc --target 4-6-7 --rule falling-rubble=false", "--rule falling-rubble without --building"},
		// compare's building has no level above ground: no such switch
		{"compare --building none --rule falling-rubble=false", `--rule "falling-rubble=false": unknown KEY; want one of`},
		{"dc --target 4-6-7 --building stone --rule falling-rubble=false", "--rule falling-rubble with a building with no level above ground"},
		{"fire --fp 20 --weapon ffe --building stone --target 4-6-7 --rule falling-rubble=false", "--rule falling-rubble with a building with no level above ground"},
		{"compare --rule falling-rubble=true", `--rule "falling-rubble=true": unknown KEY`},
		// A rule's key mistyped, or its first word: the nearest is offered.
		{"dc --target 4-6-7 --rule surender=false", `--rule "surender=false": unknown KEY; did you mean surrender? (want one of`},
		{"fire --fp 8 --target 4-6-7 --rule cowr=false", `--rule "cowr=false": unknown KEY; did you mean cower-off-lowest-no-effect?`},
		{"dc --mode set --target 4-6-7 --rule set-dc-uses-x-penalty=false", "--rule set-dc-uses-x-penalty with an elite user and a DC not captured"},
		{"compare --rule set-dc-uses-x-penalty=false", "--rule set-dc-uses-x-penalty with an elite user and a DC not captured"},
		{"fire --fp 8 --target 4-6-7 --rule leaders-elite=false", "--rule leaders-elite with no leader"},
		// A unit turns Fanatic by one HoB DR and reads §8.52 at a later
		// one, which in one attack only a Leader Loss MC brings (A10.2).
		{"fire --fp 8 --target 4-6-8,class=elite --rule fanatic-berserk=false", "--rule fanatic-berserk with no leader: it changes only"},
		{"dc --target 4-6-7 --target 4-6-8,class=elite --rule fanatic-berserk=false", "--rule fanatic-berserk with no leader and at most one --dff"},
		{"compare --target 4-6-7 --rule fanatic-berserk=true", "--rule fanatic-berserk with no leader and at most one --dff"},
		// compare.
		{"compare --ec dry", "--ec with --building stone"},
		{"compare --building none --ec dry", "--ec without --terrain"},
		{"compare --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location without --cx"},
		{"compare --placer 4-6-7 --setter 4-6-7 --rule inexperienced-penalty=true", "--rule inexperienced-penalty with no Inexperienced Placer, thrower or Setter"},
		{"compare --rule flame-ignores-concealment=true", "--rule flame-ignores-concealment with a target not concealed"},
		{"compare --rule cower-off-lowest-no-effect=false", "--rule cower-off-lowest-no-effect with --dff 8:-1: it changes only Defensive Fire by unled Infantry"},
		{"compare --dff none --rule cower-off-lowest-no-effect=false", "--rule cower-off-lowest-no-effect without --dff: it changes only"},
		{"compare --dff 8:-1,class=green --rule cower-off-lowest-no-effect=false", "--rule cower-off-lowest-no-effect with --dff 8:-1,class=green: it changes only"},
		{"dc --target 4-6-7 --placer 4-6-7 --dff 2:0,class=first --dff 4:1 --rule cower-off-lowest-no-effect=false", "--rule cower-off-lowest-no-effect with --dff 2:0,class=first --dff 4:1: it changes only"},
		{"afv --af 11/8/8 --rule cower-off-lowest-no-effect=false", `--rule "cower-off-lowest-no-effect=false": unknown KEY`},
		// afv.
		{"afv --af 11/8/8 --tem 2", "--tem without --other"},
		{"afv --af 11/8/8 --mode set --other 4-6-7 --tem 2", "--tem with --mode set"},
		{"afv --af hull=-/-/8,turret=11/8/8 --other 4-6-7 --tem 2", "--tem with an unarmored facing"},
		{"afv --af 11/8/8 --mode set --basic-tk 16", "--basic-tk with --mode set"},
		{"afv --vehicle truck --basic-tk 16", "--basic-tk with an unarmored vehicle"},
		{"afv --af 11/8/8 --mode set --aerial-af 4", "--aerial-af with --mode set"},
		{"afv --af hull=-/-/8,turret=11/8/8 --open-topped=false", "--open-topped with an unarmored facing"},
		{"afv --af 11/8/8 --mode set --motion=false", "--motion with --mode set"},
		{"afv --vehicle truck --immobile", "--immobile with an unarmored vehicle"},
		{"afv --vehicle truck --bypass", "--bypass with an unarmored vehicle"},
		{"afv --af 11/8/8 --mode set --elevation-advantage", "--elevation-advantage with --mode set"},
		{"afv --af 11/8/8 --mode set --red-cs", "--red-cs with --mode set"},
		{"afv --af 11/8/8 --mode set --cs 7", "--cs with --mode set"},
		{"afv --vehicle truck --facing rear", "--facing with an unarmored vehicle"},
		{"afv --vehicle truck --same-hex", "--same-hex with an unarmored vehicle"},
		{"afv --af 11/8/8 --afph=false", "--afph with --mode placed"},
		{"afv --af 11/8/8 --from-vehicle=false", "--from-vehicle with --mode placed"},
		{"afv --af 11/8/8 --mode set --cx=false", "--cx with --mode set"},
		{"afv --af 11/8/8 --thrower-tem 1", "--thrower-tem with --mode placed"},
		{"afv --af 11/8/8 --mode thrown --thrower-tem 1", "--thrower-tem without --thrower"},
		{"afv --af 11/8/8 --mode set --rule dc-hull-plus-one-also-shocks=true", "--rule dc-hull-plus-one-also-shocks with --mode set"},
		{"afv --af 26/26/26 --mode set --rule aerial-af-fallback=true", "--rule aerial-af-fallback with --mode set"},
		{"afv --af 26/26/26 --aerial-af 4 --rule aerial-af-fallback=true", "--rule aerial-af-fallback with --aerial-af"},
		{"afv --af 11/8/8 --rule halve-collateral-if-concealed=false", "--rule halve-collateral-if-concealed without --concealed"},
		{"afv --af 11/8/8 --rule set-dc-uses-x-penalty=false", "--rule set-dc-uses-x-penalty with --mode placed"},
		{"afv --af 11/8/8 --cx --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location without --thrower"},
		{"afv --vehicle tiger --mode set --crew-ml 5", "--crew-ml with --mode set and no --ce"},
		{"afv --af 11/8/8 --mode thrown --thrower 4-6-7 --rule cx-on-thrower-location=true", "--rule cx-on-thrower-location without --cx"},
		// activate: the leaders' switches read the moving stack, the only
		// units a crossing checks.
		{"activate two-sq-crossing --rule leaders-elite=false", "--rule leaders-elite with no leader"},
		{"activate hedgerow-crossing --rule llmc-reverse-positive=true", "--rule llmc-reverse-positive with no leader"},
		{"activate farm-crossing --rule berserk-tc-chain=false", "--rule berserk-tc-chain with fewer than two leaders"},
	}
	for _, key := range hobRules {
		for _, cmd := range []string{"dc --target 4-6-7", "compare", "afv --af 11/8/8"} {
			cases = append(cases, struct{ args, want string }{cmd + " --no-hob --rule " + key + "=true", "--rule " + key + " with --no-hob"})
		}
	}
	for _, c := range cases {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want it to contain %q", code, stdout, stderr, c.want)
			}
		})
	}
}

// TestPlansCowerOffTheTable: plans refuse the switch of §8.54 where no
// attack of any plan Cowers off the lowest column, as sapper fire and
// sapper dc do, and take it where one does, a DC's Defensive Fire too.
func TestPlansCowerOffTheTable(t *testing.T) {
	refused := []string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 4; fire 4", "--rule", "cower-off-lowest-no-effect=false"}
	code, stdout, stderr := cli(t, refused...)
	if want := "--rule cower-off-lowest-no-effect with fire 8: it changes only an attack that Cowers off the lowest column"; code != exitUsage || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want it to contain %q", code, stdout, stderr, want)
	}
	taken := []string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 1", "--rule", "cower-off-lowest-no-effect=false", "--method", "exact"}
	if code, _, stderr := cli(t, taken...); code != exitOK {
		t.Errorf("a plan firing 1 FP: exit %d, %s", code, stderr)
	}
	// A DC's Defensive Fire Cowers too (§8.31): Green firers' 1 FP Cowers
	// off the lowest column, and the switch holds it there, in a plan as
	// in sapper dc. Either way the Placer meets it before he places the
	// DC, which then detonates 76.12% of the time with no effect off the
	// column, 73.81% held on it (sapper dc's figures).
	for _, c := range []struct {
		rule []string
		want string
	}{{nil, "76.12%"}, {[]string{"--rule", "cower-off-lowest-no-effect=false"}, "73.81%"}} {
		args := append([]string{"plans", "--target", "4-6-7", "--plan", "a: dc placed placer=4-6-8 dff=1:0,class=green",
			"--plan", "b: dc placed placer=4-6-8", "--method", "exact"}, c.rule...)
		code, stdout, stderr := cli(t, args...)
		if want := "dc.1.detonation detonated  " + c.want; code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("%v: exit %d, stderr %q; want a line with %q in\n%s", c.rule, code, stderr, want, stdout)
		}
		args = append([]string{"dc", "--target", "4-6-7", "--placer", "4-6-8", "--dff", "1:0,class=green", "--method", "exact"}, c.rule...)
		if code, stdout, stderr := cli(t, args...); code != exitOK || !strings.Contains(stdout, "detonated     "+c.want) {
			t.Errorf("%v: exit %d, stderr %q; want detonated %s in\n%s", args, code, stderr, c.want, stdout)
		}
	}
}

// TestNoConflict: the same inputs where they do apply are accepted, so
// that the checks above reject the combination, not the flag.
func TestNoConflict(t *testing.T) {
	for _, a := range []string{
		"dc --target 4-6-7 --tem 5 --method exact",
		"building --area 3 --method exact",
		"sweep building --vary area=1..3 --method exact",
		"dc --mode set --target 4-6-7 --enemy-infantry 0 --method exact",
		"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --thrower-tem 2 --elevation 1 --afph --method exact",
		"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --thrower-tem 2 --elevation 2 --building wooden --method exact",
		// a sweep of the height meets the thrower's Location at its lower values
		"sweep dc --mode thrown --target 4-6-7 --thrower 4-6-7 --thrower-tem 2 --vary elevation=0..3 --method exact",
		"dc --mode set --target 4-6-7 --setter 4-6-8 --preset --method exact",
		"dc --target 4-6-7 --terrain woods --tem 1 --ec dry --method exact",
		"dc --target 4-6-7 --building stone --level 1 --top 2 --method exact",
		"dc --mode set --target 4-6-7 --cave --japanese --method exact",
		"dc --target 4-6-7 --method exact --max-paths 100000",
		"dc --target 4-6-7 --trials 1000 --seed 3 --confidence 0.9 --hide-zero",
		"dc --mode thrown --target 4-6-7 --thrower 4-6-7 --cx --rule cx-on-thrower-location=true --method exact",
		"dc --target 4-6-7 --user inexperienced --rule inexperienced-penalty=false --method exact",
		"afv --af 11/8/8 --other 4-6-7 --tem 2 --basic-tk 16 --method exact",
		"afv --vehicle tiger --mode set --ce --crew-ml 5 --method exact",
		"afv --vehicle truck --mode set --crew-ml 5 --method exact",
		"compare --building none --terrain woods --tem 1 --ec dry --method exact",
		"sweep dc --target 4-6-7 --vary drm=0..1 --metric ift --cumulative --method exact",
		"activate farm-crossing --rule leaders-elite=false --method mc --trials 1000",
		// an 8-0 wounded is a +1 (A17.3), which the switch reverses
		"dc --target 4-6-7 --target leader:8-0 --rule llmc-reverse-positive=true --method exact",
		"dc --target 4-6-7 --building stone --level 1 --rule falling-rubble=false --method exact",
		// Ground-level Rubble beneath upper levels falls next door (§8.60).
		"dc --target 4-6-7 --building stone --top 2 --method exact",
		"dc --target 4-6-7 --building stone --top 1 --rule falling-rubble=false --method exact",
		"fire --fp 20 --weapon ffe --building stone --top 1 --target 4-6-7 --rule falling-rubble=false --method exact",
		"compare --placer 4-6-7 --setter 4-6-7 --rule set-dc-uses-x-penalty=false --method exact",
		"compare --captured --rule set-dc-uses-x-penalty=false --method exact",
		"activate two-sq-crossing --attitude hold --a5-drm 2 --method exact",
		// Locations with two S? to check, or two rounds of shots (MF 2):
		// S16 can stop the second.
		"activate farm-crossing --rule berserk-draws-fire=false --rule pinned-keeps-fire=false --method mc --trials 1000",
		"activate village-crossing --rule pinned-keeps-fire=false --method mc --trials 1000",
		// 2 FP Green Cowers two columns, off the lowest (§8.54); at 1 FP the
		// concealed target's halved attack does too.
		"fire --fp 2 --firer-class green --target 4-6-7 --rule cower-off-lowest-no-effect=false --method exact",
		"fire --fp 2 --target 4-6-7,concealed --rule cower-off-lowest-no-effect=false --method exact",
		// At a Mortar Value of 1 no vehicle is Destroyed; at 2 and 3 one may.
		"sweep lhy --mdrm 1 --vehicle t:3 --target a:7 --open-terrain --vary mfa-mv=1..3 --method exact",
		"dc --target 4-6-7,concealed --target 4-6-7 --concealed --method exact",
		// A leader's loss may bring a second MC, and several Defensive
		// Fire attacks on the Placer a second attack (§8.52).
		// Both change figures (TestFanaticBerserkNeedsALeader).
		"fire --fp 30 --target 4-4-3,class=elite --target leader:10-3 --rule fanatic-berserk=false --method exact",
		"dc --target 4-6-7 --placer 4-6-8,class=elite --dff 8:0 --dff 8:0 --dff 8:0 --rule fanatic-berserk=false --method exact",
		"building --charges 1 --pillbox inside --target 3,in-pillbox --cover 4 --method exact",
		"building --dice 12 --cover 0 --target 4,cover=1 --cancel-on 3 --method exact",
		// A sweep reads --cancel-on at every cover but 0.
		"sweep building --dice 12 --vary cover=0..2 --cancel-on 4 --method exact",
		"afv --af 14/14/14 --rule aerial-af-fallback=true --method exact",
		"fire --weapon wp --building wooden --ec dry --rule wp-drms-add=false --method exact",
		"fire --fp 8 --target 4-6-7 --concealed --weapon he --calibre 75 --building stone --rule table23-unhalved=true --method exact",
		"fire --fp 1 --target 4-6-7 --rule cower-off-lowest-no-effect=true --method exact",
		"dc --target crew:2-2-8 --placer 4-6-7 --no-hob --elr 2 --method exact",
		"afv --vehicle tiger --other 4-6-7,elr=1 --other crew:2-2-8 --no-hob --method exact",
		// The users are the Placer and the Setter (A23.2).
		"compare --placer 4-4-7,class=conscript --rule inexperienced-penalty=false --method exact",
		"compare --thrower 4-4-7,class=conscript --rule inexperienced-penalty=false --method exact",
		"compare --setter 4-6-7 --rule set-dc-uses-x-penalty=false --method exact",
		"dc --target 4-6-7 --placer hs:2-4-7,class=conscript --rule inexperienced-penalty=false --method exact",
	} {
		if code, _, stderr := cli(t, args(a)...); code != exitOK {
			t.Errorf("%s: exit %d, stderr %q", a, code, stderr)
		}
	}
}

// TestPlanOptionConflicts: a plan's attack obeys the conflicts of sapper
// dc, read from the same declarations, and its error names the plan, the
// attack and the option as typed; the options where they apply run.
func TestPlanOptionConflicts(t *testing.T) {
	cases := []struct{ plan, want string }{
		{"b: dc set tem=2", `--plan "b: dc set tem=2": attack 1: tem=2 with dc set: a Set DC attacks with no TEM (A23.71)`},
		{"b: dc placed enemy-infantry=2", `--plan "b: dc placed enemy-infantry=2": attack 1: enemy-infantry=2 with dc placed: only a Set DC's malfunction DR counts enemy Infantry (A23.7)`},
		{"b: dc set preset=false", `--plan "b: dc set preset=false": attack 1: preset=false without setter: without a Setter`},
		{"b: dc placed preset", "attack 1: preset with dc placed: only a Set DC can be Set before play (A23.7)"},
		{"b: fire 8; dc set cx", "attack 2: cx with dc set: a Set DC has no CX DRM (A23.71)"},
		{"b: dc thrown enemy-infantry=0", "attack 1: enemy-infantry=0 with dc thrown"},
		{"b: dc placed afph", "attack 1: afph with dc placed"},
	}
	for _, c := range cases {
		t.Run(c.plan, func(t *testing.T) {
			code, stdout, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "a: dc placed", "--plan", c.plan, "--method", "exact")
			if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want it to contain %q", code, stdout, stderr, c.want)
			}
		})
	}
	for _, plan := range []string{"b: dc set enemy-infantry=2", "b: dc set setter=4-6-7 preset=false", "b: dc placed tem=2 cx", "b: dc thrown afph"} {
		if code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "a: dc placed", "--plan", plan, "--method", "exact"); code != exitOK {
			t.Errorf("%s: exit %d, stderr %q", plan, code, stderr)
		}
	}
}
