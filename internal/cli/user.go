package cli

import "github.com/sapperhq/sapper/model/asl"

// dcUser is a DC's user class for its X#: the one given, or, when none
// is, that of the first Placer, thrower or Setter among groups, who uses
// the DC (A23.2); the model refuses a given class that is not his.
func dcUser(given bool, user asl.User, groups ...[]asl.Unit) asl.User {
	if given {
		return user
	}
	for _, g := range groups {
		if len(g) > 0 {
			return asl.UserOf(g)
		}
	}
	return user
}
