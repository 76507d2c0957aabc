//! Calibrating paper 003's statistics from games: the deep and shallow
//! values of each evaluation on the sampled positions.

use rayon::prelude::*;

use crate::four::board::Board;
use crate::four::eval::{EvalKind, Evaluate, ForcedEval, PaperEval, ThreatEval, WIN_NOW};
use crate::four::pruning::{stage_means, Model, PruningStats, Sample, MAX_K};
use crate::four::search::{search_with, FourMode, FourOptions};
use crate::search::tt::TranspositionTable;


/// Paper 003's statistics for evaluation `E` from `positions`: `M_m` (the
/// mean raw paper value by move number over `games`' positions, used by the
/// paper's evaluation only) and, for k = 1..=`max_k`, how the k-ply value follows the static
/// value under `model` (the mean and σ of their difference, or a fitted
/// line and the σ around it). Proven results and sure wins are left out.
pub fn calibrate<E: Evaluate + Sync>(
    games: &[Board],
    positions: &[Board],
    make_eval: impl Fn(&[i32; 65]) -> E + Sync,
    model: Model,
    max_k: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> PruningStats {
    let max_k = max_k.clamp(1, MAX_K);
    let mut stats = PruningStats::default();
    if E::CORRECTED {
        stats.mean_by_move = stage_means(games);
    }
    let eval = make_eval(&stats.mean_by_move);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let none = PruningStats::default();
    let cells: Vec<Vec<Sample>> = positions
        .par_iter()
        .map_init(
            || TranspositionTable::with_mib(16),
            |tt, b| {
                tt.clear();
                let (p, o) = (b.player(), b.opponent());
                if eval.volatile(p, o) {
                    // The cut is never made there: measure where it is.
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    progress(n, positions.len());
                    return Vec::new();
                }
                let t = eval.eval(p, o);
                let m = b.stones();
                let mut out = Vec::new();
                let opts = FourOptions { depth: max_k.min(64 - m), mode: FourMode::Serial, ..FourOptions::default() };
                search_with(b, tt, &opts, None, &mut |r| {
                    // Proven results and the evaluation's sure wins (a threat
                    // to play now) are certainties, not estimates: they would
                    // swamp the spread of the estimates the cut is about.
                    if r.score.abs() < WIN_NOW / 2 && t.abs() < WIN_NOW / 2 && !r.stopped {
                        out.push(Sample { stones: m, depth: r.depth, predictor: t as f64, deep: r.score as f64, volatile: false });
                    }
                }, eval.clone(), &none);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(n, positions.len());
                out
            },
        )
        .collect();
    stats.fit_samples(cells.into_iter().flatten(), model);
    stats
}

/// Calibrates the named evaluation (see [`calibrate`]).
pub fn calibrate_kind(
    kind: EvalKind,
    model: Model,
    games: &[Board],
    positions: &[Board],
    max_k: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> PruningStats {
    match kind {
        EvalKind::Paper => calibrate(games, positions, |m| PaperEval { mean: *m }, model, max_k, progress),
        EvalKind::Threat => calibrate(games, positions, |_| ThreatEval, model, max_k, progress),
        EvalKind::Forced => calibrate(games, positions, |m| ForcedEval { mean: *m }, model, max_k, progress),
    }
}
