//! GGF, the Generic Game Format of the GGS Othello server, which NBoard
//! sends its engines (`set game`) and game collections are kept in: a game
//! is `(;` then properties `KEY[value]` then `;)`, among them `BO[8 <64
//! squares> <side>]` (the start: `*` black, `O` white, `-` empty) and one
//! `B[move]` or `W[move]` per move (`f5`, `PA` for a pass, optionally
//! `/eval/seconds`). A file may hold many games; anything between them is
//! skipped.

use crate::error::Error;
use crate::rules::game::{Game, Move};
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Color, Position, Status};
use crate::rules::square::Square;

/// What a GGF move may carry besides the move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveNote {
    /// The mover's evaluation, in discs.
    pub eval: Option<f64>,
    /// Seconds the mover took.
    pub seconds: Option<f64>,
}

/// One GGF game.
#[derive(Clone, Debug, PartialEq)]
pub struct GgfGame {
    /// Every property but the board and the moves (PB, PW, RE, DT, …), in
    /// the order given.
    pub tags: Vec<(String, String)>,
    /// The game, from its start.
    pub game: Game,
    /// One per move of `game`.
    pub notes: Vec<MoveNote>,
}

impl GgfGame {
    /// The first value of property `key` (`PB`, `RE`, …).
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

fn bad(at: usize, why: impl Into<String>) -> Error {
    Error::BadGameFile(format!("byte {}: {}", at + 1, why.into()))
}

/// Every game in `text` (a file of one game or many).
pub fn parse_ggf(text: &str) -> Result<Vec<GgfGame>, Error> {
    let mut games = Vec::new();
    let mut at = 0;
    while let Some(open) = text[at..].find("(;").map(|i| at + i) {
        let (game, end) = parse_one(text, open)?;
        games.push(game);
        at = end;
    }
    if games.is_empty() {
        return Err(bad(0, "no game: a GGF game starts with '(;'"));
    }
    Ok(games)
}

/// Exactly one game (what `set game` carries).
pub fn parse_ggf_game(text: &str) -> Result<GgfGame, Error> {
    let start = text.find("(;").ok_or_else(|| bad(0, "no game: a GGF game starts with '(;'"))?;
    let (game, end) = parse_one(text, start)?;
    if !text[end..].trim().is_empty() {
        return Err(bad(end, "text after the game's closing ';)'"));
    }
    Ok(game)
}

/// The game starting at byte `open` (at its `(;`), and the byte after its `;)`.
fn parse_one(text: &str, open: usize) -> Result<(GgfGame, usize), Error> {
    let bytes = text.as_bytes();
    let mut at = open + 2;
    let mut tags = Vec::new();
    let mut board: Option<(Position, usize)> = None;
    let mut moves: Vec<(Color, &str, usize)> = Vec::new();
    loop {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if text[at..].starts_with(";)") {
            at += 2;
            break;
        }
        let key_start = at;
        while at < bytes.len() && bytes[at].is_ascii_alphanumeric() {
            at += 1;
        }
        let key = &text[key_start..at];
        if key.is_empty() || bytes.get(at) != Some(&b'[') {
            return Err(match bytes.get(at) {
                None => bad(at, "the game ends without ';)'"),
                Some(_) => bad(at, "expected a property such as PB[name], or ';)' to end the game"),
            });
        }
        let value_start = at + 1;
        let close = text[value_start..].find(']').map(|i| value_start + i).ok_or_else(|| bad(at, format!("property {key} has no closing ']'")))?;
        let value = &text[value_start..close];
        at = close + 1;
        match key {
            "BO" => board = Some((parse_board(value, value_start)?, value_start)),
            "B" => moves.push((Color::Black, value, value_start)),
            "W" => moves.push((Color::White, value, value_start)),
            _ => tags.push((key.to_string(), value.to_string())),
        }
    }
    let (start, _) = board.ok_or_else(|| bad(open, "the game has no board (BO[...])"))?;
    let mut game = Game::new(start);
    let mut notes = Vec::new();
    for (color, value, at) in moves {
        let mut parts = value.split('/');
        let name = parts.next().unwrap_or("").trim();
        let number = |s: Option<&str>| s.map(str::trim).filter(|s| !s.is_empty()).and_then(|s| s.parse::<f64>().ok());
        let note = MoveNote { eval: number(parts.next()), seconds: number(parts.next()) };
        let pos = *game.current();
        // A pass the file leaves out: the other side moves while this one cannot.
        if pos.to_move() != color && pos.status() == Status::Pass {
            game.pass().map_err(|e| bad(at, e.to_string()))?;
            notes.push(MoveNote::default());
        }
        if game.current().to_move() != color {
            return Err(bad(at, format!("{} moves, but it is {}'s turn", color.name(), game.current().to_move().name())));
        }
        if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("pass") {
            game.pass().map_err(|e| bad(at, e.to_string()))?;
        } else {
            let sq = Square::parse(name, start.size()).map_err(|e| bad(at, e.to_string()))?;
            game.play(sq).map_err(|e| bad(at, e.to_string()))?;
        }
        notes.push(note);
    }
    Ok((GgfGame { tags, game, notes }, at))
}

/// `BO[8 <squares> <side>]`: the size, then the squares row by row, then
/// the side to move; spaces anywhere between.
fn parse_board(value: &str, at: usize) -> Result<Position, Error> {
    let mut words = value.split_whitespace();
    let n: usize = words.next().and_then(|w| w.parse().ok()).ok_or_else(|| bad(at, "a board starts with its size, such as 8"))?;
    let size = BoardSize::new(n, n).map_err(|e| bad(at, e.to_string()))?;
    let chars: Vec<char> = words.flat_map(|w| w.chars()).collect();
    if chars.len() != n * n + 1 {
        return Err(bad(at, format!("a {n}x{n} board has {} squares and a side to move; found {} characters", n * n, chars.len())));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, &c) in chars[..n * n].iter().enumerate() {
        match c {
            '*' | 'x' | 'X' | '#' => black |= 1 << i,
            'O' | 'o' => white |= 1 << i,
            '-' | '.' => {}
            _ => return Err(bad(at, format!("square {} is '{c}'; expected *, O or -", i + 1))),
        }
    }
    let to_move = match chars[n * n] {
        '*' | 'x' | 'X' | '#' => Color::Black,
        'O' | 'o' => Color::White,
        c => return Err(bad(at, format!("the side to move is '{c}'; expected * or O"))),
    };
    Position::new(size, black, white, to_move).map_err(|e| bad(at, e.to_string()))
}

/// `game` as one GGF game with the given properties first (PB, PW, …); its
/// result (RE) is the final score for Black once it is over, `?` before.
/// Only square boards have a GGF form.
pub fn to_ggf(game: &Game, tags: &[(&str, &str)], scoring: crate::rules::position::Scoring) -> Result<String, Error> {
    let start = game.start();
    let size = start.size();
    if !size.is_square() {
        return Err(Error::BadArgument(format!("GGF has square boards only; this game is on {size}")));
    }
    let mut out = String::from("(;GM[Othello]");
    for (k, v) in tags {
        out.push_str(&format!("{k}[{}]", v.replace(']', ")")));
    }
    if !tags.iter().any(|(k, _)| *k == "RE") {
        match game.final_score(scoring) {
            Some(score) => out.push_str(&format!("RE[{score:+}]")),
            None => out.push_str("RE[?]"),
        }
    }
    out.push_str(&format!("TY[{}]BO[{} ", size.rows(), size.rows()));
    for i in 0..size.squares() {
        let sq = Square::of_bit(i as u32);
        out.push(match start.color_at(sq) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        });
    }
    out.push_str(if start.to_move() == Color::Black { " *]" } else { " O]" });
    for (pos, mv) in game.positions().iter().zip(game.moves()) {
        let key = if pos.to_move() == Color::Black { 'B' } else { 'W' };
        match mv {
            Move::Play(sq) => out.push_str(&format!("{key}[{}]", sq.name(size))),
            Move::Pass => out.push_str(&format!("{key}[PA]")),
        }
    }
    out.push_str(";)");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::{Scoring, Start};

    const NBOARD: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]\
        BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    #[test]
    fn reads_the_game_nboard_sends() {
        let g = parse_ggf_game(NBOARD).unwrap();
        assert_eq!(g.game.record(), "f5f6d3c5e6f7e7f4");
        assert_eq!(g.tag("PB"), Some("./mEdax"));
        assert_eq!(g.tag("TI"), Some("15:00"));
        assert_eq!(*g.game.start(), Position::start(BoardSize::OTHELLO, Start::Othello));
        assert_eq!(g.notes.len(), 8);
    }

    #[test]
    fn writes_what_it_reads() {
        let g = parse_ggf_game(NBOARD).unwrap();
        let text = to_ggf(&g.game, &[("PB", "./mEdax"), ("PW", "chris")], Scoring::World).unwrap();
        let again = parse_ggf_game(&text).unwrap();
        assert_eq!(again.game, g.game);
        assert_eq!(again.tag("RE"), Some("?"));
    }

    #[test]
    fn reads_evals_times_passes_and_many_games() {
        // A whole random 4x4 game, the first of the seeds with a pass in it.
        let random_game = |seed: u64| {
            let mut rng = crate::rng::Rng::new(seed);
            let mut game = Game::new(Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello));
            while !game.is_over() {
                let pos = *game.current();
                if pos.status() == Status::Pass {
                    game.pass().unwrap();
                } else {
                    game.play(rng.pick_square(pos.legal_moves())).unwrap();
                }
            }
            game
        };
        let game = (0..).map(random_game).find(|g| g.moves().contains(&Move::Pass)).unwrap();
        assert!(game.moves().contains(&Move::Pass));
        let one = to_ggf(&game, &[], Scoring::World).unwrap();
        let file = format!("{one}\n\n{}", NBOARD.replace("B[F5]", "B[F5/1.5/2.25]"));
        let games = parse_ggf(&file).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].game, game);
        assert_eq!(games[0].tag("RE"), Some(format!("{:+}", game.final_score(Scoring::World).unwrap()).as_str()));
        assert_eq!(games[1].notes[0], MoveNote { eval: Some(1.5), seconds: Some(2.25) });
        // Passes left out are put in.
        let implicit = one.replace("[PA]", "[]").replace("B[]", "").replace("W[]", "");
        assert_eq!(parse_ggf_game(&implicit).unwrap().game, game);
    }

    #[test]
    fn bad_games_say_which_byte() {
        for (text, says) in [
            ("", "no game"),
            ("(;GM[Othello]B[F5];)", "no board"),
            ("(;GM[Othello]BO[8 ---];)", "64 squares"),
            ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)", "byte 88: move 1 (a1) is illegal"),
            ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]W[F5];)", "White moves, but it is Black's turn"),
            ("(;GM[Othello]PB[x", "no closing ']'"),
            ("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]", "ends without ';)'"),
        ] {
            let e = parse_ggf(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
