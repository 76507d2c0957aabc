//! Position strings: one character per square, row by row from a1 (`X`
//! black, `O` white, `-` empty), a space, and the side to move `X` or `O`.
//! This is the OBF form used by the FFO test files, where a line may go on
//! with `; move:score` fields.

use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Color, Position};
use crate::rules::square::Square;

/// A position with the exact scores an OBF line gives for some of its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfLine {
    pub position: Position,
    /// `(move, score for the side to move)`, in the order given.
    pub scores: Vec<(Square, i32)>,
}

/// Parses a position string. The board is `board` if given, otherwise the
/// only board with that many squares.
pub fn parse_position(text: &str, board: Option<BoardSize>) -> Result<Position, Error> {
    Ok(parse_obf_line(text, board)?.position)
}

/// Parses an OBF line: a position string, then optional `; move:score` fields.
pub fn parse_obf_line(text: &str, board: Option<BoardSize>) -> Result<ObfLine, Error> {
    let text = text.trim();
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

/// The position string of `pos` (no OBF fields).
pub fn format_position(pos: &Position) -> String {
    let mut s = String::with_capacity(pos.size().squares() + 2);
    for i in 0..pos.size().squares() as u32 {
        let sq = Square::from_index(pos.size(), i).expect("on board");
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
        assert!(parse_position(&text, None).is_err());
        assert_eq!(parse_position(&text, Some(size)), Ok(p));
    }
}
