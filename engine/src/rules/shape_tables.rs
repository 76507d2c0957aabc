//! Square classes of a board shape, computed at compile time: corners,
//! quadrants, move priority (paper 001's), and each square's neighbours.
//! The exact solver orders by them, the playing search weighs by them.

use crate::rules::geometry::Geometry;
use crate::rules::movegen::Squares;
use std::marker::PhantomData;

/// The squares of each priority class of `priority`.
const fn priority_classes(priority: [u8; 64], squares: usize) -> [u64; 5] {
    let mut out = [0u64; 5];
    let mut sq = 0;
    while sq < squares {
        out[priority[sq] as usize - 1] |= 1u64 << sq;
        sq += 1;
    }
    out
}

/// Compile-time tables of one board shape that the searches order and
/// cut by.
pub trait ShapeTables: Geometry {
    /// The four quadrants; the parity of each one's empties orders moves.
    const QUADRANTS: [u64; 4] = quadrants(Self::ROWS, Self::COLS);
    /// Move priority by square, paper 001 Fig. 3-5 generalised: 1 for corners
    /// (searched first) … 5 for X-squares (last).
    const PRIORITY: [u8; 64] = priorities(Self::ROWS, Self::COLS);
    /// The squares of each priority, 1 (corners) to 5 (X-squares): moves
    /// taken class by class come in priority order with no sort.
    const PRIORITY_CLASSES: [u64; 5] = priority_classes(Self::PRIORITY, Self::ROWS * Self::COLS);
    /// The corner squares.
    const CORNERS: u64 = corners(Self::ROWS, Self::COLS);
    /// The quadrant holding each square: a move flips that quadrant's
    /// parity, so the odd-quadrant mask is kept by one xor per move.
    const QUADRANT_OF: [u64; 64] = quadrant_of(Self::QUADRANTS);
    /// The squares around each square: a square with no opponent disc
    /// around it flips nothing, tested by one load and one and.
    const AROUND: [u64; 64] = around(Self::ROWS, Self::COLS);

    /// The squares of `moves` in priority order, corners first and
    /// X-squares last, class by class with no sort (ties by square).
    #[inline(always)]
    fn by_priority(moves: u64) -> ByPriority<Self> {
        ByPriority { moves, next_class: 0, class: Squares(0), shape: PhantomData }
    }
}

/// The iterator of [`ShapeTables::by_priority`]; the shape's classes are
/// read from `G` at compile time, not copied into each iterator.
pub struct ByPriority<G: ?Sized> {
    moves: u64,
    /// The next class to open once `class` runs out.
    next_class: usize,
    /// The moves of the class being walked.
    class: Squares,
    shape: PhantomData<fn() -> G>,
}

impl<G: ShapeTables> Iterator for ByPriority<G> {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        loop {
            if let Some(sq) = self.class.next() {
                return Some(sq);
            }
            if self.next_class == G::PRIORITY_CLASSES.len() {
                return None;
            }
            self.class = Squares(self.moves & G::PRIORITY_CLASSES[self.next_class]);
            self.next_class += 1;
        }
    }
}

impl<G: Geometry> ShapeTables for G {}

const fn quadrants(rows: usize, cols: usize) -> [u64; 4] {
    let mut q = [0u64; 4];
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            let i = (r >= rows / 2) as usize * 2 + (c >= cols / 2) as usize;
            q[i] |= 1u64 << (r * cols + c);
            c += 1;
        }
        r += 1;
    }
    q
}

const fn quadrant_of(quadrants: [u64; 4]) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut q = 0;
        while q < 4 {
            if quadrants[q] >> sq & 1 == 1 {
                out[sq] = quadrants[q];
            }
            q += 1;
        }
        sq += 1;
    }
    out
}

const fn around(rows: usize, cols: usize) -> [u64; 64] {
    let mut out = [0u64; 64];
    let mut sq = 0;
    while sq < rows * cols {
        let (r, c) = ((sq / cols) as i32, (sq % cols) as i32);
        let mut dr = -1;
        while dr <= 1 {
            let mut dc = -1;
            while dc <= 1 {
                let (nr, nc) = (r + dr, c + dc);
                if (dr != 0 || dc != 0) && nr >= 0 && nr < rows as i32 && nc >= 0 && nc < cols as i32 {
                    out[sq] |= 1u64 << (nr as usize * cols + nc as usize);
                }
                dc += 1;
            }
            dr += 1;
        }
        sq += 1;
    }
    out
}

const fn corners(rows: usize, cols: usize) -> u64 {
    1u64 | 1u64 << (cols - 1) | 1u64 << ((rows - 1) * cols) | 1u64 << (rows * cols - 1)
}

const fn priorities(rows: usize, cols: usize) -> [u8; 64] {
    let mut p = [3u8; 64];
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            let edge_r = r == 0 || r == rows - 1;
            let edge_c = c == 0 || c == cols - 1;
            let near_r = r <= 1 || r >= rows - 2;
            let near_c = c <= 1 || c >= cols - 2;
            p[r * cols + c] = if edge_r && edge_c {
                1
            } else if near_r && near_c && !edge_r && !edge_c {
                5 // X-square
            } else if near_r && near_c {
                4 // C-square
            } else if edge_r || edge_c {
                2
            } else {
                3
            };
            c += 1;
        }
        r += 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Dims;

    #[test]
    fn priorities_follow_paper_001_on_6x6() {
        let p = <Dims<6, 6> as ShapeTables>::PRIORITY;
        let expected = [
            1, 4, 2, 2, 4, 1, //
            4, 5, 3, 3, 5, 4, //
            2, 3, 3, 3, 3, 2, //
            2, 3, 3, 3, 3, 2, //
            4, 5, 3, 3, 5, 4, //
            1, 4, 2, 2, 4, 1,
        ];
        assert_eq!(&p[..36], &expected);
    }

    proptest::proptest! {
        /// The walk by class matches a sort by (priority, square) and
        /// skips no move, on a shape whose classes all hold squares.
        #[test]
        fn by_priority_is_a_sort_by_priority(moves in proptest::prelude::any::<u64>()) {
            type G = Dims<8, 8>;
            let moves = moves & G::FULL;
            let mut sorted: Vec<u32> = Squares(moves).collect();
            sorted.sort_by_key(|&sq| (G::PRIORITY[sq as usize], sq));
            proptest::prop_assert_eq!(G::by_priority(moves).collect::<Vec<_>>(), sorted);
        }
    }

    #[test]
    fn quadrants_cover_the_board() {
        let q = <Dims<4, 10> as ShapeTables>::QUADRANTS;
        assert_eq!(q.iter().fold(0, |a, b| a | b), <Dims<4, 10>>::FULL);
        assert!(q.iter().all(|m| m.count_ones() == 10));
    }
}
