package cli

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/internal/golden"
)

// TestFireGolden pins whole outputs of fire: exact tables of the README's
// examples, a seeded Monte Carlo JSON, help and a sweep of the column.
func TestFireGolden(t *testing.T) {
	for _, c := range []struct{ name, args string }{
		{"fire_stack_table", "fire --fp 8 --drm 2 --target 4-6-7 --target leader:8-1 --method exact --hide-zero"},
		{"fire_ffe_table", "fire --fp 20 --weapon ffe --building stone --level 1 --top 2 --target 4-6-7 --method exact --hide-zero"},
		{"fire_wp_table", "fire --weapon wp --building wooden --ec dry --method exact"},
		{"fire_afv_table", "fire --afv-enters-building --building stone --top 1 --bog-drm=-2 --method exact"},
		{"fire_help", "fire --help"},
		{"sweep_fire_table", "sweep fire --target 4-6-7 --drm 2 --method exact --vary fp=1..36:5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := cli(t, args(c.args)...)
			if code != exitOK || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			out := normalize([]byte(stdout))
			golden.Check(t, c.name, elapsedGridM.ReplaceAll(out, []byte("; 0.00s")))
		})
	}
}

// TestFireBadInput: combinations that cannot apply exit 2 with one line
// naming the flag at fault and the one it clashes with.
func TestFireBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"--weapon wp --fp 4 --building wooden --ec dry", "--fp: not with --weapon wp"},
		{"--fp 8 --calibre 75 --target 4-6-7", "--calibre: not with --weapon small-arms"},
		{"--fp 8 --weapon ffe --terrain open-ground --building stone", "--terrain: not with --building"},
		{"--fp 8 --target 4-6-7 --firer ordnance", "--firer: ordnance with --weapon small-arms"},
		{"--fp 8 --weapon he --calibre 75 --firer-class green --target 4-6-7", "--firer-class: not with --firer ordnance"},
		{"--fp 8 --leader-directed --firer-class green --target 4-6-7", "--firer-class: not with --leader-directed: fire a leader directs never Cowers"},
		{"--fp 8 --leader-directed --firer-nationality british --target 4-6-7", "--firer-nationality: not with --leader-directed"},
		{"--fp 8 --firer-nationality finnish --firer-class green --target 4-6-7", "--firer-class: green with --firer-nationality finnish: Finns other than Conscripts never Cower"},
		{"--fp 24 --weapon ft --tem 2 --target 4-6-7", "--tem: not with --weapon ft"},
		{"--fp 1 --area-fire --target 4-6-7", "--fp: 1 FP halved is 0.5"},
		{"--fp 1 --area-fire --concealed --target 4-6-7", "--fp: 1 FP halved 2 times is 0.25, below 1: it cannot attack (§8.62); drop --area-fire or --concealed, or give more FP"},
		// The target's own ,concealed halves against it alone (§8.21):
		// named, where --concealed was never given.
		{"--fp 1 --target 4-6-7 --target 4-6-7,concealed", "--fp: 1 FP halved is 0.5 against target 2 (4-6-7,concealed), below 1: it cannot attack (§8.62); drop its ,concealed, or give more FP"},
		{"--fp 8 --target 4-6-7 --ec dry", "--ec: "},
		{"--fp 8 --terrain woods --target 4-6-7", "--terrain: --weapon small-arms can neither"},
		{"--fp 8 --bog-drm 1 --target 4-6-7", "--bog-drm: only an AFV entering a building (--afv-enters-building)"},
		{"--fp 8 --weapon he --building wooden --target 4-6-7", "--calibre: --weapon he against a building needs --calibre MM: it decides Rubble (from 70mm"},
		{"--fp 30 --weapon rocket --terrain kunai --tem 0 --target 4-6-7", "--calibre: --weapon rocket in --terrain kunai needs --calibre MM: it decides Shellholes (from 150mm"},
		{"--fp 16 --weapon ffe --concealed --target 4-6-7", "--concealed: not with --weapon ffe"},
		{"--fp 16 --weapon ffe --target 4-6-7,concealed", "--target: 4-6-7,concealed with --weapon ffe"},
		{"--afv-enters-building --building stone --weapon he", "--weapon with --afv-enters-building"},
		{"--afv-enters-building --building stone --level 1", "--level: not with --afv-enters-building"},
		{"--afv-enters-building --building stone --level 0", "--level: not with --afv-enters-building"},
		{"--afv-enters-building --building stone --fortified", "--fortified: not with --afv-enters-building"},
		{"--weapon wp --building wooden --ec dry --firer aircraft", "--firer with --weapon wp"},
		{"--weapon wp --building wooden", "--ec: moderate with --weapon wp"},
		{"--fp 8", "--target: give the units in the Location"},
		{"--fp 8 --target 4-6-7 --level 1 --building stone", "--level: --level and --top matter only for Rubble"},
		{"--fp 8 --target 4-6-7 --top 1 --building stone", "--top: --level and --top matter only for Rubble"},
		{"--fp 8 --target 4-6-7 --rule set-dc-uses-x-penalty=false", "--rule \"set-dc-uses-x-penalty=false\""},
		{"--fp 24 --weapon ft --building wooden", "--target: a FT attacks an unarmored target"},
	} {
		code, stdout, stderr := cli(t, append([]string{"fire"}, args(c.args)...)...)
		if code != exitUsage || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("fire %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

// TestFireDefaults: a building sets the TEM (but not for a FT), the firer
// follows the weapon, and surrender is off (§8.61).
func TestFireDefaults(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"--fp 8 --target 4-6-7 --building stone --fortified", `"tem": 4`},
		{"--fp 24 --weapon ft --target 4-6-7 --building stone", `"tem": 0`},
		{"--fp 16 --weapon he --calibre 75 --target 4-6-7", `"firer": "ordnance"`},
		// HE's calibre decides only Rubble, and a rocket's Rubble and
		// Shellholes: elsewhere none is needed (Table 23).
		{"--fp 16 --weapon he --target 4-6-7", `"firer": "ordnance"`},
		{"--fp 16 --weapon he --terrain woods --tem 1 --target 4-6-7", `"terrain": "woods"`},
		{"--fp 16 --weapon rocket --target 4-6-7", `"weapon": "rocket"`},
		{"--fp 8 --target 4-6-7", `"surrender": false`},
		{"--fp 8 --target 4-6-7 --rule surrender=true", `"surrender": true`},
	} {
		code, stdout, stderr := cli(t, append([]string{"fire", "--method", "exact", "--format", "json"}, args(c.args)...)...)
		if code != exitOK || !strings.Contains(stdout, c.want) {
			t.Errorf("fire %s: exit %d, stderr %q; want %s in the inputs", c.args, code, stderr, c.want)
		}
	}
}

// FuzzFireArgs drives the fire command line and its parsers of weapons,
// firers, classes, terrains and FP.
func FuzzFireArgs(f *testing.F) {
	fuzzCommand(f, "fire",
		"--fp\x008\x00--drm\x002\x00--target\x004-6-7\x00--target\x00leader:8-1",
		"--fp\x0020\x00--weapon\x00ffe\x00--building\x00stone\x00--level\x001\x00--target\x004-6-7",
		"--weapon\x00wp\x00--terrain\x00woods\x00--ec\x00dry",
		"--afv-enters-building\x00--building\x00wooden\x00--bog-drm=-2",
		"--fp\x007.5\x00--area-fire\x00--concealed\x00--target\x004-6-7\x00--firer-class\x00green",
		"--fp\x0030\x00--weapon\x00rocket\x00--calibre\x00150\x00--terrain\x00kunai",
		"--fp\x0024\x00--weapon\x00ft\x00--target\x004-6-7,concealed\x00--building\x00wooden",
		"--fp\x00-1",
		"--weapon\x00laser",
		"--help",
	)
}

// TestGivenAtZero: a flag given at 0 where any other value would be
// refused is refused too: it asks for what cannot happen (zerogiven.go).
// A calibre given is one, from 1mm.
func TestGivenAtZero(t *testing.T) {
	for _, c := range []struct{ cmdline, want string }{
		{"dc --target 4-6-7 --level 0", "sapper dc: --level: building levels need --building"},
		{"dc --target 4-6-7 --top 0", "sapper dc: --top: building levels need --building"},
		{"dc --target 4-6-7 --cave-drm 0", "sapper dc: --cave-drm: only a DC Thrown into a --cave"},
		{"fire --fp 8 --target 4-6-7 --bog-drm 0", "sapper fire: --bog-drm: only an AFV entering a building"},
		{"fire --fp 8 --target 4-6-7 --level 0", "sapper fire: --level: building levels need --building"},
		{"fire --fp 8 --target 4-6-7 --calibre 0", `sapper fire: --calibre "0": want a whole number from 1 to 500`},
		{"fire --fp 8 --weapon he --target 4-6-7 --calibre 0", `sapper fire: --calibre "0": want a whole number from 1 to 500`},
	} {
		code, stdout, stderr := cli(t, args(c.cmdline)...)
		if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want %q", c.cmdline, code, stderr, c.want)
		}
	}
	// where 0 can apply, it is taken
	for _, cmdline := range []string{
		"dc --target 4-6-7 --building stone --level 0 --top 0",
		"dc --mode thrown --target 4-6-7 --cave --cave-drm 0",
		"fire --fp 8 --target 4-6-7 --building stone --level 0",
	} {
		if code, _, stderr := cli(t, args(cmdline+" --trials 100")...); code != exitOK {
			t.Errorf("%s: exit %d: %s", cmdline, code, stderr)
		}
	}
}
