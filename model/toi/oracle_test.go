package toi_test

// An independent oracle, written from rules/toi.md alone: it lists every
// die an attack rolls, enumerates each die's success or failure one die at
// a time (no binomial shortcut, no distribution algebra), and plays the
// rules out on every combination. It shares nothing with the model but the
// input type.

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/internal/simtest"

	"github.com/sapperhq/sapper/model/toi"
	"github.com/sapperhq/sapper/sim"
)

// oracleDice is the list of dice of one attack, each with the number of
// its six faces that count, and the rolls they form, as index ranges into
// the list.
type oracleDice struct {
	faces []int
}

// roll adds n dice counting on faces and returns their range.
func (d *oracleDice) roll(n, faces int) [2]int {
	from := len(d.faces)
	for range n {
		d.faces = append(d.faces, faces)
	}
	return [2]int{from, len(d.faces)}
}

// count is the number of dice of r that succeeded.
func count(hit []bool, r [2]int) int {
	n := 0
	for _, h := range hit[r[0]:r[1]] {
		if h {
			n++
		}
	}
	return n
}

// oracle returns the distribution of every metric of a, by label.
func oracle(t *testing.T, a toi.BuildingAttack) map[string]map[string]float64 {
	t.Helper()
	attackFaces, cancelFaces := 7-a.HitOn, 7-a.CancelOn
	coverOf := func(s toi.Squad) int {
		if s.Cover < 0 {
			return a.Cover // D1
		}
		return s.Cover
	}
	// D6: a charge in a pillbox hex touches only the squads on its side.
	touched := func(s toi.Squad) bool {
		switch a.Pillbox {
		case toi.PillboxInside:
			return s.InPillbox
		case toi.PillboxOutside:
			return !s.InPillbox
		}
		return true
	}
	// D2: Fire and Movement halves, rounded up; each joining unit adds
	// half its firepower, rounded up.
	buildingDice := a.Dice
	if a.FireAndMove {
		buildingDice = int(math.Ceil(float64(a.Dice) / 2))
	}
	for _, fp := range a.Combined {
		buildingDice += int(math.Ceil(float64(fp) / 2))
	}
	building := a.Pillbox == toi.NoPillbox
	charges := 1 // detonations: all together (D4) …
	if a.PerCharge {
		charges = a.Charges // … or one by one ([M5])
	}

	var d oracleDice
	var area [2]int
	if a.Kind == toi.AreaAttack && len(a.Squads) > 0 {
		area = d.roll(a.Area, attackFaces)
	}
	var areaCover, collapse, collapseCover [][2]int
	chargeCover := make([][][2]int, len(a.Squads))
	// Only the dice an attack of this kind rolls are listed, to keep the
	// enumeration small; a die that is rolled but never read would only
	// multiply every combination.
	for k, s := range a.Squads {
		if a.Kind == toi.AreaAttack {
			areaCover = append(areaCover, d.roll(coverOf(s), cancelFaces))
		}
		if a.Kind == toi.ChargesAttack {
			for range charges {
				chargeCover[k] = append(chargeCover[k], d.roll(coverOf(s), cancelFaces))
			}
		}
		// A suppressive attack rolls nothing against the building (§4),
		// which cannot fall.
		if building && !a.Suppressive {
			collapse = append(collapse, d.roll(4, 3)) // 4 dice hitting on 4–6 (§4)
			collapseCover = append(collapseCover, d.roll(a.CollapseCover, cancelFaces))
		}
	}
	var attack [2]int
	if a.Kind != toi.ChargesAttack {
		attack = d.roll(buildingDice, attackFaces)
	}
	var buildingCover [][2]int
	for range charges {
		if building {
			buildingCover = append(buildingCover, d.roll(a.Cover, cancelFaces))
		}
	}
	if len(d.faces) > 22 {
		t.Fatalf("oracle: %d dice is too many to enumerate", len(d.faces))
	}

	out := map[string]map[string]float64{}
	add := func(metric, label string, p float64) {
		if out[metric] == nil {
			out[metric] = map[string]float64{}
		}
		out[metric][label] += p
	}
	hit := make([]bool, len(d.faces))
	for mask := 0; mask < 1<<len(d.faces); mask++ {
		p := 1.0
		for i, f := range d.faces {
			hit[i] = mask&(1<<i) != 0
			if hit[i] {
				p *= float64(f) / 6
			} else {
				p *= float64(6-f) / 6
			}
		}
		if p == 0 {
			continue
		}
		netOf := func(hits, cancels int) int { return max(0, hits-cancels) }
		// The building: the one attack that decides it (D5).
		fallen, hits := false, 0
		if building {
			switch a.Kind {
			case toi.ChargesAttack:
				for c := range charges {
					h := a.ChargeHits
					if !a.PerCharge {
						h = a.Charges * a.ChargeHits
					}
					hits = max(hits, netOf(h, count(hit, buildingCover[c])))
				}
			default:
				hits = netOf(count(hit, attack), count(hit, buildingCover[0]))
			}
			fallen = hits >= a.Threshold
			if !a.Suppressive { // which leaves the building alone (§4)
				add("building", map[bool]string{true: "destroyed", false: "standing"}[fallen], p)
				add("hits", strconv.Itoa(hits), p)
			}
		}
		gone := 0
		for k, s := range a.Squads {
			left := s.Figures
			take := func(n int) { left = max(0, left-n) }
			switch a.Kind {
			case toi.AreaAttack:
				take(netOf(count(hit, area), count(hit, areaCover[k])))
			case toi.ChargesAttack:
				if touched(s) {
					for c := range charges {
						h := a.ChargeHits
						if !a.PerCharge {
							h = a.Charges * a.ChargeHits
						}
						take(netOf(h, count(hit, chargeCover[k][c])))
					}
				}
			}
			fateLabel := ""
			if a.Suppressive {
				// [M4]: pins on PinHits, disrupts on DisruptHits or any
				// hit on a pinned squad; no figure is lost.
				h := netOf(count(hit, area), count(hit, areaCover[k]))
				left = s.Figures
				switch {
				case h >= a.DisruptHits || s.Pinned && h > 0:
					fateLabel = "disrupted"
				case h >= a.PinHits || s.Pinned:
					fateLabel = "pinned"
				default:
					fateLabel = "unharmed"
				}
			}
			switch {
			case fateLabel != "":
			case left == 0:
				fateLabel = "eliminated"
			case fallen:
				take(netOf(count(hit, collapse[k]), count(hit, collapseCover[k])))
				fateLabel = "pinned"
				if left == 0 {
					fateLabel = "eliminated"
				}
			case s.Pinned:
				fateLabel = "pinned" // before the attack, and still
			case left < s.Figures:
				fateLabel = "reduced"
			default:
				fateLabel = "unharmed"
			}
			if left == 0 {
				gone++
			}
			name := fmt.Sprintf("squad.%d", k+1)
			add(name, fateLabel, p)
			if !a.Suppressive { // which removes no figure
				add(name+".lost", strconv.Itoa(s.Figures-left), p)
			}
		}
		if len(a.Squads) > 0 && !a.Suppressive {
			add("squads_eliminated", strconv.Itoa(gone), p)
		}
	}
	return out
}

// exact runs a by exact enumeration.
func exact(t testing.TB, a toi.BuildingAttack) *sim.Result { t.Helper(); return simtest.ExactOf(t, a) }

// compareWithOracle compares the model's exact result with the oracle's
// (simtest.MatchesOracle).
func compareWithOracle(t *testing.T, name string, a toi.BuildingAttack) {
	t.Helper()
	simtest.MatchesOracle(t, name, exact(t, a), oracle(t, a))
}

func squad(t testing.TB, s string) toi.Squad {
	t.Helper()
	q, err := toi.ParseSquad(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// oracleCases are attacks that rules/toi.md does not publish: area attacks
// on occupied buildings, charges together and one by one, collapses with
// cover, pillboxes, combined fire and other faces.
func oracleCases(t *testing.T) map[string]toi.BuildingAttack {
	cases := map[string]toi.BuildingAttack{}
	add := func(name string, kind toi.Kind, set func(*toi.BuildingAttack)) {
		a := toi.NewBuildingAttack(kind)
		set(&a)
		cases[name] = a
	}
	add("dice vs empty building", toi.OnBuilding, func(a *toi.BuildingAttack) { a.Dice, a.Threshold = 8, 3 })
	add("dice, two squads caught by the collapse", toi.OnBuilding, func(a *toi.BuildingAttack) {
		a.Dice, a.Cover, a.Threshold, a.HitOn = 5, 1, 2, 4
		a.Squads = []toi.Squad{squad(t, "4"), squad(t, "2,cover=0")}
	})
	add("collapse with cover", toi.OnBuilding, func(a *toi.BuildingAttack) {
		a.Dice, a.Cover, a.Threshold, a.CollapseCover = 4, 1, 2, 2
		a.Squads = []toi.Squad{squad(t, "3"), squad(t, "1,cover=3")}
	})
	add("area on an occupied building", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Cover, a.Threshold = 4, 4, 1, 2
		a.Squads = []toi.Squad{squad(t, "2"), squad(t, "3,cover=0")}
	})
	add("area with collapse cover", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Cover, a.Threshold, a.CollapseCover = 3, 3, 1, 1, 1
		a.Squads = []toi.Squad{squad(t, "3,cover=2"), squad(t, "2")}
	})
	add("area, strong hit faces, weak cover", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Cover, a.Threshold, a.HitOn, a.CancelOn = 5, 3, 2, 2, 3, 6
		a.Squads = []toi.Squad{squad(t, "4,cover=1")}
	})
	add("charges together", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges, a.ChargeHits, a.Cover, a.Threshold = 2, 2, 2, 3
		a.Squads = []toi.Squad{squad(t, "3,cover=1"), squad(t, "2,cover=2")}
	})
	add("charges one by one", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges, a.ChargeHits, a.Cover, a.Threshold, a.PerCharge = 2, 2, 2, 2, true
		a.Squads = []toi.Squad{squad(t, "3,cover=1"), squad(t, "2,cover=2")}
	})
	add("three charges one by one, collapse cover", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges, a.Cover, a.Threshold, a.PerCharge, a.CollapseCover = 3, 1, 3, true, 1
		a.Squads = []toi.Squad{squad(t, "4,cover=1")}
	})
	add("default charges on a squad", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges = 2
		a.Squads = []toi.Squad{squad(t, "4"), squad(t, "3,cover=1")}
	})
	add("pillbox, charge inside", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges, a.Pillbox = 1, toi.PillboxInside
		a.Squads = []toi.Squad{squad(t, "3,cover=3,in-pillbox"), squad(t, "4,cover=1")}
	})
	add("pillbox, charges outside one by one", toi.ChargesAttack, func(a *toi.BuildingAttack) {
		a.Charges, a.Pillbox, a.PerCharge = 2, toi.PillboxOutside, true
		a.Squads = []toi.Squad{squad(t, "3,cover=3,in-pillbox"), squad(t, "4,cover=1"), squad(t, "2,cover=2")}
	})
	add("combined fire", toi.OnBuilding, func(a *toi.BuildingAttack) {
		a.Dice, a.Combined, a.Cover, a.Threshold = 3, []int{3, 2}, 1, 2
		a.Squads = []toi.Squad{squad(t, "2")}
	})
	add("fire and movement", toi.OnBuilding, func(a *toi.BuildingAttack) {
		a.Dice, a.FireAndMove, a.Cover, a.Threshold = 9, true, 1, 2
	})
	add("pinned squads under an area attack and a collapse", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Cover, a.Threshold = 3, 3, 1, 1
		a.Squads = []toi.Squad{squad(t, "2,pinned"), squad(t, "3,cover=0")}
	})
	add("suppressive, one squad pinned before", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Suppressive = 5, 0, true
		a.Squads = []toi.Squad{squad(t, "2"), squad(t, "3,cover=1,pinned"), squad(t, "4,cover=0")}
	})
	add("suppressive, pins on 2 and disrupts on 3, strong faces", toi.AreaAttack, func(a *toi.BuildingAttack) {
		a.Area, a.Dice, a.Suppressive, a.PinHits, a.DisruptHits, a.HitOn, a.Cover = 6, 0, true, 2, 3, 4, 3
		a.Squads = []toi.Squad{squad(t, "4"), squad(t, "2,cover=1,pinned")}
	})
	return cases
}

func TestModelAgreesWithOracle(t *testing.T) {
	for name, a := range oracleCases(t) {
		compareWithOracle(t, name, a)
	}
}

// TestLargePoolsAgreeWithConvolution checks pools far beyond what the
// oracle can enumerate against a plain float64 convolution, one die at a
// time: the exact method must take 30 and more dice.
func TestLargePoolsAgreeWithConvolution(t *testing.T) {
	for _, c := range []struct{ dice, cover, threshold, hitOn int }{
		{30, 2, 6, 5}, {40, 3, 12, 5}, {60, 2, 20, 6}, {100, 4, 40, 5}, {100, 10, 90, 2},
	} {
		a := toi.NewBuildingAttack(toi.OnBuilding)
		a.Dice, a.Cover, a.Threshold, a.HitOn = c.dice, c.cover, c.threshold, c.hitOn
		succ := convolve(c.dice, float64(7-c.hitOn)/6)
		canc := convolve(c.cover, 2.0/6)
		want := 0.0
		for s, ps := range succ {
			for k, pk := range canc {
				if s-k >= c.threshold {
					want += ps * pk
				}
			}
		}
		got := exact(t, a).P("building", "destroyed")
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%+v: P(destroyed) = %.15f, convolution %.15f", c, got, want)
		}
	}
}

// convolve is the number of successes among n dice of success chance p,
// adding one die at a time.
func convolve(n int, p float64) []float64 {
	d := []float64{1}
	for range n {
		next := make([]float64, len(d)+1)
		for k, x := range d {
			next[k] += x * (1 - p)
			next[k+1] += x * p
		}
		d = next
	}
	return d
}
