package lhy

import (
	"encoding/json"
	"testing"
)

// TestFireAttackReadsBack: an attack's JSON, as the command line echoes
// it, decodes to the same attack.
func TestFireAttackReadsBack(t *testing.T) {
	var a FireAttack
	for _, s := range []string{"rifle:7", "mg:6,concealed,japanese", "crew:5,russian,disrupted"} {
		u, err := ParseUnit(s)
		if err != nil {
			t.Fatal(err)
		}
		a.Units = append(a.Units, u)
	}
	v, err := ParseVehicle("tank:8,afv")
	if err != nil {
		t.Fatal(err)
	}
	a.Vehicles, a.SADRM = []Vehicle{v}, []int{1, 3}
	a.Options.CohesionFail = FailDisrupt
	b, err := json.Marshal(&a)
	if err != nil {
		t.Fatal(err)
	}
	var back FireAttack
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if again, _ := json.Marshal(&back); string(again) != string(b) {
		t.Errorf("the attack reads back otherwise:\n%s\n%s", b, again)
	}
}
