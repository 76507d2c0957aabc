//! The fitting program behind the shipped evaluation weights (`yomi fit`).
//!
//! 1. Start from hand-set weights: paper 000's terms with values a player
//!    would give them (corners, C-squares, wings, mountains in the edge
//!    tables; mobility, frontier, X-squares, stable discs and the rest as
//!    counts).
//! 2. Play games between copies of the engine on every board shape, from
//!    random openings with some random moves, and keep every position.
//! 3. Label each position: the exact final score where the solver reaches
//!    the end quickly, otherwise the value of a deeper search.
//! 4. Fit all weights by least squares (Adam over the whole set, with
//!    symmetric and colour-swapped pattern entries tied, and a small pull
//!    towards zero for rarely seen ones), then repeat from step 2 with the
//!    new weights.
//!
//! Everything is seeded, so one command reproduces the shipped file.

use rayon::prelude::*;

use crate::eval::evaluation::{features, Evaluator, pattern_index, stage, windows, Pattern, Weights, NFEATURES, SCALE, STAGES, TABLE_SIZE};
use crate::rules::geometry::BoardSize;
use crate::play::level::Level;
use crate::play::midgame::{Mid, MidSearcher};
use crate::search::node::Searcher;
use crate::search::stop::Halt;
use crate::rules::movegen::MoveGen;
use crate::rules::position::Scoring;
use crate::play::probcut::ProbCutStats;
use crate::rng::Rng;
use crate::tools::selfplay::{noisy_move, play_out, Labeller};
use crate::search::tt::TranspositionTable;
use crate::with_geometry;
use crate::{Position, Start};

/// The canonical shapes (rows ≤ cols); transposes share their weights.
pub fn shapes() -> Vec<BoardSize> {
    BoardSize::ALL.iter().copied().filter(|s| s.rows() <= s.cols()).collect()
}

/// The hand-set weights, in evaluation units (16 per disc).
pub fn hand_set() -> Weights {
    const CORNER: i32 = 40;
    const C_SQUARE: i32 = -14;
    const EDGE: i32 = 4;
    const WING: i32 = -24;
    const MOUNTAIN: i32 = 20;
    let mut one_stage = vec![0i16; TABLE_SIZE];
    for pattern in Pattern::ALL {
        let len = pattern.squares();
        for idx in 0..pattern.size() {
            let cells = digits(idx, len);
            let owner = |c: u8| match c {
                1 => 1,
                2 => -1,
                _ => 0,
            };
            let mut v = 0;
            for (i, &c) in cells.iter().enumerate() {
                let corner = i == 0 || (pattern.symmetric() && i == len - 1);
                let c_sq = i == 1 || (pattern.symmetric() && i == len - 2);
                let corner_empty = if i == 1 { cells[0] == 0 } else { cells[len - 1] == 0 };
                v += owner(c)
                    * if corner {
                        CORNER
                    } else if c_sq && corner_empty {
                        C_SQUARE
                    } else {
                        EDGE
                    };
            }
            if pattern.symmetric() && cells[0] == 0 && cells[len - 1] == 0 {
                for colour in [1u8, 2] {
                    let sign = if colour == 1 { 1 } else { -1 };
                    let inner = &cells[1..len - 1];
                    let mine = inner.iter().filter(|&&c| c == colour).count();
                    let empty = inner.iter().filter(|&&c| c == 0).count();
                    if mine == len - 2 {
                        v += sign * MOUNTAIN;
                    } else if mine == len - 3 && empty == 1 && (inner[0] == 0 || inner[len - 3] == 0) {
                        v += sign * WING;
                    }
                }
            }
            one_stage[pattern.offset() + idx] = v as i16;
        }
    }
    let tables = (0..STAGES).flat_map(|_| one_stage.iter().copied()).collect();
    // Per stage, in 1/16 evaluation unit per unit: bias, mobility, potential,
    // frontier, x_squares, stable, discs, parity.
    let mut fw = Vec::new();
    for s in 0..STAGES as i32 {
        fw.extend_from_slice(&[
            0,
            (12 - s) as i16 * 16,
            4 * 16,
            3 * 16,
            -24 * 16,
            (12 + 2 * s) as i16 * 16,
            (-4 + 3 * s) as i16 * 16,
            if s >= 5 { 8 * 16 } else { 0 },
        ]);
    }
    let shapes = shapes().into_iter().map(|s| ((s.rows() as u8, s.cols() as u8), fw.clone())).collect();
    Weights { tables, shapes, patterns: None }
}

fn digits(mut idx: usize, len: usize) -> Vec<u8> {
    (0..len)
        .map(|_| {
            let d = (idx % 3) as u8;
            idx /= 3;
            d
        })
        .collect()
}

fn undigits(cells: &[u8]) -> usize {
    cells.iter().rev().fold(0, |a, &c| a * 3 + c as usize)
}

/// For every table entry: the parameter it shares (its class
/// representative) and the sign, or `None` if symmetry forces it to zero.
fn ties() -> Vec<Option<(usize, f32)>> {
    let mut out = vec![None; TABLE_SIZE];
    for pattern in Pattern::ALL {
        let len = pattern.squares();
        for idx in 0..pattern.size() {
            let cells = digits(idx, len);
            let swap: Vec<u8> = cells.iter().map(|&c| [0, 2, 1][c as usize]).collect();
            let mut cands = vec![(idx, 1.0f32), (undigits(&swap), -1.0)];
            if pattern.symmetric() {
                let rev: Vec<u8> = cells.iter().rev().copied().collect();
                let revswap: Vec<u8> = swap.iter().rev().copied().collect();
                cands.push((undigits(&rev), 1.0));
                cands.push((undigits(&revswap), -1.0));
            }
            let rep = cands.iter().map(|c| c.0).min().expect("non-empty");
            let signs: Vec<f32> = cands.iter().filter(|c| c.0 == rep).map(|c| c.1).collect();
            if signs.iter().all(|&s| s == signs[0]) {
                out[pattern.offset() + idx] = Some((pattern.offset() + rep, signs[0]));
            }
        }
    }
    out
}

/// A labelled position, reduced to what the fit needs.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The feature shape's index.
    pub shape: usize,
    /// The stage (by empties).
    pub stage: usize,
    /// The table entries the position reads.
    pub entries: Vec<u16>,
    /// The global features.
    pub features: [i32; NFEATURES],
    /// The label in evaluation units.
    pub target: f32,
}

/// Settings of one round of data.
#[derive(Clone, Copy, Debug)]
pub struct DataOptions {
    /// Games on 8×8; smaller boards get proportionally more, their games being shorter.
    pub games: usize,
    /// Label search depth (8×8; smaller boards solve further instead).
    pub label_depth: u32,
    /// The seed of the random openings.
    pub seed: u64,
}

/// Plays and labels one round of games on every shape with `weights`.
pub fn generate(weights: &'static Weights, opts: DataOptions) -> Vec<Sample> {
    let mut all = Vec::new();
    for (k, size) in shapes().into_iter().enumerate() {
        let games = (opts.games * 64 / size.squares()).max(8);
        let chunk: Vec<Sample> = (0..games)
            .into_par_iter()
            .flat_map_iter(|g| {
                let seed = opts.seed ^ (k as u64) << 40 ^ g as u64;
                with_geometry!(size, G => game_samples::<G>(k, weights, opts, seed))
            })
            .collect();
        all.extend(chunk);
    }
    all
}

/// One self-play game and its labelled positions.
fn game_samples<G: MoveGen>(shape: usize, weights: &'static Weights, opts: DataOptions, seed: u64) -> Vec<Sample> {
    let tt = TranspositionTable::with_mib(8);
    let mut rng = Rng::new(seed);
    let start = if rng.below(2) == 0 { Start::Othello } else { Start::Reversi };
    let pos = Position::start(G::SIZE, start);
    let limits = Halt::none();
    let mut s = Searcher::midgame(&tt, &limits, Mid::<G>::new(Scoring::World, Evaluator::new(weights), ProbCutStats::shipped(), 0));
    let opening = rng.below(G::SQUARES as u64 / 6 + 1);
    let positions = self_play(pos, opening, &mut s, &mut rng);
    // Label: exact where the solver is quick, else a deeper search.
    let exact_from = if G::SQUARES <= 24 { 64 } else if G::SQUARES <= 36 { 16 } else { 14 };
    let depth = if G::SQUARES <= 36 { opts.label_depth.min(8) } else { opts.label_depth };
    let level = Level { depth, selectivity: 0, wld: 0, perfect: 0, presearch: 0, ..Level::depth(depth) };
    let labeller = Labeller::new(weights, level, exact_from, &tt);
    positions
        .iter()
        .map(|pos| {
            let target = (labeller.label(pos).score * SCALE as f64) as f32;
            sample::<G>(shape, pos.player(), pos.opponent(), target)
        })
        .collect()
}

/// A self-play game from `pos` to its end: random moves for the first
/// `opening` plies and one in ten after them, so the games cover positions
/// good play would avoid, else paper 000's noisy best move. Returns every
/// position with a move to play, in order; the moves drawn from `rng`
/// depend on nothing else, so a seed replays its game.
pub(crate) fn self_play<G: MoveGen>(pos: Position, opening: u64, s: &mut MidSearcher<G>, rng: &mut Rng) -> Vec<Position> {
    let choose = |pos: &Position, ply: usize| {
        let random = (ply as u64) < opening || rng.below(10) == 0;
        noisy_move(s, pos, random, rng)
    };
    play_out(pos, |_, _| false, choose).0.into_iter().map(|(pos, _)| pos).collect()
}

fn sample<G: MoveGen>(shape: usize, p: u64, o: u64, target: f32) -> Sample {
    let entries =
        windows(G::ROWS, G::COLS).iter().map(|w| (w.pattern.offset() + pattern_index(w, p, o)) as u16).collect();
    Sample {
        shape,
        stage: stage((p | o).count_ones(), G::SQUARES as u32),
        entries,
        features: features::<G>(p, o),
        target,
    }
}

/// Least-squares fit of all weights to `samples`, starting from `init`.
/// Returns the weights and the root-mean-square error in discs before and after.
pub fn fit(samples: &[Sample], init: &Weights, epochs: usize) -> (Weights, f64, f64) {
    let nshapes = shapes().len();
    let tie = ties();
    // Parameters: tables (representatives only) then features per shape.
    let nt = STAGES * TABLE_SIZE;
    let mut theta = vec![0f64; nt + nshapes * STAGES * NFEATURES];
    for s in 0..STAGES {
        for (i, t) in tie.iter().enumerate() {
            if let Some((rep, sign)) = *t {
                if rep == i {
                    theta[s * TABLE_SIZE + rep] = init.tables[s * TABLE_SIZE + i] as f64 * sign as f64;
                }
            }
        }
    }
    for (k, size) in shapes().into_iter().enumerate() {
        let fw = init.feature_weights(size);
        for j in 0..STAGES * NFEATURES {
            theta[nt + k * STAGES * NFEATURES + j] = fw[j] as f64 / 16.0;
        }
    }
    // Each entry's parameter index and sign, per stage.
    let param = |stage: usize, e: u16| -> Option<(usize, f64)> {
        tie[e as usize].map(|(rep, sign)| (stage * TABLE_SIZE + rep, sign as f64))
    };
    let predict = |theta: &[f64], s: &Sample| -> f64 {
        let mut v = 0.0;
        for &e in &s.entries {
            if let Some((i, sign)) = param(s.stage, e) {
                v += sign * theta[i];
            }
        }
        let base = nt + (s.shape * STAGES + s.stage) * NFEATURES;
        for f in 0..NFEATURES {
            v += s.features[f] as f64 * theta[base + f];
        }
        v
    };
    let rms = |theta: &[f64]| -> f64 {
        let se: f64 = samples.iter().map(|s| (predict(theta, s) - s.target as f64).powi(2)).sum();
        (se / samples.len().max(1) as f64).sqrt() / SCALE as f64
    };
    let before = rms(&theta);
    // Adam over full-batch gradients.
    let (lr, b1, b2, eps, l2) = (0.5f64, 0.9f64, 0.999f64, 1e-8f64, 0.02f64);
    let mut m = vec![0f64; theta.len()];
    let mut v2 = vec![0f64; theta.len()];
    let n = samples.len().max(1) as f64;
    for epoch in 1..=epochs {
        // Fixed chunks summed in order: the same gradient, bit for bit, on
        // any number of threads, so the file is reproducible.
        let chunk = samples.len().div_ceil(64).max(1);
        let parts: Vec<Vec<f64>> = samples
            .par_chunks(chunk)
            .map(|chunk| {
                let mut g = vec![0f64; theta.len()];
                for s in chunk {
                    let err = predict(&theta, s) - s.target as f64;
                    for &e in &s.entries {
                        if let Some((i, sign)) = param(s.stage, e) {
                            g[i] += err * sign;
                        }
                    }
                    let base = nt + (s.shape * STAGES + s.stage) * NFEATURES;
                    for f in 0..NFEATURES {
                        g[base + f] += err * s.features[f] as f64;
                    }
                }
                g
            })
            .collect();
        let mut grad = vec![0f64; theta.len()];
        for part in parts {
            grad.iter_mut().zip(part).for_each(|(x, y)| *x += y);
        }
        let (c1, c2) = (1.0 - b1.powi(epoch as i32), 1.0 - b2.powi(epoch as i32));
        for i in 0..theta.len() {
            let g = grad[i] / n + if i < nt { l2 * theta[i] / n } else { 0.0 };
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v2[i] = b2 * v2[i] + (1.0 - b2) * g * g;
            theta[i] -= lr * (m[i] / c1) / ((v2[i] / c2).sqrt() + eps);
        }
    }
    let after = rms(&theta);
    let clamp16 = |x: f64| x.round().clamp(i16::MIN as f64, i16::MAX as f64) as i16;
    let mut tables = vec![0i16; nt];
    for s in 0..STAGES {
        for (i, t) in tie.iter().enumerate() {
            if let Some((rep, sign)) = *t {
                tables[s * TABLE_SIZE + i] = clamp16(theta[s * TABLE_SIZE + rep] * sign as f64);
            }
        }
    }
    let shapes_w = shapes()
        .into_iter()
        .enumerate()
        .map(|(k, size)| {
            let w = (0..STAGES * NFEATURES).map(|j| clamp16(theta[nt + k * STAGES * NFEATURES + j] * 16.0)).collect();
            ((size.rows() as u8, size.cols() as u8), w)
        })
        .collect();
    (Weights { tables, shapes: shapes_w, patterns: None }, before, after)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tied_entries_are_consistent() {
        let t = ties();
        // The empty edge is forced to zero; a lone own corner mirrors the
        // opponent's with the opposite sign.
        assert_eq!(t[Pattern::Edge8.offset()], None);
        let own_a1 = Pattern::Edge8.offset() + 1;
        let their_a1 = Pattern::Edge8.offset() + 2;
        let own_h1 = Pattern::Edge8.offset() + 3usize.pow(7);
        assert_eq!(t[own_a1].unwrap().0, t[their_a1].unwrap().0);
        assert_eq!(t[own_a1].unwrap().1, -t[their_a1].unwrap().1);
        assert_eq!(t[own_a1].unwrap(), t[own_h1].unwrap());
    }

    #[test]
    fn hand_set_values_corners_and_wings() {
        let w = hand_set();
        let e = Pattern::Edge8.offset();
        assert!(w.tables[e + 1] > 0, "own corner is good");
        assert!(w.tables[e + 2] < 0);
        // Own discs on b1..f1 with a1, g1, h1 empty: a wing.
        let wing = undigits(&[0, 1, 1, 1, 1, 1, 0, 0]);
        let mountain = undigits(&[0, 1, 1, 1, 1, 1, 1, 0]);
        assert!(w.tables[e + wing] < w.tables[e + mountain]);
    }

    #[test]
    fn fitting_recovers_a_planted_linear_model() {
        // Targets made by known weights are fitted back closely.
        let mut planted = hand_set();
        for v in planted.tables.iter_mut() {
            *v = (*v as f32 * 1.5) as i16;
        }
        let mut rng = Rng::new(7);
        let mut samples = Vec::new();
        for _ in 0..3000 {
            let (p, o) = (rng.next() & 0x00FF_FFFF_FFFF_FF00, 0);
            let o = !p & rng.next() & 0x0000_FFFF_FFFF_0000 | o;
            let e = crate::eval::evaluation::Evaluator::<crate::Dims<8, 8>>::new(&planted);
            let target = e.eval(p, o) as f32;
            let k = shapes().iter().position(|s| s.squares() == 64).unwrap();
            samples.push(sample::<crate::Dims<8, 8>>(k, p, o, target));
        }
        let (_, before, after) = fit(&samples, &hand_set(), 200);
        assert!(after < before * 0.5, "rms {before} -> {after}");
    }
}
