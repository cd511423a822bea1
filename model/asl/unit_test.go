package asl

import (
	"encoding/json"
	"testing"
)

func TestUnitJSONIsItsText(t *testing.T) {
	u := mustUnit(t, "4-6-7,elr=2")
	b, err := json.Marshal(u)
	if err != nil || string(b) != `"4-6-7,elr=2"` {
		t.Fatalf("%s, %v", b, err)
	}
	var back Unit
	if err := json.Unmarshal(b, &back); err != nil || back.ELR != 2 || back.ML != 7 {
		t.Fatalf("%+v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`"4-6-x"`), &back); err == nil {
		t.Error("a bad unit unmarshals")
	}
}

func TestParseUnitErrors(t *testing.T) {
	for _, s := range []string{"4-6", "leader:8", "tank:4-6-7", "4-6-7,elr=9", "4-6-7,wounded", "4-6-7,class=veteran", "4-6-11"} {
		if _, err := ParseUnit(s); err == nil {
			t.Errorf("%q parses", s)
		}
	}
}
