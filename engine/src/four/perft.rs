//! Perft for Score Four: the number of move sequences of a given length
//! from a position. A line ends the game, so a won position has no moves;
//! neither has a full board.

use crate::four::board::{has_four, legal};

/// Move sequences of `depth` plies from (`p`, `o`), `p` to move.
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    if has_four(o) {
        return 0;
    }
    let moves = legal(p | o);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.count_ones() as u64 };
    }
    let mut total = 0;
    let mut m = moves;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        m ^= bit;
        total += perft(o, p | bit, depth - 1);
    }
    total
}

/// Perft with the first ply's moves spread over the current rayon pool.
pub fn perft_parallel(p: u64, o: u64, depth: u32) -> u64 {
    use rayon::prelude::*;
    if depth < 4 || has_four(o) {
        return perft(p, o, depth);
    }
    let moves: Vec<u64> = crate::rules::movegen::Squares(legal(p | o)).map(|c| 1u64 << c).collect();
    moves.par_iter().map(|&bit| perft(o, p | bit, depth - 1)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_known_without_a_search() {
        // No line before the seventh stone: every peg is open for the first
        // four plies, and at the fifth only the sixteen sequences that
        // fill one peg four times leave it full.
        assert_eq!((1..=5).map(|d| perft(0, 0, d)).collect::<Vec<_>>(), [16, 256, 4096, 65536, 1_048_560]);
    }
}
