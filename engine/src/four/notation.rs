//! Score Four's notation. A peg is its column letter a–d (x) and row digit
//! 1–4 (y); a record is peg names one after another (`a1b2b2c4`); a
//! position is 64 characters X, O or - in cell order (x + 4y + 16z, the
//! bottom layer first), a space and the side to move. A [`Game`] is a start
//! and the moves played from it, checked move by move.

use crate::error::Error;
use crate::four::board::{Board, Outcome};
use crate::rules::position::Color;

/// The name of peg `peg` (x + 4y): `a1` … `d4`.
pub fn peg_name(peg: u32) -> String {
    format!("{}{}", (b'a' + (peg % 4) as u8) as char, peg / 4 + 1)
}

/// The peg a name stands for.
pub fn parse_peg(name: &str) -> Result<u32, Error> {
    let b = name.trim().as_bytes();
    let bad = || Error::FourBadPeg(name.trim().to_string());
    if b.len() != 2 {
        return Err(bad());
    }
    let x = b[0].to_ascii_lowercase().wrapping_sub(b'a');
    let y = b[1].wrapping_sub(b'1');
    if x < 4 && y < 4 {
        Ok((x + 4 * y) as u32)
    } else {
        Err(bad())
    }
}

/// A record's pegs, in order. Spaces, commas and dots between moves are
/// allowed; anything else that is not a peg is an error at its character.
pub fn parse_record(text: &str) -> Result<Vec<u32>, Error> {
    let chars: Vec<char> = text.chars().collect();
    let mut pegs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == '.' {
            i += 1;
            continue;
        }
        let x = c.to_ascii_lowercase();
        if !('a'..='d').contains(&x) {
            return Err(Error::FourBadRecordChar { index: i + 1, found: c });
        }
        match chars.get(i + 1) {
            Some(&y) if ('1'..='4').contains(&y) => {
                pegs.push((x as u32 - 'a' as u32) + 4 * (y as u32 - '1' as u32));
                i += 2;
            }
            Some(&y) => return Err(Error::FourBadRecordChar { index: i + 2, found: y }),
            None => return Err(Error::FourBadPeg(c.to_string())),
        }
    }
    Ok(pegs)
}

/// A record written out.
pub fn format_record(pegs: &[u32]) -> String {
    pegs.iter().map(|&p| peg_name(p)).collect()
}

/// A board as 64 characters in cell order, a space and the side to move.
pub fn format_board(b: &Board) -> String {
    let mut s: String = (0..64)
        .map(|c| {
            if b.black >> c & 1 == 1 {
                'X'
            } else if b.white >> c & 1 == 1 {
                'O'
            } else {
                '-'
            }
        })
        .collect();
    s.push(' ');
    s.push(b.to_move().symbol());
    s
}

/// A board from its 64 characters and side to move. Checked: no stone
/// floats above an empty cell, the side to move agrees with the counts
/// (Black moves first), and only the side that just moved may have a line.
pub fn parse_board(text: &str) -> Result<Board, Error> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    let cells: Vec<char> = chars.iter().copied().take_while(|c| !c.is_whitespace()).collect();
    if cells.len() != 64 {
        return Err(Error::FourBadPosition(format!(
            "a Score Four position has 64 cells (X, O or -), then a space and the side to move; found {} cells",
            cells.len()
        )));
    }
    let mut b = Board::EMPTY;
    for (i, &c) in cells.iter().enumerate() {
        match c.to_ascii_uppercase() {
            'X' | '*' => b.black |= 1u64 << i,
            'O' => b.white |= 1u64 << i,
            '-' | '.' => {}
            _ => return Err(Error::BadSquareChar { index: i + 1, found: c }),
        }
    }
    let side: String = chars[64..].iter().collect::<String>().trim().to_string();
    let to_move = match side.to_ascii_uppercase().as_str() {
        "X" | "*" => Color::Black,
        "O" => Color::White,
        "" => return Err(Error::MissingSideToMove),
        _ => return Err(Error::BadSideToMove { found: side }),
    };
    let occ = b.occupied();
    let floating = occ & !((occ << 16) | 0xFFFF);
    if floating != 0 {
        let c = floating.trailing_zeros();
        return Err(Error::FourBadPosition(format!(
            "the stone at cell {} (peg {}, height {}) floats above an empty cell",
            c + 1,
            peg_name(c % 16),
            c / 16 + 1
        )));
    }
    let (nb, nw) = (b.black.count_ones(), b.white.count_ones());
    let expected = if nb == nw { Color::Black } else { Color::White };
    if nb != nw && nb != nw + 1 {
        return Err(Error::FourBadPosition(format!(
            "Black has {nb} stones and White {nw}: Black moves first, so Black has as many as White or one more"
        )));
    }
    if to_move != expected {
        return Err(Error::FourBadPosition(format!(
            "Black has {nb} stones and White {nw}, so {} is to move, not {}",
            expected.name(),
            to_move.name()
        )));
    }
    let last = expected.opposite();
    // Only the side that moved last may have a line.
    if super::board::has_four(b.player()) {
        return Err(Error::FourBadPosition(format!(
            "{} has a line of four but {} moved last: the game would have ended at that line",
            expected.name(),
            last.name()
        )));
    }
    Ok(b)
}

/// A game: where it started and the pegs played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// Where the game starts.
    pub start: Board,
    /// The pegs played, in order.
    pub moves: Vec<u32>,
    board: Board,
}

impl Game {
    /// A game from `start` with no move yet.
    pub fn new(start: Board) -> Game {
        Game { start, moves: Vec::new(), board: start }
    }

    /// A game from text: a record from the empty board, or a position
    /// (64 cells and the side to move), optionally followed by moves after
    /// a semicolon.
    pub fn parse(text: &str) -> Result<Game, Error> {
        let t = text.trim();
        let looks_like_board = t.chars().take(64).filter(|c| matches!(c.to_ascii_uppercase(), 'X' | 'O' | '-' | '.' | '*')).count() >= 17
            && !t.chars().take(64).any(|c| c.is_ascii_digit());
        if looks_like_board {
            let (pos, rest) = match t.split_once(';') {
                Some((a, b)) => (a, b),
                None => (t, ""),
            };
            let mut g = Game::new(parse_board(pos)?);
            g.play_record(rest)?;
            Ok(g)
        } else {
            let mut g = Game::new(Board::EMPTY);
            g.play_record(t)?;
            Ok(g)
        }
    }

    /// Plays the pegs of `record` in turn; an error names the move.
    pub fn play_record(&mut self, record: &str) -> Result<(), Error> {
        for peg in parse_record(record)? {
            self.play(peg)?;
        }
        Ok(())
    }

    /// Drops the side to move's stone on `peg`.
    pub fn play(&mut self, peg: u32) -> Result<(), Error> {
        let number = self.moves.len() + 1;
        if self.board.outcome() != Outcome::Playing {
            return Err(Error::GameOver { number });
        }
        let next = self.board.play(peg).ok_or_else(|| Error::FourFullPeg { number, peg: peg_name(peg) })?;
        self.board = next;
        self.moves.push(peg);
        Ok(())
    }

    /// The board after every move.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The record of the moves played (from the start position).
    pub fn record(&self) -> String {
        format_record(&self.moves)
    }

    /// The cells filled by the moves, in order.
    pub fn cells(&self) -> Vec<u32> {
        let mut b = self.start;
        self.moves
            .iter()
            .map(|&peg| {
                let c = b.drop_cell(peg).expect("a checked move");
                b = b.play(peg).expect("a checked move");
                c
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for peg in 0..16 {
            assert_eq!(parse_peg(&peg_name(peg)).unwrap(), peg);
        }
        assert_eq!(peg_name(0), "a1");
        assert_eq!(peg_name(15), "d4");
        assert_eq!(parse_record("a1 B2,b2.c4").unwrap(), vec![0, 5, 5, 14]);
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(parse_record("a1e2").unwrap_err(), Error::FourBadRecordChar { index: 3, found: 'e' });
        assert_eq!(parse_record("a1b5").unwrap_err(), Error::FourBadRecordChar { index: 4, found: '5' });
        let e = Game::parse("a1a1a1a1a1").unwrap_err();
        assert_eq!(e.to_string(), "move 5 (a1) is on a full peg");
        // Black wins with the a-row on the bottom layer at move 7.
        let e = Game::parse("a1a2b1b2c1c2d1d2").unwrap_err();
        assert_eq!(e, Error::GameOver { number: 8 });
    }

    #[test]
    fn positions_round_trip_and_are_checked() {
        let g = Game::parse("a1b2b2c4").unwrap();
        let text = format_board(&g.board());
        assert_eq!(parse_board(&text).unwrap(), g.board());
        let g2 = Game::parse(&format!("{text};a1")).unwrap();
        assert_eq!(g2.board(), Game::parse("a1b2b2c4a1").unwrap().board());
        let mut floating = ["-"; 64].concat();
        floating.replace_range(16..17, "X");
        assert!(parse_board(&format!("{floating} O")).unwrap_err().to_string().contains("floats"));
        let mut one = ["-"; 64].concat();
        one.replace_range(0..1, "X");
        assert!(parse_board(&format!("{one} X")).unwrap_err().to_string().contains("White is to move"));
        assert_eq!(parse_board(&format!("{one} Q")).unwrap_err(), Error::BadSideToMove { found: "Q".into() });
        assert_eq!(parse_board(&one).unwrap_err(), Error::MissingSideToMove);
    }
}
