//! Solving a position: the root of the exact search (symmetric moves
//! searched once, every move's score on request), the perfect line to the end
//! of the game, and statistics. The search itself is in [`crate::endgame`].

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering::Relaxed};


use crate::clock::Clock;
use crate::endgame::{Paper, Rule, Solver, Stats, World, INF};
use crate::game::Move;
use crate::movegen::{MoveGen, Squares};
use crate::parallel::{in_order, Abort, Mode};
use crate::position::{Color, Position, Scoring};
use crate::square::Square;
use crate::symmetry::canonical;
use crate::tt::TranspositionTable;
use crate::with_geometry;

/// What to solve for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SolveOptions {
    pub scoring: Scoring,
    /// Win/draw/loss only: the score is then −1, 0 or +1.
    pub wld: bool,
    /// The score of every legal move, not just the best.
    pub all_moves: bool,
    /// How to use the threads of the current rayon pool. [`Mode::Predict`]
    /// is paper 002's master tree, in [`crate::predict`]; here it searches
    /// like [`Mode::Ybw`].
    pub mode: Mode,
    /// Root moves to leave out (a bitboard); ignored if it would leave none.
    pub exclude: u64,
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The final score for the side to move with perfect play (with `wld`,
    /// its sign: +1 win, 0 draw, −1 loss).
    pub score: i32,
    /// A best move; `Move::Pass` when the side to move must pass, `None`
    /// when the game is over.
    pub best: Option<Move>,
    /// A perfect line to the end of the game, passes included.
    pub pv: Vec<Move>,
    /// Discs at the end of the perfect line.
    pub black: u32,
    pub white: u32,
    /// With `all_moves`: every legal move and its score, best first.
    pub moves: Vec<(Square, i32)>,
    pub stats: Stats,
    pub seconds: f64,
    /// True if a stop request cut the search short; the rest is then unknown.
    pub stopped: bool,
}

impl Solution {
    /// The result in words for the side to move: "win", "draw" or "loss".
    pub fn outcome(&self) -> &'static str {
        match self.score.signum() {
            1 => "win",
            0 => "draw",
            _ => "loss",
        }
    }
}

/// Solves `pos` exactly (or win/draw/loss) with the table `tt`, on the
/// threads of the current rayon pool as `opts.mode` says.
pub fn solve(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, stop: Option<&AtomicBool>) -> Solution {
    let t0 = Clock::start();
    let mut sol = with_geometry!(pos.size(), G => match opts.scoring {
        Scoring::World => solve_with::<G, World>(pos, tt, opts, stop),
        Scoring::Paper => solve_with::<G, Paper>(pos, tt, opts, stop),
    });
    sol.seconds = t0.seconds();
    sol
}

/// From this many empties on, an exact solve first settles win/draw/loss.
const WLD_FIRST_EMPTIES: u32 = 16;

/// The window that decides the question asked: the exact score, or its sign.
fn window(opts: SolveOptions) -> (i32, i32) {
    if opts.wld {
        (-1, 1)
    } else {
        (-INF, INF)
    }
}

fn solve_with<G: MoveGen, R: Rule>(
    pos: &Position,
    tt: &TranspositionTable,
    opts: SolveOptions,
    stop: Option<&AtomicBool>,
) -> Solution {
    tt.new_search();
    let threads = opts.mode.threads();
    let mut solver = Solver::<G, R>::new(tt, stop).splitting(matches!(opts.mode, Mode::Ybw | Mode::Predict));
    if opts.mode != Mode::Lazy || threads < 2 {
        return solve_root::<G, R>(&mut solver, pos, opts);
    }
    // Lazy SMP: helpers search the whole position over the same table, each
    // with its own move order, until the main search is done.
    let helpers = Abort::new(None);
    let (p, o) = (pos.player(), pos.opponent());
    let (alpha, beta) = window(opts);
    let mut helper_stats = Vec::new();
    let sol = rayon::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::channel();
        for k in 1..threads as u64 {
            let (helpers, sender) = (&helpers, sender.clone());
            scope.spawn(move |_| {
                let mut h = Solver::<G, R>::worker(tt, stop, Some(helpers), false, k);
                h.search(p, o, alpha, beta);
                let _ = sender.send(h.stats);
            });
        }
        drop(sender);
        let sol = solve_root::<G, R>(&mut solver, pos, opts);
        helpers.set();
        helper_stats.extend(receiver.iter());
        sol
    });
    let mut sol = sol;
    for st in helper_stats {
        sol.stats += st;
    }
    sol
}

/// The root of a solve: symmetric moves once, win/draw/loss first when it
/// pays, the root moves as the mode says, then the perfect line.
fn solve_root<G: MoveGen, R: Rule>(solver: &mut Solver<G, R>, pos: &Position, opts: SolveOptions) -> Solution {
    let (p, o) = (pos.player(), pos.opponent());
    let (alpha, beta) = window(opts);
    let size = pos.size();

    let legal = G::moves(p, o);
    let moves = if legal & !opts.exclude != 0 { legal & !opts.exclude } else { legal };
    let mut scored: Vec<(Square, i32)> = Vec::new();
    let (score, best) = if moves == 0 {
        let v = solver.search(p, o, alpha, beta);
        let best = if G::moves(o, p) == 0 { None } else { Some(Move::Pass) };
        (v, best)
    } else {
        // Symmetric children have one value: search one of each (paper 001 §3.6).
        let mut children: Vec<Child> = Squares(moves)
            .map(|sq| {
                let f = G::flips(p, o, sq);
                let (np, no) = (o ^ f, p ^ f ^ (1u64 << sq));
                let (cp, co, _) = canonical::<G>(np, no);
                (sq, np, no, (cp, co))
            })
            .collect();
        // The search's own ordering: the first move gets the full window, so
        // it had better be the best.
        let n = pos.empties().count_ones();
        let odd = solver.odd_quadrants(pos.empties());
        let mut keyed: Vec<(i32, Child)> =
            children.iter().map(|&c| (solver.move_key(c.1, c.2, c.0, odd, n), c)).collect();
        keyed.sort_by_key(|&(k, c)| (k, c.0));
        children = keyed.into_iter().map(|(_, c)| c).collect();
        let mut distinct: Vec<Child> = Vec::new();
        for c in &children {
            if !distinct.iter().any(|d| d.3 == c.3) {
                distinct.push(*c);
            }
        }

        // Paper 001's order: win/draw/loss first, whose narrow window is
        // cheap, then the exact score in the half-window the outcome allows
        // (a draw is already exact).
        let (mut alpha, mut beta) = (alpha, beta);
        let mut first = None;
        if !opts.wld && !opts.all_moves && n >= WLD_FIRST_EMPTIES {
            let wld = SolveOptions { wld: true, ..opts };
            let values = search_root::<G, R>(solver, &distinct, -1, 1, wld);
            let best = values.iter().map(|v| v.1).max().unwrap_or(0);
            match best.signum() {
                1 => alpha = 0,
                -1 => beta = 0,
                _ => first = Some(values),
            }
        }
        let values = match first {
            Some(done) => done,
            None => search_root::<G, R>(solver, &distinct, alpha, beta, opts),
        };
        let (best_sq, best_v) = values
            .iter()
            .copied()
            .max_by_key(|&(sq, v)| (v, std::cmp::Reverse(distinct.iter().position(|d| d.0 == sq))))
            .unwrap_or((distinct[0].0, -INF));
        if opts.all_moves {
            for &(sq, _, _, form) in &children {
                let twin = distinct.iter().find(|d| d.3 == form).expect("every form searched");
                if let Some(&(_, v)) = values.iter().find(|(s, _)| *s == twin.0) {
                    scored.push((Square::from_index(size, sq).expect("on board"), clamp(v, opts)));
                }
            }
            scored.sort_by_key(|&(sq, v)| (-v, sq));
        }
        (best_v, Some(Move::Play(Square::from_index(size, best_sq).expect("on board"))))
    };

    let mut sol = Solution {
        score: clamp(score, opts),
        best,
        pv: Vec::new(),
        black: pos.count(Color::Black),
        white: pos.count(Color::White),
        moves: scored,
        stats: Stats::default(),
        seconds: 0.0,
        stopped: solver.stopped(),
    };
    if !sol.stopped {
        let end = principal_variation::<G, R>(solver, pos, sol.score, sol.best, opts, &mut sol.pv);
        sol.black = end.count(Color::Black);
        sol.white = end.count(Color::White);
    }
    sol.stopped = solver.stopped();
    sol.stats = solver.stats;
    sol
}

type Child = (u32, u64, u64, (u64, u64));

/// Searches the distinct root moves; returns each searched move's value (a
/// bound only, for moves a null window refuted, unless `all_moves` or MSAI).
/// Helpers' statistics and stops are folded into `solver`.
fn search_root<G: MoveGen, R: Rule>(
    solver: &mut Solver<G, R>,
    distinct: &[Child],
    alpha: i32,
    beta: i32,
    opts: SolveOptions,
) -> Vec<(u32, i32)> {
    let threads = opts.mode.threads();
    let mut values = Vec::new();
    if opts.all_moves || opts.mode == Mode::Msai {
        // Every move with the full window: MSAI's tasks (paper 000), or
        // the exact value of each move for analysis.
        if threads > 1 && distinct.len() > 1 {
            let split = opts.mode != Mode::Msai;
            let results = par_moves::<G, R>(solver, distinct, split, |s, np, no, _| -s.search(np, no, -beta, -alpha));
            values.extend(results);
        } else {
            for &(sq, np, no, _) in distinct {
                let v = -solver.search(np, no, -beta, -alpha);
                if solver.stopped() {
                    break;
                }
                values.push((sq, v));
            }
        }
        return values;
    }

    let (sq0, np0, no0, _) = distinct[0];
    let v0 = -solver.search(np0, no0, -beta, -alpha);
    if solver.stopped() {
        return values;
    }
    values.push((sq0, v0));
    let mut a = alpha.max(v0);
    if a >= beta {
        return values;
    }
    let rest = &distinct[1..];
    if threads > 1 && rest.len() > 1 && matches!(opts.mode, Mode::Ybw | Mode::Predict) {
        // Young Brothers Wait at the root: the younger moves in parallel,
        // each a null window at the best value so far, re-searched if it
        // fails high; a cutoff ends the others.
        let shared = AtomicI32::new(a);
        let results = par_moves::<G, R>(solver, rest, true, |s, np, no, abort| {
            let a = shared.load(Relaxed);
            if a >= beta {
                abort.set();
                return -INF;
            }
            let mut v = -s.search(np, no, -a - 1, -a);
            if v > a && v < beta {
                v = -s.search(np, no, -beta, -v);
            }
            if !s.stopped() {
                shared.fetch_max(v, Relaxed);
                if v >= beta {
                    abort.set();
                }
            }
            v
        });
        values.extend(results);
        return values;
    }
    for &(sq, np, no, _) in rest {
        let mut v = -solver.search(np, no, -a - 1, -a);
        if v > a && v < beta {
            v = -solver.search(np, no, -beta, -v);
        }
        if solver.stopped() {
            break;
        }
        values.push((sq, v));
        if v > a {
            a = v;
            if a >= beta {
                break;
            }
        }
    }
    values
}

/// Runs `task` on each child in parallel, in order, on as many rayon tasks
/// as there are threads, each with its own solver over the shared table;
/// returns (move, value) for the children that were not cut short and folds
/// the helpers' statistics into `solver`.
fn par_moves<G: MoveGen, R: Rule>(
    solver: &mut Solver<G, R>,
    children: &[Child],
    split: bool,
    task: impl Fn(&mut Solver<G, R>, u64, u64, &Abort) -> i32 + Sync,
) -> Vec<(u32, i32)> {
    let abort = Abort::new(None);
    let (tt, stop) = (solver.table(), solver.stop_flag());
    let tasks = in_order(
        children.len(),
        || (Solver::<G, R>::worker(tt, stop, Some(&abort), split, 0), Vec::new()),
        |(s, values), i| {
            let (sq, np, no, _) = children[i];
            let v = task(s, np, no, &abort);
            if s.stopped() || abort.is_set() && v == -INF {
                return false;
            }
            values.push((sq, v));
            true
        },
    );
    let stopped = stop.is_some_and(|s| s.load(Relaxed));
    let mut out = Vec::new();
    for (s, values) in tasks {
        solver.absorb(s.stats, stopped);
        out.extend(values);
    }
    out
}

fn clamp(v: i32, opts: SolveOptions) -> i32 {
    if opts.wld {
        v.signum()
    } else {
        v
    }
}

/// Follows moves that keep the solved value to the end of the game, and
/// returns the final position. With the table warm, each step's searches are
/// cheap.
fn principal_variation<G: MoveGen, R: Rule>(
    solver: &mut Solver<G, R>,
    start: &Position,
    score: i32,
    first: Option<Move>,
    opts: SolveOptions,
    pv: &mut Vec<Move>,
) -> Position {
    let size = start.size();
    let mut pos = *start;
    let mut target = score;
    let mut next = first;
    loop {
        let mv = match next.take() {
            Some(m) => m,
            None => {
                let (p, o) = (pos.player(), pos.opponent());
                let moves = G::moves(p, o);
                if moves == 0 {
                    if G::moves(o, p) == 0 {
                        return pos;
                    }
                    Move::Pass
                } else {
                    // The table's move first, then the rest in square order.
                    let hinted = solver.hash_move(p, o).filter(|&sq| moves >> sq & 1 == 1);
                    let order = hinted.into_iter().chain(Squares(moves).filter(|&sq| Some(sq) != hinted));
                    let mut found = None;
                    for sq in order {
                        let f = G::flips(p, o, sq);
                        let (np, no) = (o ^ f, p ^ f ^ (1u64 << sq));
                        let keeps = if opts.wld {
                            (-solver.search(np, no, -1, 1)).signum() == target
                        } else {
                            -solver.search(np, no, -target - 1, -target + 1) == target
                        };
                        if solver.stopped() {
                            return pos;
                        }
                        if keeps {
                            found = Some(sq);
                            break;
                        }
                    }
                    // A value from a finished solve always has a move that keeps it.
                    Move::Play(Square::from_index(size, found.expect("a move keeps the value")).expect("on board"))
                }
            }
        };
        pv.push(mv);
        pos = match mv {
            Move::Pass => pos.passed(),
            Move::Play(sq) => pos.play(sq).expect("PV moves are legal"),
        };
        target = -target;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::BoardSize;
    use crate::position::Start;

    fn solve_start(rows: usize, cols: usize, start: Start, scoring: Scoring) -> Solution {
        let pos = Position::start(BoardSize::new(rows, cols).unwrap(), start);
        let tt = TranspositionTable::with_mib(16);
        solve(&pos, &tt, SolveOptions { scoring, ..Default::default() }, None)
    }

    #[test]
    fn paper_001_4x4() {
        let s = solve_start(4, 4, Start::Othello, Scoring::Paper);
        assert_eq!((s.score, s.black, s.white), (-8, 3, 11));
        let s = solve_start(4, 4, Start::Reversi, Scoring::Paper);
        assert_eq!((s.score, s.black, s.white), (-3, 6, 9));
    }

    #[test]
    fn paper_001_4x6() {
        let s = solve_start(4, 6, Start::Othello, Scoring::Paper);
        assert_eq!((s.score, s.black, s.white), (16, 20, 4));
        let s = solve_start(4, 6, Start::Reversi, Scoring::Paper);
        assert_eq!((s.score, s.black, s.white), (18, 21, 3));
    }
}
