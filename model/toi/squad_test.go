package toi_test

import (
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
)

func TestParseSquad(t *testing.T) {
	for _, c := range []struct {
		in   string
		want toi.Squad
	}{
		{"4", toi.Squad{Figures: 4, Cover: toi.HexCover}},
		{"3,cover=1", toi.Squad{Figures: 3, Cover: 1}},
		{"2,in-pillbox,cover=0", toi.Squad{Figures: 2, Cover: 0, InPillbox: true}},
		{"4,pinned", toi.Squad{Figures: 4, Cover: toi.HexCover, Pinned: true}},
	} {
		got, err := toi.ParseSquad(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseSquad(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
		if back, err := toi.ParseSquad(got.String()); err != nil || back != got {
			t.Errorf("%q → %q → %+v, %v", c.in, got, back, err)
		}
	}
	for _, c := range []struct{ in, want string }{
		{"", "no number"},
		{"0", "0 figures outside 1…10"},
		{"11", "11 figures outside"},
		{"-1", "-1 is below 0"},
		{"0x4", `"0x4" is not a whole number`},
		{"4,cover=1.0", `"1.0" is not a whole number`},
		{"4,cover=1_0", `"1_0" is not a whole number`},
		{"4,cover=11", "cover=11 outside 0…10"},
		{"4,cover", `unknown option "cover"`},
		{"4,in-pillbox=yes", `unknown option "in-pillbox=yes"`},
		{"4,cover=1,cover=2", "cover given twice"},
		{"4,elite", `unknown option "elite"`},
		{"4,pinned=true", `unknown option "pinned=true"`},
		{"4,pinned,pinned", "pinned given twice"},
		{"99999999999999999999", "far too large"},
	} {
		_, err := toi.ParseSquad(c.in)
		if err == nil || !strings.HasPrefix(err.Error(), "squad ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSquad(%q): err = %v, want …%s…", c.in, err, c.want)
		}
	}
}
