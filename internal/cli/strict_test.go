package cli

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
)

// TestStrictOptions: an option or rule whose value does not read exactly,
// or that is given twice, is bad input naming it; never the last one taken
// or any value read as "on".
func TestStrictOptions(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7,broken=no --method exact", `option broken takes no value, or true or false; not "no"`},
		{"dc --target 4-6-7,concealed=0 --method exact", `option concealed takes no value`},
		{"fire --fp 8 --target 4-6-7,elr=0,elr=5 --method exact", "option elr given twice"},
		{"dc --target leader:8-1,broken-ml=0 --method exact", "broken-ml=0 outside 1…10"},
		{"dc --target 4-6-7 --rule surrender=false --rule surrender=true --method exact", "surrender given twice"},
		{"compare --target 4-6-7 --rule leaders-elite=true --rule leaders-elite=true", "leaders-elite given twice"},
		{"fire --fp 8 --target 4-6-7 --rule berserk-tc-chain=yes", "want berserk-tc-chain=true or berserk-tc-chain=false"},
		{"afv --vehicle tiger --rule fanatic-berserk=false --rule fanatic-berserk=false", "fanatic-berserk given twice"},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestFalseIsOff: an option written =false gives the figures of the option
// left out (a 4-6-7 in the open is eliminated by a Placed DC 28.2% of the
// time; a broken one, 42.8%).
func TestFalseIsOff(t *testing.T) {
	for _, pair := range [][2]string{
		{"4-6-7", "4-6-7,broken=false"},
		{"4-6-7,broken", "4-6-7,broken=true"},
		{"leader:8-1", "leader:8-1,wounded=false,concealed=false"},
	} {
		var outs [2]string
		for i, u := range pair {
			code, stdout, stderr := cli(t, "dc", "--target", u, "--method", "exact", "--format", "csv")
			if code != exitOK {
				t.Fatalf("%s: exit %d, %s", u, code, stderr)
			}
			outs[i] = stdout
		}
		if outs[0] != outs[1] {
			t.Errorf("%s and %s differ:\n%s\n---\n%s", pair[0], pair[1], outs[0], outs[1])
		}
	}
	_, plain, _ := cli(t, "dc", "--target", "4-6-7", "--method", "exact", "--format", "csv")
	_, broken, _ := cli(t, "dc", "--target", "4-6-7,broken", "--method", "exact", "--format", "csv")
	if plain == broken {
		t.Error("broken changes nothing: the pair above proves nothing")
	}
}

// TestModelRangeErrorIsTyped: a range the model enforces reaches the
// command line as its typed error, placed at its flag: the model's check
// and the flag's range are one declaration (asl.MinTEM…asl.MaxTEM).
func TestModelRangeErrorIsTyped(t *testing.T) {
	fs, _ := newFlagSet("dc")
	var f dcFlags
	f.register(fs)
	a := asl.NewDCAttack(asl.Placed, asl.Unit{Kind: asl.Squad, FP: 4, Range: 6, ML: 7, ELR: -1})
	a.TEM = asl.MaxTEM + 1
	err := modelError(fs, a.Validate())
	if err == nil || err.Error() != "--tem: 9 is out of range 0…8 (TEM is never negative; a negative modifier is a --drm)" {
		t.Errorf("%v", err)
	}
	if lo, hi := fs.Lookup("tem").Annotations[rangeKey], []string{"0", "8"}; lo[0] != hi[0] || lo[1] != hi[1] {
		t.Errorf("--tem's range %v is not the model's", lo)
	}
}

// TestView: --view reads ordered metrics at least or at most in the table
// and the CSV; the JSON carries every view, so --view is refused there.
func TestView(t *testing.T) {
	code, stdout, stderr := cli(t, "dc", "--target", "4-6-7", "--target", "4-6-7", "--method", "exact", "--view", "at-least")
	if code != exitOK || !strings.Contains(stdout, "ift: IFT result (first target's column) (at least: this outcome or worse)") ||
		!strings.Contains(stdout, "  K/4         41.67%") || !strings.Contains(stdout, "  no_attack  100.00%") {
		t.Errorf("exit %d, %s\n%s", code, stderr, stdout)
	}
	_, csv, _ := cli(t, "dc", "--target", "4-6-7", "--method", "exact", "--format", "csv", "--view", "at-most")
	if !strings.Contains(csv, ",ift,<=7KIA,,1,1,1,true") {
		t.Errorf("CSV at most:\n%s", csv)
	}
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7 --format json --view at-least", "--view with --format json: the JSON carries every view"},
		{"dc --target 4-6-7 --view sideways", `--view "sideways": want exactly, at-least or at-most`},
	} {
		code, _, stderr := cli(t, args(c.args)...)
		if code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, %q", c.args, code, stderr)
		}
	}
}
