//! Score Four's matches: players, games between them, and their tally.

use serde::Serialize;

use crate::bound::Wld;
use crate::error::Error;
use crate::four::board::{Board, Outcome};
use crate::four::eval::EvalKind;
use crate::four::level::{FourLevel, FOUR_LEVELS};
use crate::four::pruning::Cut;
use crate::four::notation::Game;
use crate::four::positions::random_opening;
use crate::four::search::{FourMode, FourOptions};
use crate::rng::Rng;
use crate::rules::position::Color;
use crate::search::tt::TranspositionTable;

/// A player in a match.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    /// A uniformly random legal peg.
    Random,
    /// A search with these options.
    Engine(FourOptions),
}

impl Player {
    /// `random`, or comma-separated `level=NAME`, `depth=D`, `time=S`,
    /// `eval=paper|threat|forced`, `margin=C` (σ; `none` for no cut), `mode=M`.
    pub fn parse(spec: &str) -> Result<Player, Error> {
        let bad = |reason: String| Error::BadPlayer { spec: spec.to_string(), reason };
        if spec.trim().eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        // Level, depth and time by the one rule (play::strength); medium
        // when none is named.
        let mut asked = crate::play::strength::Asked { level: Some(FOUR_LEVELS[2].name), ..Default::default() };
        let mut rest = Vec::new();
        for part in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| bad(format!("'{part}' is not key=value")))?;
            match k.trim() {
                "level" => asked.level = Some(v),
                "depth" => asked.depth = Some(v.trim().parse().map_err(|_| bad(format!("depth '{v}' is not a whole number")))?),
                "time" => asked.time = Some(v.trim().parse().map_err(|_| bad(format!("time '{v}' is not a number of seconds")))?),
                k => rest.push((k, v)),
            }
        }
        let mut o = asked.resolve::<FourLevel>()?.options(EvalKind::Threat, FourMode::Serial);
        for (k, v) in rest {
            match k {
                "eval" => o.eval = EvalKind::parse(v)?,
                "margin" => o.margin = Cut::parse(v).map_err(|e| bad(e.to_string()))?,
                "mode" => o.mode = FourMode::parse(v).ok_or_else(|| bad(format!("unknown mode '{v}'")))?,
                _ => return Err(bad(format!("unknown key '{k}'; expected level, depth, time, eval, margin or mode"))),
            }
        }
        Ok(Player::Engine(o))
    }

    /// The peg this player drops on `board` (the game is not over).
    pub fn choose(&self, board: &Board, tt: &TranspositionTable, rng: &mut Rng) -> Result<(u32, u64), Error> {
        match self {
            Player::Random => Ok((rng.pick(board.legal_cells()) % 16, 0)),
            Player::Engine(o) => {
                let r = crate::four::search(board, tt, o, None, &mut |_| {})?;
                Ok((r.best.expect("the game is not over"), r.nodes))
            }
        }
    }
}

/// A finished game of a match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchGame {
    /// The moves, as pegs.
    pub record: String,
    /// Player A had Black.
    pub a_black: bool,
    /// The game's result for player A (`"win"`, `"draw"` or `"loss"` in JSON).
    pub a_result: Wld,
    /// Plies played.
    pub plies: u32,
}

/// Totals of a match between A and B.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchSummary {
    /// Games A won.
    pub a_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games B won.
    pub b_wins: u32,
    /// Nodes searched by both players.
    pub nodes: u64,
    /// Seconds of the whole match.
    pub seconds: f64,
    /// Every game played.
    pub games: Vec<MatchGame>,
}

/// `games` games between `a` and `b`, colours alternating, each pair of
/// games from the same opening of `random_moves` random pegs (seeded).
pub fn play_match(
    a: &Player,
    b: &Player,
    games: usize,
    random_moves: usize,
    seed: u64,
    progress: &mut dyn FnMut(&MatchSummary),
) -> Result<MatchSummary, Error> {
    let clock = crate::clock::Clock::start();
    let tt = TranspositionTable::with_mib(64);
    let mut rng = Rng::new(seed);
    let mut sum = MatchSummary::default();
    let mut opening = Vec::new();
    for g in 0..games {
        if g % 2 == 0 {
            opening = random_opening(&mut rng, random_moves);
        }
        let a_black = g % 2 == 0;
        let mut game = Game::new(Board::EMPTY);
        for &peg in &opening {
            game.play(peg)?;
        }
        tt.clear();
        while game.board().outcome() == Outcome::Playing {
            let board = game.board();
            let black = board.to_move() == Color::Black;
            let player = if black == a_black { a } else { b };
            let (peg, nodes) = player.choose(&board, &tt, &mut rng)?;
            sum.nodes += nodes;
            game.play(peg)?;
        }
        let a_result = match game.board().outcome() {
            Outcome::Won(c, _) if (c == Color::Black) == a_black => Wld::Win,
            Outcome::Won(..) => Wld::Loss,
            _ => Wld::Draw,
        };
        match a_result {
            Wld::Win => sum.a_wins += 1,
            Wld::Draw => sum.draws += 1,
            Wld::Loss => sum.b_wins += 1,
        }
        sum.games.push(MatchGame { record: game.record(), a_black, a_result, plies: game.moves.len() as u32 });
        sum.seconds = clock.seconds();
        progress(&sum);
    }
    Ok(sum)
}
