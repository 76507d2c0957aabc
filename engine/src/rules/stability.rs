//! Stable discs: discs that no sequence of moves can flip. A disc cannot be
//! flipped along a line if the line is full, or if on one side it touches the
//! board's edge or a stable disc of its own colour; a disc that is safe along
//! all four lines is stable. Growing the set from the corners to a fixed point
//! finds most stable discs (a lower bound on them all), which bounds the final
//! score: the opponent's stable discs are never ours.

use crate::rules::geometry::Geometry;

const fn line_masks(rows: usize, cols: usize, dr: i32, dc: i32) -> [u64; 32] {
    // Every line in direction (dr, dc), each as a mask, starting from the
    // squares that have no predecessor in that direction.
    let mut masks = [0u64; 32];
    let mut n = 0;
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            let (pr, pc) = (r as i32 - dr, c as i32 - dc);
            let has_pred = pr >= 0 && pc >= 0 && pr < rows as i32 && pc < cols as i32;
            if !has_pred {
                let mut m = 0u64;
                let (mut x, mut y) = (r as i32, c as i32);
                while x >= 0 && y >= 0 && x < rows as i32 && y < cols as i32 {
                    m |= 1u64 << (x as usize * cols + y as usize);
                    x += dr;
                    y += dc;
                }
                masks[n] = m;
                n += 1;
            }
            c += 1;
        }
        r += 1;
    }
    masks
}

/// Squares with fewer than `2^k` predecessors (`ahead` false) or successors
/// (`ahead` true) in direction (`dr`, `dc`), for k = 0..4: the squares a
/// doubling step of `k` must not read across the board's edge.
const fn near_end(rows: usize, cols: usize, dr: i32, dc: i32, ahead: bool) -> [u64; 4] {
    let mut out = [0u64; 4];
    let (dr, dc) = if ahead { (dr, dc) } else { (-dr, -dc) };
    let mut sq = 0;
    while sq < rows * cols {
        let (r, c) = ((sq / cols) as i32, (sq % cols) as i32);
        // Steps from `sq` to the line's end in this direction.
        let mut steps = 0;
        while {
            let (x, y) = (r + (steps + 1) * dr, c + (steps + 1) * dc);
            x >= 0 && y >= 0 && x < rows as i32 && y < cols as i32
        } {
            steps += 1;
        }
        let mut k = 0;
        while k < 4 {
            if steps < (1 << k) {
                out[k] |= 1u64 << sq;
            }
            k += 1;
        }
        sq += 1;
    }
    out
}

const fn edge_mask(rows: usize, cols: usize, rows_edge: bool, cols_edge: bool) -> u64 {
    let mut m = 0u64;
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            if (rows_edge && (r == 0 || r == rows - 1)) || (cols_edge && (c == 0 || c == cols - 1)) {
                m |= 1u64 << (r * cols + c);
            }
            c += 1;
        }
        r += 1;
    }
    m
}

/// Compile-time line tables of one board.
pub trait StabilityTables: Geometry {
    /// The rows as masks.
    const ROW_LINES: [u64; 32] = line_masks(Self::ROWS, Self::COLS, 0, 1);
    /// The columns as masks.
    const COL_LINES: [u64; 32] = line_masks(Self::ROWS, Self::COLS, 1, 0);
    /// The diagonals as masks.
    const DIAG_LINES: [u64; 32] = line_masks(Self::ROWS, Self::COLS, 1, 1);
    /// The anti-diagonals as masks.
    const ANTI_LINES: [u64; 32] = line_masks(Self::ROWS, Self::COLS, 1, -1);
    /// The first and last columns.
    const SIDE_COLS: u64 = edge_mask(Self::ROWS, Self::COLS, false, true);
    /// The first and last rows.
    const SIDE_ROWS: u64 = edge_mask(Self::ROWS, Self::COLS, true, false);
    /// The edge squares.
    const BORDER: u64 = edge_mask(Self::ROWS, Self::COLS, true, true);
    /// `near_end` behind and ahead of each square, for the four line
    /// directions: along a row, a column, a diagonal and an anti-diagonal.
    const BEHIND: [[u64; 4]; 4] = [
        near_end(Self::ROWS, Self::COLS, 0, 1, false),
        near_end(Self::ROWS, Self::COLS, 1, 0, false),
        near_end(Self::ROWS, Self::COLS, 1, 1, false),
        near_end(Self::ROWS, Self::COLS, 1, -1, false),
    ];
    /// For each direction, the squares a line can still be entered from.
    const AHEAD: [[u64; 4]; 4] = [
        near_end(Self::ROWS, Self::COLS, 0, 1, true),
        near_end(Self::ROWS, Self::COLS, 1, 0, true),
        near_end(Self::ROWS, Self::COLS, 1, 1, true),
        near_end(Self::ROWS, Self::COLS, 1, -1, true),
    ];
    /// Doubling steps that cover the longest line: 2^DOUBLINGS squares.
    const DOUBLINGS: usize = {
        let longest = if Self::ROWS > Self::COLS { Self::ROWS } else { Self::COLS };
        let mut k = 0;
        while (1 << k) < longest {
            k += 1;
        }
        k
    };
    /// Squares a shift towards higher columns may land on (no wrap from the
    /// last column into the first), and towards lower columns.
    const NOT_FIRST_COL: u64 = Self::FULL & !(Self::SIDE_COLS & (Self::SIDE_COLS >> (Self::COLS - 1)));
    /// Every square but those of the last column.
    const NOT_LAST_COL: u64 = Self::FULL & (Self::SIDE_COLS & (Self::SIDE_COLS >> (Self::COLS - 1)) | !Self::SIDE_COLS);
}

impl<G: Geometry> StabilityTables for G {}

/// The squares of the full lines in direction `dir` (an index into
/// [`StabilityTables::BEHIND`]) whose index step is `step`: a square is on
/// one if every square behind it and every square ahead of it is occupied,
/// found by doubling fills, a few shifts per direction instead of a test
/// per line.
#[inline(always)]
fn full_lines_by_fill<G: StabilityTables>(occupied: u64, dir: usize, step: u32) -> u64 {
    let (mut behind, mut ahead) = (occupied, occupied);
    let mut k = 0;
    while k < G::DOUBLINGS {
        let shift = step << k;
        behind &= shift_up(behind, shift) | G::BEHIND[dir][k];
        ahead &= shift_down(ahead, shift) | G::AHEAD[dir][k];
        k += 1;
    }
    behind & ahead & G::FULL
}

#[inline(always)]
fn shift_up(x: u64, n: u32) -> u64 {
    x.checked_shl(n).unwrap_or(0)
}

#[inline(always)]
fn shift_down(x: u64, n: u32) -> u64 {
    x.checked_shr(n).unwrap_or(0)
}

/// The reference for [`full_lines_by_fill`]: each line tested in turn.
#[cfg(test)]
fn full_lines(occupied: u64, lines: &[u64; 32]) -> u64 {
    let mut full = 0;
    for &l in lines {
        if l != 0 && occupied & l == l {
            full |= l;
        }
    }
    full
}

/// The stable discs of `p` (a subset of all of them) with `o` the other
/// colour's discs.
pub fn stable_discs<G: Geometry>(p: u64, o: u64) -> u64 {
    let occupied = p | o;
    let c = G::COLS as u32;
    let (not_first, not_last) = (G::NOT_FIRST_COL, G::NOT_LAST_COL);
    let h0 = full_lines_by_fill::<G>(occupied, 0, 1) | G::SIDE_COLS;
    let v0 = full_lines_by_fill::<G>(occupied, 1, c) | G::SIDE_ROWS;
    let d0 = full_lines_by_fill::<G>(occupied, 2, c + 1) | G::BORDER;
    let a0 = full_lines_by_fill::<G>(occupied, 3, c - 1) | G::BORDER;
    let mut stable = p & h0 & v0 & d0 & a0;
    if stable == 0 {
        return 0;
    }
    loop {
        let s = stable;
        let h = h0 | ((s << 1) & not_first) | ((s >> 1) & not_last);
        let v = v0 | (s << c) | (s >> c);
        let d = d0 | ((s << (c + 1)) & not_first) | ((s >> (c + 1)) & not_last);
        let a = a0 | ((s << (c - 1)) & not_last) | ((s >> (c - 1)) & not_first);
        stable = p & h & v & d & a & G::FULL;
        if stable == s {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Dims;

    type G8 = Dims<8, 8>;

    #[test]
    fn corners_and_edges_grow() {
        // Black on a1, b1, c1 and a2: all stable; a lone d4 is not.
        let sq = |r: u32, c: u32| 1u64 << (r * 8 + c);
        let p = sq(0, 0) | sq(0, 1) | sq(0, 2) | sq(1, 0) | sq(3, 3);
        assert_eq!(stable_discs::<G8>(p, 0), p & !sq(3, 3));
        assert_eq!(stable_discs::<G8>(sq(3, 3), 0), 0);
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let p = 0xF0F0_F0F0_F0F0_F0F0u64;
        assert_eq!(stable_discs::<G8>(p, !p), p);
        type G = Dims<4, 10>;
        let p = 0x5_5555_5555u64 & G::FULL;
        assert_eq!(stable_discs::<G>(p, G::FULL & !p), p);
    }

    #[test]
    fn line_tables_cover_the_board() {
        type G = Dims<6, 10>;
        for lines in [G::ROW_LINES, G::COL_LINES, G::DIAG_LINES, G::ANTI_LINES] {
            let mut union = 0;
            for l in lines {
                assert_eq!(union & l, 0);
                union |= l;
            }
            assert_eq!(union, G::FULL);
        }
        assert_eq!(G::ROW_LINES.iter().filter(|&&l| l != 0).count(), 6);
        assert_eq!(G::DIAG_LINES.iter().filter(|&&l| l != 0).count(), 15);
    }

    #[test]
    fn full_lines_by_fill_match_the_line_by_line_reference() {
        use crate::rules::geometry::BoardSize;
        use crate::with_geometry;
        // Dense random occupancies, so that some lines of every length are
        // full and others miss one square anywhere along them.
        let mut rng = crate::rng::Rng::new(0x9E37_79B9_7F4A_7C15);
        for size in BoardSize::ALL {
            with_geometry!(size, G => {
                let c = G::COLS as u32;
                for _ in 0..4000 {
                    let mut occupied = G::FULL;
                    for _ in 0..rng.below(4) {
                        occupied &= !(1u64 << rng.below(G::SQUARES as u64));
                    }
                    for (dir, step, lines) in [(0, 1, G::ROW_LINES), (1, c, G::COL_LINES), (2, c + 1, G::DIAG_LINES), (3, c - 1, G::ANTI_LINES)] {
                        assert_eq!(full_lines_by_fill::<G>(occupied, dir, step), full_lines(occupied, &lines), "{size:?} {occupied:#x} direction {dir}");
                    }
                }
            });
        }
    }

    /// The set grown from the seeds of full lines alone, a square per pass,
    /// with every line tested in turn: what [`stable_discs`] computes.
    fn stable_discs_reference<G: Geometry>(p: u64, o: u64) -> u64 {
        let occupied = p | o;
        let c = G::COLS as u32;
        let h0 = full_lines(occupied, &G::ROW_LINES) | G::SIDE_COLS;
        let v0 = full_lines(occupied, &G::COL_LINES) | G::SIDE_ROWS;
        let d0 = full_lines(occupied, &G::DIAG_LINES) | G::BORDER;
        let a0 = full_lines(occupied, &G::ANTI_LINES) | G::BORDER;
        let mut stable = p & h0 & v0 & d0 & a0;
        loop {
            let s = stable;
            let h = h0 | ((s << 1) & G::NOT_FIRST_COL) | ((s >> 1) & G::NOT_LAST_COL);
            let v = v0 | (s << c) | (s >> c);
            let d = d0 | ((s << (c + 1)) & G::NOT_FIRST_COL) | ((s >> (c + 1)) & G::NOT_LAST_COL);
            let a = a0 | ((s << (c - 1)) & G::NOT_LAST_COL) | ((s >> (c - 1)) & G::NOT_FIRST_COL);
            stable = p & h & v & d & a & G::FULL;
            if stable == s {
                return stable;
            }
        }
    }

    #[test]
    fn stable_discs_match_the_pass_by_pass_reference() {
        use crate::rules::geometry::BoardSize;
        use crate::with_geometry;
        // Crowded boards with discs of one colour in long runs: edges from
        // the corners, full lines, and growth inwards all happen.
        let mut rng = crate::rng::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = move || rng.next();
        for size in BoardSize::ALL {
            with_geometry!(size, G => {
                for _ in 0..4000 {
                    let occupied = G::FULL & !(next() & next() & next());
                    let colour = next() | next();
                    let (p, o) = (occupied & colour, occupied & !colour);
                    assert_eq!(stable_discs::<G>(p, o), stable_discs_reference::<G>(p, o), "{size:?} {p:#x} {o:#x}");
                    assert_eq!(stable_discs::<G>(o, p), stable_discs_reference::<G>(o, p), "{size:?} {o:#x} {p:#x}");
                }
            });
        }
    }
}
