package sasl

import (
	"strings"
	"testing"
)

// TestSitesValidate: an S?'s site and an {x5} column's are inside or
// outside (S19), refused by Validate otherwise even when no Gun can be
// rolled; no other table's column has a site.
func TestSitesValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Crossing)
		want string
	}{
		{"S? underground", func(c *Crossing) { c.SQ[0].Site = "underground" }, `sq: A: site "underground": want inside or outside`},
		{"S? without a site", func(c *Crossing) { c.SQ[1].Site = "" }, `sq: B: site "": want inside or outside`},
		{"x5 underground", func(c *Crossing) { c.Tables.X5.Columns[0].Site = "underground" }, `x5: column site "underground": want inside or outside`},
		{"x5 without a site", func(c *Crossing) { c.Tables.X5.Columns[1].Site = "" }, `x5: column site "": want inside or outside`},
		{"x4 with a site", func(c *Crossing) { c.Tables.X4.Columns[0].Site = Inside }, "x4: a column with a site; only {x5} columns are picked by site (S19)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := twoSQ(t)
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			tc.edit(c)
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestDateValidates: Validate refuses the enemy's date outside the war the
// tables cover (S27), as ParseDate does, where a Date built in Go once
// gave figures for the thirteenth month of 1941.
func TestDateValidates(t *testing.T) {
	for _, d := range []Date{{1941, 13}, {1941, 0}, {1941, -4}, {3000, 1}, {1938, 12}} {
		c := twoSQ(t)
		c.Enemy.Date = d
		want := "date: " + d.String() + ": want a month from 1939-01 to 1945-12"
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: Validate() = %v, want %q", d, err, want)
		}
	}
	c := twoSQ(t)
	c.Enemy.Date = Date{1945, 12}
	if err := c.Validate(); err != nil {
		t.Errorf("1945-12: %v", err)
	}
}
