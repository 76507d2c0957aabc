//! Self-play, written once for every generator of training data (the
//! corpus, `yomi datagen`, paper 000's fit, ProbCut's calibration): the
//! game loop ([`play_out`]), the labeller that scores a position ([`Labeller`]:
//! the exact solver from a number of empties, a search above), and the
//! noisy one-ply players of paper 000's data (`noisy_move`). Each
//! generator says only how it chooses a move and where it stops.

use crate::eval::evaluation::Weights;
use crate::rules::movegen::{MoveGen, Squares};
use crate::parallel::Mode;
use crate::play::level::Level;
use crate::play::midgame::{MidSearcher, MID_INF};
use crate::play::search::{search, SearchOptions};
use crate::rng::Rng;
use crate::rules::game::Move;
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, SolveOptions};

/// Plays from `pos` until the game ends or `stop` says so at a position
/// with a move, `choose` picking every move; both are told how many moves
/// (passes not counted) were made before. Returns each position that had a
/// move with the move made there, in order, and where play ended.
pub fn play_out(
    mut pos: Position,
    mut stop: impl FnMut(&Position, usize) -> bool,
    mut choose: impl FnMut(&Position, usize) -> Square,
) -> (Vec<(Position, Square)>, Position) {
    let mut played = Vec::new();
    loop {
        match pos.status() {
            Status::Over => break,
            Status::Pass => {
                pos = pos.passed();
                continue;
            }
            Status::Move => {}
        }
        if stop(&pos, played.len()) {
            break;
        }
        let sq = choose(&pos, played.len());
        let next = pos.play(sq).expect("a generator chooses a legal move");
        played.push((pos, sq));
        pos = next;
    }
    (played, pos)
}

/// A position's label for training: its best move and score, exact from
/// `exact_from` empties, a search at the given level above. Serial: the
/// generators play many games at once, one a thread.
pub struct Labeller<'t> {
    exact_from: u32,
    tt: &'t TranspositionTable,
    search: SearchOptions,
    solve: SolveOptions,
}

/// What [`Labeller::label`] found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Label {
    /// A best move (a pass where the side to move has none).
    pub best: Option<Move>,
    /// The score for the side to move, in discs.
    pub score: f64,
    /// Whether the solver gave the score (else a search).
    pub exact: bool,
}

impl<'t> Labeller<'t> {
    /// A labeller that searches at `level` with `weights`, solves from
    /// `exact_from` empties, and keeps its entries in `tt`.
    pub fn new(weights: &'static Weights, level: Level, exact_from: u32, tt: &'t TranspositionTable) -> Labeller<'t> {
        Labeller {
            exact_from,
            tt,
            search: SearchOptions { weights, mode: Mode::Serial, ..SearchOptions::new(level, Scoring::World) },
            solve: SolveOptions { scoring: Scoring::World, mode: Mode::Serial, ..Default::default() },
        }
    }

    /// The label of `pos`.
    pub fn label(&self, pos: &Position) -> Label {
        if pos.empties().count_ones() <= self.exact_from {
            let sol = solve(pos, self.tt, self.solve, None);
            Label { best: sol.best, score: sol.score as f64, exact: true }
        } else {
            let r = search(pos, self.tt, &self.search, None, &mut |_| {});
            Label { best: r.best, score: r.score, exact: false }
        }
    }
}

/// Paper 000's self-play players' move at `pos` (which has one): a random
/// move where `random`, else the best after one ply of search plus up to
/// half a disc of noise, so games from one opening differ.
pub(crate) fn noisy_move<G: MoveGen>(s: &mut MidSearcher<G>, pos: &Position, random: bool, rng: &mut Rng) -> Square {
    let (p, o) = (pos.player(), pos.opponent());
    if random {
        return Square::of_bit(rng.pick(G::moves(p, o)));
    }
    let mut best = (i32::MIN, 0);
    for sq in Squares(G::moves(p, o)) {
        let f = G::flips(p, o, sq);
        let v = -s.search(o ^ f, p ^ f ^ (1u64 << sq), 1, -MID_INF, MID_INF) + rng.below(8) as i32;
        best = best.max((v, sq));
    }
    Square::of_bit(best.1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Start};

    #[test]
    fn play_out_passes_by_itself_and_stops_where_told() {
        // Always the first legal move: a whole game, each move legal where made.
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        let first = |pos: &Position, _: usize| Square::of_bit(pos.legal_moves().trailing_zeros());
        let (played, end) = play_out(start, |_, _| false, first);
        assert_eq!(end.status(), Status::Over);
        assert!(played.iter().all(|(pos, sq)| pos.is_legal(*sq)));
        let mut replay = start;
        for (pos, sq) in &played {
            if replay.status() == Status::Pass {
                replay = replay.passed();
            }
            assert_eq!(&replay, pos);
            replay = replay.play(*sq).unwrap();
        }
        // Stopped at 50 empties: ten moves made, the position has a move.
        let (played, end) = play_out(start, |pos, _| pos.empties().count_ones() <= 50, first);
        assert_eq!((played.len(), end.empties().count_ones()), (10, 50));
        let (played, _) = play_out(start, |_, n| n == 3, first);
        assert_eq!(played.len(), 3);
    }
}
