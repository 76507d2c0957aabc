//! Position strings: one character per square, row by row from a1 (`X`
//! black, `O` white, `-` empty), a space, and the side to move `X` or `O`.
//! This is the OBF form used by the FFO test files, where a line may go on
//! with `; move:score` fields. A position may start with its board, `4x16:`:
//! 64 squares alone read as 8×8, so a string that leaves its board to the
//! reader could not carry a 4×16 or 16×4 position from one place to another.

use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Color, Position};
use crate::rules::square::Square;

/// A position with the exact scores an OBF line gives for some of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfLine {
    /// The position.
    pub position: Position,
    /// `(move, score for the side to move)`, in the order given.
    pub scores: Vec<(Square, i32)>,
}

/// Parses a position string. The board is the string's `RxC:` prefix, or
/// `board` if given, otherwise the only board with that many squares (the
/// square board where there are several).
pub fn parse_position(text: &str, board: Option<BoardSize>) -> Result<Position, Error> {
    Ok(parse_obf_line(text, board)?.position)
}

/// Parses an OBF line: a position string, then optional `; move:score` fields.
pub fn parse_obf_line(text: &str, board: Option<BoardSize>) -> Result<ObfLine, Error> {
    let (named, text) = split_board_prefix(text.trim())?;
    let board = match (named, board) {
        (Some(n), Some(b)) if n != b => {
            return Err(Error::BoardMismatch { named: (n.rows(), n.cols()), given: (b.rows(), b.cols()) })
        }
        (Some(n), _) => Some(n),
        (None, b) => b,
    };
    let squares_end = text.find(char::is_whitespace).unwrap_or(text.len());
    let (squares, rest) = text.split_at(squares_end);

    let mut black = 0u64;
    let mut white = 0u64;
    let mut count = 0usize;
    for (i, ch) in squares.chars().enumerate() {
        match ch {
            'X' | 'x' | '*' => black |= 1u64.checked_shl(i as u32).unwrap_or(0),
            'O' | 'o' => white |= 1u64.checked_shl(i as u32).unwrap_or(0),
            '-' | '.' => {}
            _ => return Err(Error::BadSquareChar { index: i + 1, found: ch }),
        }
        count += 1;
    }
    let size = match board {
        Some(b) if b.squares() == count => b,
        Some(b) => {
            return Err(Error::PositionLength {
                found: count,
                board: Some((b.rows(), b.cols())),
            })
        }
        None => BoardSize::from_square_count(count)
            .ok_or(Error::PositionLength { found: count, board: None })?,
    };

    let rest = rest.trim_start();
    let (side, fields) = match rest.find(|c: char| c.is_whitespace() || c == ';') {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let to_move = match side {
        "" => return Err(Error::MissingSideToMove),
        "X" | "x" | "*" => Color::Black,
        "O" | "o" => Color::White,
        _ => return Err(Error::BadSideToMove { found: side.to_string() }),
    };
    let position = Position::new(size, black, white, to_move)?;
    let scores = parse_fields(fields, size)?;
    Ok(ObfLine { position, scores })
}

/// `"4x16:--…"` → the 4×16 board and the rest. A colon before the first
/// space can only be a prefix: squares are `X`, `O` and `-`, and the OBF
/// fields' colons come after the side to move.
fn split_board_prefix(text: &str) -> Result<(Option<BoardSize>, &str), Error> {
    let head_end = text.find(char::is_whitespace).unwrap_or(text.len());
    match text[..head_end].find(':') {
        Some(colon) => Ok((Some(text[..colon].parse()?), text[colon + 1..].trim_start())),
        None => Ok((None, text)),
    }
}

fn parse_fields(fields: &str, size: BoardSize) -> Result<Vec<(Square, i32)>, Error> {
    let fields = fields.trim();
    if fields.is_empty() {
        return Ok(Vec::new());
    }
    let bad = |field: &str, reason: &str| Error::BadObfField {
        field: field.to_string(),
        reason: reason.to_string(),
    };
    if !fields.starts_with(';') {
        return Err(bad(fields, "expected '; move:score' fields"));
    }
    let mut scores = Vec::new();
    for field in fields.split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let (mv, score) = field
            .split_once(':')
            .ok_or_else(|| bad(field, "expected move:score"))?;
        let sq = Square::parse(mv.trim(), size)?;
        let score: i32 = score
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| bad(field, "the score is not a whole number"))?;
        scores.push((sq, score));
    }
    Ok(scores)
}

/// The position string of `pos` (no OBF fields), with its board prefix
/// where the square count alone would name another board or none: 8×8, 6×6
/// and 4×4 keep the plain OBF form of the FFO files; `4x16:…` reads back
/// as 4×16 everywhere positions are read.
pub fn format_position(pos: &Position) -> String {
    if BoardSize::from_square_count(pos.size().squares()) == Some(pos.size()) {
        format_squares(pos)
    } else {
        format_position_with_board(pos)
    }
}

/// The position string with its board prefix whatever the board, `8x8:…`.
pub fn format_position_with_board(pos: &Position) -> String {
    format!("{}:{}", pos.size(), format_squares(pos))
}

fn format_squares(pos: &Position) -> String {
    let mut s = String::with_capacity(pos.size().squares() + 2);
    for i in 0..pos.size().squares() as u32 {
        let sq = Square::of_bit(i);
        s.push(pos.color_at(sq).map_or('-', Color::symbol));
    }
    s.push(' ');
    s.push(pos.to_move().symbol());
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Start;

    #[test]
    fn start_round_trips() {
        for size in BoardSize::ALL {
            for start in [Start::Othello, Start::Reversi] {
                let p = Position::start(size, start);
                let text = format_position(&p);
                assert_eq!(parse_position(&text, Some(size)), Ok(p));
            }
        }
        let p = Position::start(BoardSize::OTHELLO, Start::Othello);
        assert_eq!(
            format_position(&p),
            "---------------------------OX------XO--------------------------- X"
        );
        assert_eq!(parse_position(&format_position(&p), None), Ok(p));
    }

    #[test]
    fn a_board_prefix_carries_every_board() {
        for size in BoardSize::ALL {
            let p = Position::start(size, Start::Othello);
            let text = format_position(&p);
            // Only the boards the length names go without the prefix.
            let plain = matches!((size.rows(), size.cols()), (4, 4) | (6, 6) | (8, 8));
            assert_eq!(text.starts_with(&format!("{size}:")), !plain, "{text}");
            assert_eq!(parse_position(&text, None), Ok(p), "{text}");
            assert_eq!(parse_position(&format_position_with_board(&p), None), Ok(p));
            assert_eq!(parse_position(&text, Some(size)), Ok(p));
        }
        let wide = Position::start(BoardSize::new(4, 16).unwrap(), Start::Othello);
        let text = format_position(&wide);
        assert!(text.starts_with("4x16:"));
        // The prefix and a different board given beside it: an error naming both.
        let err = parse_position(&text, Some(BoardSize::OTHELLO)).unwrap_err();
        assert_eq!(err, Error::BoardMismatch { named: (4, 16), given: (8, 8) });
        assert_eq!(err.to_string(), "the position is on the 4x16 board, but the 8x8 board was asked for");
        // A bad prefix says what is wrong with it.
        assert!(matches!(parse_position("5x6:---- X", None), Err(Error::UnsupportedBoard { .. })));
        assert!(matches!(parse_position("big:---- X", None), Err(Error::BadBoardSpec(_))));
        // Colons in OBF fields are not a prefix.
        let line = "---------------------------OX------XO--------------------------- X; d3:+0;";
        assert_eq!(parse_obf_line(line, None).unwrap().scores.len(), 1);
        let ambiguous = parse_position(&text[5..], None).unwrap();
        assert_eq!(ambiguous.size(), BoardSize::OTHELLO, "64 squares alone read as 8x8");
    }

    #[test]
    fn reads_obf_fields() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;";
        let obf = parse_obf_line(line, None).unwrap();
        let s8 = BoardSize::OTHELLO;
        assert_eq!(obf.position.to_move(), Color::Black);
        assert_eq!(
            obf.scores,
            vec![
                (Square::parse("g8", s8).unwrap(), 18),
                (Square::parse("h1", s8).unwrap(), 12),
                (Square::parse("a4", s8).unwrap(), -22)
            ]
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let mut text = "-".repeat(64);
        text.replace_range(16..17, "Q");
        let e = parse_position(&format!("{text} X"), None).unwrap_err();
        assert_eq!(e.to_string(), "character 17 is 'Q'; expected X, O or -");

        let e = parse_position(&format!("{} X", "-".repeat(63)), Some(BoardSize::OTHELLO)).unwrap_err();
        assert_eq!(e.to_string(), "position has 63 squares; the 8x8 board has 64");

        let e = parse_position(&format!("{} X", "-".repeat(24)), None).unwrap_err();
        assert!(e.to_string().starts_with("position has 24 squares, which fits no single board"));

        let e = parse_position(&"-".repeat(64), None).unwrap_err();
        assert_eq!(e, Error::MissingSideToMove);

        let e = parse_position(&format!("{} Z", "-".repeat(64)), None).unwrap_err();
        assert_eq!(e.to_string(), "side to move is 'Z'; expected X or O");

        let e = parse_position(&format!("{} X; Z9:+4", "-".repeat(64)), None).unwrap_err();
        assert_eq!(e.to_string(), "'Z9' is not a square of the 8x8 board");

        let e = parse_position(&format!("{} X; A1:four", "-".repeat(64)), None).unwrap_err();
        assert!(e.to_string().contains("A1:four"));

        let e = parse_position(&format!("{} X junk", "-".repeat(64)), None).unwrap_err();
        assert!(e.to_string().contains("junk"));
    }

    #[test]
    fn board_from_option_for_ambiguous_lengths() {
        let size = BoardSize::new(6, 4).unwrap();
        let p = Position::start(size, Start::Othello);
        let text = format_position(&p);
        let bare = text.strip_prefix("6x4:").expect("written with its board");
        assert!(parse_position(bare, None).is_err());
        assert_eq!(parse_position(bare, Some(size)), Ok(p));
    }
}
