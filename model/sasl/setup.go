package sasl

import (
	"github.com/sapperhq/sapper/internal/par"
	"github.com/sapperhq/sapper/model/asl"
)

// setup is the tables of a plan that cost the most to build: each listing's
// generation and each shared set of shot rolls. They do not depend on one
// another, so they are built on the run's workers.
type setup struct {
	gens     []genJob
	byKey    map[genKey]int
	listings []int // per listing in path order, its generation
	rolls    []int // the steps whose shot rolls are built
}

// genJob is one generation table: the first activation that needs it,
// and once built, the table or the error.
type genJob struct {
	a    activation
	long bool
	gd   genDist
	err  error
}

// genKey is all that a generation table reads of its activation (gen.go),
// so S? alike, such as two in one building at the same range, share one:
// the S?'s ID only names it in an error, which the first to need it
// returns. The tables and the ENEMY are the crossing's.
type genKey struct {
	alone        bool
	acDRM        int
	site, forbid string
	r, shots     int
	hind         int8
	longRange    bool
}

// gen lists activation a's generation table, shared with an earlier
// listing's if it is the same, and returns its index.
func (b *setup) gen(a activation, long bool) int {
	k := genKey{alone: a.sq.Loc == "", acDRM: a.sq.ACDRM, site: a.sq.Site, forbid: forbidKey(a.sq.Forbid), r: a.r, shots: a.shots, hind: a.hind, longRange: long}
	if i, ok := b.byKey[k]; ok {
		return i
	}
	if b.byKey == nil {
		b.byKey = map[genKey]int{}
	}
	b.byKey[k] = len(b.gens)
	b.gens = append(b.gens, genJob{a: a, long: long})
	return len(b.gens) - 1
}

// build builds the generation tables, then the shot rolls column by
// column, on up to workers goroutines: the generation tables first, as
// they cost the most.
func (b *setup) build(workers int, steps []stepPlan, k *shotKeys) {
	const cols = asl.Columns
	par.Do(workers, len(b.gens)+cols*len(b.rolls), func(i int) {
		if i < len(b.gens) {
			j := &b.gens[i]
			if j.long {
				j.gd, j.err = j.a.longRangeDist()
			} else {
				j.gd, j.err = j.a.normalDist()
			}
			return
		}
		i -= len(b.gens)
		steps[b.rolls[i/cols]].buildColumn(asl.Column(i%cols), k)
	})
}

// result is generation table i, or the error building it.
func (b *setup) result(i int) (genDist, error) { return b.gens[i].gd, b.gens[i].err }

// forbidKey is an S?'s forbidden items, in its order, as a map key.
func forbidKey(items []Item) string {
	b := make([]byte, len(items))
	for i, it := range items {
		b[i] = byte(it)
	}
	return string(b)
}
