package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestOnlyAsRefused: an input that describe says applies only under some
// values of another (dc's --thrower only with --mode thrown) is refused
// under every other value, and accepted, as far as that input goes, under
// its own; an input describe says nothing of is refused under no mode but
// all. A form that hides an input under a mode hides exactly what the
// command would refuse there. Each input is given with what it needs
// (--japanese a --cave), so that only the mode can refuse it.
func TestOnlyAsRefused(t *testing.T) {
	needs := map[string]map[string][]string{
		"dc": {
			"japanese":    {"--cave"},
			"cave-drm":    {"--cave"},
			"breach":      {"--building", "stone", "--beyond", "4-6-7"},
			"beyond":      {"--building", "stone", "--breach", "rowhouse"},
			"thrower-tem": {"--thrower", "4-6-7"},
			"elevation":   {"--thrower", "4-6-7"},
			"preset":      {"--setter", "4-6-8"},
			"fortified":   {"--building", "stone"},
			"level":       {"--building", "stone"},
			"top":         {"--building", "stone"},
			"ec":          {"--terrain", "woods"},
		},
		"afv": {
			"tem":     {"--other", "4-6-7"},
			"elr":     {"--other", "4-6-7"},
			"crew-ml": {"--ce"},
			// a Set DC's concealment reads only on what it attacks
			"concealed":   {"--ce"},
			"thrower-tem": {"--thrower", "4-6-7"},
			// a named vehicle says whether it is Open-Topped
			"open-topped": {"--vehicle", "halftrack"},
		},
	}
	for _, name := range []string{"dc", "afv"} {
		_, stdout, _ := cli(t, "describe", name, "--format", "json")
		var doc struct {
			Commands []commandDesc `json:"commands"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		ins := doc.Commands[0].Inputs
		var modes []string
		for _, in := range ins {
			if in.Name == "mode" {
				modes = in.Choices
			}
		}
		for _, in := range ins {
			if in.Name == "mode" || in.Group == groupRun || in.Group == groupOutput || in.Group == groupAdvanced {
				continue
			}
			sample, ok := sampleValue(in)
			if !ok {
				continue
			}
			switch in.Name {
			case "breach":
				sample = []string{"--breach", "rowhouse"}
			case "aerial-af":
				// no higher than the example vehicle's worst AF (C7.12)
				sample = []string{"--aerial-af", "4"}
			case "roadblock":
				// every mode takes one roadblock or the other (a Thrown DC
				// the narrow one only): its value, not the input, hangs on
				// the mode
				continue
			}
			extra := needs[name][in.Name]
			var refused []string
			for _, m := range modes {
				args := []string{name, "--mode", m, "--trials", "1"}
				for _, ex := range ins {
					// the example target, unless the input or what it needs
					// stands instead of it (--beyond, another --vehicle)
					if len(ex.Example) > 0 && ex.Name != in.Name && !slices.Contains(in.Excludes, ex.Name) && !slices.Contains(extra, "--"+ex.Name) &&
						!(slices.Contains(extra, "--beyond") || in.Name == "beyond") {
						args = append(args, "--"+ex.Name, ex.Example[0])
					}
				}
				args = append(append(args, extra...), sample...)
				if name == "dc" && m != "set" && slices.Contains(args, "--terrain") {
					// A terrain needs the Location's TEM beside it where
					// the attack reads one (terrainTEM): a Set DC reads
					// none (A23.71).
					args = append(args, "--tem", "1")
				}
				code, _, stderr := cli(t, args...)
				// refused for this input: the message is about it, or about
				// an input it needs (--beyond needs a --breach,
				// which only a Placed DC makes)
				about := func(flag string) bool {
					return strings.HasPrefix(stderr, "sapper "+name+": "+flag+" ") || strings.HasPrefix(stderr, "sapper "+name+": "+flag+":")
				}
				needed := slices.ContainsFunc(extra, func(a string) bool { return strings.HasPrefix(a, "--") && about(a) })
				if code == exitUsage && (about("--"+in.Name) || needed) {
					refused = append(refused, m)
				}
			}
			if len(refused) == len(modes) {
				t.Errorf("%s --%s %v: refused under every mode; give it what it needs in this test", name, in.Name, append(extra, sample...))
				continue
			}
			var want []string
			if in.Only != nil && in.Only.Input == "mode" {
				for _, m := range modes {
					if !slices.Contains(in.Only.Values, m) {
						want = append(want, m)
					}
				}
			}
			if !slices.Equal(refused, want) {
				t.Errorf("%s --%s: refused with --mode %v; describe's only says %v", name, in.Name, refused, want)
			}
		}
	}
}

// sampleValue is a value of in other than its default, as arguments.
func sampleValue(in inputDesc) ([]string, bool) {
	flag := "--" + in.Name
	switch in.Kind {
	case kindYesNo:
		return []string{flag}, true
	case kindInteger:
		v := "1"
		if in.Max == "0" {
			v = string(in.Min)
		}
		return []string{flag, v}, true
	case kindUnit, kindUnits:
		return []string{flag, "4-6-7"}, true
	case kindChoice:
		for _, c := range slices.Backward(in.Choices) {
			if c != in.Default {
				return []string{flag, c}, true
			}
		}
	}
	return nil, false
}
