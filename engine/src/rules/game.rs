//! A game: a start position and the moves played from it, with game records
//! as concatenated moves (`f5d6c3d3c4`, any case; passes implicit, or written
//! `pass` / `PA`).

use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Color, Position, Scoring, Start, Status};
use crate::rules::square::Square;
use crate::rules::symmetry::Symmetry;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A move of a game: a disc on a square, or a pass.
pub enum Move {
    /// A disc placed on a square.
    Play(Square),
    /// A pass: the side to move has no legal move.
    Pass,
}

impl Move {
    /// The move's name on a board of `size`: its square (`f5`) or `pass`,
    /// as every record, report and protocol of the engine writes it.
    pub fn name(self, size: BoardSize) -> String {
        match self {
            Move::Play(sq) => sq.name(size),
            Move::Pass => "pass".to_string(),
        }
    }
}

/// A game from some start position. Every position in it was reached by
/// legal moves, so nothing downstream checks again.
///
/// # Example
///
/// ```
/// use yomi::{format_position, parse_position, BoardSize, Color, Game, Position, Start};
/// let start = Position::start(BoardSize::new(8, 8).unwrap(), Start::Othello);
/// let mut game = Game::from_record(start, "f5d6c3d3c4").unwrap(); // the tiger
/// assert_eq!(game.current().to_move(), Color::White);
/// assert!(Game::from_record(start, "f5f5").is_err()); // errors name the move
/// game.undo();
/// let pos = parse_position(&format_position(game.current()), None).unwrap();
/// assert_eq!(&pos, game.current());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game with no moves yet from `start`.
    pub fn new(start: Position) -> Game {
        Game { positions: vec![start], moves: Vec::new() }
    }

    /// The game after playing `record` from `start`.
    pub fn from_record(start: Position, record: &str) -> Result<Game, Error> {
        let mut game = Game::new(start);
        game.play_record(record)?;
        Ok(game)
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position after the last move.
    pub fn current(&self) -> &Position {
        self.positions.last().expect("a game has a start")
    }

    /// The moves played, passes included.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game: the start, then one after each move.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The side that made each move, passes included: what a page needs to
    /// know who played a ply without counting parity from the start.
    pub fn movers(&self) -> Vec<Color> {
        self.positions.iter().take(self.moves.len()).map(|p| p.to_move()).collect()
    }

    /// The current position's status.
    pub fn status(&self) -> Status {
        self.current().status()
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.status() == Status::Over
    }

    /// The final score for Black, once the game is over.
    pub fn final_score(&self, scoring: Scoring) -> Option<i32> {
        self.is_over().then(|| self.current().final_score(scoring))
    }

    /// Plays `sq` for the side to move.
    pub fn play(&mut self, sq: Square) -> Result<(), Error> {
        let number = self.moves.len() + 1;
        let pos = *self.current();
        if pos.status() == Status::Over {
            return Err(Error::GameOver { number });
        }
        let next = pos.play(sq).ok_or_else(|| Error::IllegalMove {
            number,
            square: sq.name(pos.size()),
            color: pos.to_move().name(),
        })?;
        self.push(Move::Play(sq), next);
        Ok(())
    }

    /// Passes for the side to move, which must have no legal move.
    pub fn pass(&mut self) -> Result<(), Error> {
        let number = self.moves.len() + 1;
        let pos = *self.current();
        match pos.status() {
            Status::Pass => {
                self.push(Move::Pass, pos.passed());
                Ok(())
            }
            Status::Move => Err(Error::IllegalPass { number, color: pos.to_move().name() }),
            Status::Over => Err(Error::GameOver { number }),
        }
    }

    /// Takes back the last move (a pass counts as one); false at the start.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_some() {
            self.positions.pop();
            true
        } else {
            false
        }
    }

    fn push(&mut self, mv: Move, next: Position) {
        self.moves.push(mv);
        self.positions.push(next);
    }

    /// Plays every move of `record`, inserting the passes it leaves implicit.
    /// On error the game is left as it was.
    pub fn play_record(&mut self, record: &str) -> Result<(), Error> {
        let tokens = tokenize(record, self.start().size())?;
        let mut scratch = self.clone();
        for mv in tokens {
            match mv {
                Move::Pass => scratch.pass()?,
                Move::Play(sq) => {
                    if scratch.status() == Status::Pass {
                        scratch.pass()?;
                    }
                    scratch.play(sq)?;
                }
            }
        }
        *self = scratch;
        Ok(())
    }

    /// The same game under `sym`: its start and every move mapped, as seen
    /// rotated or mirrored. Quarter turns and diagonal reflections need a
    /// square board; asked of another, they are an error that says so.
    pub fn transformed(&self, sym: Symmetry) -> Result<Game, Error> {
        let start = self.start();
        let size = start.size();
        if !Symmetry::group(size).contains(&sym) {
            return Err(Error::BadArgument(format!("{} needs a square board; this game is on {size}", sym.name())));
        }
        let map = |sq: Square| {
            let (r, c) = sym.map_coords(size, sq.row(size), sq.col(size));
            Square::at(size, r, c).expect("a symmetry maps the board onto itself")
        };
        let (mut black, mut white) = (0u64, 0u64);
        for i in 0..size.squares() as u32 {
            let sq = Square::of_bit(i);
            match start.color_at(sq) {
                Some(Color::Black) => black |= 1 << map(sq).index(),
                Some(Color::White) => white |= 1 << map(sq).index(),
                None => {}
            }
        }
        let mut game = Game::new(Position::new(size, black, white, start.to_move())?);
        for m in &self.moves {
            match *m {
                Move::Play(sq) => game.play(map(sq))?,
                Move::Pass => game.pass()?,
            }
        }
        Ok(game)
    }

    /// The game in its standard orientation: back on a standard start (the
    /// Othello or Reversi one) if a symmetry takes its start there (a game
    /// turned or mirrored away from it comes back), else on its own start;
    /// of those symmetries, the one that puts the first move furthest
    /// right, then lowest, which on 8×8 from the Othello start is f5 (the
    /// convention of game databases).
    pub fn normalised(&self) -> Game {
        let size = self.start().size();
        let images: Vec<Game> = Symmetry::group(size).iter().filter_map(|&sym| self.transformed(sym).ok()).collect();
        let standard = [Position::start(size, Start::Othello), Position::start(size, Start::Reversi)];
        let on_standard = |g: &&Game| standard.contains(g.start());
        let pool: Vec<&Game> = if images.iter().any(|g| on_standard(&g)) {
            images.iter().filter(on_standard).collect()
        } else {
            images.iter().filter(|g| g.start() == self.start()).collect()
        };
        pool.into_iter()
            .max_by_key(|g| match g.moves.first() {
                Some(Move::Play(sq)) => (sq.col(size), sq.row(size)),
                _ => (0, 0),
            })
            .cloned()
            .unwrap_or_else(|| self.clone())
    }

    /// The record of the game: its moves concatenated, passes left implicit.
    pub fn record(&self) -> String {
        let size = self.start().size();
        self.moves
            .iter()
            .filter_map(|m| match m {
                Move::Play(sq) => Some(sq.name(size)),
                Move::Pass => None,
            })
            .collect()
    }
}

/// Splits a record into moves: square names and `pass`/`pa`/`--`, any
/// case, optionally separated by spaces, commas, semicolons or hyphens,
/// with move numbers (`1.`, `12...`) skipped.
fn tokenize(record: &str, size: BoardSize) -> Result<Vec<Move>, Error> {
    let chars: Vec<char> = record.chars().collect();
    let mut moves = Vec::new();
    let mut i = 0;
    let boundary = |j: usize| j >= chars.len() || chars[j].is_whitespace() || chars[j] == ',';
    while i < chars.len() {
        let c = chars[i];
        if c == '-' && chars.get(i + 1) == Some(&'-') && (i == 0 || boundary(i - 1)) && boundary(i + 2) {
            moves.push(Move::Pass);
            i += 2;
            continue;
        }
        if c.is_whitespace() || c == ',' || c == ';' || c == '-' {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            // A move number: digits, then one or more dots.
            let digits = chars[i..].iter().take_while(|d| d.is_ascii_digit()).count();
            let spaces = chars[i + digits..].iter().take_while(|d| **d == ' ').count();
            let dots = chars[i + digits + spaces..].iter().take_while(|d| **d == '.').count();
            if dots == 0 {
                return Err(Error::BadRecordChar { index: i + 1, found: c });
            }
            i += digits + spaces + dots;
            continue;
        }
        let rest: String = chars[i..].iter().take(4).collect::<String>().to_ascii_lowercase();
        if rest.starts_with("pass") {
            moves.push(Move::Pass);
            i += 4;
        } else if rest.starts_with("pa") {
            moves.push(Move::Pass);
            i += 2;
        } else if c.is_ascii_alphabetic() {
            let digits = chars[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
            if digits == 0 {
                return Err(match chars.get(i + 1) {
                    Some(&found) => Error::BadRecordChar { index: i + 2, found },
                    None => Error::BadArgument("record ends in the middle of a move".into()),
                });
            }
            let name: String = chars[i..i + 1 + digits].iter().collect();
            moves.push(Move::Play(Square::parse(&name, size)?));
            i += 1 + digits;
        } else {
            return Err(Error::BadRecordChar { index: i + 1, found: c });
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::{Color, Start};

    fn start8() -> Position {
        Position::start(BoardSize::OTHELLO, Start::Othello)
    }

    #[test]
    fn plays_a_record_in_any_case() {
        let g = Game::from_record(start8(), "F5d6C3d3c4").unwrap();
        assert_eq!(g.moves().len(), 5);
        assert_eq!(g.record(), "f5d6c3d3c4");
        assert_eq!(g.current().to_move(), Color::White);
        let spaced = Game::from_record(start8(), "f5 d6, c3-d3 c4").unwrap();
        assert_eq!(spaced, g);
    }

    #[test]
    fn shortest_game_and_implicit_passes() {
        // 4×4: a game with passes; replay it with passes written out and implicit.
        let s4 = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
        let mut g = Game::new(s4);
        let mut rng = 12345u64;
        while !g.is_over() {
            if g.status() == Status::Pass {
                g.pass().unwrap();
                continue;
            }
            let moves: Vec<u32> = crate::rules::movegen::Squares(g.current().legal_moves()).collect();
            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let pick = moves[(rng >> 33) as usize % moves.len()];
            g.play(Square::of_bit(pick)).unwrap();
        }
        let implicit = Game::from_record(s4, &g.record()).unwrap();
        assert_eq!(implicit.current(), g.current());
    }

    #[test]
    fn errors_name_the_move() {
        let e = Game::from_record(start8(), "f5d6a1").unwrap_err();
        assert_eq!(e.to_string(), "move 3 (a1) is illegal for Black");
        let e = Game::from_record(start8(), "f5pass").unwrap_err();
        assert_eq!(e.to_string(), "move 2 is a pass, but White has a legal move");
        let e = Game::from_record(start8(), "f5d6?").unwrap_err();
        assert_eq!(e.to_string(), "record character 5 is '?'; expected a square such as f5, or pass");
        let e = Game::from_record(start8(), "f5z9").unwrap_err();
        assert_eq!(e.to_string(), "'z9' is not a square of the 8x8 board");
        let e = Game::from_record(start8(), "f5d").unwrap_err();
        assert_eq!(e.to_string(), "record ends in the middle of a move");
    }

    #[test]
    fn no_move_after_the_end_and_failed_records_change_nothing() {
        let mut g = Game::from_record(start8(), "f5d6c5f4e7f6g5e6e3").unwrap();
        assert!(g.is_over(), "{:?}", g.current());
        // A 9-move wipeout: 13 black discs, the 51 empties go to Black.
        assert_eq!(g.final_score(Scoring::World), Some(64));
        assert_eq!(g.final_score(Scoring::Paper), Some(64));
        let e = g.play(Square::parse("a1", BoardSize::OTHELLO).unwrap()).unwrap_err();
        assert_eq!(e, Error::GameOver { number: 10 });
        let before = g.clone();
        assert!(g.play_record("a1").is_err());
        assert_eq!(g, before);
        assert!(g.undo());
        assert_eq!(g.moves().len(), 8);
    }

    #[test]
    fn transforms_map_every_move_and_undo_by_their_inverse() {
        let game = Game::from_record(start8(), "f5d6c3d3c4f4f6f3e6e7").unwrap();
        for &sym in &Symmetry::ALL {
            let t = game.transformed(sym).unwrap();
            assert_eq!(t.moves().len(), game.moves().len());
            // Disc counts are the same ply by ply: the same game, seen turned.
            for (a, b) in game.positions().iter().zip(t.positions()) {
                assert_eq!((a.count(Color::Black), a.count(Color::White)), (b.count(Color::Black), b.count(Color::White)));
            }
            assert_eq!(t.transformed(sym.inverse()).unwrap(), game, "{sym:?}");
        }
        // The Othello start is kept by the half turn and the diagonal
        // reflections, not by the mirrors.
        assert_eq!(game.transformed(Symmetry::Rotate180).unwrap().start(), game.start());
        assert_ne!(game.transformed(Symmetry::FlipHorizontal).unwrap().start(), game.start());
        let narrow = Game::from_record(Position::start(BoardSize::new(4, 6).unwrap(), Start::Othello), "").unwrap();
        let e = narrow.transformed(Symmetry::Rotate90).unwrap_err().to_string();
        assert_eq!(e, "rotate-90 needs a square board; this game is on 4x6");
        assert!(narrow.transformed(Symmetry::FlipVertical).is_ok());
        assert_eq!("Rotate-90".parse::<Symmetry>().unwrap(), Symmetry::Rotate90);
        assert!("spin".parse::<Symmetry>().unwrap_err().to_string().contains("expected one of identity, flip-vertical"));
    }

    #[test]
    fn normalising_puts_the_first_move_on_f5() {
        // By hand: d3 c3 under the anti-transpose (r, c) → (7−c, 7−r) is f5 f6;
        // c4 under the half turn is f5; e6 under the transpose is f5.
        for (record, want) in [("d3c3", "f5f6"), ("c4c3", "f5f6"), ("e6f6", "f5f6"), ("f5d6", "f5d6")] {
            let g = Game::from_record(start8(), record).unwrap().normalised();
            assert_eq!(g.record(), want, "{record}");
            assert_eq!(g.start(), &start8());
        }
        assert_eq!(Game::new(start8()).normalised(), Game::new(start8()));
    }

    #[test]
    fn normalising_a_turned_or_mirrored_game_brings_back_its_start() {
        let g = Game::from_record(start8(), "f5d6c3").unwrap();
        for sym in Symmetry::group(BoardSize::OTHELLO) {
            let turned = g.transformed(*sym).unwrap();
            let back = turned.normalised();
            assert_eq!(back.start(), &start8(), "{}", sym.name());
            assert_eq!(back.record(), "f5d6c3", "{}", sym.name());
            // No move yet: the start alone comes back.
            assert_eq!(Game::new(*turned.start()).normalised().start(), &start8(), "{}", sym.name());
        }
    }
}
