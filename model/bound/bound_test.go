package bound

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	tem := Int{0, 8}
	for _, v := range []int{0, 4, 8} {
		if err := tem.Check("tem", v); err != nil {
			t.Errorf("%d: %v", v, err)
		}
	}
	err := Int{-8, 8}.Check("drm", 9)
	var be *Error
	if !errors.As(err, &be) || be.Field != "drm" || be.Value != "9" || be.Allowed != (Int{-8, 8}) {
		t.Fatalf("%#v", err)
	}
	if got := err.Error(); got != "drm: 9 is out of range −8…8" {
		t.Errorf("%q", got)
	}
	be.Why = "TEM is never negative"
	if got := be.Error(); got != "drm: 9 is out of range −8…8 (TEM is never negative)" {
		t.Errorf("%q", got)
	}
}

func TestInvalid(t *testing.T) {
	inner := Int{0, 8}.Check("tem", 9)
	err := Invalidf("target", "squad %d: %w", 2, inner)
	if got := err.Error(); got != "target: squad 2: tem: 9 is out of range 0…8" {
		t.Errorf("%q", got)
	}
	if f, ok := FieldOf(err); !ok || f != "target" {
		t.Errorf("FieldOf = %q, %v; want the outer field, target", f, ok)
	}
	var be *Error
	if !errors.As(err, &be) || be.Field != "tem" {
		t.Errorf("the range error beneath is lost: %#v", err)
	}
	v := InvalidValue("terrain", "lava", "want one of %s", "woods, brush")
	if got := v.Error(); got != `terrain: "lava": want one of woods, brush` {
		t.Errorf("%q", got)
	}
	if f, ok := FieldOf(v); !ok || f != "terrain" {
		t.Errorf("FieldOf = %q, %v", f, ok)
	}
	if _, ok := FieldOf(errors.New("tem: 9")); ok {
		t.Error("an untyped error was read as a field")
	}
}
