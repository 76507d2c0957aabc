//! The training corpus kept in the repository (`yomi corpus`): self-play
//! games stored as their moves, one label per position, in shards that only
//! ever grow.
//!
//! A game opens with a few random plies, then a midgame search of a stated
//! depth plays every move until the exact solver affords the rest, but for
//! its detours (random moves that put the positions after a mistake into
//! the corpus); from there the game follows a perfect line. Each position
//! where a move is made carries one label for the side to move: the exact
//! score once the solver has taken over, and above that the score of the
//! search that chose the move. A second label comes free for those earlier
//! positions: the exact result of the game from the first solved position,
//! which the rest of the game plays perfectly (worth having only after the
//! game's last random move).
//!
//! A shard is a header and its games, two bytes a position (a move and a
//! label), which git's own compression packs further. Game `g` of a shard
//! depends only on (seed, g) and the engine, so the same seed and commit
//! make the same shard on any number of threads. While it grows, a shard
//! lives in a work file that each finished game is appended to, so an
//! interrupted run loses only the games in flight and resumes.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use crate::clock::Clock;
use crate::error::Error;
use crate::parallel::Mode;
use crate::eval::evaluation::Weights;
use crate::play::level::Level;
use crate::play::search::{search, SearchOptions};
use crate::rng::Rng;
use crate::rules::game::Move;
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, SolveOptions};
use crate::{BoardSize, Start};

const MAGIC: &[u8; 8] = b"YOMICORP";
/// Version 1 has no detours; version 2 adds their count after the opening;
/// version 3 is a shard of tournament games.
const VERSIONS: std::ops::RangeInclusive<u8> = 1..=3;

/// Magic, version, exact, depth, selectivity, then for self-play the
/// opening plies (2), detours (from version 2) and seed, for tournament
/// games the first game's number; then the game count.
const fn header_bytes(version: u8) -> usize {
    match version {
        3 => 8 + 1 + 3 + 4 + 4,
        _ => 8 + 1 + 5 + (version >= 2) as usize + 8 + 4,
    }
}
/// A work file's game block starts with the game's number and its seconds.
const WORK_BLOCK_HEADER: usize = 4 + 4;

/// Where a shard's games come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Played by the engine from random openings (the recipe's opening,
    /// detours and seed).
    SelfPlay,
    /// Tournament games ([`tournament`](crate::tools::tournament)) outside
    /// the measuring years, in the file's order, from game `first` of those
    /// on: the players' moves, labelled by the engine. Such a recipe has no
    /// opening, detours or seed (all 0).
    Tournament {
        /// The shard's first game among the file's fitting games.
        first: u32,
    },
}

/// How a shard's games are played and labelled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// Where the games come from.
    pub source: Source,
    /// Positions with at most this many empties get exact labels.
    pub exact: u8,
    /// Depth of the search that plays and labels the moves before that.
    pub depth: u8,
    /// ProbCut selectivity of that search (0 off).
    pub selectivity: u8,
    /// Random plies that open a game: uniform in `opening.0..=opening.1`.
    pub opening: (u8, u8),
    /// Random moves later in the game, each at empties drawn uniformly
    /// between the opening's end and the solver's reach: they put the
    /// lopsided positions that follow a mistake into the corpus, which
    /// self-play alone never visits (engine/MEASUREMENTS.md).
    pub detours: u8,
    /// The seed of the random openings.
    pub seed: u64,
}

impl Recipe {
    /// The recipe of the shards grown by default: about 0.3 CPU-s a game
    /// (exact from 22 empties costs 1.6 s, from 24 7 s; engine/MEASUREMENTS.md).
    pub fn standard(seed: u64) -> Recipe {
        Recipe { source: Source::SelfPlay, exact: 20, depth: 10, selectivity: 1, opening: (6, 18), detours: 1, seed }
    }

    /// The recipe of tournament games from game `first` on: the players'
    /// moves, labelled as self-play is (exact from 20 empties, depth 10
    /// before).
    pub fn tournament(first: u32) -> Recipe {
        Recipe { source: Source::Tournament { first }, exact: 20, depth: 10, selectivity: 1, opening: (0, 0), detours: 0, seed: 0 }
    }

    /// Checks the recipe for values the generator cannot use.
    pub fn check(&self) -> Result<(), Error> {
        if !(1..=30).contains(&self.exact) || !(1..=20).contains(&self.depth) || self.selectivity > 4 {
            return Err(Error::BadArgument("a corpus recipe needs exact 1 to 30, depth 1 to 20, selectivity 0 to 4".into()));
        }
        if self.opening.0 > self.opening.1 || self.opening.1 > 40 {
            return Err(Error::BadArgument("a corpus recipe's opening plies must be a range within 0 to 40".into()));
        }
        if self.detours > 4 {
            return Err(Error::BadArgument("a corpus recipe has 0 to 4 detours".into()));
        }
        if matches!(self.source, Source::Tournament { .. }) && (self.opening != (0, 0) || self.detours != 0 || self.seed != 0) {
            return Err(Error::BadArgument("a recipe of tournament games has no opening, detours or seed".into()));
        }
        Ok(())
    }

    /// Game `g`'s random generator: the game depends on nothing else.
    pub(crate) fn rng(&self, g: u32) -> Rng {
        Rng::new(self.seed ^ (g as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03))
    }

    /// How a game departs from the searching players, drawn first from its
    /// generator: the random plies that open it, then the empties at which
    /// its detours fall.
    fn departures(&self, rng: &mut Rng) -> Departures {
        if let Source::Tournament { .. } = self.source {
            return Departures { opening: 0, detours: Vec::new(), exact: self.exact as u32 };
        }
        let opening = self.opening.0 as u32 + rng.below((self.opening.1 - self.opening.0) as u64 + 1) as u32;
        // After the opening a position has at most 60 - opening empties.
        let (lo, hi) = (self.exact as u32 + 1, 60u32.saturating_sub(opening));
        let mut detours: Vec<u32> =
            (0..self.detours).filter(|_| lo <= hi).map(|_| lo + rng.below((hi - lo + 1) as u64) as u32).collect();
        detours.sort_unstable_by(|a, b| b.cmp(a));
        Departures { opening, detours, exact: self.exact as u32 }
    }

    /// The file format's version: 1 while there are no detours, so the
    /// shards made before them are written as they were.
    fn version(&self) -> u8 {
        match self.source {
            Source::Tournament { .. } => 3,
            Source::SelfPlay if self.detours == 0 => 1,
            Source::SelfPlay => 2,
        }
    }

    fn write(&self, b: &mut Vec<u8>) {
        b.push(self.version());
        if let Source::Tournament { first } = self.source {
            b.extend_from_slice(&[self.exact, self.depth, self.selectivity]);
            b.extend_from_slice(&first.to_le_bytes());
            return;
        }
        b.extend_from_slice(&[self.exact, self.depth, self.selectivity, self.opening.0, self.opening.1]);
        if self.version() >= 2 {
            b.push(self.detours);
        }
        b.extend_from_slice(&self.seed.to_le_bytes());
    }

    /// The recipe of a shard's or work file's header (magic, version,
    /// recipe, game count), checked, and where the header ends; or the byte
    /// that is wrong and why.
    fn read_header(b: &[u8]) -> Result<(Recipe, usize), (usize, String)> {
        if b.len() < header_bytes(1) || &b[..8] != MAGIC {
            return Err((0, "not a corpus file (no YOMICORP header)".into()));
        }
        let version = b[8];
        if !VERSIONS.contains(&version) {
            return Err((8, format!("version {version} is not one this build reads ({VERSIONS:?})")));
        }
        let end = header_bytes(version);
        if b.len() < end {
            return Err((0, "the header is torn".into()));
        }
        let seed_at = 14 + (version >= 2) as usize;
        let recipe = if version == 3 {
            let first = u32::from_le_bytes(b[12..16].try_into().expect("4 bytes"));
            Recipe { exact: b[9], depth: b[10], selectivity: b[11], ..Recipe::tournament(first) }
        } else {
            Recipe {
            source: Source::SelfPlay,
            exact: b[9],
            depth: b[10],
            selectivity: b[11],
            opening: (b[12], b[13]),
            detours: if version >= 2 { b[14] } else { 0 },
            seed: u64::from_le_bytes(b[seed_at..seed_at + 8].try_into().expect("8 bytes")),
            }
        };
        recipe.check().map_err(|e| (9, e.to_string()))?;
        Ok((recipe, end))
    }
}

/// Which of a game's moves are random: the one rule that both playing a
/// game and reading it back follow, so that they agree.
#[derive(Debug)]
struct Departures {
    /// Random plies that open the game.
    opening: u32,
    /// Empties at which a detour falls, most first; each is taken once.
    detours: Vec<u32>,
    /// The empties from which the solver plays.
    exact: u32,
}

impl Departures {
    /// True if the move at `ply`, from a position of `empties`, is random:
    /// an opening ply, or the first move at or below a detour's empties
    /// short of the solver (two detours due at once make one move).
    fn random(&mut self, ply: usize, empties: u32) -> bool {
        if (ply as u32) < self.opening {
            return true;
        }
        if empties <= self.exact {
            return false;
        }
        let due = self.detours.iter().take_while(|&&e| e >= empties).count();
        self.detours.drain(..due);
        due > 0
    }
}

/// One game: the squares played (passes implied) and a label per move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The moves as square indices, passes implied.
    pub moves: Vec<u8>,
    /// For the side to move before each move, in discs.
    pub labels: Vec<i8>,
}

/// How a position's label was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LabelKind {
    /// The exact final score with perfect play.
    Exact,
    /// The score of a search of this depth and selectivity.
    Search {
        /// The depth searched.
        depth: u8,
        /// The ProbCut selectivity.
        selectivity: u8,
    },
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::SelfPlay => write!(f, "self-play"),
            Source::Tournament { first } => write!(f, "tournament from game {first}"),
        }
    }
}

impl fmt::Display for LabelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelKind::Exact => write!(f, "exact"),
            LabelKind::Search { depth, selectivity: 0 } => write!(f, "depth {depth}"),
            LabelKind::Search { depth, selectivity } => write!(f, "depth {depth}@{selectivity}"),
        }
    }
}

/// A position of the corpus with its labels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labelled {
    /// The side to move's discs and the opponent's.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
    /// The label: discs for the side to move.
    pub label: i8,
    /// How the label was made.
    pub kind: LabelKind,
    /// The exact result of the rest of the game for the side to move: the
    /// moves before the solver took over were the search's, the rest perfect.
    pub result: i8,
    /// The game's number in its shard.
    pub game: u32,
    /// True if the move played here, or one after it before the solver's
    /// reach, was random: an opening ply or a detour (so `result` is not
    /// what the searching players would have reached from here).
    pub random: bool,
}

impl Labelled {
    /// Empty squares of the position.
    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }
}

/// A finished shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shard {
    /// How the games were made.
    pub recipe: Recipe,
    /// The games, each with its labels.
    pub games: Vec<Game>,
}

impl Shard {
    /// The shard in its file format, which `from_bytes` reads back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let positions: usize = self.games.iter().map(|g| g.moves.len()).sum();
        let mut b = Vec::with_capacity(header_bytes(self.recipe.version()) + self.games.len() + 2 * positions);
        b.extend_from_slice(MAGIC);
        self.recipe.write(&mut b);
        b.extend_from_slice(&(self.games.len() as u32).to_le_bytes());
        for g in &self.games {
            write_game(g, &mut b);
        }
        b
    }

    /// Reads a shard, checking every game against the rules; an error names
    /// the byte where the shard goes wrong.
    pub fn from_bytes(b: &[u8]) -> Result<Shard, Error> {
        let bad = |at: usize, what: &str| Error::BadArgument(format!("corpus shard: byte {at}: {what}"));
        let (recipe, header) = Recipe::read_header(b).map_err(|(at, what)| bad(at, &what))?;
        let count = u32::from_le_bytes(b[header - 4..header].try_into().expect("4 bytes")) as usize;
        let mut at = header;
        let mut games = Vec::with_capacity(count);
        for _ in 0..count {
            let (game, next) = read_game(b, at).map_err(|(i, what)| bad(i, &what))?;
            games.push(game);
            at = next;
        }
        if at != b.len() {
            return Err(bad(at, "bytes after the last game"));
        }
        Ok(Shard { recipe, games })
    }

    /// Every labelled position, game by game.
    pub fn positions(&self) -> Vec<Labelled> {
        let mut out = Vec::new();
        for (n, g) in self.games.iter().enumerate() {
            labelled(&self.recipe, n as u32, g, &mut out);
        }
        out
    }
}

fn write_game(g: &Game, b: &mut Vec<u8>) {
    b.push(g.moves.len() as u8);
    b.extend_from_slice(&g.moves);
    b.extend(g.labels.iter().map(|&l| l as u8));
}

/// A game at byte `at`, checked against the rules, and where the next one
/// starts; or the byte that is wrong and why.
fn read_game(b: &[u8], at: usize) -> Result<(Game, usize), (usize, String)> {
    let n = *b.get(at).ok_or((at, "the shard ends before its last game".to_string()))? as usize;
    let end = at + 1 + 2 * n;
    if end > b.len() {
        return Err((at, format!("a game of {n} moves runs past the end of the shard")));
    }
    let moves = b[at + 1..at + 1 + n].to_vec();
    let labels: Vec<i8> = b[at + 1 + n..end].iter().map(|&x| x as i8).collect();
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    for (i, &sq) in moves.iter().enumerate() {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        let next = Square::from_index(BoardSize::OTHELLO, sq as u32).and_then(|s| pos.play(s));
        pos = next.ok_or((at + 1 + i, format!("move {} (square {sq}) is illegal", i + 1)))?;
    }
    if pos.status() != Status::Over {
        return Err((at, format!("the game of {n} moves does not reach the end")));
    }
    if let Some(i) = labels.iter().position(|l| !(-64..=64).contains(l)) {
        return Err((at + 1 + n + i, format!("label {} is not a score", labels[i])));
    }
    Ok((Game { moves, labels }, end))
}

/// Appends the labelled positions of game `n`.
fn labelled(recipe: &Recipe, n: u32, g: &Game, out: &mut Vec<Labelled>) {
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let mut departures = recipe.departures(&mut recipe.rng(n));
    let from = out.len();
    // The result, for Black, of the game from its first exact position.
    let mut result_for_black = None;
    // The last ply whose move was random.
    let mut last_random = None;
    for (ply, (&sq, &label)) in g.moves.iter().zip(&g.labels).enumerate() {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        let empties = pos.empties().count_ones();
        let exact = empties <= recipe.exact as u32;
        let black = pos.to_move() == crate::Color::Black;
        if exact && result_for_black.is_none() {
            result_for_black = Some(if black { label } else { -label });
        }
        if departures.random(ply, empties) {
            last_random = Some(ply);
        }
        let kind = if exact { LabelKind::Exact } else { LabelKind::Search { depth: recipe.depth, selectivity: recipe.selectivity } };
        // The side to move's sign is kept in `result` until the result is known.
        out.push(Labelled { p: pos.player(), o: pos.opponent(), label, kind, result: if black { 1 } else { -1 }, game: n, random: false });
        pos = pos.play(Square::of_bit(sq as u32)).expect("checked");
    }
    let r = result_for_black.unwrap_or_else(|| pos.final_score(Scoring::World) as i8);
    for (ply, l) in out[from..].iter_mut().enumerate() {
        l.result *= r;
        l.random = last_random.is_some_and(|last| ply <= last);
    }
}

/// Plays and labels game `g` of a self-play `recipe`.
pub fn play_game(recipe: &Recipe, weights: &'static Weights, g: u32) -> Game {
    play(recipe, weights, g, 0).0
}

/// The recipe's labeller: the exact solver from its empties, its search
/// before; one table for a whole game.
struct Labeller {
    exact: u32,
    tt: TranspositionTable,
    search: SearchOptions,
    solve: SolveOptions,
}

impl Labeller {
    fn new(recipe: &Recipe, weights: &'static Weights) -> Labeller {
        let level = Level { selectivity: recipe.selectivity, ..Level::depth(recipe.depth as u32) };
        Labeller {
            exact: recipe.exact as u32,
            tt: TranspositionTable::with_mib(16),
            search: SearchOptions { weights, mode: Mode::Serial, ..SearchOptions::new(level, Scoring::World) },
            solve: SolveOptions { scoring: Scoring::World, mode: Mode::Serial, ..Default::default() },
        }
    }

    /// The best move of `pos` (which has one) and its label.
    fn label(&self, pos: &Position) -> (Option<Move>, i8) {
        let (best, score) = if pos.empties().count_ones() <= self.exact {
            let sol = solve(pos, &self.tt, self.solve, None);
            (sol.best, sol.score as f64)
        } else {
            let r = search(pos, &self.tt, &self.search, None, &mut |_| {});
            (r.best, r.score)
        };
        (best, score.round().clamp(-64.0, 64.0) as i8)
    }
}

/// A tournament game's `moves` (square indices from the standard start,
/// passes implied, legal to the end) labelled by `recipe`'s engine.
pub fn label_game(recipe: &Recipe, weights: &'static Weights, moves: &[u8]) -> Game {
    let labeller = Labeller::new(recipe, weights);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let mut labels = Vec::with_capacity(moves.len());
    for &sq in moves {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        labels.push(labeller.label(&pos).1);
        pos = pos.play(Square::of_bit(sq as u32)).expect("a legal game");
    }
    Game { moves: moves.to_vec(), labels }
}

/// Game `g` of a self-play `recipe` played until `empties` squares are left
/// (the whole game at 0): its moves and labels so far, and the position it
/// stands at.
pub fn play(recipe: &Recipe, weights: &'static Weights, g: u32, empties: u32) -> (Game, Position) {
    let mut rng = recipe.rng(g);
    let mut departures = recipe.departures(&mut rng);
    let labeller = Labeller::new(recipe, weights);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let (mut moves, mut labels) = (Vec::new(), Vec::new());
    loop {
        match pos.status() {
            Status::Over => break,
            Status::Pass => pos = pos.passed(),
            Status::Move => {}
        }
        if pos.empties().count_ones() <= empties {
            break;
        }
        let left = pos.empties().count_ones();
        let (best, label) = labeller.label(&pos);
        let random = departures.random(moves.len(), left);
        let sq = match best {
            _ if random => rng.pick(pos.legal_moves()),
            Some(Move::Play(sq)) => sq.index(),
            _ => unreachable!("a position with a move has a best move"),
        };
        moves.push(sq as u8);
        labels.push(label);
        pos = pos.play(Square::of_bit(sq)).expect("legal");
    }
    (Game { moves, labels }, pos)
}

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
    let bad = |at: usize, what: &str| Error::BadArgument(format!("{}: byte {at}: {what}", path.display()));
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
fn is_torn(b: &[u8], at: usize) -> bool {
    at >= b.len() || at + 1 + 2 * b[at] as usize > b.len()
}

fn io_error(path: &Path, e: io::Error) -> Error {
    Error::BadArgument(format!("{}: {e}", path.display()))
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

/// The games of `recipe`, by number: self-play games played by `weights`,
/// or the tournament games of `fitting` (the games file's games outside the
/// measuring years, as square indices) labelled by them; `None` past the
/// last tournament game.
pub fn games_of<'a>(recipe: &'a Recipe, weights: &'static Weights, fitting: &'a [Vec<u8>]) -> impl Fn(u32) -> Option<Game> + Sync + 'a {
    move |g| match recipe.source {
        Source::SelfPlay => Some(play_game(recipe, weights, g)),
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

/// The manifest's name in a corpus folder.
pub const MANIFEST: &str = "manifest.tsv";
/// The work file of the shard being grown.
pub const WORK: &str = "growing.part";

const MANIFEST_HEAD: &str =
    "shard\tgames\tpositions\texact\tsearched\tseed\texact_empties\tdepth\tselectivity\topening\tdetours\tcommit\tcpu_seconds\tdate\tsource";

/// A manifest line: one finished shard and how it was made.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The shard's file name in the corpus folder.
    pub file: String,
    /// Games in the shard.
    pub games: u32,
    /// Positions labelled.
    pub positions: u64,
    /// Positions labelled exactly.
    pub exact: u64,
    /// Positions labelled by a search.
    pub searched: u64,
    /// How the games were made.
    pub recipe: Recipe,
    /// The engine commit that made it.
    pub commit: String,
    /// CPU seconds it took.
    pub cpu_seconds: f64,
    /// The day it was finished, YYYY-MM-DD (UTC).
    pub date: String,
}

impl Entry {
    /// The entry of a shard just finished.
    pub fn new(file: &str, shard: &Shard, commit: &str, cpu_seconds: f64, date: &str) -> Entry {
        let positions = shard.positions();
        let exact = positions.iter().filter(|l| l.kind == LabelKind::Exact).count() as u64;
        Entry {
            file: file.to_string(),
            games: shard.games.len() as u32,
            positions: positions.len() as u64,
            exact,
            searched: positions.len() as u64 - exact,
            recipe: shard.recipe,
            commit: commit.to_string(),
            cpu_seconds,
            date: date.to_string(),
        }
    }

    fn line(&self) -> String {
        let r = &self.recipe;
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}-{}\t{}\t{}\t{:.1}\t{}\t{}",
            self.file, self.games, self.positions, self.exact, self.searched, r.seed, r.exact, r.depth, r.selectivity,
            r.opening.0, r.opening.1, r.detours, self.commit, self.cpu_seconds, self.date, r.source
        )
    }

    fn parse(line: &str) -> Option<Entry> {
        let mut f: Vec<&str> = line.split('\t').collect();
        // Manifests written before detours have no column for them.
        if f.len() == 13 {
            f.insert(10, "0");
        }
        // Nor have those written before tournament shards a source.
        if f.len() == 14 {
            f.push("self-play");
        }
        if f.len() != 15 {
            return None;
        }
        let (lo, hi) = f[9].split_once('-')?;
        let source = match f[14] {
            "self-play" => Source::SelfPlay,
            t => Source::Tournament { first: t.strip_prefix("tournament from game ")?.parse().ok()? },
        };
        Some(Entry {
            file: f[0].to_string(),
            games: f[1].parse().ok()?,
            positions: f[2].parse().ok()?,
            exact: f[3].parse().ok()?,
            searched: f[4].parse().ok()?,
            recipe: Recipe {
                source,
                seed: f[5].parse().ok()?,
                exact: f[6].parse().ok()?,
                depth: f[7].parse().ok()?,
                selectivity: f[8].parse().ok()?,
                opening: (lo.parse().ok()?, hi.parse().ok()?),
                detours: f[10].parse().ok()?,
            },
            commit: f[11].to_string(),
            cpu_seconds: f[12].parse().ok()?,
            date: f[13].to_string(),
        })
    }
}

/// The manifest of the corpus in `dir` (empty if there is none yet).
pub fn read_manifest(dir: &Path) -> Result<Vec<Entry>, Error> {
    let path = dir.join(MANIFEST);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_error(&path, e)),
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 && line.starts_with("shard\t") || line.trim().is_empty() {
            continue;
        }
        let e = Entry::parse(line)
            .ok_or_else(|| Error::BadArgument(format!("{}: line {}: not a manifest entry", path.display(), i + 1)))?;
        out.push(e);
    }
    Ok(out)
}

/// Writes `shard` into `dir` as the next shard and lists it in the manifest.
pub fn add_shard(dir: &Path, shard: &Shard, commit: &str, cpu_seconds: f64, date: &str) -> Result<Entry, Error> {
    let entries = read_manifest(dir)?;
    let file = format!("shard-{:04}.ycp", entries.len());
    let path = dir.join(&file);
    std::fs::write(&path, shard.to_bytes()).map_err(|e| io_error(&path, e))?;
    let entry = Entry::new(&file, shard, commit, cpu_seconds, date);
    let mut text = String::from(MANIFEST_HEAD);
    text.push('\n');
    for e in entries.iter().chain(std::iter::once(&entry)) {
        text.push_str(&e.line());
        text.push('\n');
    }
    let manifest = dir.join(MANIFEST);
    std::fs::write(&manifest, text).map_err(|e| io_error(&manifest, e))?;
    Ok(entry)
}

/// Every shard of the corpus in `dir`, checked against its manifest entry.
pub fn load(dir: &Path) -> Result<Vec<(Entry, Shard)>, Error> {
    let mut out = Vec::new();
    for entry in read_manifest(dir)? {
        let path = dir.join(&entry.file);
        let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
        let shard = Shard::from_bytes(&bytes).map_err(|e| Error::BadArgument(format!("{}: {e}", path.display())))?;
        let n: usize = shard.games.iter().map(|g| g.moves.len()).sum();
        if shard.games.len() != entry.games as usize || n as u64 != entry.positions || shard.recipe != entry.recipe {
            return Err(Error::BadArgument(format!("{}: does not match its manifest entry", path.display())));
        }
        out.push((entry, shard));
    }
    Ok(out)
}

/// Today's date in UTC, YYYY-MM-DD.
pub fn today() -> String {
    let days = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() / 86_400) as i64;
    // Days to a civil date (the proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiny(seed: u64) -> Recipe {
        Recipe { source: Source::SelfPlay, exact: 10, depth: 2, selectivity: 0, opening: (4, 8), detours: 1, seed }
    }

    #[test]
    fn detours_mark_every_position_whose_result_they_bend() {
        let plain = Recipe { detours: 0, ..tiny(11) };
        let bent = Recipe { detours: 2, ..plain };
        let mut longer = 0;
        for g in 0..6 {
            let opening = plain.departures(&mut plain.rng(g)).opening as usize;
            let flagged = |r: &Recipe| {
                let game = play_game(r, Weights::shipped(), g);
                let shard = Shard { recipe: *r, games: vec![game.clone()] };
                assert_eq!(Shard::from_bytes(&shard.to_bytes()).unwrap(), shard);
                let mut out = Vec::new();
                labelled(r, g, &game, &mut out);
                // A prefix of the game, all of it short of the solver.
                let n = out.iter().take_while(|l| l.random).count();
                assert!(out[n..].iter().all(|l| !l.random));
                assert!(out[..n].iter().all(|l| l.kind != LabelKind::Exact));
                n
            };
            assert_eq!(flagged(&plain), opening);
            let n = flagged(&bent);
            assert!(n >= opening);
            longer += (n > opening) as u32;
        }
        assert!(longer >= 3, "detours fell in {longer} of 6 games");
        assert!(Recipe { detours: 5, ..plain }.check().unwrap_err().to_string().contains("0 to 4 detours"));
        // A recipe without detours keeps the first version's bytes.
        let b = Shard { recipe: plain, games: vec![] }.to_bytes();
        assert_eq!((b[8], b.len()), (1, header_bytes(1)));
        assert_eq!(Shard { recipe: bent, games: vec![] }.to_bytes()[8], 2);
    }

    #[test]
    fn a_tournament_shard_labels_the_players_moves_and_reads_back() {
        let text = "1977\tE\tA\tB\t34\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1\n\
                    2022\tE\tC\tD\t40\tf5d6c3\n";
        let games = crate::tools::tournament::parse(text).unwrap();
        // The 2022 game is for measuring: one game to take.
        let fitting = crate::tools::tournament::fitting(&games).unwrap();
        assert_eq!(fitting.len(), 1);
        let recipe = Recipe { exact: 10, depth: 2, ..Recipe::tournament(0) };
        let make = games_of(&recipe, Weights::shipped(), &fitting);
        let game = make(0).unwrap();
        assert!(make(1).is_none());
        assert_eq!(game.moves, fitting[0]);
        let shard = Shard { recipe, games: vec![game] };
        assert_eq!(Shard::from_bytes(&shard.to_bytes()).unwrap(), shard);
        let positions = shard.positions();
        assert_eq!(positions.len(), 60);
        let tt = TranspositionTable::with_mib(8);
        for l in &positions {
            assert!(!l.random, "the players' moves are not random");
            if l.empties() <= 10 {
                assert_eq!(l.kind, LabelKind::Exact);
                let pos = Position::new(BoardSize::OTHELLO, l.p, l.o, crate::Color::Black).unwrap();
                let exact = solve(&pos, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None).exact();
                assert_eq!(exact, Some(l.label as i32));
            }
        }
        let entry = Entry::new("shard-0019.ycp", &shard, "abc", 1.5, "2026-11-29");
        assert!(entry.line().ends_with("\ttournament from game 0"));
        assert_eq!(Entry::parse(&entry.line()).unwrap(), entry);
    }

    #[test]
    fn a_manifest_line_from_before_detours_reads_as_none() {
        let old = "shard-0000.ycp\t4425\t264979\t88035\t176944\t1000\t20\t10\t1\t6-18\t6de006401996\t4039.9\t2026-11-27";
        let e = Entry::parse(old).unwrap();
        assert_eq!(e.recipe, Recipe { detours: 0, ..Recipe::standard(1000) });
        assert_eq!(Entry::parse(&e.line()).unwrap(), e);
        assert_eq!(e.line().split('\t').nth(10), Some("0"));
    }

    #[test]
    fn a_game_round_trips_and_its_labels_are_exact_at_the_end() {
        let recipe = tiny(7);
        let shard = Shard { recipe, games: (0..3).map(|g| play_game(&recipe, Weights::shipped(), g)).collect() };
        let back = Shard::from_bytes(&shard.to_bytes()).unwrap();
        assert_eq!(back, shard);
        let tt = TranspositionTable::with_mib(1);
        for l in shard.positions() {
            if l.kind == LabelKind::Exact {
                let pos = Position::new(BoardSize::OTHELLO, l.p, l.o, crate::Color::Black).unwrap();
                let s = solve(&pos, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None).score;
                assert_eq!(s, l.label as i32);
                // The game plays perfectly from its first exact position.
                assert_eq!(l.result, l.label);
            }
        }
    }

    #[test]
    fn a_bad_shard_names_its_byte() {
        let recipe = tiny(1);
        let mut b = Shard { recipe, games: vec![play_game(&recipe, Weights::shipped(), 0)] }.to_bytes();
        // The third move onto a corner: illegal that early.
        let at = header_bytes(recipe.version()) + 3;
        b[at] = 0;
        let e = Shard::from_bytes(&b).unwrap_err().to_string();
        assert!(e.contains(&format!("byte {at}")) && e.contains("illegal"), "{e}");
        assert!(Shard::from_bytes(b"YOMICORX").unwrap_err().to_string().contains("byte 0"));
    }

    #[test]
    fn a_work_file_without_the_magic_says_so_once() {
        let dir = std::env::temp_dir().join(format!("yomi-corpus-magic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.part");
        std::fs::write(&path, b"not a shard at all, just some words").unwrap();
        let Err(e) = read_work(&path) else { panic!("a file without the magic is read") };
        let e = e.to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(e.ends_with("w.part: byte 0: not a corpus file (no YOMICORP header)"), "{e}");
    }

    #[test]
    fn growth_resumes_after_a_torn_block_and_any_threads_make_the_same_shard() {
        let dir = std::env::temp_dir().join(format!("yomi-corpus-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let quiet = |_: &Progress| {};
        let recipe = tiny(3);
        let games = games_of(&recipe, Weights::shipped(), &[]);
        let make = |name: &str, threads: usize, tear: bool| {
            let path = dir.join(name);
            let _ = std::fs::remove_file(&path);
            let mut work = start_work(&path, &tiny(3), "test").unwrap();
            let until = Until { games: Some(if tear { 3 } else { 5 }), seconds: None };
            grow(&path, &mut work, &games, threads, until, &stop, &quiet).unwrap();
            if tear {
                let len = std::fs::metadata(&path).unwrap().len();
                OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 5).unwrap();
                let mut work = read_work(&path).unwrap().unwrap();
                assert_eq!(work.games.len(), 2);
                assert_eq!(work.commit, "test");
                grow(&path, &mut work, &games, threads, Until { games: Some(5), seconds: None }, &stop, &quiet).unwrap();
            }
            let work = read_work(&path).unwrap().unwrap();
            assert_eq!(work.prefix(), 5);
            work.shard().0.to_bytes()
        };
        let one = make("a.part", 1, false);
        assert_eq!(make("b.part", 2, false), one);
        assert_eq!(make("c.part", 2, true), one);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_manifest_lists_each_shard_and_loads_it_back() {
        let dir = std::env::temp_dir().join(format!("yomi-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let recipe = tiny(9);
        let shard = Shard { recipe, games: (0..2).map(|g| play_game(&recipe, Weights::shipped(), g)).collect() };
        let e = add_shard(&dir, &shard, "abc", 1.5, "2026-11-27").unwrap();
        assert_eq!(e.file, "shard-0000.ycp");
        assert_eq!(add_shard(&dir, &shard, "abc", 1.5, "2026-11-27").unwrap().file, "shard-0001.ycp");
        let loaded = load(&dir).unwrap();
        assert_eq!(loaded.len(), 2);
        assert_eq!(loaded[0].0, e);
        assert_eq!(loaded[1].1, shard);
        assert_eq!(e.exact + e.searched, e.positions);
        std::fs::write(dir.join("shard-0001.ycp"), &shard.to_bytes()[..40]).unwrap();
        assert!(load(&dir).unwrap_err().to_string().contains("shard-0001.ycp"));
        assert_eq!(today().len(), 10);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
