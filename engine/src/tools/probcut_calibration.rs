//! ProbCut's statistics measured on 8×8 (`yomi probcut --calibrate`): for
//! self-play positions, how a deep search's value differs from its shallow
//! one's, per stage and depth.

use rayon::prelude::*;

use crate::eval::evaluation::{stage, Evaluator, Weights, STAGES};
use crate::play::midgame::{Mid, MID_INF};
use crate::play::probcut::ProbCutStats;
use crate::rng::Rng;
use crate::rules::geometry::BoardSize;
use crate::rules::position::Scoring;
use crate::search::node::Searcher;
use crate::search::stop::Halt;
use crate::search::tt::TranspositionTable;
use crate::tools::selfplay::{noisy_move, play_out};
use crate::{Position, Start};

/// A position from the middle of a self-play game on 8×8 (depth-2 players
/// with some random moves), at a random ply that leaves at least
/// `min_empties` empties.
fn midgame_position(weights: &'static Weights, rng: &mut Rng, min_empties: u32) -> Position {
    type G = crate::Dims<8, 8>;
    let tt = TranspositionTable::with_mib(1);
    let limits = Halt::none();
    let mut s = Searcher::midgame(&tt, &limits, Mid::<G>::new(Scoring::World, Evaluator::new(weights), ProbCutStats::shipped(), 0));
    let start = Position::start(BoardSize::OTHELLO, Start::Othello);
    let target = 2 + rng.below((60 - min_empties.min(58)) as u64 - 1) as u32;
    let choose = |pos: &Position, ply: usize| {
        let random = ply < 4 || rng.below(8) == 0;
        noisy_move(&mut s, pos, random, rng)
    };
    play_out(start, |_, ply| ply as u32 >= target, choose).1
}

/// Measures ProbCut's statistics on 8×8: for `positions` self-play
/// positions and every depth from [`crate::play::probcut::MIN_DEPTH`] to
/// `max_depth`, the difference between a full-width search of that depth and
/// one of its shallow depth, each from an empty table.
pub fn calibrate_probcut(weights: &'static Weights, positions: usize, max_depth: u32, seed: u64) -> ProbCutStats {
    use crate::play::probcut::{shallow_depth, MIN_DEPTH};
    type G = crate::Dims<8, 8>;
    let max_depth = max_depth.clamp(MIN_DEPTH, crate::play::probcut::MAX_DEPTH);
    let diffs: Vec<(usize, u32, f64)> = (0..positions)
        .into_par_iter()
        .flat_map_iter(|i| {
            let mut rng = Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37));
            let pos = midgame_position(weights, &mut rng, max_depth + 1);
            let tt = TranspositionTable::with_mib(8);
            let limits = Halt::none();
            let (p, o) = (pos.player(), pos.opponent());
            let st = stage((p | o).count_ones(), 64);
            let mut out = Vec::new();
            for d in MIN_DEPTH..=max_depth {
                let value = |depth: u32| {
                    tt.clear();
                    let mut s = Searcher::midgame(&tt, &limits, Mid::<G>::new(Scoring::World, Evaluator::new(weights), ProbCutStats::shipped(), 0));
                    s.search(p, o, depth, -MID_INF, MID_INF)
                };
                let (deep, shallow) = (value(d), value(shallow_depth(d)));
                out.push((st, d, (deep - shallow) as f64));
            }
            out
        })
        .collect();
    let mut stats = ProbCutStats::default();
    for st in 0..STAGES {
        for d in MIN_DEPTH..=max_depth {
            let xs: Vec<f64> = diffs.iter().filter(|x| x.0 == st && x.1 == d).map(|x| x.2).collect();
            if xs.len() < 8 {
                continue;
            }
            let n = xs.len() as f64;
            let mean = xs.iter().sum::<f64>() / n;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            stats.set(st, d, xs.len() as u32, mean as f32, var.sqrt() as f32);
        }
    }
    stats
}
