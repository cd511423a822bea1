package cli

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestEveryNumberHasRange: every whole-number flag of every command that
// can be prepared declares its range, so that a number too large names
// the maximum. A new command's flags are checked without a line here.
func TestEveryNumberHasRange(t *testing.T) {
	for _, c := range commands {
		if c.prepare == nil {
			continue
		}
		flagsOf(c).VisitAll(func(f *pflag.Flag) {
			if wholeNumber(f) && len(f.Annotations[rangeKey]) != 2 {
				t.Errorf("sapper %s --%s: no setRange", c.name, f.Name)
			}
		})
	}
}

// TestNumberSyntax: numbers are decimal, signed with - or the − the help
// prints, bounded by the flag's range; a single-valued flag takes one
// value; an error quotes at most maxQuoted characters of the argument.
func TestNumberSyntax(t *testing.T) {
	long := strings.Repeat("9", 300)
	for _, c := range []struct{ args, want string }{
		{"dc --target 4-6-7 --trials 0x10", `--trials "0x10": not a whole decimal number; want a whole number from 1 to 10,000,000,000`},
		{"dc --target 4-6-7 --trials 1_000", `--trials "1_000": not a whole decimal number`},
		{"dc --target 4-6-7 --trials 10000000001", `--trials "10000000001": want a whole number from 1 to 10,000,000,000`},
		{"dc --target 4-6-7 --seed 0o7", `--seed "0o7": not a whole decimal number`},
		{"dc --target 4-6-7 --drm 0b1", `--drm "0b1": not a whole decimal number`},
		{"dc --target 4-6-7 --drm " + long, `--drm "` + strings.Repeat("9", maxQuoted) + `…": want a whole number from -8 to 8`},
		{"dc --target 4-6-7 --confidence 0x1p-1", `--confidence "0x1p-1": not a decimal number`},
		{"dc --target 4-6-7 --precision Inf", `--precision "Inf": not a decimal number`},
		{"dc --target 4-6-7 --tem 1 --tem 3", `--tem is given twice ("1", then "3"); it takes one value`},
		{"dc --target 4-6-7 --cx --cx", `--cx is given twice`},
		{"dc --target 4-6-7 --format json --format csv", `--format is given twice ("json", then "csv")`},
		{"compare --seed 1 --seed 2", `--seed is given twice`},
		{"afv --af 11/8/8 --af 8/8/8", `--af is given twice`},
		{"dc --target 4-6-7 --frobnicate" + long, `unknown flag "--frobnicate` + strings.Repeat("9", maxQuoted-len("--frobnicate")) + `…"`},
		{"dc --target " + long, `--target "` + strings.Repeat("9", maxQuoted) + `…"`},
		// A model's parser, or the system, that echoes the value unquoted
		// is clipped too, the punctuation after it kept.
		{"building --target " + long, `figures: ` + strings.Repeat("9", maxQuoted) + `… is far too large`},
		{"building --dice 3 --combined " + long, `": ` + strings.Repeat("9", maxQuoted) + `… is far too large`},
		{"lhy --sadrm 1 --vehicle t:1 --target a:1,on=" + long, `on=` + strings.Repeat("9", maxQuoted-len("on=")) + `… needs rnp or rider`},
		{"site " + long, `stat ` + strings.Repeat("9", maxQuoted) + `…: file name too long`},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%.60s: exit %d, stdout %q, stderr %q; want it to contain %q", c.args, code, stdout, stderr, c.want)
		}
		if len(stderr) > 400 {
			t.Errorf("%.60s: a %d-byte error line", c.args, len(stderr))
		}
	}
	// 010 is ten, and the Unicode minus reads as -.
	for _, c := range []struct{ args, key string }{
		{"dc --target 4-6-7 --trials 010 --format json", `"trials": 10,`},
		{"dc --target 4-6-7 --drm \u22122 --method exact --format json", `"drm": -2,`},
		{"dc --target 4-6-7 --drm=\u22122 --method exact --format json", `"drm": -2,`},
	} {
		code, stdout, stderr := cli(t, args(c.args)...)
		if code != exitOK || !strings.Contains(stdout, c.key) {
			t.Errorf("%s: exit %d, stderr %q; want %s in the JSON", c.args, code, stderr, c.key)
		}
	}
}
