package asl

import (
	"reflect"
	"testing"
)

// TestStackRulesRoundTrip: each morale switch of StackRules reaches
// Options and comes back, alone, so that a Stack is resolved with exactly
// the switches it is given (sasl S29).
func TestStackRulesRoundTrip(t *testing.T) {
	if got, want := DefaultOptions().StackRules().Options(), DefaultOptions(); !reflect.DeepEqual(got, want) {
		t.Errorf("the default switches do not round-trip:\n%+v\n%+v", got, want)
	}
	rt := reflect.TypeOf(StackRules{})
	for i := range rt.NumField() {
		var r StackRules
		reflect.ValueOf(&r).Elem().Field(i).SetBool(true)
		o := r.Options()
		if back := o.StackRules(); back != r {
			t.Errorf("%s alone: %+v comes back as %+v", rt.Field(i).Name, r, back)
		}
		if lr := o.locRules(false); lr == (StackRules{}.Options().locRules(false)) {
			t.Errorf("%s alone changes no rule of the Location", rt.Field(i).Name)
		}
	}
}
