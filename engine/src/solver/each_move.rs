//! Every legal move solved in turn, one whole solve a move, each reported
//! as it finishes (the browser's progress bar follows them); the best one's
//! line leads the answer. [`SolveOptions::all_moves`] gives the same values
//! from one root search, without a report per move.

use std::sync::atomic::AtomicBool;

use crate::clock::Clock;
use crate::rules::game::Move;
use crate::rules::position::{Color, Position};
use crate::rules::square::Square;
use crate::search::node::Stats;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, Solution, SolveOptions};

/// One move solved, as [`solve_each_move`] reports it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveSolved {
    /// Moves solved so far, this one included.
    pub done: usize,
    /// Legal moves in all.
    pub total: usize,
    /// The move.
    pub square: Square,
    /// Its score for the side to move.
    pub score: i32,
    /// Nodes of all the solves so far.
    pub nodes: u64,
    /// Seconds since the first began.
    pub seconds: f64,
}

/// Solves every legal move of `pos` in square order over `tt`, calling
/// `each` after each; a stop ends it with the moves finished (their values
/// bound the score from below). The answer's `moves` are best first.
pub fn solve_each_move(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, stop: Option<&AtomicBool>, each: &mut dyn FnMut(&MoveSolved)) -> Solution {
    let clock = Clock::start();
    let moves: Vec<Square> = pos.legal_squares().collect();
    // Paper 002's tree answers one question per call; here each move is its own.
    let one = SolveOptions { mode: opts.mode.within_one_search(), all_moves: false, ..opts };
    let mut best: Option<(i32, Move, Solution)> = None;
    let mut scored = Vec::new();
    let mut stats = Stats::default();
    for (done, &sq) in moves.iter().enumerate() {
        let child = pos.play(sq).expect("legal moves are legal");
        let s = solve(&child, tt, one, stop);
        stats.nodes += s.stats.nodes;
        stats.leaves += s.stats.leaves;
        if s.stopped {
            break;
        }
        // The child's score is the opponent's.
        let v = -s.score;
        scored.push((sq, v));
        each(&MoveSolved { done: done + 1, total: moves.len(), square: sq, score: v, nodes: stats.nodes, seconds: clock.seconds() });
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, Move::Play(sq), s));
        }
    }
    scored.sort_by_key(|&(sq, v)| (-v, sq));
    let stopped = scored.len() < moves.len();
    let (score, first, line) = best.map_or((0, None, None), |(v, m, s)| (v, Some(m), Some(s)));
    let mut pv: Vec<Move> = first.into_iter().collect();
    let (mut black, mut white) = (pos.count(Color::Black), pos.count(Color::White));
    if let Some(s) = line {
        pv.extend(s.pv);
        (black, white) = (s.black, s.white);
    }
    Solution {
        score,
        best: first,
        pv,
        black,
        white,
        moves: scored,
        stats,
        // After a stop only the moves solved bound the score from below.
        lower: first.map(|_| score),
        upper: (!stopped).then_some(score),
        seconds: clock.seconds(),
        stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;

    /// The same values as one root search with `all_moves`, and a report a move.
    #[test]
    fn each_move_in_turn_gives_the_root_searchs_values() {
        let start = Position::start(BoardSize::new(4, 6).unwrap(), Start::Othello);
        let tt = TranspositionTable::with_mib(4);
        let mut seen = Vec::new();
        let each = solve_each_move(&start, &tt, SolveOptions::default(), None, &mut |m| seen.push((m.done, m.total, m.square, m.score)));
        tt.clear();
        let root = solve(&start, &tt, SolveOptions { all_moves: true, ..Default::default() }, None);
        assert_eq!(each.moves, root.moves);
        assert_eq!((each.score, each.exact(), each.stopped), (root.score, root.exact(), false));
        assert_eq!(seen.len(), each.moves.len());
        assert!(seen.iter().enumerate().all(|(i, m)| m.0 == i + 1 && m.1 == seen.len()));
        // The perfect line starts with a best move and replays to its final discs.
        let mut pos = start;
        for m in &each.pv {
            pos = match m {
                Move::Play(sq) => pos.play(*sq).unwrap(),
                Move::Pass => pos.passed(),
            };
        }
        assert_eq!((pos.count(Color::Black), pos.count(Color::White)), (each.black, each.white));
    }
}
