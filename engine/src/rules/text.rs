//! What a pasted text is: the one grammar for records and positions that
//! the command line and the page share. A position is its squares and side
//! to move (with an optional `RxC:` prefix); anything else is a record of
//! moves from a start, in which move numbers (`1.`, `12...`) are skipped and
//! passes may be left out wherever the side to move has no move.

use crate::error::Error;
use crate::rules::game::Game;
use crate::rules::geometry::BoardSize;
use crate::rules::notation::parse_position;
use crate::rules::position::{Position, Start};

/// What a text turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// A position string: squares and side to move.
    Position,
    /// A record of moves from a start.
    Record,
}

/// A text read as a game: where it starts and every ply, passes explicit.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// What the text was.
    pub kind: TextKind,
    /// The game it reads as.
    pub game: Game,
}

/// True if `text` is written as a position: its first word (after any
/// `RxC:` prefix) is longer than a pass and has no digit, which no record's
/// first word is, since every square name and move number has one. A
/// position with a wrong character is still a position, and its error says so.
fn looks_like_position(text: &str) -> bool {
    let t = text.trim_start();
    let head = t.split_whitespace().next().unwrap_or("");
    let (prefixed, squares) = match head.split_once(':') {
        Some((_, rest)) => (true, rest),
        None => (false, head),
    };
    prefixed || (squares.chars().count() > 4 && !squares.chars().any(|c| c.is_ascii_digit()))
}

/// Reads `text` as a position or a record. `board` and `start` are the
/// board to use where the text does not name one (a record never does; a
/// position does by its prefix or its length) and a record's start.
pub fn read_text(text: &str, board: BoardSize, start: Start) -> Result<Read, Error> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::BadArgument("nothing to read: give a record such as f5d6c3 or a position string".into()));
    }
    if looks_like_position(text) {
        let pos = match parse_position(text, None) {
            Err(Error::PositionLength { board: None, .. }) => parse_position(text, Some(board))?,
            other => other?,
        };
        return Ok(Read { kind: TextKind::Position, game: Game::new(pos) });
    }
    let game = Game::from_record(Position::start(board, start), text)?;
    Ok(Read { kind: TextKind::Record, game })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Color;

    #[test]
    fn reads_records_with_numbers_and_implied_passes() {
        let r = read_text("1. f5 d6 2. c3 d3 3.c4", BoardSize::OTHELLO, Start::Othello).unwrap();
        assert_eq!(r.kind, TextKind::Record);
        assert_eq!(r.game.record(), "f5d6c3d3c4");
        assert_eq!(r.game.movers(), [Color::Black, Color::White, Color::Black, Color::White, Color::Black]);
        let e = read_text("1. f5 d6 2. c3 e9", BoardSize::OTHELLO, Start::Othello).unwrap_err();
        assert!(e.to_string().contains("e9"), "{e}");
    }

    #[test]
    fn reads_positions_by_their_length_or_the_board_given() {
        let p = "-".repeat(27) + "OX------XO" + &"-".repeat(27) + " X";
        let r = read_text(&p, BoardSize::new(4, 4).unwrap(), Start::Othello).unwrap();
        assert_eq!((r.kind, r.game.current().size()), (TextKind::Position, BoardSize::OTHELLO));
        // 32 squares name no single board: the one given decides.
        let p32 = "-".repeat(32) + " O";
        let r = read_text(&p32, BoardSize::new(8, 4).unwrap(), Start::Othello).unwrap();
        assert_eq!(r.game.current().size(), BoardSize::new(8, 4).unwrap());
        assert_eq!(r.game.current().to_move(), Color::White);
        // A bad position is a position error, not a record error.
        let e = read_text(&(p.clone()[..63].to_string() + "? X"), BoardSize::OTHELLO, Start::Othello).unwrap_err();
        assert!(matches!(e, Error::BadSquareChar { index: 64, .. }), "{e}");
    }
}
