//! A shard while it grows: its work file, which each finished game is
//! appended to, and the threads that play the games.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use crate::clock::Clock;
use crate::error::Error;
use crate::eval::evaluation::Weights;
use super::{play::*, shard::*};

/// A shard being grown: its recipe, its games by number with their seconds.
#[derive(Debug)]
pub struct Work {
    /// How the games are made.
    pub recipe: Recipe,
    /// The engine commit that started the shard.
    pub commit: String,
    /// The finished games by number, with the CPU seconds each took.
    pub games: BTreeMap<u32, (Game, f32)>,
    /// Bytes of whole blocks (a torn block after them is dropped on resume).
    valid_bytes: u64,
}

impl Work {
    /// Games 0..k, all done: what the shard will hold.
    pub fn prefix(&self) -> u32 {
        let mut k = 0;
        while self.games.contains_key(&k) {
            k += 1;
        }
        k
    }

    /// Positions of the finished games.
    pub fn positions(&self) -> usize {
        self.games.values().map(|g| g.0.moves.len()).sum()
    }

    /// CPU seconds of the finished games.
    pub fn seconds(&self) -> f64 {
        self.games.values().map(|g| g.1 as f64).sum()
    }

    /// The finished shard: games 0..prefix, and their seconds.
    pub fn shard(&self) -> (Shard, f64) {
        let k = self.prefix();
        let games: Vec<Game> = (0..k).map(|g| self.games[&g].0.clone()).collect();
        let secs = (0..k).map(|g| self.games[&g].1 as f64).sum();
        (Shard { recipe: self.recipe, games }, secs)
    }
}

/// Reads a work file; `Ok(None)` if there is none.
pub fn read_work(path: &Path) -> Result<Option<Work>, Error> {
    let mut bytes = Vec::new();
    match File::open(path) {
        Ok(mut f) => f.read_to_end(&mut bytes).map_err(|e| io_error(path, e))?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io_error(path, e)),
    };
    let bad = |at: usize, what: &str| Error::damaged(path.display(), format!("byte {at}: {what}"));
    let (recipe, header) = Recipe::read_header(&bytes).map_err(|(at, what)| bad(at, &what))?;
    let commit_len = *bytes.get(header).ok_or_else(|| bad(0, "the header is torn"))? as usize;
    let mut at = header + 1 + commit_len;
    if at > bytes.len() {
        return Err(bad(header, "the header is torn"));
    }
    let commit = String::from_utf8_lossy(&bytes[header + 1..at]).into_owned();
    let mut games = BTreeMap::new();
    while at + WORK_BLOCK_HEADER < bytes.len() {
        let g = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
        let secs = f32::from_le_bytes(bytes[at + 4..at + 8].try_into().expect("4 bytes"));
        match read_game(&bytes, at + WORK_BLOCK_HEADER) {
            Ok((game, next)) => {
                games.insert(g, (game, secs));
                at = next;
            }
            // The last block torn by an interruption: dropped.
            Err(_) if is_torn(&bytes, at + WORK_BLOCK_HEADER) => break,
            Err((i, what)) => return Err(bad(i, &what)),
        }
    }
    Ok(Some(Work { recipe, commit, games, valid_bytes: at as u64 }))
}

/// True if the game at `at` runs past the end of the file.
pub(super) fn is_torn(b: &[u8], at: usize) -> bool {
    at >= b.len() || at + 1 + 2 * b[at] as usize > b.len()
}

pub(super) fn io_error(path: &Path, e: io::Error) -> Error {
    Error::io(path, e)
}

/// Starts a work file for `recipe` (which must not exist yet).
pub fn start_work(path: &Path, recipe: &Recipe, commit: &str) -> Result<Work, Error> {
    recipe.check()?;
    let mut b = Vec::new();
    b.extend_from_slice(MAGIC);
    recipe.write(&mut b);
    b.extend_from_slice(&0u32.to_le_bytes());
    let commit = &commit.as_bytes()[..commit.len().min(255)];
    b.push(commit.len() as u8);
    b.extend_from_slice(commit);
    let mut f = OpenOptions::new().create_new(true).write(true).open(path).map_err(|e| io_error(path, e))?;
    f.write_all(&b).map_err(|e| io_error(path, e))?;
    Ok(Work { recipe: *recipe, commit: String::from_utf8_lossy(commit).into_owned(), games: BTreeMap::new(), valid_bytes: b.len() as u64 })
}

/// When growing stops.
#[derive(Clone, Copy, Debug, Default)]
pub struct Until {
    /// Wall-clock seconds from the start of this run.
    pub seconds: Option<f64>,
    /// Games in the shard.
    pub games: Option<u32>,
}

/// Where a growing shard stands, after each game.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Games finished.
    pub games: usize,
    /// Positions labelled.
    pub positions: usize,
    /// Games 0..prefix are all done.
    pub prefix: u32,
    /// The games' own seconds, summed (CPU time on an unloaded machine).
    pub game_seconds: f64,
    /// Wall-clock seconds of this run.
    pub wall: f64,
}

/// The games of `recipe`, by number: self-play games played by `weights`
/// (opened by games of `fitting` for [`Source::Branch`]), or the tournament
/// games of `fitting` (the games file's games outside the measuring years,
/// as square indices) labelled by them; `None` past the last tournament game.
pub fn games_of<'a>(recipe: &'a Recipe, weights: &'static Weights, fitting: &'a [Vec<u8>]) -> impl Fn(u32) -> Option<Game> + Sync + 'a {
    move |g| match recipe.source {
        Source::SelfPlay | Source::Branch => Some(play_game(recipe, weights, fitting, g)),
        Source::Tournament { first } => fitting.get(first as usize + g as usize).map(|moves| label_game(recipe, weights, moves)),
    }
}

/// Grows `work` (whose file is `path`) on `threads` threads, each making
/// the lowest game number not yet taken by `make` (see [`games_of`]), until
/// `until`, `stop` or `make` has no more; every finished game is appended
/// to the file at once. `progress` hears after each game.
pub fn grow(
    path: &Path,
    work: &mut Work,
    make: &(dyn Fn(u32) -> Option<Game> + Sync),
    threads: usize,
    until: Until,
    stop: &AtomicBool,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<(), Error> {
    let file = OpenOptions::new().write(true).open(path).map_err(|e| io_error(path, e))?;
    file.set_len(work.valid_bytes).map_err(|e| io_error(path, e))?;
    drop(file);
    let file = OpenOptions::new().append(true).open(path).map_err(|e| io_error(path, e))?;
    let clock = Clock::start();
    let next = AtomicU32::new(0);
    // The games already there, to skip without taking the lock.
    let done: Vec<u32> = work.games.keys().copied().collect();
    struct Shared {
        file: File,
        games: BTreeMap<u32, (Game, f32)>,
        progress: Progress,
        error: Option<io::Error>,
    }
    let progress_now = Progress { games: work.games.len(), positions: work.positions(), prefix: work.prefix(), game_seconds: work.seconds(), wall: 0.0 };
    let shared = Mutex::new(Shared { file, games: std::mem::take(&mut work.games), progress: progress_now, error: None });
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) || until.seconds.is_some_and(|s| clock.seconds() >= s) {
                    return;
                }
                let g = loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if done.binary_search(&g).is_err() {
                        break g;
                    }
                };
                if until.games.is_some_and(|n| g >= n) {
                    return;
                }
                let t = Clock::start();
                let Some(game) = make(g) else { return };
                let secs = t.seconds() as f32;
                let mut block = Vec::with_capacity(WORK_BLOCK_HEADER + 1 + 2 * game.moves.len());
                block.extend_from_slice(&g.to_le_bytes());
                block.extend_from_slice(&secs.to_le_bytes());
                write_game(&game, &mut block);
                let mut guard = shared.lock().expect("no panic while writing");
                let sh = &mut *guard;
                if let Err(e) = sh.file.write_all(&block) {
                    sh.error = Some(e);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                let p = &mut sh.progress;
                p.games += 1;
                p.positions += game.moves.len();
                p.game_seconds += secs as f64;
                sh.games.insert(g, (game, secs));
                while sh.games.contains_key(&p.prefix) {
                    p.prefix += 1;
                }
                p.wall = clock.seconds();
                progress(p);
            });
        }
    });
    let sh = shared.into_inner().expect("no panic while writing");
    work.games = sh.games;
    work.valid_bytes = sh.file.metadata().map_err(|e| io_error(path, e))?.len();
    match sh.error {
        Some(e) => Err(io_error(path, e)),
        None => Ok(()),
    }
}
