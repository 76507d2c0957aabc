//! The symmetries of a board as bitboard transforms: 8 for square boards,
//! 4 for the others (no quarter turns or diagonal reflections), and the
//! canonical form of a position under them.

use crate::error::Error;
use crate::rules::geometry::{BoardSize, Geometry};

/// A symmetry of the board, named by what it does to square (row, col) on a
/// board of R rows and C columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The board as it is.
    Identity,
    /// (r, c) → (R−1−r, c)
    FlipVertical,
    /// (r, c) → (r, C−1−c)
    FlipHorizontal,
    /// (r, c) → (R−1−r, C−1−c)
    Rotate180,
    /// (r, c) → (c, r); square boards only.
    Transpose,
    /// (r, c) → (N−1−c, N−1−r); square boards only.
    AntiTranspose,
    /// A quarter turn clockwise, (r, c) → (c, N−1−r); square boards only.
    Rotate90,
    /// A quarter turn anticlockwise, (r, c) → (N−1−c, r); square boards only.
    Rotate270,
}

impl std::str::FromStr for Symmetry {
    type Err = Error;

    fn from_str(s: &str) -> Result<Symmetry, Error> {
        let s = s.trim().to_ascii_lowercase();
        Symmetry::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Symmetry::ALL.iter().map(|m| m.name()).collect();
            Error::BadArgument(format!("unknown symmetry \"{s}\"; expected one of {}", names.join(", ")))
        })
    }
}

impl Symmetry {
    /// Every symmetry of a square board, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::FlipHorizontal,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// The symmetry group of `size`.
    pub fn group(size: BoardSize) -> &'static [Symmetry] {
        if size.is_square() {
            &Symmetry::ALL
        } else {
            &Symmetry::ALL[..4]
        }
    }

    /// The symmetry's name, as the command line and the page give it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::FlipVertical => "flip-vertical",
            Symmetry::FlipHorizontal => "flip-horizontal",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate270 => "rotate-270",
        }
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }

    /// Where square (row, col) goes; the naive definition the bitboard
    /// transforms are tested against.
    pub fn map_coords(self, size: BoardSize, row: usize, col: usize) -> (usize, usize) {
        let (r1, c1) = (size.rows() - 1, size.cols() - 1);
        match self {
            Symmetry::Identity => (row, col),
            Symmetry::FlipVertical => (r1 - row, col),
            Symmetry::FlipHorizontal => (row, c1 - col),
            Symmetry::Rotate180 => (r1 - row, c1 - col),
            Symmetry::Transpose => (col, row),
            Symmetry::AntiTranspose => (c1 - col, r1 - row),
            Symmetry::Rotate90 => (col, r1 - row),
            Symmetry::Rotate270 => (c1 - col, row),
        }
    }
}

const fn diagonal_masks(n: usize) -> [u64; 15] {
    // Mask k + 7 holds the squares with col − row = k.
    let mut masks = [0u64; 15];
    if n > 8 {
        return masks;
    }
    let mut r = 0;
    while r < n {
        let mut c = 0;
        while c < n {
            masks[c + 7 - r] |= 1u64 << (r * n + c);
            c += 1;
        }
        r += 1;
    }
    masks
}

/// Compile-time tables for the transforms of one board.
trait Tables: Geometry {
    const ROW: u64 = (1u64 << Self::COLS) - 1;
    const DIAGONALS: [u64; 15] = diagonal_masks(if Self::ROWS == Self::COLS { Self::ROWS } else { 0 });
}

impl<G: Geometry> Tables for G {}

#[inline]
fn flip_vertical<G: Geometry>(x: u64) -> u64 {
    let mut y = 0;
    let mut r = 0;
    while r < G::ROWS {
        y |= ((x >> (r * G::COLS)) & G::ROW) << ((G::ROWS - 1 - r) * G::COLS);
        r += 1;
    }
    y
}

#[inline]
fn rotate_180<G: Geometry>(x: u64) -> u64 {
    x.reverse_bits() >> (64 - G::SQUARES)
}

#[inline]
fn transpose<G: Geometry>(x: u64) -> u64 {
    // Square (r, c) = bit r·N + c moves to c·N + r, that is by (c − r)(N − 1).
    let n = G::ROWS as i32;
    let mut y = 0;
    let mut k = -(n - 1);
    while k < n {
        let band = x & G::DIAGONALS[(k + 7) as usize];
        let s = k * (n - 1);
        y |= if s >= 0 { band << s } else { band >> -s };
        k += 1;
    }
    y
}

/// Applies `sym` to a bitboard of board `G`. The quarter turns and diagonal
/// reflections must only be asked of square boards.
#[inline]
pub fn transform<G: Geometry>(sym: Symmetry, x: u64) -> u64 {
    match sym {
        Symmetry::Identity => x,
        Symmetry::FlipVertical => flip_vertical::<G>(x),
        Symmetry::FlipHorizontal => flip_vertical::<G>(rotate_180::<G>(x)),
        Symmetry::Rotate180 => rotate_180::<G>(x),
        Symmetry::Transpose => transpose::<G>(x),
        Symmetry::AntiTranspose => rotate_180::<G>(transpose::<G>(x)),
        Symmetry::Rotate90 => flip_vertical::<G>(rotate_180::<G>(transpose::<G>(x))),
        Symmetry::Rotate270 => flip_vertical::<G>(transpose::<G>(x)),
    }
}

/// The canonical form of the side-relative position (`p`, `o`): the least
/// (p, o) pair over the board's symmetry group, and the symmetry that makes it.
pub fn canonical<G: Geometry>(p: u64, o: u64) -> (u64, u64, Symmetry) {
    let mut best = (p, o, Symmetry::Identity);
    for &sym in &Symmetry::group(G::SIZE)[1..] {
        let (tp, to) = (transform::<G>(sym, p), transform::<G>(sym, o));
        if (tp, to) < (best.0, best.1) {
            best = (tp, to, sym);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::with_geometry;

    /// The transform by moving bits one at a time to their mapped squares.
    fn naive(size: BoardSize, sym: Symmetry, x: u64) -> u64 {
        let mut y = 0;
        for r in 0..size.rows() {
            for c in 0..size.cols() {
                if x >> (r * size.cols() + c) & 1 != 0 {
                    let (r2, c2) = sym.map_coords(size, r, c);
                    y |= 1 << (r2 * size.cols() + c2);
                }
            }
        }
        y
    }

    #[test]
    fn transforms_match_the_naive_maps_on_every_board() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for size in BoardSize::ALL {
            for &sym in Symmetry::group(size) {
                for _ in 0..200 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let x = seed & size.full();
                    let fast = with_geometry!(size, G => transform::<G>(sym, x));
                    assert_eq!(fast, naive(size, sym, x), "{size} {sym:?} {x:#x}");
                    let back = with_geometry!(size, G => transform::<G>(sym.inverse(), fast));
                    assert_eq!(back, x, "{size} {sym:?} inverse");
                }
            }
        }
    }

    #[test]
    fn group_sizes() {
        assert_eq!(Symmetry::group(BoardSize::OTHELLO).len(), 8);
        assert_eq!(Symmetry::group(BoardSize::new(4, 10).unwrap()).len(), 4);
    }

    #[test]
    fn canonical_form_is_shared_by_symmetric_positions() {
        use crate::rules::position::{Position, Start};
        // The four first moves of Othello are all symmetric: one canonical form.
        for size in [BoardSize::OTHELLO, BoardSize::new(6, 6).unwrap(), BoardSize::new(4, 4).unwrap()] {
            let start = Position::start(size, Start::Othello);
            let forms: std::collections::HashSet<(u64, u64)> = crate::rules::movegen::Squares(start.legal_moves())
                .map(|sq| {
                    let next = start.play(crate::rules::square::Square::of_bit(sq)).unwrap();
                    with_geometry!(size, G => {
                        let (p, o, _) = canonical::<G>(next.player(), next.opponent());
                        (p, o)
                    })
                })
                .collect();
            assert_eq!(forms.len(), 1, "{size}");
        }
    }
}
