//! The rules of Score Four (paper 003's 3-D four-in-a-row) on one `u64`
//! per side: cell `x + 4y + 16z` (x, y the peg, z the height from the
//! bottom). A stone drops to the lowest free place of its peg, so the legal
//! cells are one shift away from the occupancy; the 76 lines of the cube are
//! constants built at compile time.
//!
//! Like the Othello rules, positions are side-relative in the search (`p`
//! the stones of the side to move, `o` the opponent's); [`Board`] keeps the
//! colours for everything around it.

use crate::rules::movegen::{MoveRules, Squares};
use crate::rules::position::Color;

/// Cells in all.
pub const CELLS: u32 = 64;
/// The bottom layer: a peg's first stone goes there.
pub const BOTTOM: u64 = 0xFFFF;

/// The cell of peg `peg` (x + 4y) at height `z`.
pub const fn cell(peg: u32, z: u32) -> u32 {
    peg + 16 * z
}

/// Every line of four cells: rows, columns and pillars, the diagonals of
/// every plane, and the four space diagonals. Each coordinate of a line is
/// constant, rising 0..3 or falling 3..0.
pub const LINES: [u64; 76] = lines();

const fn lines() -> [u64; 76] {
    let mut out = [0u64; 76];
    let mut n = 0;
    // Each coordinate: 0 constant (4 choices), 1 rising, 2 falling.
    let mut kind = 0;
    while kind < 27 {
        let kx = kind % 3;
        let ky = kind / 3 % 3;
        let kz = kind / 9;
        // One of each pair of opposite directions: the first non-constant
        // coordinate rises.
        let first = if kx != 0 { kx } else if ky != 0 { ky } else { kz };
        if first == 1 {
            let mut c = 0;
            while c < 64 {
                // The constant coordinates' values, taken from c's digits.
                let (cx, cy, cz) = (c % 4, c / 4 % 4, c / 16);
                let ok = (kx == 0 || cx == 0) && (ky == 0 || cy == 0) && (kz == 0 || cz == 0);
                if ok {
                    let mut mask = 0u64;
                    let mut i = 0;
                    while i < 4 {
                        let (x, y, z) = (coord(kx, cx, i), coord(ky, cy, i), coord(kz, cz, i));
                        mask |= 1u64 << (x + 4 * y + 16 * z);
                        i += 1;
                    }
                    out[n] = mask;
                    n += 1;
                }
                c += 1;
            }
        }
        kind += 1;
    }
    assert!(n == 76);
    out
}

/// The coordinate of a line's `i`th cell: `fixed`, rising or falling.
const fn coord(kind: usize, fixed: usize, i: usize) -> usize {
    match kind {
        0 => fixed,
        1 => i,
        _ => 3 - i,
    }
}

/// The 13 directions as (bit step, cells where a line in that direction
/// starts: its lowest-numbered cell), for win detection by shifts.
const DIRECTIONS: [(u32, u64); 13] = directions();

const fn directions() -> [(u32, u64); 13] {
    let mut out = [(0u32, 0u64); 13];
    let mut n = 0;
    let mut i = 0;
    while i < 76 {
        let line = LINES[i];
        let start = line.trailing_zeros();
        let step = (line & !(1u64 << start)).trailing_zeros() - start;
        let mut j = 0;
        while j < n && out[j].0 != step {
            j += 1;
        }
        if j == n {
            out[n].0 = step;
            n += 1;
        }
        out[j].1 |= 1u64 << start;
        i += 1;
    }
    assert!(n == 13);
    out
}

/// For each cell, the lines through it.
pub const LINES_THROUGH: [[u8; 8]; 64] = lines_through();
/// How many lines go through each cell (4 or 7).
pub const LINE_COUNT: [u8; 64] = line_counts();

const fn lines_through() -> [[u8; 8]; 64] {
    let mut out = [[u8::MAX; 8]; 64];
    let mut c = 0;
    while c < 64 {
        let mut n = 0;
        let mut i = 0;
        while i < 76 {
            if LINES[i] >> c & 1 == 1 {
                out[c][n] = i as u8;
                n += 1;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

const fn line_counts() -> [u8; 64] {
    let mut out = [0u8; 64];
    let mut c = 0;
    while c < 64 {
        let mut i = 0;
        while i < 76 {
            if LINES[i] >> c & 1 == 1 {
                out[c] += 1;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

/// The cells where the next stone may go: the lowest empty cell of every
/// peg that is not full.
#[inline(always)]
pub fn legal(occupied: u64) -> u64 {
    ((occupied << 16) | BOTTOM) & !occupied
}

/// True if `stones` hold a whole line.
#[inline(always)]
pub fn has_four(stones: u64) -> bool {
    let mut any = 0;
    let mut d = 0;
    while d < 13 {
        let (s, starts) = DIRECTIONS[d];
        any |= stones & (stones >> s) & (stones >> (2 * s)) & (stones >> (3 * s)) & starts;
        d += 1;
    }
    any != 0
}

/// The first whole line among `stones`, if any.
pub fn winning_line(stones: u64) -> Option<u64> {
    LINES.iter().copied().find(|&l| stones & l == l)
}

/// The empty cells that would complete a line of `mine` (three of its stones
/// and no stone of `theirs` on it): where `mine` threatens to win.
#[inline]
pub fn threats(mine: u64, theirs: u64) -> u64 {
    let empty = !(mine | theirs);
    let mut t = 0;
    let mut d = 0;
    while d < 13 {
        let (s, starts) = DIRECTIONS[d];
        // Cells a, b, c, e of each line starting at `starts`: three of mine
        // and the fourth empty, for each position of the empty one.
        let (a, b, c, e) = (mine, mine >> s, mine >> (2 * s), mine >> (3 * s));
        let (ea, eb, ec, ee) = (empty, empty >> s, empty >> (2 * s), empty >> (3 * s));
        t |= (ea & b & c & e & starts)
            | ((a & eb & c & e & starts) << s)
            | ((a & b & ec & e & starts) << (2 * s))
            | ((a & b & c & ee & starts) << (3 * s));
        d += 1;
    }
    t
}

/// Score Four's moves for the shared node search: a move fills one cell
/// and turns nothing over.
#[derive(Clone, Copy, Debug, Default)]
pub struct Gravity;

impl MoveRules for Gravity {
    #[inline(always)]
    fn legal(p: u64, o: u64) -> u64 {
        legal(p | o)
    }

    #[inline(always)]
    fn flipped(_p: u64, _o: u64, _sq: u32) -> u64 {
        0
    }
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Someone still has a move.
    Playing,
    /// The colour that made the line, and the line.
    Won(Color, u64),
    /// A full board without a line.
    Draw,
}

/// A position: each colour's stones. Black moves first, so the side to move
/// follows from the number of stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Black's stones.
    pub black: u64,
    /// White's stones.
    pub white: u64,
}

impl Board {
    /// The board with no stone.
    pub const EMPTY: Board = Board { black: 0, white: 0 };

    /// The cells with a stone.
    pub fn occupied(&self) -> u64 {
        self.black | self.white
    }

    /// How many stones are on the board.
    pub fn stones(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// Whose turn it is: Black when the stone count is even.
    pub fn to_move(&self) -> Color {
        if self.stones().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The stones of the side to move and of the other side.
    pub fn player(&self) -> u64 {
        match self.to_move() {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The stones of the side not to move.
    pub fn opponent(&self) -> u64 {
        match self.to_move() {
            Color::Black => self.white,
            Color::White => self.black,
        }
    }


    /// Whether the game is won, drawn, or goes on.
    pub fn outcome(&self) -> Outcome {
        if let Some(l) = winning_line(self.black) {
            Outcome::Won(Color::Black, l)
        } else if let Some(l) = winning_line(self.white) {
            Outcome::Won(Color::White, l)
        } else if self.occupied() == u64::MAX {
            Outcome::Draw
        } else {
            Outcome::Playing
        }
    }

    /// Legal cells (none once the game is over).
    pub fn legal_cells(&self) -> u64 {
        if self.outcome() == Outcome::Playing {
            legal(self.occupied())
        } else {
            0
        }
    }

    /// The pegs (0..16) that take a stone now.
    pub fn legal_pegs(&self) -> Vec<u32> {
        let mut pegs: Vec<u32> = Squares(self.legal_cells()).map(|c| c % 16).collect();
        pegs.sort_unstable();
        pegs
    }

    /// The cell a stone dropped on `peg` lands in, if the peg has room.
    pub fn drop_cell(&self, peg: u32) -> Option<u32> {
        let free = legal(self.occupied()) & (0x0001_0001_0001_0001u64 << peg);
        (free != 0).then(|| free.trailing_zeros())
    }

    /// The board after the side to move drops a stone on `peg`; `None` if
    /// the peg is full or the game is over.
    pub fn play(&self, peg: u32) -> Option<Board> {
        if peg >= 16 || self.outcome() != Outcome::Playing {
            return None;
        }
        let c = self.drop_cell(peg)?;
        let mut b = *self;
        match self.to_move() {
            Color::Black => b.black |= 1u64 << c,
            Color::White => b.white |= 1u64 << c,
        }
        Some(b)
    }

    /// The board under `sym` (see [`transform`]).
    pub fn transformed(&self, sym: usize) -> Board {
        Board { black: transform(self.black, sym), white: transform(self.white, sym) }
    }
}

/// Reverses x within every row (x → 3 − x).
#[inline(always)]
fn mirror_x(b: u64) -> u64 {
    const A: u64 = 0x1111_1111_1111_1111;
    const B: u64 = 0x2222_2222_2222_2222;
    ((b & A) << 3) | ((b & B) << 1) | ((b >> 1) & B) | ((b >> 3) & A)
}

/// Reverses y within every layer (y → 3 − y).
#[inline(always)]
fn flip_y(b: u64) -> u64 {
    const A: u64 = 0x000F_000F_000F_000F;
    const B: u64 = 0x00F0_00F0_00F0_00F0;
    ((b & A) << 12) | ((b & B) << 4) | ((b >> 4) & B) | ((b >> 12) & A)
}

/// Swaps x and y within every layer, by two delta swaps.
#[inline(always)]
fn transpose(mut b: u64) -> u64 {
    let t = ((b >> 3) ^ b) & 0x0A0A_0A0A_0A0A_0A0A;
    b ^= t ^ (t << 3);
    let t = ((b >> 6) ^ b) & 0x00CC_00CC_00CC_00CC;
    b ^ t ^ (t << 6)
}

/// The eight symmetries of the square grid of pegs (heights unchanged):
/// bit 0 mirrors x, bit 1 flips y, bit 2 then swaps x and y.
#[inline(always)]
pub fn transform(b: u64, sym: usize) -> u64 {
    let mut b = b;
    if sym & 1 != 0 {
        b = mirror_x(b);
    }
    if sym & 2 != 0 {
        b = flip_y(b);
    }
    if sym & 4 != 0 {
        b = transpose(b);
    }
    b
}

/// The inverse of symmetry `sym`.
pub fn inverse(sym: usize) -> usize {
    // Mirror and flip commute with themselves; after a transpose they swap.
    if sym & 4 != 0 {
        4 | (sym & 1) << 1 | (sym & 2) >> 1
    } else {
        sym
    }
}

/// The representative of (`p`, `o`) among its eight images (the least
/// pair), and the symmetry that maps (`p`, `o`) to it.
#[inline]
pub fn canonical(p: u64, o: u64) -> (u64, u64, usize) {
    let mut best = (p, o, 0);
    for sym in 1..8 {
        let (tp, to) = (transform(p, sym), transform(o, sym));
        if (tp, to) < (best.0, best.1) {
            best = (tp, to, sym);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xyz(c: u32) -> (u32, u32, u32) {
        (c % 4, c / 4 % 4, c / 16)
    }

    #[test]
    fn there_are_76_distinct_lines_of_four_collinear_cells() {
        let mut seen = std::collections::HashSet::new();
        for &l in &LINES {
            assert_eq!(l.count_ones(), 4);
            assert!(seen.insert(l));
            let cells: Vec<(i32, i32, i32)> =
                Squares(l).map(xyz).map(|(x, y, z)| (x as i32, y as i32, z as i32)).collect();
            let d = (cells[1].0 - cells[0].0, cells[1].1 - cells[0].1, cells[1].2 - cells[0].2);
            for w in cells.windows(2) {
                assert_eq!((w[1].0 - w[0].0, w[1].1 - w[0].1, w[1].2 - w[0].2), d);
            }
        }
        // 48 straight lines, 24 plane diagonals, 4 space diagonals.
        let varying = |l: u64| {
            let c: Vec<_> = Squares(l).map(xyz).collect();
            (c[0].0 != c[1].0) as u32 + (c[0].1 != c[1].1) as u32 + (c[0].2 != c[1].2) as u32
        };
        let counts = [1, 2, 3].map(|k| LINES.iter().filter(|&&l| varying(l) == k).count());
        assert_eq!(counts, [48, 24, 4]);
        assert_eq!(LINE_COUNT.iter().filter(|&&n| n == 7).count(), 16);
        assert!(LINE_COUNT.iter().all(|&n| n == 4 || n == 7));
    }

    #[test]
    fn shifts_find_exactly_the_whole_lines() {
        let mut rng = crate::rng::Rng::new(7);
        for _ in 0..20000 {
            let b = rng.next() & rng.next() | (LINES[rng.below(76) as usize] * (rng.below(3) == 0) as u64);
            assert_eq!(has_four(b), LINES.iter().any(|&l| l & !b == 0), "{b:#x}");
            let o = rng.next() & rng.next() & !b;
            let naive = LINES.iter().fold(0u64, |t, &l| {
                if (l & b).count_ones() == 3 && l & o == 0 {
                    t | (l & !b)
                } else {
                    t
                }
            });
            assert_eq!(threats(b, o), naive, "{b:#x} {o:#x}");
        }
    }

    #[test]
    fn symmetries_match_coordinate_maps() {
        type Map = fn(u32, u32) -> (u32, u32);
        let maps: [Map; 8] = [
            |x, y| (x, y),
            |x, y| (3 - x, y),
            |x, y| (x, 3 - y),
            |x, y| (3 - x, 3 - y),
            |x, y| (y, x),
            |x, y| (y, 3 - x),
            |x, y| (3 - y, x),
            |x, y| (3 - y, 3 - x),
        ];
        for (sym, map) in maps.iter().enumerate() {
            for c in 0..64 {
                let (x, y, z) = xyz(c);
                let (nx, ny) = map(x, y);
                assert_eq!(transform(1u64 << c, sym), 1u64 << (nx + 4 * ny + 16 * z), "sym {sym} cell {c}");
                assert_eq!(transform(transform(1u64 << c, sym), inverse(sym)), 1u64 << c);
            }
            // Lines go to lines.
            for &l in &LINES {
                assert!(LINES.contains(&transform(l, sym)));
            }
        }
    }

    #[test]
    fn gravity() {
        let b = Board::EMPTY.play(5).unwrap().play(5).unwrap().play(0).unwrap();
        assert_eq!(b.black, 1 << 5 | 1);
        assert_eq!(b.white, 1 << 21);
        assert_eq!(b.drop_cell(5), Some(37));
        let full = b.play(5).unwrap().play(5).unwrap();
        assert_eq!(full.play(5), None);
        assert_eq!(full.legal_pegs().len(), 15);
    }
}
