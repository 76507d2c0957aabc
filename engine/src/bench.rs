//! `yomi bench`: fixed positions searched to fixed depths, so that any
//! change to the search shows up as a different total node count (the bench
//! signature, quoted in commits that touch search) and its speed as nodes/s.
//! Midgame: 8×8 positions after seeded random openings, searched to a fixed
//! depth at selectivity 1. Endgame: FFO #20–#29, solved exactly.

use std::sync::atomic::AtomicBool;

use crate::geometry::BoardSize;
use crate::level::Level;
use crate::matches::random_opening;
use crate::notation::parse_position;
use crate::position::{Position, Scoring, Start};
use crate::rng::Rng;
use crate::search::{search, SearchOptions};
use crate::solve::{solve, SolveOptions};
use crate::tt::TranspositionTable;

/// FFO #20–#29 of the suite in tests/data (6–20 empties).
pub const FFO_20_29: [&str; 10] = [
    "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X",
    "OOOOOOOOXOOXXX--XXOOXOO-XOXOOO--XOOOOX--XOOXOO--XOOOOO--XXXX---- O",
    "--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O",
    "--O-------OOX---OOOXXXO-OOOOXOXXXXXOOXOXXXXXXOOXX-XXXXOX--XXXX-- X",
    "--O--O-----OOOX--X-XOXOO--XXXOOOXXXXOOOOXXXOXXOOXXXXXX--XOXX-O-- O",
    "----X------XXXO--OOOXXXXXOOOOXXO-XXOOXXOOOXOXXXXOOOXX---X-XXXX-- O",
    "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X",
    "--XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X- X",
    "--O-------OOO--X-XOOOOXXXXXXOXOX-XXOXOOXXXOXOOXX-OOOOO-X---OOO-- X",
    "-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X",
];

/// Random plies of the midgame bench positions.
pub const MIDGAME_PLIES: [usize; 8] = [6, 10, 14, 18, 22, 26, 30, 34];

/// The midgame positions: seeded random openings, the same everywhere.
pub fn midgame_positions() -> Vec<Position> {
    MIDGAME_PLIES
        .iter()
        .enumerate()
        .map(|(i, &plies)| random_opening(BoardSize::OTHELLO, Start::Othello, plies, &mut Rng::new(100 + i as u64)))
        .collect()
}

pub fn endgame_positions() -> Vec<Position> {
    FFO_20_29.iter().map(|s| parse_position(s, None).expect("FFO positions are valid")).collect()
}

/// One searched position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    pub kind: &'static str,
    pub position: Position,
    pub depth: u32,
    pub score: f64,
    pub nodes: u64,
    pub seconds: f64,
}

/// Runs the bench: midgame searches to `depth` (if > 0), then the endgame
/// solves (if `endgame`), each with a fresh table of `hash_mib`.
pub fn run(depth: u32, endgame: bool, hash_mib: usize, stop: Option<&AtomicBool>, each: &mut dyn FnMut(&BenchLine)) -> Vec<BenchLine> {
    let tt = TranspositionTable::with_mib(hash_mib);
    let mut out = Vec::new();
    if depth > 0 {
        let level = Level { selectivity: 1, ..Level::depth(depth) };
        for pos in midgame_positions() {
            tt.clear();
            let r = search(&pos, &tt, &SearchOptions::new(level, Scoring::World), stop, &mut |_| {});
            let line = BenchLine { kind: "midgame", position: pos, depth, score: r.score, nodes: r.nodes, seconds: r.seconds };
            each(&line);
            out.push(line);
        }
    }
    if endgame {
        for pos in endgame_positions() {
            tt.clear();
            let s = solve(&pos, &tt, SolveOptions::default(), stop);
            let line = BenchLine {
                kind: "endgame",
                position: pos,
                depth: pos.empties().count_ones(),
                score: s.score as f64,
                nodes: s.stats.nodes,
                seconds: s.seconds,
            };
            each(&line);
            out.push(line);
        }
    }
    out
}
