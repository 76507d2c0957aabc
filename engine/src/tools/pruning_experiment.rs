//! Paper 003's experiment on Othello (`yomi probcut --experiment`): how
//! often ProbCut at each selectivity still chooses the best move, and at
//! what cost in discs and nodes.

use crate::eval::evaluation::Weights;
use crate::play::level::Level;
use crate::rng::Rng;
use crate::rules::geometry::BoardSize;
use crate::rules::position::Scoring;
use crate::search::tt::TranspositionTable;
use crate::Start;

/// One row of paper 003's experiment: a selectivity and how it fared.
#[derive(Clone, Debug)]
pub struct PruningRow {
    /// The ProbCut selectivity measured.
    pub selectivity: u8,
    /// Its margin.
    pub margin: f32,
    /// Positions measured.
    pub positions: usize,
    /// Positions where the chosen move's full-width value equals the best one's.
    pub hits: usize,
    /// Positions where it is within one disc of the best.
    pub near: usize,
    /// Discs lost against the best move, summed.
    pub lost: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// Paper 003's experiment on Othello: `positions` positions after
/// `random_plies` random moves, searched to `depth` without pruning and at
/// each selectivity. Returns the plain row (selectivity 0) first.
pub fn pruning_experiment(
    weights: &'static Weights,
    positions: usize,
    depth: u32,
    random_plies: usize,
    seed: u64,
) -> Vec<PruningRow> {
    use crate::play::probcut::MARGINS;
    let tt = TranspositionTable::with_mib(64);
    let mut rows: Vec<PruningRow> = (0..MARGINS.len() as u8)
        .map(|s| PruningRow { selectivity: s, margin: MARGINS[s as usize], positions: 0, hits: 0, near: 0, lost: 0.0, nodes: 0, seconds: 0.0 })
        .collect();
    let mut rng = Rng::new(seed);
    for _ in 0..positions {
        let pos = crate::tools::matches::random_opening(BoardSize::OTHELLO, Start::Othello, random_plies, &mut rng);
        if pos.legal_moves() == 0 {
            continue;
        }
        let run = |sel: u8, all: bool| {
            tt.clear();
            let level = Level { selectivity: sel, ..Level::depth(depth) };
            let opts = crate::play::search::SearchOptions { weights, all_moves: all, ..crate::play::search::SearchOptions::new(level, Scoring::World) };
            crate::play::search::search(&pos, &tt, &opts, None, &mut |_| {})
        };
        // Every move's full-width value, to judge the moves chosen.
        let values = run(0, true).moves;
        let best = values.iter().map(|m| m.1).fold(f64::MIN, f64::max);
        for row in rows.iter_mut() {
            let r = run(row.selectivity, false);
            let chosen = match r.best {
                Some(crate::Move::Play(sq)) => values.iter().find(|m| m.0 == sq).map_or(f64::MIN, |m| m.1),
                _ => f64::MIN,
            };
            row.positions += 1;
            row.hits += (chosen == best) as usize;
            row.near += (best - chosen <= 1.0) as usize;
            row.lost += best - chosen;
            row.nodes += r.nodes;
            row.seconds += r.seconds;
        }
    }
    rows
}
