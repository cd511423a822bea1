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
// its own; an input describe says nothing of is refused under none. A
// form that hides an input under a mode hides exactly what the command
// would refuse there.
func TestOnlyAsRefused(t *testing.T) {
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
			var refused []string
			for _, m := range modes {
				args := []string{name, "--mode", m, "--trials", "1"}
				for _, ex := range ins {
					if len(ex.Example) > 0 && ex.Name != in.Name && !slices.Contains(in.Excludes, ex.Name) {
						args = append(args, "--"+ex.Name, ex.Example[0])
					}
				}
				args = append(args, sample...)
				code, _, stderr := cli(t, args...)
				// refused for the mode alone, not for the mode and another
				// input ("--crew-ml with --mode set and no --ce")
				alone := strings.Contains(stderr, "--"+in.Name+" with --mode "+m+":") || strings.Contains(stderr, "--"+in.Name+": only a ") && strings.Contains(stderr, "(--mode ")
				if code == exitUsage && alone {
					refused = append(refused, m)
				}
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
