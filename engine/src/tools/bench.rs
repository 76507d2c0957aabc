//! `yomi bench`: fixed positions searched to fixed depths, so that any
//! change to the search shows up as a different total node count (the bench
//! signature, quoted in commits that touch search) and its speed as nodes/s.
//! Midgame: 8×8 positions after seeded random openings, searched to a fixed
//! depth at selectivity 1. Endgame: FFO #20–#29, solved exactly.
//!
//! The parallel benchmark ([`run_suite`]) times whole suites (FFO #20–#39
//! exact, the midgame set, paper 000's sweep) in one mode on the current
//! pool, and [`available_cores`] measures how many cores were really there.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use rayon::prelude::*;

use crate::clock::Clock;
use crate::tools::matches::{play_match, MatchOptions, Player};
use crate::rules::notation::parse_obf_line;
use crate::parallel::Mode;

use crate::rules::geometry::BoardSize;
use crate::play::level::Level;
use crate::tools::matches::random_opening;
use crate::rules::notation::parse_position;
use crate::rules::position::{Position, Scoring, Start};
use crate::rng::Rng;
use crate::play::search::{search, SearchOptions};
use crate::solver::solve::{solve, SolveOptions};
use crate::search::tt::TranspositionTable;

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

/// The endgame positions the bench solves: FFO #20–#29 (6–20 empties),
/// the first ten lines of [`FFO_20_39`].
pub fn endgame_positions() -> Vec<Position> {
    FFO_20_39.lines().take(10).map(|l| parse_position(l.split(';').next().expect("a line"), None).expect("FFO positions are valid")).collect()
}

/// What a bench line ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchKind {
    /// A midgame search to a fixed depth.
    Midgame,
    /// An exact solve.
    Endgame,
}

impl BenchKind {
    /// Both, in the order the bench runs them.
    pub const ALL: [BenchKind; 2] = [BenchKind::Midgame, BenchKind::Endgame];

    /// The name the CLI prints and its JSON carries.
    pub fn name(self) -> &'static str {
        match self {
            BenchKind::Midgame => "midgame",
            BenchKind::Endgame => "endgame",
        }
    }
}

/// One searched position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// What was run.
    pub kind: BenchKind,
    /// The position.
    pub position: Position,
    /// The depth searched.
    pub depth: u32,
    /// The score found.
    pub score: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
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
            let line = BenchLine { kind: BenchKind::Midgame, position: pos, depth, score: r.score, nodes: r.nodes, seconds: r.seconds };
            each(&line);
            out.push(line);
        }
    }
    if endgame {
        for pos in endgame_positions() {
            tt.clear();
            let s = solve(&pos, &tt, SolveOptions::default(), stop);
            let line = BenchLine {
                kind: BenchKind::Endgame,
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

/// FFO #20–#39 with every move's exact score (the suite in tests/data).
pub const FFO_20_39: &str = include_str!("../../data/ffo/fforum-20-39.obf");

/// What a suite of the parallel benchmark measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Suite {
    /// FFO #20–#39 solved exactly; each score checked against the file.
    Ffo,
    /// The midgame positions searched to a fixed depth at selectivity 1.
    Midgame {
        /// Plies searched.
        depth: u32,
    },
    /// Paper 000's sweep against the random player: X = 1 … `max_x`,
    /// `games` games each.
    Sweep {
        /// Paper 000's X from 1 to this.
        max_x: u32,
        /// Games per setting.
        games: usize,
    },
}

impl Suite {
    /// The bench's name on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Suite::Ffo => "ffo20-39",
            Suite::Midgame { .. } => "midgame",
            Suite::Sweep { .. } => "sweep",
        }
    }
}

/// One timed run of a suite.
#[derive(Clone, Copy, Debug, Default)]
pub struct SuiteRun {
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Exact scores that disagreed with the file (FFO), games not won
    /// (sweep); 0 for the midgame set.
    pub misses: u32,
}

/// Runs `suite` once in `mode` on the current rayon pool, each position
/// with a fresh table of `hash_mib`.
pub fn run_suite(suite: Suite, mode: Mode, hash_mib: usize, stop: Option<&AtomicBool>) -> SuiteRun {
    let clock = Clock::start();
    let mut run = SuiteRun::default();
    let tt = TranspositionTable::with_mib(hash_mib);
    match suite {
        Suite::Ffo => {
            for line in FFO_20_39.lines().filter(|l| !l.trim().is_empty()) {
                let line = parse_obf_line(line, None).expect("FFO lines are valid");
                tt.clear();
                let opts = SolveOptions { mode, ..Default::default() };
                let s = crate::solver::solve::solve(&line.position, &tt, opts, stop);
                run.nodes += s.stats.nodes;
                let best = line.scores.iter().map(|m| m.1).max();
                run.misses += (best != Some(s.score)) as u32;
            }
        }
        Suite::Midgame { depth } => {
            let level = Level { selectivity: 1, ..Level::depth(depth) };
            for pos in midgame_positions() {
                tt.clear();
                let opts = SearchOptions { mode, ..SearchOptions::new(level, Scoring::World) };
                let r = crate::play::search::search(&pos, &tt, &opts, stop, &mut |_| {});
                run.nodes += r.nodes;
            }
        }
        Suite::Sweep { max_x, games } => {
            for x in 1..=max_x {
                let engine = Player::shipped(Level::paper_000(x), mode);
                let opts = MatchOptions::paper_000(games, 1, hash_mib);
                let r = play_match(&engine, &Player::Random, &opts, stop, &mut |_, _, _| {});
                run.nodes += r.nodes[0];
                run.misses += games.saturating_sub(r.wins) as u32;
            }
        }
    }
    run.seconds = clock.seconds();
    run
}

/// How many of `threads` cores were really free just now: the work `threads`
/// spinning tasks did in 50 ms over what one did alone (the machine's other
/// cores may be busy with other jobs, or come and go).
pub fn available_cores(threads: usize) -> f64 {
    fn spin(seconds: f64) -> u64 {
        let clock = Clock::start();
        let (mut x, mut n) = (1u64, 0u64);
        while clock.seconds() < seconds {
            for _ in 0..10_000 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            }
            n += 1;
        }
        n + (x & 1)
    }
    let one = spin(0.05).max(1);
    let total = AtomicU64::new(0);
    (0..threads).into_par_iter().with_max_len(1).for_each(|_| {
        total.fetch_add(spin(0.05), Relaxed);
    });
    total.load(Relaxed) as f64 / one as f64
}
