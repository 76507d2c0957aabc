//! Training positions for the 8×8 pattern evaluation (`yomi datagen`).
//!
//! Self-play games from random openings (up to 10 random plies, then the
//! engine's one-ply choice with half a disc of noise and one random move in
//! ten, so the games reach positions good play would avoid). Every position
//! of a game is kept and labelled: with at most `exact` empties by the
//! exact solver, above that by a search of `depth` plies with the current
//! evaluation.
//!
//! The file is a run of game blocks (game number, count, records), each
//! written whole as its game ends, so an interrupted run resumes: a restart
//! reads the games already there, drops a torn last block, and plays the
//! rest. Game `g` depends only on (`seed`, `g`), so any number of threads and
//! restarts produce the same positions.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;

use crate::clock::Clock;
use crate::eval::evaluation::{Evaluator, Weights};
use crate::play::level::Level;
use crate::play::midgame::Mid;
use crate::play::probcut::ProbCutStats;
use crate::rng::Rng;
use crate::tools::selfplay::Labeller;
use crate::tools::train::self_play;
use crate::rules::position::Scoring;
use crate::search::node::Searcher;
use crate::search::stop::Halt;
use crate::search::tt::TranspositionTable;
use crate::{BoardSize, Dims, Position, Start};

type G = Dims<8, 8>;

/// One labelled position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Record {
    /// The side to move's discs and the opponent's.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
    /// The label for the side to move, in 1/16 disc.
    pub score: i16,
    /// True if the label is the exact final score.
    pub exact: bool,
}

const RECORD_BYTES: usize = 19;
const HEADER_BYTES: usize = 6;

impl Record {
    fn write(&self, b: &mut Vec<u8>) {
        b.extend_from_slice(&self.p.to_le_bytes());
        b.extend_from_slice(&self.o.to_le_bytes());
        b.extend_from_slice(&self.score.to_le_bytes());
        b.push(self.exact as u8);
    }

    fn read(b: &[u8]) -> Record {
        let u = |i: usize| u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        Record { p: u(0), o: u(8), score: i16::from_le_bytes([b[16], b[17]]), exact: b[18] != 0 }
    }

    /// The empties of the position.
    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }
}

/// How to make the data.
#[derive(Clone, Copy, Debug)]
pub struct GenOptions {
    /// Games to play.
    pub games: usize,
    /// Empties from which labels are exact solves.
    pub exact: u32,
    /// Depth of the labelling search above that.
    pub depth: u32,
    /// The seed of the random openings.
    pub seed: u64,
}

/// The games of a data file, by game number, in file order.
pub struct DataFile {
    /// The records of each game by number.
    pub games: Vec<(u32, Vec<Record>)>,
    /// Bytes of whole blocks (a torn block after them is ignored).
    pub valid_bytes: u64,
}

/// Reads a data file (an absent file is empty).
pub fn read(path: &Path) -> io::Result<DataFile> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => {
            f.read_to_end(&mut bytes)?;
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut games = Vec::new();
    let mut at = 0usize;
    while at + HEADER_BYTES <= bytes.len() {
        let game = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let n = u16::from_le_bytes([bytes[at + 4], bytes[at + 5]]) as usize;
        let end = at + HEADER_BYTES + n * RECORD_BYTES;
        if end > bytes.len() {
            break;
        }
        let records = bytes[at + HEADER_BYTES..end].chunks_exact(RECORD_BYTES).map(Record::read).collect();
        games.push((game, records));
        at = end;
    }
    Ok(DataFile { games, valid_bytes: at as u64 })
}

/// Plays and labels games `0..opts.games` of `opts.seed` into `path`,
/// skipping those already there. `progress` hears (games done, games
/// wanted, positions done, seconds) after each game.
pub fn generate(
    path: &Path,
    opts: GenOptions,
    weights: &'static Weights,
    progress: &(dyn Fn(usize, usize, usize, f64) + Sync),
) -> io::Result<usize> {
    let games: Vec<u32> = (0..opts.games as u32).collect();
    append_games(path, &games, &|g| game(opts, weights, g), progress)
}

/// Labels again every position of `from` above `opts.exact` empties with a
/// search of `opts.depth` plies using `weights` (the exact labels stay), into
/// `to`, resuming like [`generate`]: the next round of the fit, on the same
/// positions.
pub fn relabel(
    from: &Path,
    to: &Path,
    opts: GenOptions,
    weights: &'static Weights,
    progress: &(dyn Fn(usize, usize, usize, f64) + Sync),
) -> io::Result<usize> {
    let source = read(from)?;
    let numbers: Vec<u32> = source.games.iter().map(|g| g.0).collect();
    let by_number: std::collections::HashMap<u32, &Vec<Record>> = source.games.iter().map(|g| (g.0, &g.1)).collect();
    append_games(to, &numbers, &|g| relabel_game(by_number[&g], opts, weights), progress)
}

fn relabel_game(records: &[Record], opts: GenOptions, weights: &'static Weights) -> Vec<Record> {
    let tt = TranspositionTable::with_mib(16);
    let labeller = Labeller::new(weights, Level::depth(opts.depth), opts.exact, &tt);
    records
        .iter()
        .map(|r| {
            if r.exact || r.empties() <= opts.exact {
                return *r;
            }
            let pos = Position::new(BoardSize::OTHELLO, r.p, r.o, crate::Color::Black).expect("a stored position is valid");
            Record { score: (labeller.label(&pos).score * 16.0).round() as i16, ..*r }
        })
        .collect()
}

/// Makes the games numbered in `games` that `path` lacks with `make` and
/// appends each as it ends (a torn last block is dropped first).
fn append_games(
    path: &Path,
    games: &[u32],
    make: &(dyn Fn(u32) -> Vec<Record> + Sync),
    progress: &(dyn Fn(usize, usize, usize, f64) + Sync),
) -> io::Result<usize> {
    let existing = read(path)?;
    let done: HashSet<u32> = existing.games.iter().map(|g| g.0).collect();
    let positions: usize = existing.games.iter().map(|g| g.1.len()).sum();
    let file = OpenOptions::new().create(true).write(true).truncate(false).open(path)?;
    file.set_len(existing.valid_bytes)?;
    let file = OpenOptions::new().append(true).open(path)?;
    let todo: Vec<u32> = games.iter().copied().filter(|g| !done.contains(g)).collect();
    let clock = Clock::start();
    let state = Mutex::new((file, done.len(), positions));
    todo.par_iter().with_max_len(1).try_for_each(|&g| -> io::Result<()> {
        let records = make(g);
        let mut block = Vec::with_capacity(HEADER_BYTES + records.len() * RECORD_BYTES);
        block.extend_from_slice(&g.to_le_bytes());
        block.extend_from_slice(&(records.len() as u16).to_le_bytes());
        for r in &records {
            r.write(&mut block);
        }
        let mut s = state.lock().expect("no panic while writing");
        s.0.write_all(&block)?;
        s.1 += 1;
        s.2 += records.len();
        progress(s.1, games.len(), s.2, clock.seconds());
        Ok(())
    })?;
    Ok(state.into_inner().expect("no panic while writing").2)
}

/// One game and its labels.
pub fn game(opts: GenOptions, weights: &'static Weights, g: u32) -> Vec<Record> {
    let mut rng = Rng::new(opts.seed ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let tt = TranspositionTable::with_mib(16);
    let halt = Halt::none();
    let mut chooser =
        Searcher::midgame(&tt, &halt, Mid::<G>::new(Scoring::World, Evaluator::new(weights), ProbCutStats::shipped(), 0));
    let opening = rng.below(11);
    let positions = self_play(Position::start(BoardSize::OTHELLO, Start::Othello), opening, &mut chooser, &mut rng);
    tt.clear();
    let level = Level { perfect: opts.exact, wld: opts.exact, ..Level::depth(opts.depth) };
    let labeller = Labeller::new(weights, level, opts.exact, &tt);
    positions
        .iter()
        .map(|pos| {
            let label = labeller.label(pos);
            Record { p: pos.player(), o: pos.opponent(), score: (label.score * 16.0).round() as i16, exact: label.exact }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve::{solve, SolveOptions};

    #[test]
    fn a_torn_file_resumes_with_the_same_games() {
        let dir = std::env::temp_dir().join(format!("yomi-datagen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("d.bin");
        let _ = std::fs::remove_file(&path);
        let opts = GenOptions { games: 3, exact: 10, depth: 1, seed: 5 };
        let quiet = |_: usize, _: usize, _: usize, _: f64| {};
        generate(&path, opts, Weights::shipped(), &quiet).unwrap();
        let whole = read(&path).unwrap();
        assert_eq!(whole.games.len(), 3);
        // Exact labels agree with a solve of their own.
        let (_, recs) = &whole.games[0];
        let last = recs.iter().rev().find(|r| r.exact).unwrap();
        let pos = Position::new(BoardSize::OTHELLO, last.p, last.o, crate::Color::Black).unwrap();
        let tt = TranspositionTable::with_mib(1);
        assert_eq!(solve(&pos, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None).score * 16, last.score as i32);
        // Cut the file inside the last block: the resumed file has the same games.
        let len = std::fs::metadata(&path).unwrap().len();
        OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 7).unwrap();
        assert_eq!(read(&path).unwrap().games.len(), 2);
        generate(&path, opts, Weights::shipped(), &quiet).unwrap();
        let mut again = read(&path).unwrap().games;
        let mut first = whole.games;
        again.sort_by_key(|g| g.0);
        first.sort_by_key(|g| g.0);
        assert_eq!(again, first);
        // Relabelling keeps the positions and the exact labels.
        let to = dir.join("r.bin");
        relabel(&path, &to, GenOptions { depth: 2, ..opts }, Weights::shipped(), &quiet).unwrap();
        let mut relabelled = read(&to).unwrap().games;
        relabelled.sort_by_key(|g| g.0);
        for ((a, ra), (b, rb)) in first.iter().zip(&relabelled) {
            assert_eq!(a, b);
            assert_eq!(ra.len(), rb.len());
            for (x, y) in ra.iter().zip(rb) {
                assert_eq!((x.p, x.o, x.exact), (y.p, y.o, y.exact));
                if x.exact {
                    assert_eq!(x.score, y.score);
                }
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
