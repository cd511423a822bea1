// Package sim is sapper's probability engine. It knows no game.
//
// A model hands the engine an [Experiment]: a [Schema] naming the metrics a
// trial reports, each with a fixed list of outcome labels, and a factory of
// [Trial] functions. A trial reads randomness only from the [Source] it is
// given and records exactly one outcome per metric.
//
// [Run] runs an experiment as a [Config] says: by either method, or by
// [Auto], which probes the exact walk and runs it when it fits the path
// budget, else Monte Carlo. The same trial code runs in two ways:
//
//   - Monte Carlo ([RunMC]): trials are cut into chunks; chunk c draws from
//     its own PCG-DXSM stream seeded by a pure function of (seed, c), so the
//     tallies, and every figure derived from them, are identical for any
//     number of workers.
//   - Exact ([RunExact]): every path of draws is enumerated depth first by
//     re-running the trial with a replayed prefix, each path weighted by the
//     product of the probabilities of its draws. There is no sampling error;
//     a path budget keeps the enumeration bounded.
//
// Intervals are Wilson score intervals (Wilson 1927), which stay inside
// [0, 1] and behave at p near 0 or 1 where the Wald interval does not.
package sim
