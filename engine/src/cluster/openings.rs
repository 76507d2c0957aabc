//! An opening tree as a batch: every position reached from a root by legal
//! play when `empties` squares are left (games that end sooner are scored
//! where they end), one per symmetric twin, and the root's value backed up
//! by minimax from their solved values. This is how a board too large for
//! one search is solved on many machines: the positions at a fixed depth
//! are independent jobs.

use std::collections::HashMap;

use crate::cluster::batch::{form, Form};
use crate::rules::movegen::Squares;
use crate::rules::position::{Color, Position, Scoring, Status};
use crate::rules::square::Square;

/// The distinct positions (up to symmetry and colours) with `empties`
/// empties below `root`, in the order first met.
pub fn frontier(root: &Position, empties: u32) -> Vec<Position> {
    let mut seen: HashMap<Form, ()> = HashMap::new();
    let mut out = Vec::new();
    let mut visited: HashMap<Form, ()> = HashMap::new();
    walk(root, empties, &mut visited, &mut |p| {
        if seen.insert(form(p), ()).is_none() {
            out.push(*p);
        }
    });
    out
}

fn children(pos: &Position) -> Vec<Position> {
    match pos.status() {
        Status::Over => Vec::new(),
        Status::Pass => vec![pos.passed()],
        Status::Move => Squares(pos.legal_moves())
            .map(|sq| pos.play(Square::of_bit(sq)).expect("legal"))
            .collect(),
    }
}

/// Visits every distinct inner position once and hands each frontier
/// position to `leaf` (twins more than once; the caller dedupes).
fn walk(pos: &Position, empties: u32, visited: &mut HashMap<Form, ()>, leaf: &mut dyn FnMut(&Position)) {
    if pos.status() == Status::Over {
        return;
    }
    if pos.empties().count_ones() <= empties {
        leaf(pos);
        return;
    }
    if visited.insert(form(pos), ()).is_some() {
        return;
    }
    for c in children(pos) {
        walk(&c, empties, visited, leaf);
    }
}

/// The value of `pos` for its side to move by minimax down to `empties`
/// empties, where `value` gives each frontier position's (by form); games
/// that end on the way are scored by `scoring` (their sign with `wld`).
/// `None` if a frontier position has no value.
pub fn back_up(pos: &Position, empties: u32, scoring: Scoring, wld: bool, value: &dyn Fn(&Position) -> Option<i32>) -> Option<i32> {
    let mut memo: HashMap<Form, i32> = HashMap::new();
    back_up_memo(pos, empties, scoring, wld, value, &mut memo)
}

fn back_up_memo(
    pos: &Position,
    empties: u32,
    scoring: Scoring,
    wld: bool,
    value: &dyn Fn(&Position) -> Option<i32>,
    memo: &mut HashMap<Form, i32>,
) -> Option<i32> {
    if pos.status() == Status::Over {
        let black = pos.final_score(scoring);
        let v = if pos.to_move() == Color::Black { black } else { -black };
        return Some(if wld { v.signum() } else { v });
    }
    if pos.empties().count_ones() <= empties {
        return value(pos);
    }
    let key = form(pos);
    if let Some(&v) = memo.get(&key) {
        return Some(v);
    }
    let mut best = i32::MIN;
    for c in children(pos) {
        best = best.max(-back_up_memo(&c, empties, scoring, wld, value, memo)?);
    }
    memo.insert(key, best);
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;
    use crate::search::tt::TranspositionTable;
    use crate::solver::solve::{solve, SolveOptions};

    #[test]
    fn the_backed_up_value_is_the_roots_solved_value() {
        // Paper 001: 4x6 Othello is +16 under its rule.
        let root = Position::start(BoardSize::new(4, 6).unwrap(), Start::Othello);
        let tt = TranspositionTable::with_mib(16);
        for wld in [false, true] {
            let opts = SolveOptions { scoring: Scoring::Paper, wld, ..Default::default() };
            let positions = frontier(&root, 14);
            assert!(positions.len() > 20, "{}", positions.len());
            let solved: HashMap<Form, i32> = positions.iter().map(|p| (form(p), solve(p, &tt, opts, None).score)).collect();
            let v = back_up(&root, 14, Scoring::Paper, wld, &|p| solved.get(&form(p)).copied()).unwrap();
            assert_eq!(v, if wld { 1 } else { 16 });
        }
    }
}
