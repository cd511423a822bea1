package sasl

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/sapperhq/sapper/model/bound"
)

// maxGenLeaves bounds the combinations of generated units a crossing's
// generation tables enumerate together (gen.go): each is a leaf of the
// enumeration, about a microsecond, so the bound holds a crossing's
// set-up to a second or so. Tables whose {A1} rows roll many items, each
// on a table of many distinct units, reach it: six items of eleven units
// each are 11⁶ ≈ 1.8 million combinations a row, which took half a
// minute an S?, and eight an hour, before any trial and deaf to an
// interrupt. The built-in tables' crossings enumerate a few thousand.
const maxGenLeaves = 1 << 20

// genBound is an upper bound on the leaves that building activation a's
// generation table enumerates: the sum over the rows of the product of
// each item's distinct results, a leader's the more of its two rolls
// (with and without an Elite MMC before it); and the {A1} Final DR whose
// row enumerates most, with its share (0 for Long Range, whose items are
// fixed).
func (a *activation) genBound(long bool) (leaves uint64, final int, most uint64, err error) {
	if long {
		items := []Item{ItemS, ItemSW, ItemL, ItemF}
		n, err := a.itemsBound(items, true)
		return n, 0, n, err
	}
	for s := 2; s <= 12; s++ {
		f := s + a.en.MissionDRM
		n, err := a.itemsBound(a.t.A1.Row(f), false)
		if err != nil {
			return 0, 0, 0, err
		}
		if n > most {
			most, final = n, f
		}
		leaves = satAdd(leaves, n)
	}
	return leaves, final, most, nil
}

// itemsBound is the product of the distinct results of each item not
// forbidden: the most leaves one {A1} row enumerates.
func (a *activation) itemsBound(items []Item, long bool) (uint64, error) {
	n := uint64(1)
	for _, it := range items {
		if a.sq.forbids(it) {
			continue
		}
		k := 0
		for _, elite := range []bool{false, true} {
			if elite && it != ItemL {
				break
			}
			r, err := a.rollFor(rollKey{it, elite, long})
			if err != nil {
				return 0, err
			}
			k = max(k, len(r.outs))
		}
		n = satMul(n, uint64(max(k, 1)))
	}
	return n, nil
}

// checkGenBound refuses, before any is built, generation tables that
// would enumerate more than maxGenLeaves combinations together, naming
// the S? and the {A1} row that enumerate most.
func (b *setup) checkGenBound() error {
	var total, most uint64
	var worst *genJob
	var final int
	var row uint64
	for i := range b.gens {
		j := &b.gens[i]
		n, f, r, err := j.a.genBound(j.long)
		if err != nil {
			return nil // building the table returns it, in path order
		}
		total = satAdd(total, n)
		if n > most {
			most, worst, final, row = n, j, f, r
		}
	}
	if total <= maxGenLeaves {
		return nil
	}
	what := fmt.Sprintf("its Long Range Activation generates up to %s combinations of units, and", group(most))
	if !worst.long {
		what = fmt.Sprintf("its {A1} rows generate up to %s combinations of units (Final DR %d, %s: %s), and", group(most), final, itemList(worst.a.t.A1.Row(final)), group(row))
	}
	return bound.Invalidf("tables", "S? %s: %s the crossing's S? up to %s in all; sapper enumerates at most %s, a second or so: roll fewer items a row, or give the tables fewer distinct units a column",
		worst.a.sq.ID, what, group(total), group(maxGenLeaves))
}

// itemList is an {A1} row as the tables write it.
func itemList(items []Item) string {
	s := ""
	for i, it := range items {
		if i > 0 {
			s += ", "
		}
		s += it.String()
	}
	return s
}

func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return 1<<64 - 1
	}
	return lo
}

func satAdd(a, b uint64) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 {
		return 1<<64 - 1
	}
	return s
}

// group writes n with a comma between each three digits.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
