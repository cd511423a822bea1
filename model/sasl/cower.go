package sasl

import (
	"github.com/sapperhq/sapper/model/asl"
)

// firerNationality is the ENEMY's nationality where Cowering cares
// (A7.9): british, finnish, or any other. A tables file writes its
// nationality in lower case (Tables.Validate), so the words are read
// exactly (S29).
func firerNationality(s string) asl.Nationality {
	n, err := asl.ParseNationality(s)
	if err != nil {
		return asl.OtherNationality
	}
	return n
}

// subjectToCowering reports whether a firing MMC of nationality n and
// class c is subject to Cowering (A7.9 as rules/asl.md §7.4 states it,
// S29): British Elite and 1st Line MMC and Finnish units other than
// Conscripts never cower. A Fire Group cowers if any of its firers is
// subject to it; an all-exempt Fire Group never does.
func subjectToCowering(n asl.Nationality, c asl.Class) bool {
	switch n {
	case asl.British:
		return c != asl.Elite && c != asl.FirstLine
	case asl.Finnish:
		return c == asl.Conscript
	}
	return true
}
