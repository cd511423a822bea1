package sim

import (
	"context"
	"fmt"
)

// The dice limit of a workload.
//
// However fast a model resolves a trial, it cannot beat drawing its dice:
// the engine's loop, the generator and the reservoir (sixes.go). To say how
// close a model comes, RecordDraws runs it once with a source that writes
// down every draw each trial makes, and Draws.Replay gives an experiment
// whose trial makes those draws again, from the same source in the same
// order, and does nothing else. Run with the recorded seed, chunk and
// trials on one worker, the replay consumes the very words and dice the
// model consumed, so its rate is the model's own dice limit.
//
// A draw through Source's methods (Intn, Pick, PickValue) is written down
// as it is made. Rolls from a Hand, and Source.Roll, do not pass through
// the source until they are kept, so the dice a trial took by hand between
// two draws of the source are written down as one roll of that many dice:
// the fewest rolls that could have taken them, which keeps the limit an
// upper bound of what the model could reach.

// Draws is the record of every draw of a Monte Carlo run's trials, in the
// order the run made them (one worker, chunks in order).
type Draws struct {
	ops []uint8
	// ranges are the ranges of the uniform draws that are no dice, by
	// op-opUniform.
	ranges []uint64
	slot   map[uint64]uint8
	// mark is how many dice the reservoir held at the last draw written
	// down: what it holds less at the next was rolled by hand.
	mark int8
	cfg  Config

	trials, draws, dice uint64
}

// A draw's op: opEnd ends a trial; 1…sixDigits is a roll of that many
// dice; opTens+k a draw of k tens (tens.go); opUniform+i a uniform draw
// over ranges[i].
const (
	opEnd     = 0
	opTens    = sixDigits
	opUniform = opTens + maxTens + 1
)

// RecordDraws runs exp by Monte Carlo as RunMC would on one worker, the
// precision rule left out, and returns the result, which is RunMC's, and
// the record of its draws.
func RecordDraws(ctx context.Context, exp Experiment, cfg Config) (*Result, *Draws, error) {
	cfg = cfg.withDefaults()
	cfg.Workers, cfg.Precision, cfg.Method = 1, 0, MonteCarlo
	if err := check(exp, cfg); err != nil {
		return nil, nil, err
	}
	d := &Draws{slot: map[uint64]uint8{}, cfg: cfg}
	// The draws are the model's own, made as it runs every trial.
	exp.KeepPaths = false
	inner := exp.New
	exp.New = func() Trial {
		t := inner()
		return func(src *Source, rec *Record) {
			src.tape = d
			src.exact = true
			d.mark = src.left
			t(src, rec)
			d.flush(src)
			d.ops = append(d.ops, opEnd)
			d.trials++
		}
	}
	res, err := runMC(ctx, exp, cfg)
	if err != nil {
		return nil, nil, err
	}
	return res, d, nil
}

// flush writes down the dice rolled by hand since the last draw written
// down.
func (d *Draws) flush(s *Source) {
	if k := d.mark - s.left; k > 0 {
		d.ops = append(d.ops, uint8(k))
		d.draws++
		d.dice += uint64(k)
	}
	d.mark = s.left
}

// roll draws k dice for a recording source and writes the draw down.
func (d *Draws) roll(s *Source, k int8) uint64 {
	d.flush(s)
	r := s.sixes(k)
	d.ops = append(d.ops, uint8(k))
	d.draws++
	d.dice += uint64(k)
	d.mark = s.left
	return r
}

// tens draws k tens for a recording source and writes the draw down.
func (d *Draws) tens(s *Source, k int8) uint64 {
	d.flush(s)
	d.ops = append(d.ops, opTens+uint8(k))
	d.draws++
	return s.tens(k)
}

// uniform draws uniformly over [0,n) for a recording source, a draw of no
// dice, and writes it down.
func (d *Draws) uniform(s *Source, n uint64) uint64 {
	d.flush(s)
	i, ok := d.slot[n]
	if !ok {
		if len(d.ranges) == 255-opUniform {
			panic("sim: too many distinct ranges to record")
		}
		i = uint8(len(d.ranges))
		d.slot[n] = i
		d.ranges = append(d.ranges, n)
	}
	d.ops = append(d.ops, opUniform+i)
	d.draws++
	return s.uniform(n)
}

// intn is Source.Intn's Monte Carlo draw on a recording source.
func (d *Draws) intn(s *Source, n int) int {
	switch k, t := intnDice(uint64(n)); {
	case k > 0:
		return int(d.roll(s, k) % uint64(n))
	case t > 0:
		return int(d.tens(s, t))
	}
	return int(d.uniform(s, uint64(n)))
}

// pick is Source.Pick's Monte Carlo draw on a recording source.
func (d *Draws) pick(s *Source, dist *Dist) int {
	switch {
	case dist.sixes > 0:
		return dist.index(d.roll(s, dist.sixes))
	case dist.tens > 0:
		return dist.index(d.tens(s, dist.tens))
	}
	return dist.index(d.uniform(s, dist.total))
}

// Trials is the number of trials recorded.
func (d *Draws) Trials() uint64 { return d.trials }

// PerTrial is the mean number of draws of a trial and of dice drawn (a
// uniform draw over a range that is no power of 6 counts no dice).
func (d *Draws) PerTrial() (draws, dice float64) {
	if d.trials == 0 {
		return 0, 0
	}
	return float64(d.draws) / float64(d.trials), float64(d.dice) / float64(d.trials)
}

// Config is the configuration to run Replay with: the recorded run's seed,
// chunk and trials, one worker.
func (d *Draws) Config() Config { return d.cfg }

// Replay returns an experiment whose trials make the recorded draws again,
// in order, and record one outcome, by one joint code, as cheaply as a
// trial can. Run with Config on one worker it draws what the recorded run
// drew, word for word; a worker past the end of the record starts it again.
func (d *Draws) Replay() Experiment {
	ops, ranges := d.ops, d.ranges
	return Experiment{
		Schema: Schema{
			Metrics: []Metric{{Name: "replayed", Labels: []string{"trial"}}},
			Joints:  []Joint{{Metrics: []int{0}, Rows: [][]uint16{{0}}}},
		},
		New: func() Trial {
			st := Scratch[struct {
				at  int
				sum uint64
			}]()
			return func(src *Source, rec *Record) {
				at, sum := st.at, st.sum
				if at >= len(ops) {
					at = 0
				}
				for {
					op := ops[at]
					at++
					if op == opEnd {
						break
					}
					if op > opTens && op < opUniform {
						sum += src.tens(int8(op - opTens))
						continue
					}
					if op < opUniform {
						r, h, ok := src.Hand().Roll(int(op))
						if !ok {
							r = src.sixes(int8(op))
						} else {
							src.Keep(h)
						}
						sum += r
						continue
					}
					sum += src.uniform(ranges[op-opUniform])
				}
				st.at, st.sum = at, sum
				rec.SetJoint(0, 0)
			}
		},
	}
}

func (d *Draws) String() string {
	draws, dice := d.PerTrial()
	return fmt.Sprintf("%d trials, %.3g draws and %.3g dice a trial", d.trials, draws, dice)
}
