package toi_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sapperhq/sapper/model/toi"
)

// FuzzParseSquad: any string either parses to a valid squad whose text
// parses back to it, or fails with an error naming the squad; it never
// panics.
func FuzzParseSquad(f *testing.F) {
	for _, s := range []string{"4", "3,cover=1", "2,cover=0,in-pillbox", "4,cover", ",", "0x3", "1e1", "4,,", "10,cover=10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q, err := toi.ParseSquad(s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "squad ") {
				t.Fatalf("error %q does not name the squad", err)
			}
			return
		}
		if q.Figures < 1 || q.Figures > toi.MaxFigures || q.Cover < toi.HexCover || q.Cover > toi.MaxCover {
			t.Fatalf("%q parsed out of bounds: %+v", s, q)
		}
		back, err := toi.ParseSquad(q.String())
		if err != nil || back != q {
			t.Fatalf("%q → %q → %+v, %v", s, q, back, err)
		}
	})
}

// FuzzParseCount: a count parses only from decimal digits with an
// optional sign, and then to the number they spell.
func FuzzParseCount(f *testing.F) {
	for _, s := range []string{"0", "12", "-3", "012", "0x1f", "1_000", "+4", " 4", "1e3", "٣"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := toi.ParseCount(s)
		if err != nil {
			return
		}
		want, perr := strconv.ParseInt(strings.TrimPrefix(strings.Replace(s, "\u2212", "-", 1), "+"), 10, 64)
		if n < 0 || perr != nil || int64(n) != want {
			t.Fatalf("%q parsed as %d", s, n)
		}
	})
}
