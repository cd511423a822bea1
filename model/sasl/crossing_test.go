package sasl

import (
	"strings"
	"testing"
)

// TestSitesValidate: an S?'s site and an {x5} column's are inside or
// outside (S19), refused by Validate otherwise even when no Gun can be
// rolled; no other table's column has a site.
func TestSitesValidate(t *testing.T) {
	refusesEdits(t, []refusedEdit{
		{"S? underground", func(c *Crossing) { c.SQ[0].Site = "underground" }, `sq A: site "underground": want inside or outside`},
		{"S? without a site", func(c *Crossing) { c.SQ[1].Site = "" }, `sq B: site "": want inside or outside`},
		{"x5 underground", func(c *Crossing) { c.Tables.X5.Columns[0].Site = "underground" }, `x5: column site "underground": want inside or outside`},
		{"x5 without a site", func(c *Crossing) { c.Tables.X5.Columns[1].Site = "" }, `x5: column site "": want inside or outside`},
		{"x4 with a site", func(c *Crossing) { c.Tables.X4.Columns[0].Site = Inside }, "x4: a column with a site; only {x5} columns are picked by site (S19)"},
	})
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

// TestValidateBuiltInCode: a crossing built in Go is checked as one read
// from a file: its moving units as asl.ParseUnit checks them, the ENEMY
// Attitude and the items an S? may not generate, where a 4-6-7 of ML 0
// arrived 56% of the time instead of 70%, Attitude 9 ran as Hold, item
// 99 was ignored and an {A1} item 200 generated nothing.
func TestValidateBuiltInCode(t *testing.T) {
	refusesEdits(t, []refusedEdit{
		{"ML 0", func(c *Crossing) { c.Stack[0].ML = 0 }, "stack: unit 1: unit \"4-6-0\": ML 0 outside 1…10"},
		{"ML 99", func(c *Crossing) { c.Stack[0].ML = 99 }, "ML 99 outside 1…10"},
		{"kind 9", func(c *Crossing) { c.Stack[0].Kind = 9 }, "stack: unit 1: kind: 9 is out of range"},
		{"wounded squad", func(c *Crossing) { c.Stack[0].Wounded = true }, "only a SMC can be wounded"},
		{"ELR 9", func(c *Crossing) { c.Stack[0].ELR = 9 }, "elr=9 outside 0…5"},
		{"attitude 9", func(c *Crossing) { c.Enemy.Attitude = 9 }, "attitude: 9: want advance or hold"},
		// A Long Range Activation DR takes no AC drm: it would go unread.
		{"ac drm of a Long Range S?", func(c *Crossing) {
			c.SQ[0].ACDRM = -1
			for k := range c.Path {
				for i := range c.Path[k].Eligible {
					c.Path[k].Eligible[i].LongRange = c.Path[k].Eligible[i].LongRange || c.Path[k].Eligible[i].ID == c.SQ[0].ID
				}
			}
		}, "ac_drm -1, but it is eligible only for Long Range Activation"},
		// An F in Advance Attitude generates nothing: no {A5} dr to modify.
		{"a5 drm advancing", func(c *Crossing) { c.Enemy.Attitude, c.Enemy.A5DRM = Advance, 2 }, "a5_drm: +2 in Advance Attitude"},
		// An item past the letters once passed, and generated nothing.
		{"a1 item 200", func(c *Crossing) { c.Tables.A1.Rows[0] = []Item{200} }, "a1: item 200: want one of S, HS, L, SW, Gun, AFV, SPG, F"},
		{"forbid 99", func(c *Crossing) { c.SQ[0].Forbid = []Item{ItemSW, 99} }, "sq A: forbid: item 99: want one of S, HS, L, SW, Gun, AFV, SPG, F"},
		// british and finnish change Cowering (S29), read exactly: a
		// capital or a space was once folded away, a guess.
		{"Finnish", func(c *Crossing) { c.Tables.Nationality, c.Enemy.Nationality = "Finnish", "Finnish" }, `nationality: "Finnish": want a nationality in lower case`},
		{" finnish", func(c *Crossing) { c.Tables.Nationality, c.Enemy.Nationality = " finnish", " finnish" }, `nationality: " finnish": want a nationality in lower case`},
	})
}

// refusedEdit is a change to a valid crossing that Validate must refuse,
// with what its error says.
type refusedEdit struct {
	name string
	edit func(*Crossing)
	want string
}

// refusesEdits requires Validate, and Experiment with it, to refuse each
// edit of the two-S? crossing, which they take unedited.
func refusesEdits(t *testing.T, edits []refusedEdit) {
	for _, tc := range edits {
		t.Run(tc.name, func(t *testing.T) {
			c := twoSQ(t)
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			tc.edit(c)
			if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate() = %v, want %q", err, tc.want)
			}
			if _, err := c.Experiment(); err == nil {
				t.Error("Experiment() ran it")
			}
		})
	}
}
