//! A shard's format: its recipe (how its games were made), its games as
//! moves and labels, and the labelled positions read back from them.

use std::fmt;

use crate::error::Error;
use crate::rng::Rng;
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::{BoardSize, Start};

pub(super) const MAGIC: &[u8; 8] = b"YOMICORP";
/// Version 1 has no detours; version 2 adds their count after the opening;
/// version 3 is a shard of tournament games; version 4 is version 2's
/// layout for self-play from tournament openings.
pub(super) const VERSIONS: std::ops::RangeInclusive<u8> = 1..=4;

/// Magic, version, exact, depth, selectivity, then for self-play the
/// opening plies (2), detours (from version 2) and seed, for tournament
/// games the first game's number; then the game count.
pub(super) const fn header_bytes(version: u8) -> usize {
    match version {
        3 => 8 + 1 + 3 + 4 + 4,
        _ => 8 + 1 + 5 + (version >= 2) as usize + 8 + 4,
    }
}
/// A work file's game block starts with the game's number and its seconds.
pub(super) const WORK_BLOCK_HEADER: usize = 4 + 4;

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
    /// Played by the engine as self-play is, but opened by a tournament
    /// game's first plies (the recipe's opening) instead of random ones:
    /// the game drawn by the seed among the fitting games. Its positions
    /// lie near the ones people reach, which self-play from random
    /// openings seldom visits (engine/MEASUREMENTS.md, "Why the tournament
    /// positions are harder").
    Branch,
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
    /// moves, exact from 22 empties (shards 19-36 were made from 20 and are
    /// raised by `corpus relabel`; engine/MEASUREMENTS.md, 2026-12-01), the
    /// depth-10 search before.
    pub fn tournament(first: u32) -> Recipe {
        Recipe { source: Source::Tournament { first }, exact: 22, depth: 10, selectivity: 1, opening: (0, 0), detours: 0, seed: 0 }
    }

    /// The recipe of self-play from tournament openings: the standard
    /// recipe, opened by a tournament game's first 20-32 plies. Their
    /// positions are labelled by the search and flagged as the random
    /// openings are; the band the held-out sets measure (20-26 empties)
    /// lies after them, in the engine's play. It plays at depth 6: a third
    /// of depth 10's time a game, its positions worth nearly as much to a
    /// result-labelled fit (MEASUREMENTS.md, 2026-12-04, sixth stretch).
    /// Exact from 18 empties: a quarter of the CPU a game of 20's, its
    /// positions fit better for the CPU (2026-12-07, fifth stretch).
    pub fn branch(seed: u64) -> Recipe {
        Recipe { source: Source::Branch, opening: (20, 32), depth: 6, exact: 18, ..Recipe::standard(seed) }
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
    pub(super) fn departures(&self, rng: &mut Rng) -> Departures {
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
    pub(super) fn version(&self) -> u8 {
        match self.source {
            Source::Tournament { .. } => 3,
            Source::SelfPlay if self.detours == 0 => 1,
            Source::SelfPlay => 2,
            Source::Branch => 4,
        }
    }

    pub(super) fn write(&self, b: &mut Vec<u8>) {
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
    pub(super) fn read_header(b: &[u8]) -> Result<(Recipe, usize), (usize, String)> {
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
            source: if version == 4 { Source::Branch } else { Source::SelfPlay },
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
pub(super) struct Departures {
    /// Random plies that open the game.
    pub(super) opening: u32,
    /// Empties at which a detour falls, most first; each is taken once.
    pub(super) detours: Vec<u32>,
    /// The empties from which the solver plays.
    pub(super) exact: u32,
}

impl Departures {
    /// True if the move at `ply`, from a position of `empties`, is random:
    /// an opening ply, or the first move at or below a detour's empties
    /// short of the solver (two detours due at once make one move).
    pub(super) fn random(&mut self, ply: usize, empties: u32) -> bool {
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
            Source::Branch => write!(f, "self-play from tournament openings"),
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
        let bad = |at: usize, what: &str| Error::damaged("corpus shard", format!("byte {at}: {what}"));
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

pub(super) fn write_game(g: &Game, b: &mut Vec<u8>) {
    b.push(g.moves.len() as u8);
    b.extend_from_slice(&g.moves);
    b.extend(g.labels.iter().map(|&l| l as u8));
}

/// A game at byte `at`, checked against the rules, and where the next one
/// starts; or the byte that is wrong and why.
pub(super) fn read_game(b: &[u8], at: usize) -> Result<(Game, usize), (usize, String)> {
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
pub(super) fn labelled(recipe: &Recipe, n: u32, g: &Game, out: &mut Vec<Labelled>) {
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
