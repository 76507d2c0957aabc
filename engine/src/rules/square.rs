//! Square names: column letter from the left, row number from the top
//! (`a1` is the top-left corner, `p4` the top-right... of a 4×16 board).

use crate::error::Error;
use crate::rules::geometry::BoardSize;

/// A square of some board, as its number `row * cols + col`. It carries no
/// board of its own: the functions that name or parse it take the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `row`, `col` (0-based) of `size`, if it is on the board.
    pub fn at(size: BoardSize, row: usize, col: usize) -> Option<Square> {
        (row < size.rows() && col < size.cols()).then(|| Square((row * size.cols() + col) as u8))
    }

    /// The square with this number, if it is on the board.
    pub fn from_index(size: BoardSize, index: u32) -> Option<Square> {
        ((index as usize) < size.squares()).then_some(Square(index as u8))
    }

    /// The squares of a bitboard's set bits, lowest first: a position's
    /// bitboards hold only squares of its board, so no bit needs checking.
    pub fn each(bits: u64) -> impl ExactSizeIterator<Item = Square> + Clone {
        crate::rules::movegen::Squares(bits).map(|i| Square(i as u8))
    }

    /// The square of bit `index` of a position's bitboard (below 64).
    pub(crate) fn of_bit(index: u32) -> Square {
        debug_assert!(index < 64);
        Square(index as u8)
    }

    /// The square's bit index: row × columns + column.
    pub fn index(self) -> u32 {
        self.0 as u32
    }

    /// The square as a one-bit board.
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Its row on a board of `size`, from 0 at the top.
    pub fn row(self, size: BoardSize) -> usize {
        self.0 as usize / size.cols()
    }

    /// Its column on a board of `size`, from 0 at the left.
    pub fn col(self, size: BoardSize) -> usize {
        self.0 as usize % size.cols()
    }

    /// The square's name on `size`, lower case (`f5`).
    pub fn name(self, size: BoardSize) -> String {
        let col = (b'a' + self.col(size) as u8) as char;
        format!("{col}{}", self.row(size) + 1)
    }

    /// Parses a square name (any case) on `size`.
    pub fn parse(name: &str, size: BoardSize) -> Result<Square, Error> {
        let bad = || Error::BadSquare {
            name: name.to_string(),
            board: (size.rows(), size.cols()),
        };
        let mut chars = name.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(bad());
        }
        let row: usize = digits.parse().map_err(|_| bad())?;
        let col = (letter as u8 - b'a') as usize;
        if row == 0 {
            return Err(bad());
        }
        Square::at(size, row - 1, col).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_every_board() {
        for size in BoardSize::ALL {
            for i in 0..size.squares() as u32 {
                let sq = Square::from_index(size, i).unwrap();
                assert_eq!(Square::parse(&sq.name(size), size), Ok(sq));
                assert_eq!(Square::parse(&sq.name(size).to_uppercase(), size), Ok(sq));
            }
        }
    }

    #[test]
    fn known_names() {
        let s8 = BoardSize::OTHELLO;
        assert_eq!(Square::parse("a1", s8).unwrap().index(), 0);
        assert_eq!(Square::parse("h1", s8).unwrap().index(), 7);
        assert_eq!(Square::parse("d4", s8).unwrap().index(), 27);
        assert_eq!(Square::parse("H8", s8).unwrap().index(), 63);
        let s = BoardSize::new(16, 4).unwrap();
        assert_eq!(Square::parse("d16", s).unwrap().index(), 63);
    }

    #[test]
    fn rejects_squares_off_the_board() {
        let s8 = BoardSize::OTHELLO;
        for bad in ["", "a", "a0", "a9", "i1", "1a", "a1x", "-1", "aa", "a01x", "é1"] {
            assert!(Square::parse(bad, s8).is_err(), "{bad}");
        }
        assert_eq!(
            Square::parse("e1", BoardSize::new(4, 4).unwrap()).unwrap_err().to_string(),
            "'e1' is not a square of the 4x4 board"
        );
    }
}
