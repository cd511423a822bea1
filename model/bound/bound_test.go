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
