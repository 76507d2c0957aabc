//! Score Four's bench (`yomi four bench`): the bench positions searched to
//! one depth on each thread count, several rounds, each count's best and
//! median time and its speed-up over the first count.

use serde::Serialize;

use crate::error::Error;
use crate::four::board::Board;
use crate::four::search::{search, FourOptions};
use crate::search::tt::TranspositionTable;

/// One thread count's figures.
#[derive(Clone, Debug, Serialize)]
pub struct BenchRow {
    /// Threads of the pool.
    pub threads: usize,
    /// The fastest round's seconds.
    pub best: f64,
    /// The median round's seconds.
    pub median: f64,
    /// Nodes of the last round.
    pub nodes: u64,
    /// `nodes` over `best`, rounded.
    pub nodes_per_second: f64,
    /// The first count's best over this one's.
    pub speedup_best: f64,
    /// The first count's median over this one's.
    pub speedup_median: f64,
}

/// Searches every position of `positions` with `opts` on each pool of
/// `pools` (its thread count beside it), `rounds` times, the pools taking
/// turns within a round so that a slow spell of the machine falls on all;
/// `round` hears of each (round, threads, seconds, nodes).
pub fn bench(
    positions: &[Board],
    pools: &[(usize, rayon::ThreadPool)],
    opts: &FourOptions,
    rounds: usize,
    round: &mut dyn FnMut(usize, usize, f64, u64),
) -> Result<Vec<BenchRow>, Error> {
    if rounds == 0 {
        return Ok(Vec::new());
    }
    let tt = TranspositionTable::with_mib(64);
    // Per pool: seconds per round, nodes of the last round.
    let mut runs: Vec<(Vec<f64>, u64)> = vec![(Vec::new(), 0); pools.len()];
    for r in 0..rounds {
        for (run, (threads, pool)) in runs.iter_mut().zip(pools) {
            let (mut seconds, mut nodes) = (0.0, 0);
            for b in positions {
                tt.clear();
                let found = pool.install(|| search(b, &tt, opts, None, &mut |_| {}))?;
                seconds += found.seconds;
                nodes += found.nodes;
            }
            run.0.push(seconds);
            run.1 = nodes;
            round(r + 1, *threads, seconds, nodes);
        }
    }
    let best_median = |v: &[f64]| {
        let mut s = v.to_vec();
        s.sort_by(f64::total_cmp);
        (s[0], s[s.len() / 2])
    };
    let Some((first, _)) = runs.first() else { return Ok(Vec::new()) };
    let (base_best, base_median) = best_median(first);
    Ok(runs
        .iter()
        .zip(pools)
        .map(|((secs, nodes), (threads, _))| {
            let (best, median) = best_median(secs);
            BenchRow {
                threads: *threads,
                best,
                median,
                nodes: *nodes,
                nodes_per_second: (*nodes as f64 / best).round(),
                speedup_best: base_best / best,
                speedup_median: base_median / median,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bench_row_is_its_searches_summed_and_the_first_count_is_the_baseline() {
        let positions = crate::four::positions::bench_positions();
        let opts = FourOptions { depth: 4, ..FourOptions::default() };
        let pool = |n| rayon::ThreadPoolBuilder::new().num_threads(n).build().unwrap();
        let pools = [(1, pool(1)), (2, pool(2))];
        let mut heard = Vec::new();
        let rows = bench(&positions, &pools, &opts, 2, &mut |round, threads, _, nodes| heard.push((round, threads, nodes))).unwrap();
        assert_eq!(heard.iter().map(|h| (h.0, h.1)).collect::<Vec<_>>(), [(1, 1), (1, 2), (2, 1), (2, 2)]);
        assert_eq!(rows.iter().map(|r| r.threads).collect::<Vec<_>>(), [1, 2]);
        // One thread's nodes are the positions' own searches, each on a cleared table.
        let tt = TranspositionTable::with_mib(64);
        let alone: u64 = positions
            .iter()
            .map(|b| {
                tt.clear();
                pools[0].1.install(|| search(b, &tt, &opts, None, &mut |_| {})).unwrap().nodes
            })
            .sum();
        assert_eq!(rows[0].nodes, alone);
        assert_eq!((rows[0].speedup_best, rows[0].speedup_median), (1.0, 1.0));
        assert!(rows.iter().all(|r| r.best > 0.0 && r.best <= r.median && r.nodes > 0));
        assert!(bench(&positions, &pools, &opts, 0, &mut |_, _, _, _| panic!("no rounds")).unwrap().is_empty());
    }
}
