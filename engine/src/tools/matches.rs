//! Players and matches: a random player and the engine at any settings,
//! games between two of them from shared random openings with colours
//! alternating, and paper 000's sweep of search depths against the random
//! player.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::book::{answer, Book};
use crate::clock::Clock;
use crate::error::Error;
use crate::eval::evaluation::Weights;
use crate::rules::game::{Game, Move};
use crate::rules::geometry::BoardSize;
use crate::play::level::Level;
use crate::play::strength::Asked;
use crate::play::probcut::ProbCutStats;
use crate::rules::position::{Color, Position, Scoring, Start, Status};
use crate::rng::Rng;
use crate::parallel::Mode;
use crate::play::search::SearchOptions;
use crate::search::tt::TranspositionTable;

/// Who chooses the moves.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    /// A uniformly random legal move.
    Random,
    /// The engine with these settings, weights and ProbCut statistics, on
    /// the current pool's threads as `mode` says, playing from `book`
    /// within its level's bound.
    Engine {
        /// Its level.
        level: Level,
        /// The evaluation weights.
        weights: &'static Weights,
        /// The ProbCut statistics.
        probcut: &'static ProbCutStats,
        /// How it spreads over the pool.
        mode: Mode,
        /// The opening book it plays from, and within how many discs of its best.
        book: Option<&'static Book>,
    },
}

impl Player {
    /// The engine at `level` with the shipped weights and their ProbCut
    /// statistics, without a book.
    pub fn shipped(level: Level, mode: Mode) -> Player {
        Player::Engine { level, weights: Weights::shipped(), probcut: ProbCutStats::shipped(), mode, book: None }
    }

    /// Parses `random`, `level=NAME|N`, `x=N` (paper 000's setting) or
    /// `depth=D`, each optionally followed by `,sel=S`, `,time=SECONDS`
    /// and `,depth=D` (which replace the level's, by [`Asked`]'s rule),
    /// `,wld=E`, `,perfect=E`, `,presearch=P`, `,weights=NAME`,
    /// `,probcut=NAME`, `,mode=ybw|lazy|msai|predict|serial` and
    /// `,book=on|off|N` (N: its own bound in discs), where `load` turns a weights name into weights and
    /// `load_stats` a ProbCut statistics name into statistics (they belong
    /// to one evaluation, so a player with other weights brings its own).
    /// Engine players play from `book` (if their level has a bound) unless
    /// `book=off`.
    pub fn parse(
        spec: &str,
        load: &dyn Fn(&str) -> Result<&'static Weights, Error>,
        load_stats: &dyn Fn(&str) -> Result<&'static ProbCutStats, Error>,
        book: Option<&'static Book>,
    ) -> Result<Player, Error> {
        let bad = |reason: String| Error::BadPlayer { spec: spec.to_string(), reason };
        let mut parts = spec.trim().split(',');
        let head = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        if head == "random" {
            if parts.next().is_some() {
                return Err(bad("the random player takes no settings".into()));
            }
            return Ok(Player::Random);
        }
        let (key, value) = head
            .split_once('=')
            .ok_or_else(|| bad("expected random, level=L, x=N or depth=D".into()))?;
        let number = |v: &str, max: u32| -> Result<u32, Error> {
            v.trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| bad(format!("'{v}' is not a whole number from 0 to {max}")))
        };
        let mut asked = Asked::default();
        let paper = match key {
            "level" => {
                asked.level = Some(value);
                None
            }
            "depth" => {
                asked.depth = Some(value.trim().parse().map_err(|_| bad(format!("depth '{value}' is not a whole number")))?);
                None
            }
            "x" => Some(Level::paper_000(number(value, 20)?.max(1))),
            _ => return Err(bad(format!("'{key}' is not a player kind; expected random, level, x or depth"))),
        };
        // The settings, then the one rule for level, depth and time.
        let mut settings: Vec<(&str, &str)> = Vec::new();
        for part in parts {
            let (k, v) = part.split_once('=').ok_or_else(|| bad(format!("'{part}' is not KEY=VALUE")))?;
            match k.trim() {
                "depth" => asked.depth = Some(v.trim().parse().map_err(|_| bad(format!("depth '{v}' is not a whole number")))?),
                "time" => asked.time = Some(v.trim().parse().map_err(|_| bad(format!("time '{v}' is not a number of seconds")))?),
                k => settings.push((k, v)),
            }
        }
        let mut level = match paper {
            Some(base) => asked.apply(base)?,
            None => asked.resolve::<Level>()?,
        };
        let mut weights = Weights::shipped();
        let mut probcut = ProbCutStats::shipped();
        let mut probcut_given = false;
        let mut mode = Mode::default();
        let mut book = book;
        for (k, v) in settings {
            match k {
                "sel" => level.selectivity = number(v, 3)? as u8,
                "wld" => level.wld = number(v, 64)?,
                "perfect" => level.perfect = number(v, 64)?,
                "presearch" => level.presearch = number(v, 20)?,
                "weights" => {
                    weights = load(v.trim())?;
                    // Weights that bring their own statistics, unless told otherwise.
                    if let Some(paired) = ProbCutStats::paired_with(v.trim()).filter(|_| !probcut_given) {
                        probcut = paired;
                    }
                }
                "probcut" => {
                    probcut = load_stats(v.trim())?;
                    probcut_given = true;
                }
                "mode" => mode = Mode::parse(v).ok_or_else(|| bad(format!("'{v}' is not a mode")))?,
                "book" => match v.trim() {
                    "on" => {}
                    "off" => book = None,
                    // A bound of its own: any book move within N discs of the best.
                    n => level.book = Some(n.parse::<u8>().map_err(|_| bad(format!("book '{v}' is not on, off or a bound in discs")))?),
                },
                other => return Err(bad(format!("unknown setting '{other}'"))),
            }
        }
        Ok(Player::Engine { level, weights, probcut, mode, book })
    }
}

/// A finished game and what it cost each side.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// The game played.
    pub game: Game,
    /// Final score for Black under the match's scoring rule.
    pub score: i32,
    /// Black's discs at the end.
    pub black_discs: u32,
    /// White's discs at the end.
    pub white_discs: u32,
    /// Per colour (Black, White): nodes searched, seconds thinking, and
    /// moves from the book.
    pub nodes: [u64; 2],
    /// Seconds each player (A, B) took.
    pub seconds: [f64; 2],
    /// Book moves each player (A, B) played.
    pub book_moves: [u32; 2],
}

/// Plays `black` against `white` from where `opening` stands to the end
/// (its moves stay in the game's record); `rng` moves the random player,
/// `book_rng` chooses among book moves.
pub fn play_game(
    opening: Game,
    scoring: Scoring,
    players: [&Player; 2],
    tables: [&TranspositionTable; 2],
    rng: &mut Rng,
    book_rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> GameOutcome {
    let mut game = opening;
    let mut nodes = [0u64; 2];
    let mut seconds = [0f64; 2];
    let mut book_moves = [0u32; 2];
    loop {
        let pos = *game.current();
        let side = match pos.to_move() {
            Color::Black => 0,
            Color::White => 1,
        };
        match pos.status() {
            Status::Over => break,
            Status::Pass => {
                game.pass().expect("a pass is legal without moves");
                continue;
            }
            Status::Move => {}
        }
        let moves = pos.legal_moves();
        let clock = Clock::start();
        let mv = match players[side] {
            Player::Random => Move::Play(rng.pick_square(moves)),
            Player::Engine { level, weights, probcut, mode, book } => {
                let from_book = book.zip(level.book).and_then(|(b, bound)| answer(b, &pos, bound, book_rng));
                let r = from_book.unwrap_or_else(|| {
                    let opts = SearchOptions { weights, probcut, mode: *mode, ..SearchOptions::new(*level, scoring) };
                    crate::play::search::search(&pos, tables[side], &opts, stop, &mut |_| {})
                });
                nodes[side] += r.nodes;
                book_moves[side] += (r.kind == crate::play::search::Kind::Book) as u32;
                r.best.expect("a move exists")
            }
        };
        seconds[side] += clock.seconds();
        if let Some(s) = stop {
            if s.load(std::sync::atomic::Ordering::Relaxed) {
                break;
            }
        }
        match mv {
            Move::Play(sq) => game.play(sq).expect("players choose legal moves"),
            Move::Pass => game.pass().expect("a pass is legal without moves"),
        }
    }
    let end = *game.current();
    GameOutcome {
        score: end.final_score(scoring),
        black_discs: end.count(Color::Black),
        white_discs: end.count(Color::White),
        game,
        nodes,
        seconds,
        book_moves,
    }
}

/// Settings of a match.
#[derive(Clone, Copy, Debug)]
pub struct MatchOptions {
    /// The board.
    pub size: BoardSize,
    /// The start.
    pub start: Start,
    /// The scoring rule.
    pub scoring: Scoring,
    /// Games to play.
    pub games: usize,
    /// Where the games start; each opening is played twice, with colours swapped.
    pub openings: Openings,
    /// The seed of the random openings.
    pub seed: u64,
    /// Table size per engine player, in MiB.
    pub hash_mib: usize,
}

impl MatchOptions {
    /// Paper 000's experiment: `games` games on 8×8 from the Othello start
    /// (no random opening; colours alternate), world scoring.
    pub fn paper_000(games: usize, seed: u64, hash_mib: usize) -> MatchOptions {
        MatchOptions {
            size: BoardSize::OTHELLO,
            start: Start::Othello,
            scoring: Scoring::World,
            games,
            openings: Openings::Random(0),
            seed,
            hash_mib,
        }
    }
}

/// Where a match's games start.
#[derive(Clone, Copy, Debug)]
pub enum Openings {
    /// This many random plies from the start (fewer if the game ends).
    Random(usize),
    /// These games' positions, one a pair of games, in turn (see
    /// [`crate::tools::tournament::openings`]).
    Listed(&'static [Game]),
}

impl Openings {
    /// The opening of the pair of games `pair`, drawing on `rng` if random.
    fn game(self, size: BoardSize, start: Start, pair: usize, rng: &mut Rng) -> Game {
        match self {
            Openings::Random(plies) => random_opening_game(size, start, plies, rng),
            Openings::Listed(games) => games[pair % games.len()].clone(),
        }
    }
}

/// Totals from the first player's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// Games played.
    pub games: usize,
    /// Games A won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games A lost.
    pub losses: usize,
    /// Discs at the end of the games, the first player's and the second's.
    pub discs: [u64; 2],
    /// Sum of final scores for the first player.
    pub score: i64,
    /// Nodes each player (A, B) searched.
    pub nodes: [u64; 2],
    /// Seconds each player (A, B) took.
    pub seconds: [f64; 2],
    /// Book moves each player (A, B) played.
    pub book_moves: [u64; 2],
    /// Wall seconds of the whole match.
    pub wall_seconds: f64,
}

/// Where a match stands after some of its games: all that resuming it
/// needs (the openings are drawn afresh from the seed, a pair at a time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchState {
    /// The random player's stream.
    rng: Rng,
    /// The stream that chooses among book moves: its own, so that the
    /// random player's moves do not depend on whether a player has a book.
    book_rng: Rng,
    /// The totals so far (`wall_seconds` over every run of the match);
    /// their `games` is the index of the next game.
    pub totals: MatchResult,
}

impl MatchState {
    /// A match with no game played yet.
    pub fn new(opts: &MatchOptions) -> MatchState {
        MatchState { rng: Rng::new(opts.seed), book_rng: Rng::new(opts.seed ^ 0xB00C), totals: MatchResult::default() }
    }
}

/// Plays `opts.games` games between `a` and `b`; `a` is Black in even games.
/// `each` sees every finished game (its index and outcome) and the match's
/// state after it (totals so far).
pub fn play_match(
    a: &Player,
    b: &Player,
    opts: &MatchOptions,
    stop: Option<&AtomicBool>,
    each: &mut dyn FnMut(usize, &GameOutcome, &MatchState),
) -> MatchResult {
    resume_match(a, b, opts, MatchState::new(opts), stop, each)
}

/// [`play_match`] from `state`, the state an earlier run of the same match
/// left after its last finished game: the games go on from there as if
/// the match had never stopped (but for what the players' tables held).
pub fn resume_match(
    a: &Player,
    b: &Player,
    opts: &MatchOptions,
    mut state: MatchState,
    stop: Option<&AtomicBool>,
    each: &mut dyn FnMut(usize, &GameOutcome, &MatchState),
) -> MatchResult {
    let clock = Clock::start();
    let wall_before = state.totals.wall_seconds;
    let tables = [TranspositionTable::with_mib(opts.hash_mib), TranspositionTable::with_mib(opts.hash_mib)];
    for g in state.totals.games..opts.games {
        if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            break;
        }
        // Each pair of games plays one opening, from a stream of its own.
        let mut opening_rng = Rng::new(opts.seed ^ 0x0BE1 ^ ((g / 2) as u64).wrapping_mul(0xD1B5_4A32_D192_ED03));
        let opening = opts.openings.game(opts.size, opts.start, g / 2, &mut opening_rng);
        let a_black = g % 2 == 0;
        let (players, tts) = if a_black { ([a, b], [&tables[0], &tables[1]]) } else { ([b, a], [&tables[1], &tables[0]]) };
        let out = play_game(opening, opts.scoring, players, tts, &mut state.rng, &mut state.book_rng, stop);
        let (ia, ib) = if a_black { (0, 1) } else { (1, 0) };
        let score_a = if a_black { out.score } else { -out.score };
        let discs = [out.black_discs as u64, out.white_discs as u64];
        let r = &mut state.totals;
        r.games += 1;
        match score_a.signum() {
            1 => r.wins += 1,
            0 => r.draws += 1,
            _ => r.losses += 1,
        }
        r.score += score_a as i64;
        r.discs[0] += discs[ia];
        r.discs[1] += discs[ib];
        r.nodes[0] += out.nodes[ia];
        r.nodes[1] += out.nodes[ib];
        r.seconds[0] += out.seconds[ia];
        r.seconds[1] += out.seconds[ib];
        r.book_moves[0] += out.book_moves[ia] as u64;
        r.book_moves[1] += out.book_moves[ib] as u64;
        r.wall_seconds = wall_before + clock.seconds();
        each(g, &out, &state);
    }
    state.totals.wall_seconds = wall_before + clock.seconds();
    state.totals
}

/// The start position after `plies` random moves (fewer if the game ends).
pub fn random_opening(size: BoardSize, start: Start, plies: usize, rng: &mut Rng) -> Position {
    *random_opening_game(size, start, plies, rng).current()
}

/// The game of `random_opening` from the start, its random moves in its
/// record (a match's games are logged from the start, so they replay).
pub fn random_opening_game(size: BoardSize, start: Start, plies: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(Position::start(size, start));
    for _ in 0..plies {
        let pos = *game.current();
        match pos.status() {
            Status::Over => break,
            Status::Pass => game.pass().expect("a pass is legal without moves"),
            Status::Move => game.play(rng.pick_square(pos.legal_moves())).expect("legal"),
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shipped(_: &str) -> Result<&'static Weights, Error> {
        Ok(Weights::shipped())
    }

    fn stats(_: &str) -> Result<&'static ProbCutStats, Error> {
        Ok(ProbCutStats::shipped())
    }

    #[test]
    fn parses_player_specs() {
        assert!(matches!(Player::parse("random", &shipped, &stats, None), Ok(Player::Random)));
        match Player::parse("x=9", &shipped, &stats, None).unwrap() {
            Player::Engine { level, .. } => assert_eq!((level.depth, level.wld, level.perfect, level.presearch), (11, 14, 12, 5)),
            _ => panic!(),
        }
        match Player::parse("level=hard,sel=0,time=1.5", &shipped, &stats, None).unwrap() {
            Player::Engine { level, .. } => assert_eq!((level.selectivity, level.seconds), (0, Some(1.5))),
            _ => panic!(),
        }
        match Player::parse("level=medium,book=2", &shipped, &stats, None).unwrap() {
            Player::Engine { level, .. } => assert_eq!(level.book, Some(2)),
            _ => panic!(),
        }
        for bad in ["", "random,sel=1", "depth=x", "level=99", "depth=3,sel=9", "depth=3,foo=1", "depth=3,time=-1", "god=1", "depth=3,book=x", "depth=3,book=-1"] {
            assert!(Player::parse(bad, &shipped, &stats, None).is_err(), "{bad}");
        }
    }

    #[test]
    fn engine_beats_random_on_6x6() {
        let opts = MatchOptions {
            size: BoardSize::new(6, 6).unwrap(),
            start: Start::Othello,
            scoring: Scoring::World,
            games: 4,
            openings: Openings::Random(2),
            seed: 1,
            hash_mib: 4,
        };
        let engine = Player::parse("depth=3,wld=10,perfect=8", &shipped, &stats, None).unwrap();
        let r = play_match(&engine, &Player::Random, &opts, None, &mut |_, out, _| {
            assert_eq!(out.black_discs + out.white_discs + out.game.current().empties().count_ones(), 36);
            // The record holds the random opening too: it replays from the start to the same end.
            let start = Position::start(opts.size, opts.start);
            assert_eq!(out.game.start(), &start);
            let replayed = Game::from_record(start, &out.game.record()).unwrap();
            assert_eq!(replayed.current(), out.game.current());
        });
        assert_eq!(r.games, 4);
        assert_eq!(r.wins, 4);
    }
}
