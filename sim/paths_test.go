package sim

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// pathsExperiment draws in every way a model may: Pick from a Dist of dice
// (2d6), from one of another total, from one of a total too large for a
// map and from one of 10^2 (tens), PickValue, Intn over a d10, Intn over dice and over
// a range that is none, Source.Roll and a Hand's rolls with their
// fallbacks, a number of draws that depends on the path, and records with
// Set, by a joint code, and a metric set twice (the second stands).
func pathsExperiment() Experiment {
	sum := NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
	odd := NewDist(3, 1, 4, 1, 5)      // total 14: a uniform draw, no dice
	wide := NewDist(1000, 2001, 3000)  // total 6,001: no map (searchStep)
	hundred := NewDist(10, 20, 30, 40) // total 100: two tens (tens.go)
	val := NewDist(1, 1, 1, 1, 1, 1).WithValues([]int32{10, 20, 30, 40, 50, 60})
	pair := NewDist(make36()...).WithValues(values36())
	return Experiment{
		Schema: Schema{
			Metrics: []Metric{
				{Name: "sum", Labels: labels(11)},
				{Name: "odd", Labels: labels(5)},
				CountMetric("sixes", "sixes rolled", 8),
				{Name: "last", Labels: labels(7)},
				{Name: "j0", Labels: labels(2)},
				{Name: "j1", Labels: labels(3)},
				{Name: "pair", Labels: labels(11)},
				{Name: "wide", Labels: labels(3)},
				{Name: "hundred", Labels: labels(4)},
				{Name: "d10", Labels: labels(10)},
			},
			Joints: []Joint{{Metrics: []int{4, 5}, Rows: [][]uint16{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}}},
		},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				s := src.Pick(sum)
				rec.Set(0, s)
				rec.Set(3, 6) // overwritten below on most paths
				rec.Set(1, src.Pick(odd))
				rec.Set(7, src.Pick(wide))
				rec.Set(8, src.Pick(hundred))
				rec.Set(9, src.Intn(10))
				sixes := 0
				for range s / 3 {
					if src.PickValue(val) == 60 {
						sixes++
					}
				}
				if h := src.Hand(); true {
					if r, h2, ok := h.Roll(1); ok {
						src.Keep(h2)
						sixes += b2i(r == 5)
					} else if src.Intn(6) == 5 {
						sixes++
					}
				}
				rec.Set(2, sixes)
				if s > 4 {
					rec.Set(3, src.Intn(7))
				}
				if r, ok := src.Roll(2); ok {
					rec.Set(6, int(pair.vlut[r]))
				} else {
					rec.Set(6, int(src.PickValue(pair)))
				}
				rec.SetJoint(0, src.Intn(36)%6)
			}
		},
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func labels(n int) []string {
	l := make([]string, n)
	for i := range l {
		l[i] = string(rune('a' + i))
	}
	return l
}

// make36 and values36 are two dice as 36 equally likely rolls valued by
// their sum less 2.
func make36() []uint64 {
	w := make([]uint64, 36)
	for i := range w {
		w[i] = 1
	}
	return w
}

func values36() []int32 {
	v := make([]int32, 36)
	for i := range v {
		v[i] = int32(i/6 + i%6)
	}
	return v
}

// TestKeptPathsAreTheTrial: walking the kept paths gives the results of
// running the trial every time, to the byte, for any number of workers
// and with a precision rule.
func TestKeptPathsAreTheTrial(t *testing.T) {
	sameWalked(t, pathsExperiment, []Config{
		{Trials: 50_003, Seed: 9, Workers: 1},
		{Trials: 50_003, Seed: 9, Workers: 2},
		{Trials: 50_003, Seed: 9, Workers: 3, Chunk: 777},
		{Trials: 200_000, Seed: 4, Workers: 2, Precision: 0.01},
	})
}

// sameWalked runs the experiment made by exp under each configuration with
// its trial run every time, and walking its kept paths, to the end of the
// run and as long as the walk pays (judge.go), and fails unless the
// results are the same.
func sameWalked(t *testing.T, exp func() Experiment, cfgs []Config) {
	t.Helper()
	for _, cfg := range cfgs {
		e := exp()
		want, err := RunMC(context.Background(), e, cfg)
		if err != nil {
			t.Fatal(err)
		}
		want.Elapsed = 0
		e.KeepPaths = true
		for _, keep := range []bool{true, false} {
			cfg.KeepWalking = keep
			got, err := RunMC(context.Background(), e, cfg)
			if err != nil {
				t.Fatal(err)
			}
			got.Elapsed = 0
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%+v: walking the kept paths gave\n%+v\nrunning the trial\n%+v", cfg, got.Metrics, want.Metrics)
			}
		}
	}
}

// runWorker runs chunks [0, chunks) of exp on one worker, as runChunks
// does, with the graph capped at cap bytes when it keeps paths, and returns
// its tallies.
func runWorker(exp Experiment, chunks uint64, cap int) (*worker, []uint64) {
	offsets, size := exp.Schema.layout()
	w := newWorker(exp, offsets, size, 1)
	if w.paths != nil {
		w.paths.cap = cap
	}
	w.trial = w.newTrial()
	for c := range chunks {
		w.runChunk(1, c, DefaultChunk)
	}
	w.fold(0)
	return w, w.counts
}

// TestFullGraphIsTheTrial: a graph that stops growing at its cap still
// gives the trial's results, running the trial on every path it lacks, and
// then, as too many trials leave it, without it.
func TestFullGraphIsTheTrial(t *testing.T) {
	sameCapped(t, pathsExperiment, 4, []int{0, 2000, 20_000, pathBytes}, func(cap int, w *worker) {
		if cap == 0 && w.paths != nil {
			t.Errorf("cap %d: a graph that can hold nothing was kept", cap)
		}
	})
}

// sameCapped runs chunks of the experiment made by exp on one worker with
// its trial run every time, and walking its kept paths in a graph capped
// at each of caps, and fails unless the tallies are the same; check looks
// at each walking worker.
func sameCapped(t *testing.T, exp func() Experiment, chunks uint64, caps []int, check func(cap int, w *worker)) {
	t.Helper()
	e := exp()
	_, want := runWorker(e, chunks, 0)
	e.KeepPaths = true
	for _, cap := range caps {
		w, got := runWorker(e, chunks, cap)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("cap %d: tallies differ from the trial's", cap)
		}
		check(cap, w)
	}
}

// TestWalkDoesNotAllocate: once the graph holds the paths, a chunk walks
// them without allocating.
func TestWalkDoesNotAllocate(t *testing.T) {
	exp := diceExperiment()
	exp.KeepPaths = true
	w, _ := runWorker(exp, 3, pathBytes)
	if n := len(w.paths.kids); n < 2 {
		t.Fatal("no tree")
	}
	c := uint64(3)
	if a := testing.AllocsPerRun(5, func() {
		w.runChunk(1, c, DefaultChunk)
		c++
	}); a != 0 {
		t.Errorf("a chunk's walk allocates %v times", a)
	}
}

// TestShortcutDoesNotAllocate: a walk that meets a join for the first
// time replaces it (shortcut) without growing the graph's memory, even a
// join far out in the graph that only a rare path reaches, which a chunk
// may walk without any miss.
func TestShortcutDoesNotAllocate(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "x", Labels: labels(7)}}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				// The rare path reaches the state past a draw of 4,000
				// values, so its join sits in a late slot.
				if src.Intn(2) == 1 && !(src.Intn(4000) == 3999 && src.Intn(10) == 0) {
					rec.Set(0, 6)
					return
				}
				if src.Merge([]byte{1}) {
					return
				}
				rec.Set(0, src.Intn(6))
			}
		},
		KeepPaths: true,
	}
	offsets, size := exp.Schema.layout()
	w := newWorker(exp, offsets, size, 1)
	w.trial = w.newTrial()
	// joins counts the joins written, those a copy has replaced too.
	joins := func(p *paths) (joins, shortcuts int) {
		for _, nd := range p.kids {
			if nd.op == joinNode {
				joins++
			}
		}
		for _, b := range p.short {
			shortcuts += bits.OnesCount64(b)
		}
		return joins + shortcuts, shortcuts
	}
	shortcuts := 0
	for c := uint64(0); c < 400 && w.paths != nil; c++ {
		p := w.paths
		before, _ := joins(p)
		short := cap(p.short)
		w.runChunk(1, c, DefaultChunk)
		var after int
		after, shortcuts = joins(p)
		if after == before && cap(p.short) != short {
			t.Fatalf("chunk %d wrote no join, but its walk grew the marks of shortcuts from %d words to %d", c, short, cap(p.short))
		}
	}
	if shortcuts < 2 {
		t.Errorf("%d joins replaced: the test walks neither its common join nor its rare one", shortcuts)
	}
}

// TestImpureTrialPanics: a trial that is no function of its draws is
// found out when it is replayed.
func TestImpureTrialPanics(t *testing.T) {
	exp := Experiment{
		Schema: Schema{Metrics: []Metric{{Name: "x", Labels: labels(2)}}},
		New: func() Trial {
			calls := 0
			return func(src *Source, rec *Record) {
				calls++
				n := 6
				if calls%3 == 0 {
					n = 36
				}
				rec.Set(0, src.Intn(n)%2)
				rec.Set(0, src.Intn(6)%2)
			}
		},
		KeepPaths: true,
	}
	defer func() {
		if recover() == nil {
			t.Error("an impure trial ran without a panic")
		}
	}()
	runWorker(exp, 1, pathBytes)
}

// mergedExperiment declares merge points as an exact model would: a state
// after its first draw (declared twice over, the second time with no draw
// between), where a metric set before is set again after on some paths,
// and a running count with its base, passed with a nil key where the
// trial is replaying.
func mergedExperiment() Experiment {
	die := NewDist(1, 1, 1, 1, 1, 1)
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			{Name: "first", Labels: labels(6)},
			CountMetric("sixes", "sixes rolled", 5),
			{Name: "last", Labels: labels(7)},
			{Name: "early", Labels: labels(2)},
		}},
		New: func() Trial {
			key, base := make([]byte, 1), make([]int, 4)
			return func(src *Source, rec *Record) {
				a := src.Intn(6)
				rec.Set(0, a)
				rec.Set(3, 0)
				key[0] = byte(a / 2)
				if src.Merge(key) {
					return
				}
				if src.Merge(key) { // the same state again, no draw between
					return
				}
				sixes := 0
				for range a/2 + 1 {
					if src.Pick(die) == 5 {
						sixes++
					}
				}
				if a >= 2 {
					rec.Set(3, 1)
				}
				base[1] = sixes
				var stop bool
				if src.Replaying() {
					stop = src.MergeCounts(nil, base)
				} else {
					stop = src.MergeCounts([]byte{9}, base)
				}
				if stop {
					return
				}
				sixes += b2i(src.Intn(6) == 5)
				rec.Set(1, sixes)
				rec.Set(2, src.Intn(7))
			}
		},
	}
}

// TestMergedPathsAreTheTrial: a graph whose paths join at merge points
// gives the trial's results, for any number of workers, and when full.
func TestMergedPathsAreTheTrial(t *testing.T) {
	sameWalked(t, mergedExperiment, []Config{
		{Trials: 40_001, Seed: 2, Workers: 1},
		{Trials: 40_001, Seed: 2, Workers: 3, Chunk: 999},
	})
	sameCapped(t, mergedExperiment, 3, []int{0, 600, 3000, pathBytes}, func(cap int, w *worker) {
		if cap == pathBytes && (w.paths == nil || len(w.paths.states) == 0) {
			t.Error("no state kept: the trial's merge points were not declared")
		}
		if cap == pathBytes && w.paths != nil && !slices.ContainsFunc(w.paths.short, func(b uint64) bool { return b != 0 }) {
			t.Error("no join that keeps no outcomes was replaced by its state's first node")
		}
	})
}

// tailExperiment draws one of seven and on a 0 rolls five dice: its 7,782
// paths are too many to learn in a third of a short run, and a seventh of
// its trials take the rare ones.
func tailExperiment() Experiment {
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			{Name: "first", Labels: labels(7)},
			{Name: "sum", Labels: labels(26)},
		}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				a := src.Intn(7)
				rec.Set(0, a)
				sum := 0
				if a == 0 {
					for range 5 {
						sum += src.Intn(6)
					}
				}
				rec.Set(1, sum)
			}
		},
	}
}

// TestGraphStopsLearning: a worker's graph grows for the first third of its
// share of the run (learnShare) and no longer, and the tallies are still
// the trial's, the trials that leave it run by the model.
func TestGraphStopsLearning(t *testing.T) {
	for name, exp := range map[string]func() Experiment{"merged": mergedExperiment, "tail": tailExperiment} {
		e := exp()
		const chunks = 3
		_, want := runWorker(e, chunks, 0)
		e.KeepPaths = true
		offsets, size := e.Schema.layout()
		w := newRunWorker(e, offsets, size, Config{Trials: chunks * DefaultChunk, Workers: 1, KeepWalking: true})
		w.trial = w.newTrial()
		p := w.paths
		w.runChunk(1, 0, DefaultChunk)
		if !p.full {
			t.Errorf("%s: the graph still grows after a third of the run", name)
		}
		nodes := len(p.kids)
		for c := uint64(1); c < chunks; c++ {
			w.runChunk(1, c, DefaultChunk)
		}
		w.fold(0)
		if w.paths != p || len(p.kids) != nodes {
			t.Errorf("%s: the graph was dropped, or grew from %d to %d nodes once it had stopped", name, nodes, len(p.kids))
		}
		if !reflect.DeepEqual(w.counts, want) {
			t.Errorf("%s: a graph that stopped learning gave\n%v\nthe trial\n%v", name, w.counts, want)
		}
	}
}

// TestGuideStepIsTheDist: a draw's guide (guideStep) maps every draw to
// the Dist's outcome — the edges of every outcome and of every bucket,
// zero weights, a boundary on a bucket's last draw, a total of fewer draws
// than buckets, totals near 2⁶⁴, and a random sample — and no guide is
// made where the luts have no room or an outcome would be the mixed mark.
func TestGuideStepIsTheDist(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 11))
	dists := []*Dist{
		NewDist(1000, 2001, 3000),
		NewDist(1007, 5, 2000), // outcome 1 starts on the last draw of bucket 125
		NewDist(0, 3000, 0, 1, 0, 9000),
		NewDist(900, 1200),
		NewDist(1<<63, 1<<63-1), // the last bucket ends at 2⁶⁴ − 1
		NewDist(1<<63, 1<<63-1<<54+1),
	}
	for range 30 {
		w := make([]uint64, 1+r.IntN(guideMixed-1))
		for i := range w {
			if r.IntN(5) > 0 {
				w[i] = r.Uint64N(1 << (1 + r.IntN(24)))
			}
		}
		w[r.IntN(len(w))] += 3000
		dists = append(dists, NewDist(w...))
	}
	p := newPaths(1, 1)
	for _, d := range dists {
		o := drawOp{dist: d, n: d.total, arity: d.Len()}
		op := int32(len(p.ops))
		p.ops = append(p.ops, o)
		st, luts := o.guideStep(op, p.luts)
		if st&stepDice != stepGuide {
			t.Fatalf("%v: no guide", d)
		}
		p.luts = luts
		s := st >> stepKBits & stepMult
		draws := []uint64{0, d.total - 1}
		for _, c := range d.cum {
			draws = append(draws, c-1, c, c+1)
		}
		for b := range (d.total-1)>>s + 1 {
			draws = append(draws, b<<s, b<<s+(1<<s-1))
		}
		for range 5000 {
			draws = append(draws, r.Uint64N(d.total))
		}
		for _, x := range draws {
			if x >= d.total {
				continue
			}
			if got, want := p.guideChild(p.luts, st, x), d.index(x); int(got) != want {
				t.Fatalf("%v: draw %d guided to %d, want %d", d, x, got, want)
			}
		}
	}
	if st, _ := (drawOp{dist: dists[0], n: dists[0].total, arity: 3}).guideStep(0, make([]uint8, stepMaxLUTs-100)); st != noStep {
		t.Error("a guide was kept past the luts' room")
	}
	ws := make([]uint64, guideMixed)
	ws[0], ws[guideMixed-1] = 5000, 1
	wide := NewDist(ws...)
	if st, _ := (drawOp{dist: wide, n: wide.total, arity: guideMixed}).guideStep(0, nil); st != noStep {
		t.Errorf("a Dist of %d outcomes, one of them the mixed mark, has a guide", guideMixed)
	}
}
