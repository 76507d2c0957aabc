//! Board shapes. Every supported board is a zero-sized type implementing
//! [`Geometry`], so its masks and shift amounts are compile-time constants and
//! the move generator is monomorphised per board: the 8×8 code carries no
//! trace of the other sizes.
//!
//! Squares are numbered row by row from the top-left corner: square
//! `row * COLS + col` is bit `row * COLS + col` of a `u64`.

use std::fmt;

use crate::error::Error;

/// A board of `ROWS` × `COLS` squares as compile-time constants.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// Rows of the board.
    const ROWS: usize;
    /// Columns of the board.
    const COLS: usize;
    /// Squares of the board.
    const SQUARES: usize = Self::ROWS * Self::COLS;
    /// Every square of the board.
    const FULL: u64;
    /// Every square except the first and last columns: where a run of
    /// discs may continue in a direction with a horizontal component.
    const INNER_COLS: u64;
    /// Doubling steps that cover the longest run of opponent discs along a row,
    /// a column and a diagonal (a line of `L` squares has runs of up to `L - 2`).
    const STEPS_ROW: u32;
    /// The bit step between columns: one square.
    const STEPS_COL: u32;
    /// The bit step along a diagonal.
    const STEPS_DIAG: u32;
    /// The runtime name of this shape.
    const SIZE: BoardSize;
    /// The first and last columns.
    const FIRST_COL: u64;
    /// The squares of the last column.
    const LAST_COL: u64;
}

/// The squares next to a disc of `x` (not `x` itself), in all eight directions.
#[inline(always)]
pub fn neighbours<G: Geometry>(x: u64) -> u64 {
    let c = G::COLS as u32;
    let e = (x << 1) & !G::FIRST_COL;
    let w = (x >> 1) & !G::LAST_COL;
    let h = x | e | w;
    (h | (h << c) | (h >> c)) & G::FULL & !x
}

/// The board `R` × `C`. Only the shapes listed in [`BoardSize::ALL`] are
/// instantiated; the constants below assume `R`, `C` ≥ 4 and `R * C` ≤ 64.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dims<const R: usize, const C: usize>;

const fn steps_for(line: usize) -> u32 {
    // Smallest k with 2^k - 1 >= line - 2.
    let mut k = 0;
    while (1usize << k) - 1 < line - 2 {
        k += 1;
    }
    k
}

const fn full_mask(squares: usize) -> u64 {
    if squares == 64 {
        u64::MAX
    } else {
        (1u64 << squares) - 1
    }
}

const fn column_mask(rows: usize, cols: usize, col: usize) -> u64 {
    let mut m = 0u64;
    let mut r = 0;
    while r < rows {
        m |= 1u64 << (r * cols + col);
        r += 1;
    }
    m
}

const fn min(a: usize, b: usize) -> usize {
    if a < b {
        a
    } else {
        b
    }
}

impl<const R: usize, const C: usize> Geometry for Dims<R, C> {
    const ROWS: usize = R;
    const COLS: usize = C;
    const FULL: u64 = full_mask(R * C);
    const INNER_COLS: u64 =
        full_mask(R * C) & !column_mask(R, C, 0) & !column_mask(R, C, C - 1);
    const STEPS_ROW: u32 = steps_for(C);
    const STEPS_COL: u32 = steps_for(R);
    const STEPS_DIAG: u32 = steps_for(min(R, C));
    const SIZE: BoardSize = BoardSize::from_dims_unchecked(R, C);
    const FIRST_COL: u64 = column_mask(R, C, 0);
    const LAST_COL: u64 = column_mask(R, C, C - 1);
}

/// A supported board shape, known at run time: R rows × C columns with R and C
/// even, both at least 4, and R × C ≤ 64. The fields are private so a value of
/// this type is always one of those shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize {
    rows: u8,
    cols: u8,
}

impl BoardSize {
    /// Every supported shape, smallest first.
    pub const ALL: [BoardSize; 19] = [
        BoardSize::from_dims_unchecked(4, 4),
        BoardSize::from_dims_unchecked(4, 6),
        BoardSize::from_dims_unchecked(6, 4),
        BoardSize::from_dims_unchecked(4, 8),
        BoardSize::from_dims_unchecked(8, 4),
        BoardSize::from_dims_unchecked(6, 6),
        BoardSize::from_dims_unchecked(4, 10),
        BoardSize::from_dims_unchecked(10, 4),
        BoardSize::from_dims_unchecked(6, 8),
        BoardSize::from_dims_unchecked(8, 6),
        BoardSize::from_dims_unchecked(4, 12),
        BoardSize::from_dims_unchecked(12, 4),
        BoardSize::from_dims_unchecked(8, 8),
        BoardSize::from_dims_unchecked(6, 10),
        BoardSize::from_dims_unchecked(10, 6),
        BoardSize::from_dims_unchecked(4, 14),
        BoardSize::from_dims_unchecked(14, 4),
        BoardSize::from_dims_unchecked(4, 16),
        BoardSize::from_dims_unchecked(16, 4),
    ];

    /// Othello's 8×8 board.
    pub const OTHELLO: BoardSize = BoardSize::from_dims_unchecked(8, 8);

    const fn from_dims_unchecked(rows: usize, cols: usize) -> BoardSize {
        BoardSize {
            rows: rows as u8,
            cols: cols as u8,
        }
    }

    /// The shape with these dimensions, or an error saying why it is not
    /// supported.
    pub fn new(rows: usize, cols: usize) -> Result<BoardSize, Error> {
        if !rows.is_multiple_of(2) || !cols.is_multiple_of(2) || rows < 4 || cols < 4 || rows * cols > 64 {
            return Err(Error::UnsupportedBoard { rows, cols });
        }
        Ok(BoardSize::from_dims_unchecked(rows, cols))
    }

    /// The board a position of this many squares is taken to be when no
    /// board is named: the square board of that area (16 → 4×4, 36 → 6×6,
    /// 64 → 8×8; a 4×16 position needs `--board`), or the only board of that
    /// area if there is one.
    pub fn from_square_count(squares: usize) -> Option<BoardSize> {
        let fits = || BoardSize::ALL.iter().filter(move |s| s.squares() == squares);
        if let Some(&s) = fits().find(|s| s.is_square()) {
            return Some(s);
        }
        let mut it = fits();
        match (it.next(), it.next()) {
            (Some(&s), None) => Some(s),
            _ => None,
        }
    }

    /// Rows (numbered 1 … from the top).
    pub const fn rows(self) -> usize {
        self.rows as usize
    }

    /// Columns (lettered a … from the left).
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Rows × columns.
    pub const fn squares(self) -> usize {
        self.rows() * self.cols()
    }

    /// Whether rows and columns are as many.
    pub const fn is_square(self) -> bool {
        self.rows == self.cols
    }

    /// Every square of the board as a bitboard.
    pub const fn full(self) -> u64 {
        full_mask(self.squares())
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl std::str::FromStr for BoardSize {
    type Err = Error;

    /// Parses `RxC` (also `R×C` or `R*C`, any case).
    fn from_str(s: &str) -> Result<BoardSize, Error> {
        let bad = || Error::BadBoardSpec(s.to_string());
        let lower = s.trim().to_ascii_lowercase();
        let (r, c) = lower
            .split_once('x')
            .or_else(|| lower.split_once('×'))
            .or_else(|| lower.split_once('*'))
            .ok_or_else(bad)?;
        let rows: usize = r.trim().parse().map_err(|_| bad())?;
        let cols: usize = c.trim().parse().map_err(|_| bad())?;
        BoardSize::new(rows, cols)
    }
}

/// Runs `$body` with `$g` bound to the [`Geometry`] type of the runtime
/// [`BoardSize`] `$size`: the one place where a run-time shape becomes a
/// compile-time one.
#[macro_export]
macro_rules! with_geometry {
    ($size:expr, $g:ident => $body:expr) => {{
        use $crate::rules::geometry::Dims;
        match ($size.rows(), $size.cols()) {
            (4, 4) => { type $g = Dims<4, 4>; $body }
            (4, 6) => { type $g = Dims<4, 6>; $body }
            (6, 4) => { type $g = Dims<6, 4>; $body }
            (4, 8) => { type $g = Dims<4, 8>; $body }
            (8, 4) => { type $g = Dims<8, 4>; $body }
            (6, 6) => { type $g = Dims<6, 6>; $body }
            (4, 10) => { type $g = Dims<4, 10>; $body }
            (10, 4) => { type $g = Dims<10, 4>; $body }
            (6, 8) => { type $g = Dims<6, 8>; $body }
            (8, 6) => { type $g = Dims<8, 6>; $body }
            (4, 12) => { type $g = Dims<4, 12>; $body }
            (12, 4) => { type $g = Dims<12, 4>; $body }
            (8, 8) => { type $g = Dims<8, 8>; $body }
            (6, 10) => { type $g = Dims<6, 10>; $body }
            (10, 6) => { type $g = Dims<10, 6>; $body }
            (4, 14) => { type $g = Dims<4, 14>; $body }
            (14, 4) => { type $g = Dims<14, 4>; $body }
            (4, 16) => { type $g = Dims<4, 16>; $body }
            (16, 4) => { type $g = Dims<16, 4>; $body }
            _ => unreachable!("BoardSize only holds supported shapes"),
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_supported_shapes_and_only_those() {
        let mut expected = Vec::new();
        for r in 1..=64 {
            for c in 1..=64 {
                if BoardSize::new(r, c).is_ok() {
                    expected.push((r, c));
                }
            }
        }
        assert_eq!(expected.len(), BoardSize::ALL.len());
        for s in BoardSize::ALL {
            assert!(expected.contains(&(s.rows(), s.cols())));
            with_geometry!(s, G => {
                assert_eq!(G::SIZE, s);
                assert_eq!(G::FULL.count_ones() as usize, s.squares());
            });
        }
    }

    #[test]
    fn unique_sizes_by_square_count() {
        assert_eq!(BoardSize::from_square_count(64), Some(BoardSize::OTHELLO));
        assert_eq!(BoardSize::from_square_count(36), Some(BoardSize::new(6, 6).unwrap()));
        assert_eq!(BoardSize::from_square_count(16), Some(BoardSize::new(4, 4).unwrap()));
        assert_eq!(BoardSize::from_square_count(24), None);
        assert_eq!(BoardSize::from_square_count(48), None);
        assert_eq!(BoardSize::from_square_count(17), None);
    }

    #[test]
    fn parses_specs() {
        assert_eq!("6x6".parse::<BoardSize>().unwrap(), BoardSize::new(6, 6).unwrap());
        assert_eq!("4X10".parse::<BoardSize>().unwrap().cols(), 10);
        assert!(matches!("5x6".parse::<BoardSize>(), Err(Error::UnsupportedBoard { .. })));
        assert!(matches!("8x10".parse::<BoardSize>(), Err(Error::UnsupportedBoard { .. })));
        assert!(matches!("eight".parse::<BoardSize>(), Err(Error::BadBoardSpec(_))));
    }

    #[test]
    fn step_counts_cover_runs() {
        // Runs of up to 2^k - 1 discs after k doubling steps.
        assert_eq!(<Dims<8, 8>>::STEPS_ROW, 3);
        assert_eq!(<Dims<4, 4>>::STEPS_ROW, 2);
        assert_eq!(<Dims<4, 16>>::STEPS_ROW, 4);
        assert_eq!(<Dims<4, 16>>::STEPS_COL, 2);
        assert_eq!(<Dims<6, 10>>::STEPS_DIAG, 3);
    }
}
