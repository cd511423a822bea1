package asl

import (
	"fmt"
	"testing"
)

// TestBadValuesPrint: a value past an enumeration's names prints as its
// type and number, where String once panicked and fmt wrote
// %!v(PANIC=String method: …).
func TestBadValuesPrint(t *testing.T) {
	for _, c := range []struct {
		v    fmt.Stringer
		want string
	}{
		{Mode(7), "Mode(7)"}, {Set, "set"},
		{Kind(9), "Kind(9)"}, {Leader, "leader"},
		{EC(-1), "EC(-1)"}, {Moderate, "moderate"},
		{Weapon(200), "Weapon(200)"}, {Building(3), "Building(3)"},
		{IFT(99), "IFT(99)"}, {Class(5), "Class(5)"}, {Facing(3), "Facing(3)"},
	} {
		if got := fmt.Sprint(c.v); got != c.want {
			t.Errorf("%T: %q, want %q", c.v, got, c.want)
		}
	}
}
