package asl_test

// The oracle extended to the chains of rules/asl.md §4.3 and §4.5: the
// Placer's or Setter's Location under Defensive Fire, the setting dr and
// the detonation NTC, worked out here from the rules text and mixed with
// the oracle's target Location, whose dice are independent of the chain's.

import (
	"strconv"
	"testing"

	"github.com/sapperhq/sapper/model/asl"
)

// fpColumns are the IFT column headings (A7), for a Defensive Fire FP.
var fpColumns = []float64{1, 2, 4, 6, 8, 12, 16, 20, 24, 30, 36}

// column is the rightmost column whose FP does not exceed fp (A7.3).
func column(fp float64) int {
	c := 0
	for i, v := range fpColumns {
		if v <= fp {
			c = i
		}
	}
	return c
}

// usNumber is the unit's US# for the setting dr (A1.6, §9 R9).
func usNumber(k asl.Kind) int {
	switch k {
	case asl.Squad:
		return 3
	case asl.HalfSquad, asl.Crew:
		return 2
	}
	return 1
}

// chainWorlds resolves each Defensive Fire attack in turn on the DC user's
// Location: A23.3 for a Placer; A23.7 with Hazardous Movement (−2) for a
// Setter. The user's side faces an ADJACENT Known enemy (§8.26).
func chainWorlds(a asl.DCAttack, units []asl.Unit, hazardous int) map[world]float64 {
	var start world
	for k, u := range units {
		start.addPiece(newPiece(u, k, a.ELR))
	}
	dist := map[world]float64{start: 1}
	for _, f := range a.DFF {
		loc := &location{opts: a.Options, surrender: true}
		for _, u := range units {
			loc.col = append(loc.col, column(f.FP))
			loc.drm = append(loc.drm, f.DRM+hazardous+u.DRM)
		}
		next := map[world]float64{}
		for w, p := range dist {
			w.pushTasks(task{op: opAttack})
			for w2, q := range loc.resolve(w) {
				next[w2] += p * q
			}
		}
		dist = next
	}
	return dist
}

// operable: the DC user is neither eliminated, surrendered, broken nor
// pinned (A23.3; berserk is fine).
func operable(w *world) bool {
	u := &w.p[0]
	return u.gone == inPlay && !u.broken && !u.pinned
}

// oracleChain returns the chain's own metric (placer or setting) and the
// probability that the DC reaches its detonation DR.
func oracleChain(a asl.DCAttack) (name string, metric map[string]float64, pGo float64) {
	switch {
	case a.Mode == asl.Placed && len(a.Placer) > 0:
		metric = map[string]float64{}
		for _, l := range oracleFateLabels {
			metric[l] = 0
		}
		for w, p := range chainWorlds(a, a.Placer, 0) {
			fates, _, _ := unitFates(&w, a.Placer)
			metric[oracleFateLabels[fates[0]]] += p
			if operable(&w) {
				pGo += p
			}
		}
		return "placer", metric, pGo
	case a.Mode == asl.Set && len(a.Setter) > 0:
		metric = map[string]float64{"set": 0, "failed_dr": 0, "broken_or_pinned": 0, "berserk": 0}
		worlds := map[world]float64{}
		if a.Preset {
			var w world
			for k, u := range a.Setter {
				w.addPiece(newPiece(u, k, a.ELR))
			}
			worlds[w] = 1
		} else {
			worlds = chainWorlds(a, a.Setter, -2)
		}
		for w, p := range worlds {
			if !operable(&w) {
				metric["broken_or_pinned"] += p
				continue
			}
			if w.p[0].berserk {
				metric["berserk"] += p // A15.431: never Sets
				continue
			}
			c := ctx{w: &w}
			drm := c.leaderDRM(0)
			explore(func(r *roller) {
				// A23.7: dr + leader ≤ US#, unless Set before play.
				if !a.Preset && r.die()+drm > usNumber(w.p[0].kind) {
					metric["failed_dr"] += p * r.p
					return
				}
				// The detonation NTC: Final ≤ ML, leadership applies.
				ntc := r.dr()
				metric["set"] += p * r.p
				if ntc+drm <= w.p[0].curML() {
					pGo += p * r.p
				}
			})
		}
		return "setting", metric, pGo
	}
	return "", nil, 1
}

// oracleWithChain mixes the oracle's attack, made with probability pGo,
// with the untouched Locations otherwise.
func oracleWithChain(a asl.DCAttack) map[string]map[string]float64 {
	name, chain, pGo := oracleChain(a)
	bare := a
	bare.Placer, bare.Setter, bare.DFF, bare.Preset = nil, nil, nil, false
	out := oracle(bare)
	for _, m := range out {
		for l := range m {
			m[l] *= pGo
		}
	}
	idle := 1 - pGo
	out["detonation"]["not_placed"] += idle
	out["ift"]["no_attack"] += idle
	out["hob"]["no"] += idle
	_, start := targetLocation(bare)
	fates, _, _ := unitFates(&start, a.Targets)
	lost := 0
	for k, f := range fates {
		n := "target." + strconv.Itoa(k+1)
		out[n][oracleFateLabels[f]] += idle
		out[n+".reduced"]["no"] += idle
		out[n+".replaced"]["no"] += idle
		if f <= fateBroken {
			lost++
		}
	}
	out["out"][strconv.Itoa(lost)] += idle
	if lost == len(a.Targets) {
		out["stack"]["cleared"] += idle
	} else {
		out["stack"]["not_cleared"] += idle
	}
	_, tstart := throwerLocation(bare)
	tf, _, _ := unitFates(&tstart, a.Throwers)
	for k, f := range tf {
		out["thrower."+strconv.Itoa(k+1)][oracleFateLabels[f]] += idle
	}
	if name != "" {
		out[name] = chain
	}
	return out
}

// TestOracleChains: the unpublished chain cases of rules/asl.md §4 —
// Placement under one and two Defensive Fire attacks, Setting during play
// with its setting dr (which can fail) and Hazardous Movement, a DC Set
// before play, and a DC thrown from a building — against the model.
func TestOracleChains(t *testing.T) {
	u := func(s string) asl.Unit { return mustUnit(t, s) }
	fire := func(s string) asl.FireAttack {
		f, err := asl.ParseFireAttack(s)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	cases := map[string]func() asl.DCAttack{
		"placed under one DFF": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Placed, u("4-6-7"), u("leader:8-1"))
			a.TEM, a.Placer, a.DFF = 3, []asl.Unit{u("4-6-8,class=elite")}, []asl.FireAttack{fire("8:-1")}
			return a
		},
		"placed with a leader under two DFF": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Placed, u("4-6-7"))
			a.TEM = 2
			a.Placer = []asl.Unit{u("4-6-7"), u("leader:8-1")}
			a.DFF = []asl.FireAttack{fire("8:-1"), fire("4:+2")}
			return a
		},
		"set during play, setting dr can fail": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Set, u("4-6-7"))
			a.Setter, a.DFF = []asl.Unit{u("hs:2-4-7"), u("leader:9-2")}, []asl.FireAttack{fire("6:+1")}
			return a
		},
		"set by a lone squad": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Set, u("4-6-7"), u("hs:2-4-7"))
			a.Setter, a.DFF = []asl.Unit{u("4-6-7")}, []asl.FireAttack{fire("4:0")}
			return a
		},
		"set before play": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Set, u("4-6-7"), u("leader:8-1"))
			a.Setter, a.Preset = []asl.Unit{u("4-6-8")}, true
			return a
		},
		"thrown from a building": func() asl.DCAttack {
			a := asl.NewDCAttack(asl.Thrown, u("4-6-7"))
			a.TEM, a.Elevation, a.ThrowerTEM = 2, 1, 3
			a.Throwers = []asl.Unit{u("4-6-8"), u("leader:8-1")}
			return a
		},
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			a := mk()
			// The Placer or Setter is the DC's user (A23.2): the oracle
			// reads its X# from a.User.
			if len(a.Placer) > 0 {
				a.User = asl.UserOf(a.Placer)
			} else if len(a.Setter) > 0 {
				a.User = asl.UserOf(a.Setter)
			}
			if err := a.Validate(); err != nil {
				t.Fatal(err)
			}
			compareMetrics(t, oracleWithChain(a), a)
		})
	}
}
