package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
	"github.com/sapperhq/sapper/model/sasl"
)

// TestRulesReadBackFromJSON: every --rule KEY is in the JSON's options
// under its own name (llmc-reverse-positive as llmc_reverse_positive), so
// that a result's inputs give back its command line.
func TestRulesReadBackFromJSON(t *testing.T) {
	check := func(what string, o any, keys []string) {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range keys {
			if _, ok := m[strings.ReplaceAll(k, "-", "_")]; !ok {
				t.Errorf("%s: --rule %s is not in the JSON's options %s", what, k, b)
			}
		}
	}
	var dc, act []string
	for _, r := range rules {
		dc = append(dc, r.key)
	}
	for _, r := range activateRules {
		act = append(act, r.key)
	}
	check("dc, fire, compare", asl.DefaultOptions(), dc)
	check("activate", sasl.DefaultOptions(), act)
}
