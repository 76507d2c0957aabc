//! How many discs the last move of an 8×8 game flips, from the mover's
//! discs alone: with one empty square left every other square is taken, so
//! the opponent's discs are the rest of the board and only the mover's
//! bits matter. The four lines through the square are each gathered into a
//! byte (a shift for the row, one multiplication for the column and the
//! diagonals) and looked up in a table of 8 × 256 counts.
//!
//! The solver asks this at every one of its leaves with one empty square,
//! which is why it is worth a table of its own: a count takes four loads
//! where the general flips take eight rays and a population count.

/// Squares of the diagonal (row and column rising together) through each
/// square, then of the anti-diagonal (row rising, column falling).
const DIAGONALS: [[u64; 2]; 64] = {
    let mut out = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (r, c) = ((sq / 8) as i32, (sq % 8) as i32);
        let mut s: i32 = 0;
        while s < 64 {
            let (rs, cs) = (s / 8, s % 8);
            if rs - r == cs - c {
                out[sq][0] |= 1u64 << s;
            }
            if rs - r == c - cs {
                out[sq][1] |= 1u64 << s;
            }
            s += 1;
        }
        sq += 1;
    }
    out
};

/// `COUNTS[i][line]`: discs flipped on a line of 8 by a disc placed at `i`,
/// where `line` has a bit for each of the mover's discs and every other
/// square is the opponent's. Squares off a short line read as the
/// opponent's too, which is exact: a run that reaches the end of the byte
/// without meeting the mover's disc flips nothing, as it would at the edge.
const COUNTS: [[u8; 256]; 8] = {
    let mut out = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards higher bits, then lower.
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                n += j - i - 1;
            }
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                n += i - j as usize - 1;
            }
            out[i][line] = n as u8;
            line += 1;
        }
        i += 1;
    }
    out
};

/// Discs flipped by the side owning `p` playing on `sq`, the one square of
/// the 8×8 board that is empty (every square but `sq` and `p`'s is the
/// opponent's).
#[inline(always)]
pub fn count_8x8(p: u64, sq: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Bit 8·r of a column moves to bit 56 + r: the shifts 56 − 7r never
    // make two products meet, so no carry spoils the top byte.
    const COLUMN: u64 = 0x0102_0408_1020_4080;
    let (r, c) = ((sq >> 3) as usize, (sq & 7) as usize);
    let [diag, anti] = DIAGONALS[sq as usize];
    let row = (p >> (sq & !7)) as u8;
    let column = (((p >> c) & ONES).wrapping_mul(COLUMN) >> 56) as u8;
    // One square per column on a diagonal: summing the rows gathers it.
    let diag = ((p & diag).wrapping_mul(ONES) >> 56) as u8;
    let anti = ((p & anti).wrapping_mul(ONES) >> 56) as u8;
    (COUNTS[c][row as usize] + COUNTS[r][column as usize] + COUNTS[c][diag as usize] + COUNTS[c][anti as usize]) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::{Dims, Geometry};
    use crate::rules::movegen::MoveGen;

    type G8 = Dims<8, 8>;

    /// Against the general flips, with the rest of the board the
    /// opponent's, on random boards of every density and every square.
    #[test]
    fn counts_match_the_flips_of_the_last_move() {
        let mut rng = crate::rng::Rng::new(88);
        for round in 0..20_000 {
            let mut p = rng.next();
            // Sparse and dense mover boards, so long runs of both occur.
            match round % 4 {
                0 => p &= rng.next(),
                1 => p |= rng.next(),
                2 => p &= rng.next() & rng.next(),
                _ => {}
            }
            for sq in 0..64u32 {
                let x = 1u64 << sq;
                let mine = p & !x;
                let theirs = G8::FULL ^ mine ^ x;
                assert_eq!(count_8x8(mine, sq), G8::flips(mine, theirs, sq).count_ones(), "p {mine:#x} sq {sq}");
            }
        }
    }

    #[test]
    fn a_full_diagonal_and_row() {
        // a1 the mover's, b2..g7 the opponent's, h8 empty: 6 along the
        // diagonal; the row and column of h8 are all the opponent's.
        assert_eq!(count_8x8(1, 63), 6);
        // h1 empty, a1 and a8 the mover's: b1..g1 along the row and g2..b7
        // along the anti-diagonal.
        assert_eq!(count_8x8(1 | 1 << 56, 7), 12);
    }
}
