//! perft: the number of leaves of the game tree cut at a given depth. A
//! forced pass is a ply, and a finished game is one leaf at every depth past
//! its end. The counts check the move generator against published values
//! and against a naive reference; their speed is the move generator's speed.

use rayon::prelude::*;

use crate::error::Error;
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::Position;
use crate::with_geometry;

/// The deepest perft the API accepts; deeper counts would take days.
pub const MAX_DEPTH: u32 = 20;

/// Below this many plies left a subtree is counted on one thread: smaller
/// tasks cost more to hand out than to count.
const PARALLEL_MIN_DEPTH: u32 = 5;

/// Leaves at `depth` below the side-relative position (`p`, `o`), one thread.
pub fn perft<G: MoveGen>(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = G::moves(p, o);
    if depth == 1 {
        // Bulk count: every move is a leaf, and so is a pass or an ended game.
        return if moves == 0 { 1 } else { moves.count_ones() as u64 };
    }
    if moves == 0 {
        return if G::moves(o, p) == 0 { 1 } else { perft::<G>(o, p, depth - 1) };
    }
    let mut total = 0;
    for sq in Squares(moves) {
        let f = G::flips(p, o, sq);
        total += perft::<G>(o ^ f, p ^ f ^ (1u64 << sq), depth - 1);
    }
    total
}

/// The same count, with subtrees spread over the current rayon pool.
pub fn perft_parallel<G: MoveGen>(p: u64, o: u64, depth: u32) -> u64 {
    if depth < PARALLEL_MIN_DEPTH {
        return perft::<G>(p, o, depth);
    }
    let moves = G::moves(p, o);
    if moves == 0 {
        return if G::moves(o, p) == 0 { 1 } else { perft_parallel::<G>(o, p, depth - 1) };
    }
    Squares(moves)
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|sq| {
            let f = G::flips(p, o, sq);
            perft_parallel::<G>(o ^ f, p ^ f ^ (1u64 << sq), depth - 1)
        })
        .sum()
}

/// perft of a position on its board; `parallel` spreads the work over the
/// current rayon pool.
///
/// # Example
///
/// The published counts from the 8×8 start: 4, 12, 56, 244 leaves.
///
/// ```
/// use yomi::rules::perft::perft_position;
/// use yomi::{BoardSize, Position, Start};
/// let start = Position::start(BoardSize::new(8, 8).unwrap(), Start::Othello);
/// assert_eq!(perft_position(&start, 4, false).unwrap(), 244);
/// assert_eq!(perft_position(&start, 4, true).unwrap(), 244);
/// assert!(perft_position(&start, 99, false).is_err());
/// ```
pub fn perft_position(pos: &Position, depth: u32, parallel: bool) -> Result<u64, Error> {
    if depth > MAX_DEPTH {
        return Err(Error::BadDepth { depth, max: MAX_DEPTH });
    }
    let (p, o) = (pos.player(), pos.opponent());
    Ok(with_geometry!(pos.size(), G => if parallel {
        perft_parallel::<G>(p, o, depth)
    } else {
        perft::<G>(p, o, depth)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;

    fn counts(size: BoardSize, depths: u32, parallel: bool) -> Vec<u64> {
        let start = Position::start(size, Start::Othello);
        (1..=depths).map(|d| perft_position(&start, d, parallel).unwrap()).collect()
    }

    #[test]
    fn othello_8x8_published_counts() {
        assert_eq!(counts(BoardSize::OTHELLO, 7, false), [4, 12, 56, 244, 1396, 8200, 55092]);
    }

    #[test]
    fn othello_6x6_published_counts() {
        let s6 = BoardSize::new(6, 6).unwrap();
        assert_eq!(counts(s6, 7, false), [4, 12, 56, 244, 1364, 7604, 47740]);
    }

    #[test]
    fn parallel_equals_sequential() {
        let s6 = BoardSize::new(6, 6).unwrap();
        assert_eq!(counts(s6, 7, true), counts(s6, 7, false));
    }

    #[test]
    fn depth_zero_and_limit() {
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        assert_eq!(perft_position(&start, 0, false), Ok(1));
        assert!(perft_position(&start, MAX_DEPTH + 1, false).is_err());
    }
}
