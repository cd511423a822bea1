package enum

import "testing"

type mode uint8
type ec int8

func TestName(t *testing.T) {
	names := []string{"placed", "thrown", "set"}
	for _, c := range []struct {
		got, want string
	}{
		{Name("Mode", names, mode(0)), "placed"},
		{Name("Mode", names, mode(2)), "set"},
		{Name("Mode", names, mode(3)), "Mode(3)"},
		{Name("Mode", names, mode(255)), "Mode(255)"},
		{Name("EC", names, ec(-1)), "EC(-1)"},
		{Name("EC", nil, ec(0)), "EC(0)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestText(t *testing.T) {
	names := []string{"placed", "thrown", "set"}
	if b, err := Text("Mode", names, mode(1)); err != nil || string(b) != "thrown" {
		t.Errorf("Text(1) = %q, %v", b, err)
	}
	if b, err := Text("Mode", names, mode(9)); err == nil || b != nil {
		t.Errorf("Text(9) = %q, %v; want an error", b, err)
	}
}
