package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChoiceExact: every word sapper reads (a flag's listed words, unit
// kinds and options, rule keys and values, plan words, true and false) is
// read only as listed: in its case and with no space around it. Any other
// spelling is bad input quoting it, never a guess at the word meant.
func TestChoiceExact(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{args("dc --target 4-6-7 --format json --method EXACT"), `--method "EXACT": want mc, exact or auto`},
		{args("dc --target 4-6-7 --trials 2000 --format json --method Mc"), `--method "Mc": want mc, exact or auto`},
		{args("dc --target 4-6-7 --method exact --format JSON"), `--format "JSON": want table, json or csv`},
		{args("dc --target 4-6-7 --method exact --format Csv"), `--format "Csv": want table, json or csv`},
		{args("describe --format JSON"), `--format "JSON": want table or json`},
		{args("dc --target 4-6-7 --method exact --progress NEVER"), `--progress "NEVER"`},
		{args("dc --target 4-6-7 --method exact --mode PLACED"), `--mode "PLACED"`},
		{args("dc --target 4-6-7 --method exact --terrain WOODS"), `--terrain "WOODS"`},
		{args("compare --method exact --building none --terrain Woods"), `--terrain "Woods"`},
		{args("building --target 4 --charges 1 --method exact --pillbox INSIDE"), `--pillbox "INSIDE"`},
		{args("sweep dc --target 4-6-7 --vary tem=0..1 --method exact --metric IFT"), `--metric "IFT"`},
		{args("dc --target 4-6-7,class=ELITE --method exact"), `class=ELITE: did you mean class=elite? (want one of`},
		{args("dc --target HS:2-4-7 --method exact"), `--target "HS:2-4-7"`},
		{args("lhy --sadrm 1 --target a:7 --rule cohesion-fail=DISRUPT --method exact"), `--rule "cohesion-fail=DISRUPT"`},
		{args("afv --vehicle Tiger"), `--vehicle "Tiger"`},
		{[]string{"afv", "--vehicle", " tiger"}, `--vehicle " tiger"`},
		{[]string{"dc", "--target", " 4-6-7", "--method", "exact"}, `--target " 4-6-7"`},
		{[]string{"dc", "--target", "4-6-7, elr=2", "--method", "exact"}, `--target "4-6-7, elr=2"`},
		{[]string{"dc", "--target", "4-6-7", "--tem", " 3", "--method", "exact"}, `--tem " 3"`},
		{[]string{"compare", "--target", "4-6-7", "--dff", " 8:-1", "--method", "exact"}, `--dff " 8:-1"`},
		// true and false, as every yes/no, and nothing else.
		{args("dc --target 4-6-7 --rule surrender=0 --method exact"), `--rule "surrender=0": want surrender=true or surrender=false`},
		{args("dc --target 4-6-7 --rule surrender=T --method exact"), `--rule "surrender=T"`},
		{args("dc --target 4-6-7 --rule surrender=True --method exact"), `--rule "surrender=True"`},
		{args("dc --target 4-6-7 --cx=1 --method exact"), `--cx "1": want true or false`},
		{args("dc --target 4-6-7 --cx=T --method exact"), `--cx "T"`},
		{args("dc --target 4-6-7 --cx=TRUE --method exact"), `--cx "TRUE"`},
		{args("sweep dc --target 4-6-7 --vary tem=0..1 --method exact --cumulative=1"), `--cumulative "1"`},
		{args("sweep dc --target 4-6-7 --vary tem=0..1 --method exact --cumulative=False"), `--cumulative "False"`},
		// Plan words.
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: FIRE 8", "--method", "exact"}, `"FIRE": an attack starts with fire or dc`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: dc PLACED", "--method", "exact"}, `dc "PLACED": want placed, thrown or set`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 DRM=1", "--method", "exact"}, `--plan "b: fire 8 DRM=1"`},
		{[]string{"plans", "--target", "4-6-7", "--plan", "a: fire 8", "--plan", "b: fire 8 leader=1", "--method", "exact"}, `leader=1: give leader alone, or =true or =false`},
	} {
		code, stdout, stderr := cli(t, c.args...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, stdout %.200q, stderr %q; want exit 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
	wantUsage(t, "dc --target 4-6-7 --method EXACTLY", `sapper dc: --method "EXACTLY": want mc, exact or auto`)
	wantUsage(t, "dc --target 4-6-7 --terrain WOOD", `sapper dc: --terrain "WOOD": want one of woods`)
}

// TestCaseHint: a word of a flag's choices given with spaces around it,
// or in another case, is refused and named as sapper reads it, from the
// command line and from a scenario file alike.
func TestCaseHint(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"dc", "--target", "4-6-7", "--format", " json"}, `sapper dc: --format " json": want table, json or csv; no spaces around the word: json` + "\n"},
		{[]string{"dc", "--target", "4-6-7", "--terrain", " Woods "}, "; words are lower case, with no spaces around them: woods\n"},
		{[]string{"dc", "--target", "4-6-7", "--rule", "surrender = false"}, `sapper dc: --rule "surrender = false": no spaces around the =: surrender=false` + "\n"},
		{[]string{"afv", "--vehicle", "Tiger"}, `sapper afv: --vehicle "Tiger": names are lower case: tiger (or give the armor with --af)` + "\n"},
	} {
		code, _, stderr := cli(t, c.args...)
		if code != exitUsage || !strings.HasSuffix(stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q, want it to end %q", c.args, code, stderr, c.want)
		}
	}
	file := filepath.Join(t.TempDir(), "thrown.yaml")
	if err := os.WriteFile(file, []byte("command: dc\nflags:\n  target: 4-6-7\n  mode: Thrown\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "run", file)
	if want := `:4: --mode "Thrown": want placed, thrown or set; words are lower case: thrown` + "\n"; code != exitUsage || !strings.HasSuffix(stderr, want) {
		t.Errorf("a file's mode: exit %d, stderr %q, want it to end %q", code, stderr, want)
	}
}

// TestPlanWordHints: a word of a plan's attack in another case or
// misspelt is refused, naming the word meant, as a flag's value is.
func TestPlanWordHints(t *testing.T) {
	for plan, want := range map[string]string{
		"a: FIRE 8":                    `"FIRE": an attack starts with fire or dc; words are lower case: fire`,
		"a: fir 8":                     `"fir": an attack starts with fire or dc; did you mean fire?`,
		"a: dc Placed":                 `dc "Placed": want placed, thrown or set; words are lower case: placed`,
		"a: fire 8 weapon=HE":          `weapon=HE: want one of small-arms, he,`,
		"a: fire 8 leadr":              `fire: unknown option "leadr"; did you mean leader? (want drm=N,`,
		"a: fire 8 weapn=he":           `fire: unknown option "weapn=he"; did you mean weapon=he? (want drm=N,`,
		"a: dc placed plcer=4-6-7":     `dc: unknown option "plcer=4-6-7"; did you mean placer=4-6-7? (want drm=N,`,
		"a: dc placed concealed=False": `concealed=False: give concealed alone, or =true or =false; words are lower case: false`,
		"a: fire 8 zzz":                `fire: unknown option "zzz"; want drm=N,`,
	} {
		code, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", plan, "--plan", "b: fire 4")
		if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want one line with %q", plan, code, stderr, want)
		}
	}
	if _, _, stderr := cli(t, "plans", "--target", "4-6-7", "--plan", "a: fire 8 weapon=HE", "--plan", "b: fire 4"); !strings.HasSuffix(stderr, "; words are lower case: he\n") {
		t.Errorf("weapon=HE: %q", stderr)
	}
}
