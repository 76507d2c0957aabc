//! A position on any supported board, the rules of play, and scoring.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::movegen::MoveGen;
use crate::rules::square::Square;
use crate::with_geometry;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// A side: Black moves first from the standard starts.
pub enum Color {
    /// The side that moves first from the start.
    Black,
    /// The other side.
    White,
}

impl Color {
    /// The other side.
    pub fn opposite(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// "Black" or "White".
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// The character that stands for this colour in a position string.
    pub fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

/// The starting arrangement of the four centre discs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// Crossed centre; the top-left centre square is white (d4 on 8×8).
    Othello,
    /// Parallel centre: its left column black, its right column white.
    Reversi,
}

impl FromStr for Start {
    type Err = Error;
    fn from_str(s: &str) -> Result<Start, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "othello" => Ok(Start::Othello),
            "reversi" => Ok(Start::Reversi),
            _ => Err(Error::BadStart(s.to_string())),
        }
    }
}

impl fmt::Display for Start {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Start::Othello => "othello",
            Start::Reversi => "reversi",
        })
    }
}

/// How a finished game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Scoring {
    /// World Othello Federation rule: empty squares go to the winner.
    #[default]
    World,
    /// Paper 001's rule: the plain disc difference; only after a wipeout do
    /// the empty squares go to the winner.
    Paper,
}

impl FromStr for Scoring {
    type Err = Error;
    fn from_str(s: &str) -> Result<Scoring, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "world" => Ok(Scoring::World),
            "paper" => Ok(Scoring::Paper),
            _ => Err(Error::BadScoring(s.to_string())),
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Scoring::World => "world",
            Scoring::Paper => "paper",
        })
    }
}

impl Scoring {
    /// The final score, from the point of view of the side owning `mine`
    /// discs, of a game that ended with `mine` and `theirs` discs on a board
    /// of `squares` squares.
    pub fn final_score(self, mine: u32, theirs: u32, squares: u32) -> i32 {
        let diff = mine as i32 - theirs as i32;
        let empties = (squares - mine - theirs) as i32;
        let empties_to_winner = match self {
            Scoring::World => true,
            Scoring::Paper => mine == 0 || theirs == 0,
        };
        if !empties_to_winner || diff == 0 {
            diff
        } else if diff > 0 {
            diff + empties
        } else {
            diff - empties
        }
    }
}

/// Whether the side to move can play, must pass, or the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The side to move has at least one legal move.
    Move,
    /// The side to move has none but the opponent has: it must pass.
    Pass,
    /// Neither side can move.
    Over,
}

/// A position: the board shape, both colours' discs, and the side to move.
/// Its fields are private so it always holds disjoint discs on its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    size: BoardSize,
    black: u64,
    white: u64,
    to_move: Color,
}

impl Position {
    /// The starting position of `size` with the given start; Black to move.
    pub fn start(size: BoardSize, start: Start) -> Position {
        let (r, c) = (size.rows() / 2 - 1, size.cols() / 2 - 1);
        let sq = |row: usize, col: usize| Square::at(size, row, col).expect("centre").bit();
        let (tl, tr, bl, br) = (sq(r, c), sq(r, c + 1), sq(r + 1, c), sq(r + 1, c + 1));
        let (black, white) = match start {
            Start::Othello => (tr | bl, tl | br),
            Start::Reversi => (tl | bl, tr | br),
        };
        Position { size, black, white, to_move: Color::Black }
    }

    /// A position from its parts; fails if the discs overlap or lie off the board.
    pub fn new(size: BoardSize, black: u64, white: u64, to_move: Color) -> Result<Position, Error> {
        if black & white != 0 || (black | white) & !size.full() != 0 {
            return Err(Error::BadArgument(format!(
                "discs overlap or lie off the {size} board"
            )));
        }
        Ok(Position { size, black, white, to_move })
    }

    /// The board's shape.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Black's discs, a bit per square (bit 0 is a1, then along the row).
    pub fn black(&self) -> u64 {
        self.black
    }

    /// White's discs, a bit per square.
    pub fn white(&self) -> u64 {
        self.white
    }

    /// The side whose turn it is (who must pass, if it has no move).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of the side to move.
    pub fn player(&self) -> u64 {
        match self.to_move {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The discs of the side not to move.
    pub fn opponent(&self) -> u64 {
        match self.to_move {
            Color::Black => self.white,
            Color::White => self.black,
        }
    }

    /// The position with side-relative discs `p` (to move) and `o`.
    fn with_relative(&self, p: u64, o: u64, to_move: Color) -> Position {
        let (black, white) = match to_move {
            Color::Black => (p, o),
            Color::White => (o, p),
        };
        Position { size: self.size, black, white, to_move }
    }

    /// The empty squares, a bit per square.
    pub fn empties(&self) -> u64 {
        !(self.black | self.white) & self.size.full()
    }

    /// Whose disc is on `sq`, if any.
    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.black & sq.bit() != 0 {
            Some(Color::Black)
        } else if self.white & sq.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> u64 {
        with_geometry!(self.size, G => G::moves(self.player(), self.opponent()))
    }

    /// The squares the side to move may play, lowest first.
    pub fn legal_squares(&self) -> impl ExactSizeIterator<Item = Square> + Clone {
        Square::each(self.legal_moves())
    }

    /// Whether the side to move may play `sq`.
    pub fn is_legal(&self, sq: Square) -> bool {
        self.legal_moves() & sq.bit() != 0
    }

    /// Whether the side to move has a move, must pass, or the game is over.
    pub fn status(&self) -> Status {
        if self.legal_moves() != 0 {
            Status::Move
        } else if with_geometry!(self.size, G => G::moves(self.opponent(), self.player())) != 0 {
            Status::Pass
        } else {
            Status::Over
        }
    }

    /// The position after the side to move plays `sq`, which must be legal.
    pub fn play(&self, sq: Square) -> Option<Position> {
        if !self.is_legal(sq) {
            return None;
        }
        let (p, o) = (self.player(), self.opponent());
        let f = with_geometry!(self.size, G => G::flips(p, o, sq.index()));
        Some(self.with_relative(o ^ f, p ^ f ^ sq.bit(), self.to_move.opposite()))
    }

    /// The position with the other side to move, the discs unchanged.
    /// Whether a pass is allowed is the caller's to check ([`Position::status`]).
    pub fn passed(&self) -> Position {
        Position { to_move: self.to_move.opposite(), ..*self }
    }

    /// `color`'s discs on the board.
    pub fn count(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black.count_ones(),
            Color::White => self.white.count_ones(),
        }
    }

    /// The final score for Black of this position taken as the end of the game.
    pub fn final_score(&self, scoring: Scoring) -> i32 {
        scoring.final_score(
            self.black.count_ones(),
            self.white.count_ones(),
            self.size.squares() as u32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_on_8x8() {
        let s8 = BoardSize::OTHELLO;
        let sq = |n: &str| Square::parse(n, s8).unwrap();
        let p = Position::start(s8, Start::Othello);
        assert_eq!(p.color_at(sq("d4")), Some(Color::White));
        assert_eq!(p.color_at(sq("e4")), Some(Color::Black));
        assert_eq!(p.color_at(sq("d5")), Some(Color::Black));
        assert_eq!(p.color_at(sq("e5")), Some(Color::White));
        let r = Position::start(s8, Start::Reversi);
        assert_eq!(r.color_at(sq("d4")), Some(Color::Black));
        assert_eq!(r.color_at(sq("d5")), Some(Color::Black));
        assert_eq!(r.color_at(sq("e4")), Some(Color::White));
        assert_eq!(r.color_at(sq("e5")), Some(Color::White));
    }

    #[test]
    fn starts_on_non_square_boards() {
        let s = BoardSize::new(4, 10).unwrap();
        let sq = |n: &str| Square::parse(n, s).unwrap();
        let p = Position::start(s, Start::Othello);
        // Centre of 4 rows × 10 columns: rows 2-3, columns e-f.
        assert_eq!(p.color_at(sq("e2")), Some(Color::White));
        assert_eq!(p.color_at(sq("f2")), Some(Color::Black));
        assert_eq!(p.color_at(sq("e3")), Some(Color::Black));
        assert_eq!(p.color_at(sq("f3")), Some(Color::White));
    }

    #[test]
    fn scoring_rules() {
        // Paper 001: 4×4 Othello ends 3–11 with two empties.
        assert_eq!(Scoring::Paper.final_score(3, 11, 16), -8);
        assert_eq!(Scoring::World.final_score(3, 11, 16), -10);
        // A wipeout gives the empties to the winner under both rules.
        assert_eq!(Scoring::Paper.final_score(20, 0, 24), 24);
        assert_eq!(Scoring::World.final_score(20, 0, 24), 24);
        // A draw keeps the empties out.
        assert_eq!(Scoring::World.final_score(30, 30, 64), 0);
        assert_eq!(Scoring::World.final_score(33, 31, 64), 2);
    }

    #[test]
    fn play_and_pass() {
        let s8 = BoardSize::OTHELLO;
        let p = Position::start(s8, Start::Othello);
        assert_eq!(p.status(), Status::Move);
        assert!(p.play(Square::parse("a1", s8).unwrap()).is_none());
        let q = p.play(Square::parse("f5", s8).unwrap()).unwrap();
        assert_eq!(q.to_move(), Color::White);
        assert_eq!(q.count(Color::Black), 4);
        assert_eq!(q.count(Color::White), 1);
        assert_eq!(q.passed().to_move(), Color::Black);
    }
}
