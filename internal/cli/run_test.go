package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestUsageErrors checks the contract for bad input: exit 2, exactly one
// line on stderr naming the flag, nothing on stdout.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args string
		want string // a part of the stderr line
	}{
		{"lobbed", `sapper: unknown command "lobbed"`},
		{"help nope", `sapper help: unknown command "nope"`},
		{"comapre", `sapper: unknown command "comapre"; did you mean compare? (want one of compare, dc,`},
		{"help swep", `sapper help: unknown command "swep"; did you mean sweep?`},
		{"describe sweeep", `sapper describe: unknown command "sweeep"; did you mean sweep?`},
		{"go", `sapper: unknown command "go"; want one of compare,`},
		{"help dc version", "sapper help: want at most one command"},
		{"dc", "sapper dc: --target is required"},
		{"dc --target 4-6-x", `sapper dc: --target "4-6-x": "x" is not a whole number; want e.g. 4-6-7`},
		{"dc --target 4-6-7 --target leader:8-9", `sapper dc: --target "leader:8-9": leadership modifier`},
		{"dc --target 4-6-7,class=foo", `sapper dc: --target "4-6-7,class=foo": class=foo: want one of`},
		{"dc --target 4-6-7 --trials -5", `sapper dc: --trials "-5": want a whole number from 1 to 10,000,000,000`},
		{"dc --target 4-6-7 --trials 0", `sapper dc: --trials "0": want a whole number from 1 to 10,000,000,000`},
		{"dc --target 4-6-7 --trials lots", `sapper dc: --trials "lots": not a whole decimal number; want a whole number from 1 to`},
		{"dc --target 4-6-7 --mode lobbed", `sapper dc: --mode "lobbed": want placed, thrown or set`},
		{"dc --target 4-6-7 --user boss", `sapper dc: --user "boss": want elite, non-elite or inexperienced`},
		{"dc --target 4-6-7 --tem 9", `sapper dc: --tem "9": want a whole number from 0 to 8`},
		{"dc --target 4-6-7 --tem=-1", `sapper dc: --tem "-1": want a whole number from 0 to 8`},
		{"dc --target 4-6-7 --tem two", `sapper dc: --tem "two": not a whole decimal number; want a whole number from 0 to 8`},
		// an empty word read as the flag left out
		{"dc --target 4-6-7 --terrain=", `sapper dc: --terrain "": want one of woods, brush,`},
		{"fire --fp 8 --target 4-6-7 --terrain=", `sapper fire: --terrain "": want one of`},
		{"building --dice 8 --combined 101", `sapper building: --combined: 101 outside 1…100`},
		{"dc --target 4-6-7 --drm", "sapper dc: --drm needs a value"},
		{"dc --target 4-6-7 --mode", "sapper dc: --mode needs a value: want placed, thrown or set"},
		{"dc --target", "sapper dc: --target needs a value: UNIT, e.g. --target 4-6-7"},
		{"dc --target 4-6-7 --building --tem 2", `sapper dc: --building needs a value (it took the flag "--tem"): want none, wooden or stone`},
		{"dc --mode --target 4-6-7", `sapper dc: --mode needs a value (it took the flag "--target"): want placed, thrown or set`},
		{"dc --target 4-6-7 --afph", "sapper dc: --afph with --mode placed: "},
		{"dc --target 4-6-7 --cx=maybe", `sapper dc: --cx "maybe": want true or false`},
		{"dc --target 4-6-7 --cx false", `sapper dc: unexpected argument "false"`},
		{"dc --target 4-6-7 --thrower 4-6-7", "sapper dc: --thrower: "},
		{"dc --mode thrown --target 4-6-7 --thrower 9-9-x", `sapper dc: --thrower "9-9-x": `},
		{"dc --target 4-6-7 --enemy-infantry -1", `sapper dc: --enemy-infantry "-1": want a whole number from 0 to 20`},
		{"dc --target 4-6-7 --rule foo=true", `sapper dc: --rule "foo=true": unknown KEY; want one of inexperienced-penalty`},
		{"dc --target 4-6-7 --rule surrender", `sapper dc: --rule "surrender": want KEY=BOOL`},
		{"dc --target 4-6-7 --rule surrender=maybe", `sapper dc: --rule "surrender=maybe": want surrender=true or surrender=false`},
		{"dc --target 4-6-7 --dff 8:x", `sapper dc: --dff "8:x": DRM "x": not a whole decimal number; want FP:DRM such as 8:-1`},
		{"dc --target 4-6-7 --dff 1.0000000000000001:0", `sapper dc: --dff "1.0000000000000001:0": FP "1.0000000000000001": 17 significant digits; at most 15; want FP:DRM`},
		{"dc --target 4-6-7 --dff 8:-1", "sapper dc: --dff: Defensive Fire needs a --placer"},
		{"dc --target 4-6-7 --placer 4-6-7 --dff none --dff 8:-1", "sapper dc: --dff none: no Defensive Fire stands alone; it was given with 1 other --dff"},
		{"fire --fp 8 --fp 4 --target 4-6-7", `sapper fire: --fp is given twice ("8", then "4"); it takes one value: a Fire Group is one attack of their summed FP (A7.5), and sapper plans compares it with separate shots (sapper run plans-fire-group)`},
		{"fire --fp 8 --target 4-6-7 --leader 8-1", "sapper fire: --leader: a leader directing the fire is --leader-directed (no Cowering), his modifier in --drm (A7.9), e.g. --leader-directed --drm -1"},
		{"afv --armour 11/8/8", "sapper afv: --armour: the AFV's armor is --af, its Armor Factors front/side/rear (or hull=…,turret=…), or a --vehicle by name, e.g. --af 11/8/8"},
		{"dc --mode thrown --target 4-6-7 --dff 4:0", `sapper dc: --dff: not with --mode thrown: Defensive Fire is modeled on a Placer or a Setter only (§8.31)`},
		{"dc --target 4-6-7 --placer 4-6-8 --dff 4:0,class=second,nation=finnish", `class=second with nation=finnish: Finns other than Conscripts never Cower`},
		{"compare --dff 4", `sapper compare: --dff "4": "4" has no DRM; want FP:DRM such as 8:-1 or 4:+2 (FP 1…100, DRM −10…+10), then ,class=CLASS (and ,nation=N) for unled Infantry firers, who may Cower (A7.9), or none for no Defensive Fire`},
		{"dc --target 4-6-7 —tem 2", `sapper dc: unknown flag "—tem"; a flag starts with two hyphens (--), not a typed dash: --tem`},
		{"dc --target 4-6-7 --vehicle tiger", `sapper dc: unknown flag "--vehicle": it is a flag of sapper afv and sapper lhy, not of sapper dc (--help lists the flags)`},
		{"fire --target 4-6-7 --fp 4 --mode placed", `sapper fire: unknown flag "--mode": it is a flag of sapper dc and sapper afv, not of sapper fire`},
		{"lhy --target squad:7 --drm 2", `sapper lhy: unknown flag "--drm": it is a flag of sapper compare, sapper dc and sapper fire, not of sapper lhy (--help lists the flags)`},
		{"fire --fp 8 --target 4-6-7 --area", `sapper fire: unknown flag "--area"; did you mean --area-fire? (--help lists the flags)`},
		{"dc --target 4-6-7 --leader 8", `sapper dc: --leader: a leader in the target Location is one of its units, e.g. --target 4-6-7 --target leader:8-1`},
		{"plans --target 4-6-7 --plan a:fire --plan b:fire --drm 1", `sapper plans: unknown flag "--drm": an attack's own inputs are written in the attack, e.g. --plan 'b: fire 8 +1 weapon=he' (sapper help plans lists them)`},
		{"dc --target 4-6-7 --rule surrender=False", "sapper dc: --rule \"surrender=False\": want surrender=true or surrender=false; words are lower case: surrender=false\n"},
		{"dc --target 4-6-7 --mode set --preset=True", "; words are lower case: true\n"},
		{"dc --target 4-6-7 --placer 4-6-7 --dff -1,8", "sapper dc: --dff \"-1,8\": \"-1,8\" has no DRM; want FP:DRM"},
		{"dc --target 4-6-7,elite", `unknown option "elite"; did you mean class=elite? (want elr=N`},
		{"dc --target 4-6-7,class=Elite", `class=Elite: did you mean class=elite? (want one of first, elite,`},
		{"lhy --sadrm 1 --target squad:7,afv", `sapper lhy: --target "squad:7,afv": afv is an option of a vehicle (NAME:AV,afv), not of a unit`},
		{"dc --target 4-6-7 -—tem 2", `sapper dc: unknown flag "-—tem"; a flag starts with two hyphens (--), not a typed dash: --tem`},
		{"dc --target 4-6-7 —tme 2", `sapper dc: unknown flag "—tme"; a flag starts with two hyphens (--), not a typed dash; did you mean --tem?`},
		{"dc --target 4-6-7 —zzzzzz 2", `sapper dc: unexpected argument "—zzzzzz"; every input is a flag`},
		{"dc --target 4-6-7 --tem —tme", `sapper dc: --tem "—tme": not a whole decimal number`}, // a value, however like a flag
		{"dc --target 4-6-7 --tem —tem", `sapper dc: --tem "—tem": not a whole decimal number`},
		{"compare --dff 8:-1,clas=elite", `sapper compare: --dff "8:-1,clas=elite": unknown option "clas=elite"; did you mean class=elite? (after FP:DRM, want ,class=CLASS (and ,nation=N))`},
		{"dc --target 4-6-7 --elr A", "sapper dc: --elr \"A\": not a whole decimal number; want a whole number from 0 to 5\n"},
		{"dc --target 4-6-7 --mode Or", "sapper dc: --mode \"Or\": want placed, thrown or set\n"},
		{"dc --target 4-6-7 --placer 4-6-7 --dff 8,-1,class=green", `has no DRM: a colon joins FP and DRM, as in 8:-1,class=green; want FP:DRM`},
		{"dc --target 4-6-7,clas", `unknown option "clas"; did you mean class=CLASS? (want elr=N`},
		{"building --target 4,pined=true", `unknown option "pined=true"; did you mean pinned? (want cover=N, in-pillbox or pinned)`},
		{"compare --dff 8,-1", `sapper compare: --dff "8,-1": "8,-1" has no DRM: a colon joins FP and DRM, as in 8:-1; want FP:DRM`},
		// A word of the choices in another case or with spaces is
		// refused, and named as it is written.
		{"dc --target 4-6-7 --mode Set", `sapper dc: --mode "Set": want placed, thrown or set; words are lower case: set`},
		{"dc --target 4-6-7 --terrain Woods", `sapper dc: --terrain "Woods": want one of woods,`},
		{"dc --target 4-6-7 --mode Setx", "sapper dc: --mode \"Setx\": want placed, thrown or set; did you mean set?\n"},
		{"dc --target 4-6-7 --mode x", "sapper dc: --mode \"x\": want placed, thrown or set\n"},
		{"dc --target 4-6-7 --ec very_dry", "sapper dc: --ec \"very_dry\": want one of snow, mud, wet, moist, moderate, dry, very-dry; did you mean very-dry?\n"},
		{"dc --target 4-6-7 --elr 3x", "sapper dc: --elr \"3x\": not a whole decimal number; want a whole number from 0 to 5\n"},
		{"dc --target 4-6-7 --placer 4-6-x", `sapper dc: --placer "4-6-x": `},
		{"dc --mode set --target 4-6-7 --setter leader:8", `sapper dc: --setter "leader:8": `},
		{"dc --target 4-6-7 --setter 4-6-7", "sapper dc: --setter: only a Set DC"},
		{"dc --target 4-6-7 --preset", "sapper dc: --preset with --mode placed: only a Set DC"},
		{"dc --target 4-6-7 --elevation 2", "sapper dc: --elevation with --mode placed: only a Thrown DC"},
		{"dc --target 4-6-7 --building brick", `sapper dc: --building "brick": want none, wooden or stone`},
		{"dc --target 4-6-7 --fortified", "sapper dc: --fortified: only a building can be Fortified"},
		{"dc --target 4-6-7 --terrain lava", `sapper dc: --terrain "lava": want one of woods`},
		{"dc --target 4-6-7 --terrain woods --building stone", "sapper dc: --terrain: give either a building"},
		{"dc --target 4-6-7 --ec hot", `sapper dc: --ec "hot": want one of snow`},
		{"dc --target 4-6-7 --format xml", `sapper dc: --format "xml": want table, json or csv`},
		{"dc --target 4-6-7 --method magic", `sapper dc: --method "magic": want mc, exact or auto`},
		{"dc --target 4-6-7 --progress loud", `sapper dc: --progress "loud": want auto, always or never`},
		{"dc --target 4-6-7 --confidence 1", `sapper dc: --confidence "1": want a number from 0.5 to 0.999999, like 0.95`},
		{"dc --target 4-6-7 --confidence NaN", `sapper dc: --confidence "NaN"`},
		{"dc --target 4-6-7 --precision 0.5", `sapper dc: --precision "0.5": want 0 (off) or a number from 0.0001 to below 0.5`},
		{"dc --target 4-6-7 --precision 0.01 --method exact", `sapper dc: --precision with --method exact: an exact run has no sampling error`},
		{"dc --target 4-6-7 -j 0", `sapper dc: -j/--workers "0": want a whole number from 1 to 1024`},
		{"dc --target 4-6-7 -j 100000", `sapper dc: -j/--workers "100000": want a whole number from 1 to 1024`},
		{"dc --target 4-6-7 --seed -1", `sapper dc: --seed "-1": want a whole number from 0 to 18,446,744,073,709,551,615`},
		{"dc --target 4-6-7 --max-paths 0", `sapper dc: --max-paths "0": want a whole number from 1 to 200,000,000`},
		{"dc --target 4-6-7 --method exact --max-paths 1000000000", `sapper dc: --max-paths "1000000000": want a whole number from 1 to 200,000,000`},
		{"dc --target 4-6-7 --method exact --max-memory 63", `sapper dc: --max-memory "63": want a whole number from 64 to 65,536`},
		{"dc --target 4-6-7 --method auto --max-memory 65537", `sapper dc: --max-memory "65537": want a whole number from 64 to 65,536`},
		{"dc --target 4-6-7 --max-memory 512", `sapper dc: --max-memory with --method mc: a Monte Carlo run keeps no tables of merged states`},
		{"dc --target 4-6-7 --frobnicate", `sapper dc: unknown flag "--frobnicate"`},
		{"dc --taget 4-6-7", `sapper dc: unknown flag "--taget"; did you mean --target? (--help lists the flags)`},
		{"compare --tme 2", `sapper compare: unknown flag "--tme"; did you mean --tem?`},
		// A value given as a flag of its own.
		{"afv --thrown", `sapper afv: unknown flag "--thrown"; did you mean --mode thrown? (--help lists the flags)`},
		{"dc --stone", `sapper dc: unknown flag "--stone"; did you mean --building stone or --bridge stone?`},
		{"sweep dc --target 4-6-7 --vray tem=0..2", `sapper sweep: unknown flag "--vray"; did you mean --vary?`},
		{"dc --target 4-6-7 -x", `sapper dc: unknown flag "-x";`},
		{"dc --target 4-6-7 -qj", `sapper dc: unknown flag "-q" in "-qj"`},
		{"dc -help", `sapper dc: unknown flag "-help"; a long flag takes two dashes: --help`},
		{"dc --target 4-6-7 -trials=10", `sapper dc: unknown flag "-trials=10"; a long flag takes two dashes: --trials`},
		{"sweep dc --target 4-6-7 -vary tem=0..2", `sapper sweep: unknown flag "-vary"; a long flag takes two dashes: --vary`},
		{"dc --target 4-6-7 ---x", `sapper dc: bad flag syntax "---x"`},
		{"dc --target 4-6-7 --bridge granite", `sapper dc: --bridge "granite": want one of stone, wooden, pontoon, underwater-pontoon`},
		{"dc --target 4-6-7 --roadblock tall", `sapper dc: --roadblock "tall": want none, normal or narrow`},
		{"dc --target 4-6-7 --roadblock narrow", `sapper dc: --roadblock: a DC against a Narrow-Street roadblock's vertex affects only the roadblock`},
		{"dc --target 4-6-7 --level 1", `sapper dc: --level: building levels need --building`},
		{"dc --target 4-6-7 --top 1", `sapper dc: --top: building levels need --building`},
		{"fire --fp 8 --target 4-6-7 --top 1", `sapper fire: --top: building levels need --building`},
		{"dc --target 4-6-7 --building stone --level 2 --top 1", `sapper dc: --top: 1: want the building's highest`},
		{"dc --target 4-6-7 --building stone --level 1 --top 0", `sapper dc: --top: 0: want the building's highest`},
		{"fire --fp 20 --target 4-6-7 --building stone --level 1 --top 0", `sapper fire: --top: 0: want the building's highest`},
		{"dc --target leader:8-1 --gun", `sapper dc: --gun: the first --target mans the Gun`},
		{"dc --target 4-6-7 --cave --bridge stone", `sapper dc: --breach: --breach, --cave, --bridge`},
		{"dc --target 4-6-7 --cave-drm 1", `sapper dc: --cave-drm: only a DC Thrown into a --cave`},
		{"dc --target 4-6-7 --cavalry", `sapper dc: --cavalry with --mode placed: only a Thrown DC`},
		{"dc --target 4-6-7 --sw 9", `sapper dc: --sw "9": want a whole number from 0 to 4`},
		{"dc --target 4-6-7,sw=1,sw-y", `sapper dc: --target "4-6-7,sw=1,sw-y": unknown option "sw-y"; did you mean sw-x? (want elr=N, broken-ml=N,`},
		{"dc --target 4-6", `sapper dc: --target "4-6": want FP-range-ML such as 4-6-7, or a kind before it: hs:2-4-7,`},
		{"version extra", `sapper version: unexpected argument "extra"`},
		// a flag's value given bare, offered back as the flag
		{"dc 4-6-7", `sapper dc: unexpected argument "4-6-7"; every input is a flag: did you mean --target 4-6-7?`},
		{"fire --fp 8 leader:8-1", `sapper fire: unexpected argument "leader:8-1"; every input is a flag: did you mean --target leader:8-1?`},
		{"dc --target 4-6-7 thrown", `sapper dc: unexpected argument "thrown"; every input is a flag: did you mean --mode thrown?`},
		{"afv tiger", `sapper afv: unexpected argument "tiger"; every input is a flag: did you mean --vehicle tiger?`},
		{"lhy squad:7", `sapper lhy: unexpected argument "squad:7"; every input is a flag: did you mean --target squad:7?`},
		{"building --dice 8 4", `sapper building: unexpected argument "4"; every input is a flag: did you mean --target 4?`},
		{"dc --target 4-6-7 Thrown", `sapper dc: unexpected argument "Thrown"; every input is a flag (boolean flags`},
		{"dc --target 4-6-7,broken,leader:8-1", `sapper dc: --target "4-6-7,broken,leader:8-1": 2 units in one; give each its own --target, as --target 4-6-7,broken --target leader:8-1`},
		{"compare --placer 4-6-7,4-6-7", `sapper compare: --placer "4-6-7,4-6-7": 2 units in one; give each its own --placer, as --placer 4-6-7 --placer 4-6-7`},
		{"dc --target 4-6-7,8-1", `sapper dc: --target "4-6-7,8-1": unknown option "8-1"`},
		{"compare --dff nonee", `sapper compare: --dff "nonee": did you mean none (no Defensive Fire)? want none, or FP:DRM such as 8:-1`},
		{"compare --dff None", `sapper compare: --dff "None": did you mean none (no Defensive Fire)?`},
		// a flag before the command
		{"--method exact dc --target 4-6-7", `sapper: "--method" before the command: a command's flags follow its name, as sapper dc --method exact --target 4-6-7`},
		{"-j 2", `sapper: "-j" before the command: name the command first, then its flags (want one of compare,`},
		{"--serve", `sapper: "--serve" is no flag: did you mean the command serve, as sapper serve?`},
		{"version --short", `sapper version: unknown flag "--short"`},
	}
	for _, c := range cases {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if stdout != "" {
				t.Errorf("stdout not empty:\n%s", stdout)
			}
			if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
				t.Errorf("stderr is not exactly one line: %q", stderr)
			}
			if !strings.Contains(stderr, c.want) {
				t.Errorf("stderr = %q, want it to contain %q", stderr, c.want)
			}
		})
	}
}

// TestControlCharactersStayOnOneLine feeds values with newlines, which
// must come back escaped, once: a name quoted comes back as the user's
// own "x\ny", not "x\\ny".
func TestControlCharactersStayOnOneLine(t *testing.T) {
	for _, a := range [][]string{
		{"dc", "--target", "4-6-7,class=a\nb"},
		{"dc", "--target", "4-6-7", "--mode", "a\nb"},
		{"dc", "--tar\nget", "4-6-7"},
		{"x\ny"},
		{"--plot", "x\ny", "compare"},
		{"dc", "4-6-7", "leader:8-1\n"},
		{"scenarios", "x\ny"},
		{"sweep", "x\ny"},
		{"describe", "x\ny"},
	} {
		code, stdout, stderr := cli(t, a...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, `\\`) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", a, code, stdout, stderr)
		}
	}
}

// TestFileValuesEscapedOnce: a value of a file quoted in an error comes
// back as the file wrote it, escaped once ("3\n4", not "3\\n4"), in a
// scenario file and in a crossing.
func TestFileValuesEscapedOnce(t *testing.T) {
	dir := t.TempDir()
	_, crossing, _ := cli(t, "scenarios", "two-sq-crossing")
	files := map[string]string{
		"dc.yaml":       "command: dc\nflags:\n  target: 4-6-7\n  tem: \"a\\nb\"\n",
		"crossing.yaml": strings.Replace(crossing, "ac: 3,", `ac: "3\n4",`, 1),
	}
	for name, text := range files {
		if !strings.Contains(text, `\n`) {
			t.Fatalf("%s: no escaped newline in\n%s", name, text)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := cli(t, "run", path)
		if code != exitUsage || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, `\\`) || !strings.Contains(stderr, `\n`) {
			t.Errorf("%s: exit %d, stderr %q", name, code, stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, c := range []struct{ args, golden string }{
		{"help", "help"},
		{"--help", "help"},
		{"-h", "help"},
		{"help dc", "dc_help"},
		{"help fire", "fire_help"},
		{"dc --help", "dc_help"},
		{"dc -h --target 4-6-x", "dc_help"},
		{"help version", "version_help"},
		{"help compare", "compare_help"},
		{"compare --help", "compare_help"},
		{"help sweep", "sweep_help"},
		{"sweep dc --help", "sweep_help"},
		{"help run", "run_help"},
		{"version --help", "version_help"},
		{"help help", "help_help"},
		{"help --help", "help_help"},
		{"help -h", "help_help"},
	} {
		t.Run(c.args, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			golden.Check(t, c.golden, []byte(stdout))
		})
	}
}

func TestVersion(t *testing.T) {
	for _, a := range []string{"version", "--version"} {
		code, stdout, stderr := cli(t, a)
		if code != exitOK || stderr != "" {
			t.Fatalf("%s: exit %d, stderr %q", a, code, stderr)
		}
		if !regexp.MustCompile(`^sapper \S+( [0-9a-f]{12})? go\S+ \w+/\w+\n$`).MatchString(stdout) {
			t.Errorf("%s: output %q", a, stdout)
		}
	}
}
