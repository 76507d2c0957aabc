//! The held-out test set (`yomi corpus heldout`): positions with exact
//! scores that no fit ever sees, spread over [`EMPTIES`], kept in
//! `tests/data` as OBF lines (the position, then its best move and exact
//! score) that any Othello tool reads.
//!
//! Position `k` at `e` empties comes from game `k` of a stream of its own:
//! a corpus game (the standard recipe's random opening, then depth-10
//! searches) under the seed [`SEED`] mixed with `e`, played until `e`
//! squares are left; the solver then gives its exact score. The file lists
//! its positions grouped by empties, each group in game order, so each line
//! says which game made it, and the same commit grows the same lines. A fit
//! leaves out any corpus position that is one of these up to symmetry
//! (`pattern_fit::split_corpus`).
//!
//! A second set, `tests/data/heldout-real.obf` (`--real`), takes its
//! positions from the tournament games of 2021-2023 instead
//! ([`Source::Tournament`]): the positions people reach, which no fit and
//! no book growth may use.
//!
//! Exact scores cost about three times more for each empty square, so the
//! set grows from its cheap end: each run fills the empties of a range it
//! is given, the one with the fewest positions first.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use crate::clock::Clock;
use crate::error::Error;
use crate::eval::evaluation::Weights;
use crate::parallel::Mode;
use crate::rules::game::Move;
use crate::rules::notation::{format_position, parse_obf_line};
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, SolveOptions};
use crate::rng::Rng;
use crate::tools::corpus::{play, Recipe};
use crate::tools::pattern_fit::position_key;
use crate::tools::tournament::TournamentGame;
use crate::BoardSize;

/// The empties the set covers.
pub const EMPTIES: RangeInclusive<u32> = 14..=40;
/// The seed of the held-out games; the corpus's shards take 1000 onwards.
pub const SEED: u64 = 0x4845_4C44_4F55_5400;
/// Tries of one game number, each with another opening, before a game that
/// ends early is given up (none has needed a second so far).
const ATTEMPTS: u32 = 8;

/// A held-out position: its exact score and a best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact {
    /// The position, the side to move having a move.
    pub position: Position,
    /// A best move.
    pub best: Square,
    /// The final score for the side to move with perfect play.
    pub score: i32,
}

impl Exact {
    /// Empty squares of the position.
    pub fn empties(&self) -> u32 {
        self.position.empties().count_ones()
    }

    /// The OBF line: the position, then `; best:score`.
    pub fn line(&self) -> String {
        format!("{}; {}:{:+}", format_position(&self.position), self.best.name(BoardSize::OTHELLO).to_uppercase(), self.score)
    }
}

/// The set: positions by empties, each in game order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HeldOut {
    /// Positions by empties; `by_empties[e][k]` came from game `k`.
    pub by_empties: BTreeMap<u32, Vec<Exact>>,
}

impl HeldOut {
    /// Every position, by empties.
    pub fn positions(&self) -> impl Iterator<Item = &Exact> {
        self.by_empties.values().flatten()
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.by_empties.values().map(Vec::len).sum()
    }

    /// True if the set holds no positions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The file's text: one OBF line a position, fewest empties first.
    pub fn text(&self) -> String {
        self.positions().map(|x| x.line() + "\n").collect()
    }

    /// Reads the file's text, checking that each line is an 8×8 position
    /// within [`EMPTIES`] with one move and a score; an error names the line.
    pub fn parse(text: &str) -> Result<HeldOut, Error> {
        let mut set = HeldOut::default();
        for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
            let bad = |why: String| Error::damaged("held-out set", format!("line {}: {why}", i + 1));
            let obf = parse_obf_line(line, Some(BoardSize::OTHELLO)).map_err(|e| bad(e.to_string()))?;
            let [(best, score)] = obf.scores[..] else {
                return Err(bad("expected one move:score field".into()));
            };
            let x = Exact { position: obf.position, best, score };
            if !EMPTIES.contains(&x.empties()) || x.position.play(best).is_none() || !(-64..=64).contains(&score) {
                return Err(bad(format!("not a position of {}-{} empties with a legal best move and a score", EMPTIES.start(), EMPTIES.end())));
            }
            set.by_empties.entry(x.empties()).or_default().push(x);
        }
        Ok(set)
    }

    /// Reads the set at `path`; a missing file is an error (a fit measured
    /// on no positions would look like a fit measured on the set).
    pub fn read(path: &Path) -> Result<HeldOut, Error> {
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io { path: format!("the held-out set {}", path.display()), why: e.to_string() })?;
        HeldOut::parse(&text).map_err(|e| Error::damaged(path.display(), e))
    }

    /// Reads the set at `path` to grow it: empty if there is no file yet.
    pub fn read_or_new(path: &Path) -> Result<HeldOut, Error> {
        if path.exists() { HeldOut::read(path) } else { Ok(HeldOut::default()) }
    }

    /// Writes the set to `path` whole, by a rename, so that an interruption
    /// leaves the old file or the new one.
    pub fn write(&self, path: &Path) -> Result<(), Error> {
        let io = |e: std::io::Error| Error::io(path, e);
        let part = path.with_extension("part");
        std::fs::write(&part, self.text()).map_err(io)?;
        std::fs::rename(&part, path).map_err(io)
    }
}

/// Where a set's positions come from.
pub enum Source {
    /// Self-play games of their own (`tests/data/heldout.obf`).
    SelfPlay(&'static Weights),
    /// Tournament games of the measuring years (`tests/data/heldout-real.obf`):
    /// by empties, every distinct position (up to symmetry) with a move to
    /// make, in an order shuffled by [`REAL_SEED`] mixed with the empties.
    Tournament(BTreeMap<u32, Vec<Position>>),
}

/// The seed that orders the tournament positions of each empties.
pub const REAL_SEED: u64 = 0x5245_414C_4845_4C44;

impl Source {
    /// The positions of the measuring years' games among `games`, for the
    /// empties of `range`.
    pub fn tournament(games: &[TournamentGame], range: RangeInclusive<u32>) -> Result<Source, Error> {
        let mut by_empties: BTreeMap<u32, Vec<Position>> = BTreeMap::new();
        let mut seen = std::collections::HashSet::new();
        for g in games.iter().filter(|g| g.is_measured()) {
            for pos in g.replay()?.positions() {
                let e = pos.empties().count_ones();
                if range.contains(&e) && pos.status() == Status::Move && seen.insert(position_key(pos.player(), pos.opponent())) {
                    by_empties.entry(e).or_default().push(*pos);
                }
            }
        }
        for (&e, v) in by_empties.iter_mut() {
            let mut rng = Rng::new(REAL_SEED ^ (e as u64) << 40);
            for i in (1..v.len()).rev() {
                v.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        Ok(Source::Tournament(by_empties))
    }

    /// Position `k` at `empties` empties, or `None` if there is none.
    pub fn position(&self, empties: u32, k: u32) -> Option<Position> {
        match self {
            Source::SelfPlay(weights) => position(weights, empties, k),
            Source::Tournament(by_empties) => by_empties.get(&empties)?.get(k as usize).copied(),
        }
    }
}

/// Game `k`'s position at `empties` empties, or `None` if every try of it
/// ended before.
pub fn position(weights: &'static Weights, empties: u32, k: u32) -> Option<Position> {
    // Without detours, as the set's first positions were made.
    let recipe = Recipe { detours: 0, ..Recipe::standard(SEED ^ (empties as u64) << 40) };
    (0..ATTEMPTS).find_map(|a| {
        let (_, pos) = play(&recipe, weights, &[], k + (a << 24), empties);
        (pos.status() == Status::Move && pos.empties().count_ones() == empties).then_some(pos)
    })
}

/// Solves `pos` on one thread; `None` if `stop` ended it first.
pub fn exact(pos: &Position, tt: &TranspositionTable, stop: &AtomicBool) -> Option<Exact> {
    let opts = SolveOptions { scoring: Scoring::World, mode: Mode::Serial, ..Default::default() };
    let sol = solve(pos, tt, opts, Some(stop));
    match (sol.exact(), sol.best) {
        (Some(score), Some(Move::Play(best))) if !sol.stopped => Some(Exact { position: *pos, best, score }),
        _ => None,
    }
}

/// Where growing stands, after each position.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The position just added.
    pub added: Exact,
    /// Its solve's seconds.
    pub seconds: f64,
    /// Positions in the set.
    pub total: usize,
}

/// Grows `set` (kept at `path`) on `threads` threads over the empties of
/// `range`, the one with the fewest positions (counting those in flight)
/// first, until `seconds` have passed (no position is started after) or
/// `stop`. Each position is written to the file as soon as the ones before
/// it in its group are there; a stop loses only the positions in flight.
#[allow(clippy::too_many_arguments)]
pub fn grow(
    path: &Path,
    set: &mut HeldOut,
    source: &Source,
    range: RangeInclusive<u32>,
    threads: usize,
    seconds: f64,
    stop: &AtomicBool,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<(), Error> {
    if range.is_empty() || !EMPTIES.contains(range.start()) || !EMPTIES.contains(range.end()) {
        return Err(Error::BadArgument(format!("held-out empties must be a range within {}-{}", EMPTIES.start(), EMPTIES.end())));
    }
    struct Shared {
        set: HeldOut,
        /// Games started by empties: the next game number to take.
        taken: BTreeMap<u32, u32>,
        /// Finished positions waiting for one before them, by (empties, game).
        waiting: BTreeMap<(u32, u32), Exact>,
        error: Option<Error>,
    }
    let taken = range.clone().map(|e| (e, set.by_empties.get(&e).map_or(0, |v| v.len() as u32))).collect();
    let shared = Mutex::new(Shared { set: std::mem::take(set), taken, waiting: BTreeMap::new(), error: None });
    let clock = Clock::start();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let tt = TranspositionTable::with_mib(128);
                loop {
                    if stop.load(Ordering::Relaxed) || clock.seconds() >= seconds {
                        return;
                    }
                    let (e, k) = {
                        let mut sh = shared.lock().expect("no panic while scheduling");
                        let (&e, &k) = sh.taken.iter().min_by_key(|&(&e, &k)| (k, e)).expect("a range");
                        sh.taken.insert(e, k + 1);
                        (e, k)
                    };
                    let Some(pos) = source.position(e, k) else {
                        let mut sh = shared.lock().expect("no panic while scheduling");
                        sh.error = Some(Error::BadArgument(format!("held-out position {k} at {e} empties: the source has no more")));
                        stop.store(true, Ordering::Relaxed);
                        return;
                    };
                    tt.clear();
                    let t = Clock::start();
                    let Some(x) = exact(&pos, &tt, stop) else { return };
                    let mut guard = shared.lock().expect("no panic while writing");
                    let sh = &mut *guard;
                    sh.waiting.insert((e, k), x);
                    let group = sh.set.by_empties.entry(e).or_default();
                    while let Some(x) = sh.waiting.remove(&(e, group.len() as u32)) {
                        group.push(x);
                    }
                    if let Err(err) = sh.set.write(path) {
                        sh.error = Some(err);
                        stop.store(true, Ordering::Relaxed);
                        return;
                    }
                    progress(&Progress { added: x, seconds: t.seconds(), total: sh.set.len() });
                }
            });
        }
    });
    let sh = shared.into_inner().expect("no panic while writing");
    *set = sh.set;
    sh.error.map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;

    #[test]
    fn a_set_reads_back_and_its_scores_are_exact() {
        let stop = AtomicBool::new(false);
        let tt = TranspositionTable::with_mib(8);
        let mut set = HeldOut::default();
        for e in [14, 15] {
            for k in 0..2 {
                let pos = position(Weights::shipped(), e, k).unwrap();
                assert_eq!(pos.empties().count_ones(), e);
                let x = exact(&pos, &tt, &stop).unwrap();
                set.by_empties.entry(e).or_default().push(x);
            }
        }
        assert_eq!(HeldOut::parse(&set.text()).unwrap(), set);
        // Each score is the best of every move's, solved one by one.
        for x in set.positions() {
            let children = x.position.legal_moves();
            let best = (0..64).filter(|i| children >> i & 1 == 1).map(|i| {
                let child = x.position.play(Square::of_bit(i)).unwrap();
                let s = solve(&child, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None);
                (-s.exact().unwrap(), i == x.best.index())
            });
            let scores: Vec<(i32, bool)> = best.collect();
            assert_eq!(scores.iter().map(|s| s.0).max(), Some(x.score));
            assert!(scores.contains(&(x.score, true)));
        }
        // The same game number makes the same position.
        assert_eq!(position(Weights::shipped(), 14, 1).unwrap(), set.by_empties[&14][1].position);
    }

    #[test]
    fn real_positions_come_once_each_from_the_measuring_years_only() {
        let line = "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1";
        let text = format!("2022\tE\tA\tB\t33\t{line}\n2023\tE\tC\tD\t33\t{line}\n2019\tE\tE\tF\t40\tf5f6e6f4\n");
        let games = crate::tools::tournament::parse(&text).unwrap();
        let source = Source::tournament(&games, 14..=40).unwrap();
        let Source::Tournament(by_empties) = &source else { unreachable!() };
        // One game's worth: the second game repeats the first, the 2019 game is left out.
        assert!(by_empties.values().all(|v| v.len() == 1));
        assert_eq!(by_empties.keys().copied().min(), Some(14));
        for (&e, v) in by_empties {
            assert_eq!(v[0].empties().count_ones(), e);
            assert_eq!(source.position(e, 0), Some(v[0]));
            assert_eq!(source.position(e, 1), None);
        }
        let early = Game::from_record(Position::start(BoardSize::OTHELLO, crate::Start::Othello), "f5f6e6f4").unwrap();
        assert!(by_empties.values().flatten().all(|p| !early.positions().contains(p)));
    }

    #[test]
    fn a_bad_line_is_named() {
        let e = HeldOut::parse("--XX X; A1:+2\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
        let start = format_position(&Position::start(BoardSize::OTHELLO, crate::Start::Othello));
        let e = HeldOut::parse(&format!("{start}; F5:+0\n")).unwrap_err().to_string();
        assert!(e.contains("14-40 empties"), "{e}");
    }
}
