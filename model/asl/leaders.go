package asl

// grade is a leader's ML and leadership modifier.
type grade struct{ ml, mod int8 }

// ladder is the leader quality ladder of A19.13 and A15.3, worst first
// (rules/asl.md §8.47): ELR Replacement moves one step down, Battle
// Hardening one step up.
var ladder = []grade{{6, 1}, {7, 0}, {8, 0}, {8, -1}, {9, -1}, {9, -2}, {10, -2}, {10, -3}}

// better orders grades by ML, then by modifier (more negative is better).
func (g grade) better(h grade) bool {
	return g.ml > h.ml || g.ml == h.ml && g.mod < h.mod
}

// gradeDown returns the next grade below g on the ladder; ok is false when
// nothing is below (a 6+1 is Disrupted instead, A19.12).
func gradeDown(g grade) (grade, bool) {
	for i := len(ladder) - 1; i >= 0; i-- {
		if g.better(ladder[i]) {
			return ladder[i], true
		}
	}
	return g, false
}

// gradeUp returns the next grade above g; ok is false for the best leader,
// who becomes Fanatic instead (A15.3).
func gradeUp(g grade) (grade, bool) {
	for _, h := range ladder {
		if h.better(g) {
			return h, true
		}
	}
	return g, false
}
