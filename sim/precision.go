package sim

import "context"

// runPrecise runs a precision-stopped Monte Carlo run into total, and
// returns its trials and whether every interval reached cfg.Precision
// before the trial cap.
//
// The run stops at the first chunk prefix 0…k whose intervals are all
// within the precision (docs/engine.md): every chunk boundary is
// looked at, in chunk order, after the chunks are tallied. A chunk's
// tally depends only on (seed, chunk), so the stopping point and every
// figure are the same for any worker count, and the same as a run of
// --trials equal to that prefix. The chunks are handed out in batches, so
// that the workers need not wait for each other after every chunk; a
// batch's chunks past the stopping point are run and dropped. The batches
// grow with the run (as many chunks as are done, at least one per worker,
// at most batchChunks or one per worker), so that a run that stops early
// wastes little, and a long one rarely waits.
func (r *mcRun) runPrecise(ctx context.Context, total []uint64) (trials uint64, reached bool) {
	z := zScore(r.cfg.Confidence)
	workers := uint64(len(r.workers))
	most := max(batchChunks, workers)
	slots := make([]chunkTally, most)
	for i := range slots {
		slots[i].counts = make([]uint64, len(total))
	}
	for done := uint64(0); done < r.nChunks; {
		batch := min(max(done, workers), most, r.nChunks-done)
		for i := range slots[:batch] {
			slots[i].trials = 0
		}
		r.runChunks(ctx, done, done+batch, slots[:batch])
		// Interrupted, the chunks that finished are the batch's first
		// (a chunk begun is run to its end, and they are begun in
		// order), and the rest count no trial: the run stops where the
		// precision is met among them as it would have uninterrupted,
		// else the figures cover the chunks that finished.
		for _, s := range slots[:batch] {
			if s.trials == 0 {
				break
			}
			trials += s.add(total)
			if maxHalfWidth(total, trials, z) <= r.cfg.Precision {
				return trials, true
			}
		}
		if ctx.Err() != nil {
			return trials, false
		}
		done += batch
	}
	return trials, false
}

// add adds the chunk's counts to total and returns its trials.
func (t *chunkTally) add(total []uint64) uint64 {
	if t.trials == 0 {
		return 0
	}
	for i, c := range t.counts {
		total[i] += c
	}
	return t.trials
}

// maxHalfWidth is Result.MaxHalfWidth of the summary of counts over n
// trials at z: the widest interval half-width over every outcome of every
// metric, computed as summarizeCounts computes the intervals, so that the
// run stops where its result says the precision is met.
func maxHalfWidth(counts []uint64, n uint64, z float64) float64 {
	w := 0.0
	for _, c := range counts {
		lo, hi := wilsonZ(float64(c)/float64(n), float64(n), z)
		w = max(w, (hi-lo)/2)
	}
	return w
}
