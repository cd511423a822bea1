package asl

import (
	"fmt"
	"slices"
	"strings"
)

// Preset is a named vehicle whose armor a user need not type. The presets
// are types of vehicle with representative AFs on the D1.6 scale, not
// transcriptions of particular counters: for a given counter, type its
// values with --af.
type Preset struct {
	Name       string
	About      string
	Armor      Armor
	OpenTopped bool
}

// presets are the vehicles sapper afv knows by name. tiger is the
// Tiger-like AFV of rules/asl.md R16.
var presets = []Preset{
	{"tiger", "Tiger-like heavy tank (rules/asl.md R16)", Armor{Hull: [3]AF{11, 8, 8}, Turret: [3]AF{11, 8, 8}}, false},
	{"medium-tank", "medium tank, thick front, thin sides", Armor{Hull: [3]AF{8, 4, 4}, Turret: [3]AF{8, 6, 6}}, false},
	{"light-tank", "light tank", Armor{Hull: [3]AF{3, 2, 2}, Turret: [3]AF{3, 2, 2}}, false},
	{"armored-car", "armored car", Armor{Hull: [3]AF{1, 0, 0}, Turret: [3]AF{1, 0, 0}}, false},
	{"halftrack", "Open-Topped armored halftrack", Armor{Hull: [3]AF{1, 0, 0}, Turret: [3]AF{1, 0, 0}}, true},
	{"truck", "unarmored truck (rules/asl.md R22)", Armor{Hull: [3]AF{Unarmored, Unarmored, Unarmored}, Turret: [3]AF{Unarmored, Unarmored, Unarmored}}, false},
}

// Presets lists the named vehicles: a copy, which a caller may change
// without changing what LookupPreset finds.
func Presets() []Preset { return slices.Clone(presets) }

// LookupPreset finds a named vehicle by its name, spelt exactly.
func LookupPreset(name string) (Preset, error) {
	for _, p := range presets {
		if name == p.Name {
			return p, nil
		}
	}
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.Name
		if strings.EqualFold(name, p.Name) {
			// spelt exactly all the same: a name is one spelling
			return Preset{}, fmt.Errorf("%q: names are lower case: %s (or give the armor with --af)", name, p.Name)
		}
	}
	return Preset{}, fmt.Errorf("%q: want one of %s, or give the armor with --af", name, strings.Join(names, ", "))
}
