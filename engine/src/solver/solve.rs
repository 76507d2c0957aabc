//! Solving a position: the root of the exact search (symmetric moves
//! searched once, win/draw/loss first, every move's score on request) in the
//! chosen parallel mode, the perfect line to the end of the game, and
//! statistics. The node search is the shared one ([`crate::search::node`])
//! with the solver's policy ([`crate::solver::endgame`]).

use std::sync::atomic::AtomicBool;

use crate::clock::Clock;
use crate::parallel::{lazy, Mode, Split};
use crate::predict;
use crate::rules::game::Move;
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::{Color, Position, Scoring};
use crate::rules::square::Square;
use crate::rules::symmetry::canonical;
use crate::search::node::Stats;
use crate::search::root::{iterate, RootMoves};
use crate::search::stop::{Halt, Limits};
use crate::search::tt::TranspositionTable;
use crate::bound::{describe_bounds, Bound, Wld, INF};
use crate::solver::endgame::{Order, Paper, Rule, Solver, World};
use crate::with_geometry;

/// What to solve for.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct SolveOptions {
    /// How a finished game is scored.
    pub scoring: Scoring,
    /// Win/draw/loss only: the score is then −1, 0 or +1.
    pub wld: bool,
    /// The score of every legal move, not just the best.
    pub all_moves: bool,
    /// How to use the threads of the current rayon pool.
    pub mode: Mode,
    /// Root moves to leave out (a bitboard); ignored if it would leave none.
    pub exclude: u64,
    /// Stop at these limits with what is proven so far.
    pub limits: Limits,
}

/// The outcome of a solve.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The final score for the side to move with perfect play (with `wld`,
    /// its sign: +1 win, 0 draw, −1 loss). After a stop: the best lower
    /// bound proven, or `lower`/`upper`'s nearest finite end.
    pub score: i32,
    /// What is proven: `lower ≤ score ≤ upper`, equal when the solve
    /// finished (`None` where nothing is known of that end).
    pub lower: Option<i32>,
    /// The least upper bound proven, `None` where unknown.
    pub upper: Option<i32>,
    /// A best move; `Move::Pass` when the side to move must pass, `None`
    /// when the game is over or, after a stop, no move was proven yet. After
    /// a stop it is the best move proven so far (the lower bound's).
    pub best: Option<Move>,
    /// A perfect line to the end of the game, passes included (none after
    /// a stop).
    pub pv: Vec<Move>,
    /// Discs at the end of the perfect line.
    /// Discs at the end of the perfect line: Black's, then White's.
    pub black: u32,
    /// White's discs at the end of the perfect line.
    pub white: u32,
    /// With `all_moves`: every legal move and its score, best first (after a
    /// stop, the moves finished).
    pub moves: Vec<(Square, i32)>,
    /// Nodes and final positions visited.
    pub stats: Stats,
    /// Wall-clock seconds the solve took.
    pub seconds: f64,
    /// True if a stop request or the time limit cut the search short.
    pub stopped: bool,
}

impl Solution {
    /// The result for the side to move; after a stop only what the proven
    /// bounds decide (`None` otherwise).
    pub fn outcome(&self) -> Option<Wld> {
        Wld::of_bounds(self.lower, self.upper)
    }

    /// The score, if it is proven exactly.
    pub fn exact(&self) -> Option<i32> {
        self.lower.filter(|&l| self.upper == Some(l))
    }

    /// What a stopped solve proved, in words: ">= +4", "<= -2",
    /// "between -2 and +6", or "nothing yet".
    pub fn proven(&self) -> String {
        describe_bounds(self.lower, self.upper)
    }
}

/// Solves `pos` exactly (or win/draw/loss) with the table `tt`, on the
/// threads of the current rayon pool as `opts.mode` says (paper 002's tree
/// gives its workers tables as large as `tt` in all). `stop` ends it early,
/// as do `opts.limits`.
///
/// # Example
///
/// Paper 001's 4×4 result: with perfect play White wins 11 to 3 (the
/// paper's scoring leaves empty squares uncounted).
///
/// ```
/// use yomi::bound::Wld;
/// use yomi::{solve, BoardSize, Position, Scoring, SolveOptions, Start, TranspositionTable};
/// let start = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
/// let tt = TranspositionTable::with_mib(1);
/// let sol = solve(&start, &tt, SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None);
/// assert_eq!((sol.black, sol.white), (3, 11));
/// assert_eq!(sol.exact(), Some(-8)); // for Black, who moves first
/// assert_eq!(sol.outcome(), Some(Wld::Loss));
/// assert_eq!(sol.pv.len(), 10); // the perfect line: ten moves, then neither side can move
/// ```
pub fn solve(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, stop: Option<&AtomicBool>) -> Solution {
    let clock = Clock::start();
    let halt = Halt::new(stop, clock, opts.limits);
    let split = opts.mode.split();
    let mut sol = if split.master_tree && predict::threads::applies(pos, opts.all_moves, split.threads) {
        solve_predict(pos, tt, opts, &halt)
    } else {
        with_geometry!(pos.size(), G => match opts.scoring {
            Scoring::World => solve_with::<G, World>(pos, tt, opts, &halt),
            Scoring::Paper => solve_with::<G, Paper>(pos, tt, opts, &halt),
        })
    };
    sol.stopped |= halt.halted() && sol.exact().is_none();
    sol.seconds = clock.seconds();
    sol
}

/// From this many empties on, an exact solve first searches a narrow window.
const NARROW_FIRST_EMPTIES: u32 = 16;
/// From this many empties on, the narrow window of an 8×8 solve is centred on
/// a guess (engine/MEASUREMENTS.md, "The constants' figures").
const GUESS_FIRST_EMPTIES: u32 = 20;
/// Plies of the search over the evaluation that guesses an 8×8 score; deeper,
/// the guess costs more than it saves (engine/MEASUREMENTS.md, "The constants' figures").
const GUESS_DEPTH: u32 = 6;
/// From this many empties on, an 8×8 solve starts with selective passes
/// (`selective_pass`) at these margins in discs, widening: each pass is
/// ordered by the best moves of the one before, and the last one's score is
/// the exact pass's first guess (engine/MEASUREMENTS.md, "Selective passes
/// at three margins").
const SELECTIVE_FIRST_EMPTIES: u32 = 24;
const SELECTIVE_MARGINS: [i32; 3] = [6, 10, 16];

/// The window that decides the question asked: the exact score, or its sign.
fn window(opts: SolveOptions) -> (i32, i32) {
    if opts.wld {
        (-1, 1)
    } else {
        (-INF, INF)
    }
}

fn solve_with<G: MoveGen, R: Rule>(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, halt: &Halt) -> Solution {
    tt.new_search();
    let split = opts.mode.split();
    let mut solver = Solver::<G, R>::solver(tt, halt).splitting(split.nodes);
    if split.searchers < 2 {
        return solve_root::<G, R>(&mut solver, pos, opts);
    }
    // Lazy SMP: helpers solve the whole position over the same table, each
    // with its own move order, until the main search is done.
    let (p, o) = (pos.player(), pos.opponent());
    let (alpha, beta) = window(opts);
    let template = solver.worker(None, false, 0);
    let (mut sol, helpers) = lazy::with_helpers(
        split.searchers,
        || solve_root::<G, R>(&mut solver, pos, opts),
        |k, abort| {
            let mut h = template.worker(Some(abort), false, k as u64);
            h.solve(p, o, alpha, beta);
            h.stats
        },
    );
    for st in helpers {
        sol.stats += st;
    }
    sol
}

/// The root of a solve: symmetric moves once, a narrow window first when it
/// pays, the root moves as the mode says, then the perfect line.
fn solve_root<G: MoveGen, R: Rule>(solver: &mut Solver<G, R>, pos: &Position, opts: SolveOptions) -> Solution {
    let (p, o) = (pos.player(), pos.opponent());
    let (alpha, beta) = window(opts);
    let n = pos.empties().count_ones();
    let square = Square::of_bit;

    let legal = G::moves(p, o);
    let moves = if legal & !opts.exclude != 0 { legal & !opts.exclude } else { legal };
    let mut sol = Solution {
        score: 0,
        lower: None,
        upper: None,
        best: None,
        pv: Vec::new(),
        black: pos.count(Color::Black),
        white: pos.count(Color::White),
        moves: Vec::new(),
        stats: Stats::default(),
        seconds: 0.0,
        stopped: false,
    };
    if moves == 0 {
        let v = solver.solve(p, o, alpha, beta);
        if !solver.stopped() {
            let v = clamp(v, opts);
            (sol.score, sol.lower, sol.upper) = (v, Some(v), Some(v));
            sol.best = if G::moves(o, p) == 0 { None } else { Some(Move::Pass) };
        }
    } else {
        // The search's own ordering: the first move gets the full window, so
        // it had better be the best.
        let odd = solver.odd_quadrants(pos.empties());
        let mut all = RootMoves::new::<G>(p, o, moves, INF);
        let order = Order::full(odd, Solver::<G, R>::probe_depth(n));
        all.sort_by_key(|m| solver.move_key(m.p, m.o, m.sq, order));
        // Symmetric children have one value: search one of each (paper 001 §3.6).
        let forms: Vec<(u64, u64)> = all.moves.iter().map(|m| { let (cp, co, _) = canonical::<G>(m.p, m.o); (cp, co) }).collect();
        let mut root = RootMoves::default();
        let mut twin_of = Vec::with_capacity(all.len());
        for (i, m) in all.moves.iter().enumerate() {
            match forms[..i].iter().position(|f| *f == forms[i]) {
                Some(j) => twin_of.push(twin_of[j]),
                None => {
                    twin_of.push(root.len());
                    root.moves.push(m.clone());
                }
            }
        }
        let distinct_sq: Vec<u32> = root.moves.iter().map(|m| m.sq).collect();

        // Paper 001's order: a narrow window first, whose search is cheap,
        // then the exact score in what it leaves (a value inside it is
        // already exact). Paper 001's window is win/draw/loss, (−1, 1), and
        // other boards keep it. On 8×8 from 20 empties on it is centred on
        // a guess by a shallow search over the pattern evaluation and, as
        // in MTD(f), moved to each fail-soft bound until it holds the score:
        // FFO #40-#49 at 1 thread took 1.443 G nodes by win/draw/loss first,
        // 1.267 G with one guessed window, 1.105 G moved to convergence.
        let (mut lo, mut hi) = (alpha, beta);
        let mut settled = None;
        if !opts.wld && !opts.all_moves && n >= NARROW_FIRST_EMPTIES {
            let guess = if n >= GUESS_FIRST_EMPTIES { solver.guess_score(p, o, GUESS_DEPTH) } else { None };
            let mut g = guess.unwrap_or(0);
            // From more empties on, selective passes first (see
            // `selective_pass`), the last one's score the exact pass's guess.
            if guess.is_some() && n >= SELECTIVE_FIRST_EMPTIES {
                let mut best = None;
                for margin in SELECTIVE_MARGINS {
                    let found;
                    (g, found) = selective_pass(solver, &root, n, g, margin, opts.mode.split());
                    best = found.or(best);
                }
                // Their best move leads the exact pass's root.
                if let Some(at) = best.and_then(|b| root.moves.iter().position(|m| m.sq == b)) {
                    root.moves[..=at].rotate_right(1);
                }
            }
            loop {
                let (a, b) = (g - 1, g + 1);
                match iterate(solver, &mut root, n, a, b, opts.mode.split(), false) {
                    // Fail-soft: the score is at least (at most) the value;
                    // the next guess is the nearest even score beyond it.
                    Some(s) if s.value >= b => {
                        (lo, sol.lower) = (s.value - 1, Some(s.value));
                        // A move that good: what a stop during a later pass
                        // still has proven.
                        sol.best = Some(Move::Play(square(root.best().sq)));
                        g = s.value + (s.value & 1);
                    }
                    Some(s) if s.value <= a => {
                        (hi, sol.upper) = (s.value + 1, Some(s.value));
                        g = s.value - (s.value & 1);
                    }
                    Some(s) => {
                        settled = Some(s);
                        break;
                    }
                    None => {
                        note_proven(&mut sol, &root, b, &square);
                        break;
                    }
                }
                // Each fail moves lo up or hi down, so this ends.
                if guess.is_none() || g <= lo || g >= hi {
                    break;
                }
            }
        }
        let result = match settled {
            Some(s) => Some(s),
            None if solver.stopped() => None,
            None => iterate(solver, &mut root, n, lo, hi, opts.mode.split(), opts.all_moves),
        };
        match result {
            Some(s) => {
                debug_assert!(s.bound == Bound::Exact || opts.wld, "a full solve ends exact");
                let v = clamp(s.value, opts);
                (sol.score, sol.lower, sol.upper) = (v, Some(v), Some(v));
                sol.best = Some(Move::Play(square(root.best().sq)));
            }
            None if !opts.all_moves => note_proven(&mut sol, &root, hi, &square),
            None => {}
        }
        if opts.all_moves {
            // Each move, twins included, with its distinct form's score.
            let by_sq = |sq: u32| root.moves.iter().find(|m| m.sq == sq).filter(|m| m.searched).map(|m| m.value);
            for (i, m) in all.moves.iter().enumerate() {
                if let Some(v) = by_sq(distinct_sq[twin_of[i]]) {
                    sol.moves.push((square(m.sq), clamp(v, opts)));
                }
            }
            sol.moves.sort_by_key(|&(sq, v)| (-v, sq));
        }
    }

    sol.stopped = solver.stopped();
    if !sol.stopped {
        let end = principal_variation::<G, R>(solver, pos, sol.score, sol.best, opts, &mut sol.pv);
        sol.black = end.count(Color::Black);
        sol.white = end.count(Color::White);
        sol.stopped = solver.stopped();
    }
    sol.stats = solver.stats;
    sol
}

/// A selective solve before the exact one (see [`Exact`]): MTD(f) from
/// `g` with nodes cut `margin` discs beyond the window, on a copy of the
/// root moves so that nothing it finds is taken as proven. It leaves best
/// moves in the table (and bounds only a pass as selective may use) and
/// returns its score, the exact pass's first guess, with its best root
/// move if it found one. Passes at widening margins pay: a narrower pass is
/// cheap and orders the wider one's tree; a narrower one after a wider one
/// is answered by the wider one's bounds (engine/MEASUREMENTS.md,
/// "Selective passes at three margins").
fn selective_pass<G: MoveGen, R: Rule>(solver: &mut Solver<G, R>, root: &RootMoves, n: u32, mut g: i32, margin: i32, split: Split) -> (i32, Option<u32>) {
    let mut moves = root.clone();
    let mut best = None;
    solver.policy.margin = margin;
    // Bounded: selective bounds need not converge as exact ones do.
    for _ in 0..8 {
        let Some(s) = iterate(solver, &mut moves, n, g - 1, g + 1, split, false) else { break };
        if s.value < g {
            g = s.value - (s.value & 1);
            continue;
        }
        best = Some(moves.best().sq);
        if s.value < g + 1 {
            break;
        }
        g = s.value + (s.value & 1);
    }
    solver.policy.margin = 0;
    (g, best)
}

/// After a stop: the best move the cut-short pass proved, and what that
/// proves of the score (a lower bound) within the outcome already known.
fn note_proven(sol: &mut Solution, root: &RootMoves, hi: i32, square: &dyn Fn(u32) -> Square) {
    if let Some(m) = root.proven_best() {
        sol.best = Some(Move::Play(square(m.sq)));
        // Below the window's top a value is what it says; at or above it, only that.
        let v = if m.value >= hi { hi } else { m.value };
        let v = sol.upper.map_or(v, |u| v.min(u));
        sol.lower = Some(sol.lower.map_or(v, |l| l.max(v)));
    }
    sol.score = sol.lower.or(sol.upper).unwrap_or(0);
}

/// Paper 002's master tree over the pool: predictions by the solver's own
/// move ordering, each leaf solved by one worker with its own table.
fn solve_predict(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, halt: &Halt) -> Solution {
    let job = SolveJob::new(opts);
    let outcome = predict::threads::run(pos, &job, tt.bytes(), halt.stop_flag(), &|_| {});
    job.solution(pos, &outcome)
}

/// The exact solve as paper 002's job: the same on every worker, whether a
/// thread of this process or a rank of a cluster.
pub struct SolveJob {
    opts: SolveOptions,
    clock: Clock,
    order_tt: TranspositionTable,
    leaf_mode: Mode,
}

impl SolveJob {
    /// `opts.limits` count from now.
    pub fn new(opts: SolveOptions) -> SolveJob {
        SolveJob { opts, clock: Clock::start(), order_tt: TranspositionTable::with_mib(1), leaf_mode: Mode::Serial }
    }

    /// How a worker spreads its leaf over its own pool: serially where the
    /// workers are the pool's threads (the default), in parallel where each
    /// is a process with a pool of its own.
    pub fn leaf_mode(self, mode: Mode) -> SolveJob {
        SolveJob { leaf_mode: mode.within_one_search(), ..self }
    }

    /// The solution the master tree's outcome gives for `pos` (nothing
    /// claimed unless every leaf finished).
    pub fn solution(&self, pos: &Position, outcome: &predict::tree::Outcome) -> Solution {
        let mut end = *pos;
        for m in &outcome.line {
            end = match m {
                Move::Pass => end.passed(),
                Move::Play(sq) => end.play(*sq).expect("the tree's line is legal"),
            };
        }
        let v = outcome.value as i32;
        let done = outcome.done;
        Solution {
            score: v,
            lower: done.then_some(v),
            upper: done.then_some(v),
            best: if done { outcome.best } else { None },
            pv: if done { outcome.line.clone() } else { Vec::new() },
            black: end.count(Color::Black),
            white: end.count(Color::White),
            moves: Vec::new(),
            stats: Stats { nodes: outcome.nodes, leaves: 0 },
            seconds: self.clock.seconds(),
            stopped: !done,
        }
    }
}

impl predict::tree::Job for SolveJob {
    fn predict(&self, pos: &Position, exclude: u64, stop: Option<&AtomicBool>) -> (Vec<(Square, f64)>, u64) {
        let halt = Halt::new(stop, self.clock, Limits { nodes: None, ..self.opts.limits });
        ordering(pos, &self.order_tt, exclude, &halt, u32::MAX)
    }

    fn search_leaf(&self, leaf: predict::tree::Leaf, table_bytes: usize, stop: Option<&AtomicBool>, send: &dyn Fn(predict::tree::LeafReport)) {
        let leaf_tt = TranspositionTable::with_bytes(table_bytes);
        // The time is the whole tree's, the table's making included.
        let limits = self.opts.limits.time_left(self.clock.seconds());
        let s = solve(&leaf.pos, &leaf_tt, SolveOptions { mode: self.leaf_mode, exclude: leaf.exclude, limits, ..self.opts }, stop);
        send(predict::tree::LeafReport { value: s.score as f64, best: s.best, line: s.pv, done: !s.stopped, nodes: s.stats.nodes });
    }
}

/// The moves of `pos` not in `exclude`, best first by the solver's own
/// ordering (paper 002's prediction for the exact solve), and the nodes it
/// took; nothing after a stop. Its probes go at most `max_probe` plies deep.
fn ordering(pos: &Position, tt: &TranspositionTable, exclude: u64, halt: &Halt, max_probe: u32) -> (Vec<(Square, f64)>, u64) {
    with_geometry!(pos.size(), G => {
        let mut s = Solver::<G, World>::solver(tt, halt);
        let (p, o) = (pos.player(), pos.opponent());
        let moves = G::moves(p, o) & !exclude;
        let odd = s.odd_quadrants(pos.empties());
        let n = pos.empties().count_ones();
        let mut root = RootMoves::new::<G>(p, o, moves, INF);
        let order = Order::full(odd, Solver::<G, World>::probe_depth(n).min(max_probe));
        root.sort_by_key(|m| s.move_key(m.p, m.o, m.sq, order));
        if s.stopped() {
            return (Vec::new(), s.stats.nodes);
        }
        let ranked = root.moves.iter().map(|m| (Square::of_bit(m.sq), 0.0)).collect();
        (ranked, s.stats.nodes)
    })
}

/// The score of `pos` within (`alpha`, `beta`), fail-soft (at most `alpha`
/// means at most that, at least `beta` at least that), and the nodes it
/// took; `None` if `stop` ended it first. The threads of the current rayon
/// pool share it as `mode` says (splitting the tree, or not). A long job
/// built of many such solves keeps `tt` from one to the next.
pub fn solve_window(
    pos: &Position,
    tt: &TranspositionTable,
    scoring: Scoring,
    mode: Mode,
    (alpha, beta): (i32, i32),
    stop: Option<&AtomicBool>,
) -> Option<(i32, Stats)> {
    let halt = Halt::new(stop, Clock::start(), Limits::NONE);
    let (p, o) = (pos.player(), pos.opponent());
    with_geometry!(pos.size(), G => {
        let run = |tt: &TranspositionTable| -> (i32, Stats, bool) {
            match scoring {
                Scoring::World => {
                    let mut s = Solver::<G, World>::solver(tt, &halt).splitting(mode.split().nodes);
                    let v = s.solve(p, o, alpha, beta);
                    (v, s.stats, s.stopped())
                }
                Scoring::Paper => {
                    let mut s = Solver::<G, Paper>::solver(tt, &halt).splitting(mode.split().nodes);
                    let v = s.solve(p, o, alpha, beta);
                    (v, s.stats, s.stopped())
                }
            }
        };
        tt.new_search();
        let (v, stats, stopped) = run(tt);
        (!stopped).then_some((v, stats))
    })
}

/// Plies of [`move_order`]'s probes at most: the solver's own depth near
/// the root of a big board (24 plies at 60 empties on 4×16) costs minutes.
const ORDER_PROBE_PLIES: u32 = 8;

/// The legal moves of `pos`, best first by the solver's own ordering (its
/// probes at most 8 plies deep), worked out on a table of its own so that
/// the same position always gets the same order.
pub fn move_order(pos: &Position) -> Vec<Square> {
    let halt = Halt::new(None, Clock::start(), Limits::NONE);
    ordering(pos, &TranspositionTable::with_mib(1), 0, &halt, ORDER_PROBE_PLIES).0.into_iter().map(|(sq, _)| sq).collect()
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
                            (-solver.solve(np, no, -1, 1)).signum() == target
                        } else {
                            -solver.solve(np, no, -target - 1, -target + 1) == target
                        };
                        if solver.stopped() {
                            return pos;
                        }
                        if keeps {
                            found = Some(sq);
                            break;
                        }
                    }
                    // A value from a finished solve always has a move that
                    // keeps it; the line ends early rather than guess.
                    debug_assert!(found.is_some(), "a move keeps the value");
                    let Some(sq) = found else { return pos };
                    Move::Play(Square::of_bit(sq))
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
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;

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
