//! Where Score Four's measured positions come from: random openings, the
//! self-play games paper 003's statistics are calibrated on, and the
//! bench's positions.

use rayon::prelude::*;

use crate::four::board::{Board, Outcome};
use crate::four::eval::ThreatEval;
use crate::four::pruning::PruningStats;
use crate::four::search::{search_with, FourMode, FourOptions};
use crate::rng::Rng;
use crate::search::tt::TranspositionTable;


/// `n` random pegs from the empty board (no line is possible in fewer than
/// seven stones, and the openings used here are shorter).
pub fn random_opening(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut b = Board::EMPTY;
    let mut pegs = Vec::new();
    while pegs.len() < n && b.outcome() == Outcome::Playing {
        let peg = rng.pick(b.legal_cells()) % 16;
        b = b.play(peg).expect("a legal peg");
        pegs.push(peg);
    }
    pegs
}

/// The positions of `games` games from `random_moves` random pegs, both
/// sides played by our evaluation at depth `depth`, with one move in ten
/// random so that the games differ (seeded): where the statistics are
/// measured.
pub fn sample_positions(games: usize, random_moves: usize, depth: u32, seed: u64) -> Vec<Board> {
    let stats = PruningStats::default();
    (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = Rng::new(seed ^ (g as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let tt = TranspositionTable::with_mib(8);
            let mut b = Board::EMPTY;
            for peg in random_opening(&mut rng, random_moves) {
                b = b.play(peg).expect("legal");
            }
            let mut out = Vec::new();
            while b.outcome() == Outcome::Playing {
                out.push(b);
                let opts = FourOptions { depth, mode: FourMode::Serial, ..FourOptions::default() };
                let peg = if rng.below(10) == 0 {
                    rng.pick(b.legal_cells()) % 16
                } else {
                    search_with(&b, &tt, &opts, None, &mut |_| {}, ThreatEval, &stats).best.expect("playing")
                };
                b = b.play(peg).expect("legal");
            }
            out
        })
        .flatten()
        .collect()
}

/// The bench positions: eight openings of 4 to 11 random pegs (seeded,
/// none finished), for fixed-depth searches at 1 and N threads.
pub fn bench_positions() -> Vec<Board> {
    let mut rng = Rng::new(0xB3_4C4);
    let mut out = Vec::new();
    while out.len() < 8 {
        let n = 4 + out.len();
        let mut b = Board::EMPTY;
        for peg in random_opening(&mut rng, n) {
            b = b.play(peg).expect("legal");
        }
        if b.outcome() == Outcome::Playing && crate::four::board::threats(b.player(), b.opponent()) == 0 {
            out.push(b);
        }
    }
    out
}
