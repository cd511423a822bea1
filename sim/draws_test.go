package sim

import (
	"bytes"
	"context"
	"reflect"
	"testing"
)

// mixedDraws is a trial that draws every way a model can: Intn over dice
// and over other ranges, Pick and PickValue over dice and over weights
// that are no dice, Source.Roll, and several rolls from one Hand, some
// trials more than the reservoir holds, and that asks Exact and Merge as
// models do.
func mixedDraws() Experiment {
	sum := NewDist(1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1).WithValues([]int32{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	odd := NewDist(3, 4, 3)
	ones := make([]uint64, 250)
	for i := range ones {
		ones[i] = 1
	}
	big := NewDist(ones...)
	return Experiment{
		Schema: Schema{Metrics: []Metric{
			CountMetric("sum", "", 12),
			CountMetric("odd", "", 2),
			CountMetric("hand", "", 30),
			CountMetric("d10", "", 9),
			CountMetric("exact", "", 1),
		}},
		New: func() Trial {
			return func(src *Source, rec *Record) {
				s := int(src.PickValue(sum))
				rec.Set(0, s)
				rec.Set(1, src.Pick(odd))
				dice := 0
				if r, ok := src.Roll(2); ok {
					dice += int(r % 6)
				} else {
					dice += src.Intn(6)
				}
				h := src.Hand()
				for range s - 1 { // up to 11 dice by hand, past the reservoir at times
					r, next, ok := h.Roll(1)
					if !ok {
						src.Keep(h)
						r = uint64(src.Intn(6))
						h = src.Hand()
					} else {
						h = next
					}
					dice += int(r)
				}
				src.Keep(h)
				rec.Set(2, dice%31)
				rec.Set(3, src.Intn(10))
				if s > 9 {
					_ = src.Pick(big)
				}
				src.Merge([]byte{byte(s)})
				rec.Set(4, b2iTest(src.Exact() || src.Merging()))
			}
		},
	}
}

// TestRecordingChangesNothing: a run that records its draws gives the
// Monte Carlo run's own tallies, and its trials see a Monte Carlo source
// (Exact and Merging false).
func TestRecordingChangesNothing(t *testing.T) {
	exp := mixedDraws()
	cfg := Config{Trials: 3*DefaultChunk + 100, Seed: 9, Workers: 1}
	want, err := RunMC(context.Background(), exp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, d, err := RecordDraws(context.Background(), exp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	got.Elapsed, want.Elapsed = 0, 0
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recording changed the run:\n%+v\nwant\n%+v", got.Metrics, want.Metrics)
	}
	if d.Trials() != cfg.Trials {
		t.Errorf("%d trials recorded, want %d", d.Trials(), cfg.Trials)
	}
	if p := want.P("exact", "1"); p != 0 {
		t.Errorf("a Monte Carlo trial saw an exact or merging source: P = %v", p)
	}
	draws, dice := d.PerTrial()
	t.Logf("%v", d)
	// Every trial draws the sum (two dice), the odd weights, then by hand
	// three dice or more, written down as one roll, then the d10: at
	// least 4 draws and 5 dice.
	if draws < 4 || dice < 5 {
		t.Errorf("%v draws and %v dice a trial recorded", draws, dice)
	}
	// Intn(10) and the odd weights (3, 4, 3) both take a ten (tens.go),
	// big draws over 250.
	if !reflect.DeepEqual(d.ranges, []uint64{250}) {
		t.Errorf("ranges of the draws that are no dice: %v, want [250]", d.ranges)
	}
	if tens := bytes.Count(d.ops, []byte{opTens + 1}); uint64(tens) != 2*d.Trials() {
		t.Errorf("%d draws of one ten in %d trials, want two a trial", tens, d.Trials())
	}
}

// TestReplayDrawsWhatTheTrialDrew: trial for trial, the replay leaves the
// source, generator and reservoir, exactly where the recorded trial left
// it.
func TestReplayDrawsWhatTheTrialDrew(t *testing.T) {
	exp := mixedDraws()
	cfg := Config{Trials: 2*DefaultChunk + 7, Seed: 4, Workers: 1}
	_, d, err := RecordDraws(context.Background(), exp, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if d.Config().Seed != cfg.Seed || d.Config().Trials != cfg.Trials {
		t.Fatalf("replay config %+v", d.Config())
	}
	trial, replay := exp.New(), d.Replay().New()
	rec, rrec := newRecord(exp.Schema), newRecord(d.Replay().Schema)
	var n uint64
	for c := uint64(0); n < cfg.Trials; c++ {
		a, b := newMC(cfg.Seed, c), newMC(cfg.Seed, c)
		for range min(uint64(DefaultChunk), cfg.Trials-n) {
			a.topUp()
			b.topUp()
			trial(a, rec)
			rec.reset()
			replay(b, rrec)
			if a.rng != b.rng || a.six != b.six || a.left != b.left || a.ten != b.ten || a.tenLeft != b.tenLeft {
				t.Fatalf("chunk %d, trial %d: replay left the source at %+v %x %d %x %d, the trial at %+v %x %d %x %d",
					c, n, b.rng, b.six, b.left, b.ten, b.tenLeft, a.rng, a.six, a.left, a.ten, a.tenLeft)
			}
			n++
		}
	}
	res, err := RunMC(context.Background(), d.Replay(), d.Config())
	if err != nil {
		t.Fatal(err)
	}
	if res.Trials != cfg.Trials {
		t.Errorf("replay ran %d trials, want %d", res.Trials, cfg.Trials)
	}
}
