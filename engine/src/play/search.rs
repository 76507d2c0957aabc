//! Choosing a move: the root of the playing engine. Near the end the exact or
//! win/draw/loss solver answers (paper 000's `perfect_depth` and
//! `wld_depth`); before that, iterative deepening with aspiration windows
//! over [`crate::play::midgame`], root moves first ordered by a presearch (paper
//! 000) and then by the previous iteration. Limits by depth, nodes and time;
//! a stop flag ends the search within a few thousand nodes; progress goes to
//! a callback after every iteration.

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use crate::bound::Wld;
use crate::clock::Clock;
use crate::parallel::Mode;
use crate::predict;
use crate::eval::evaluation::{Evaluator, Weights, SCALE};
use crate::play::level::Level;
use crate::play::midgame::{Mid, MidSearcher, MID_INF};
use crate::play::probcut::ProbCutStats;
use crate::rules::game::Move;
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::{Position, Scoring};
use crate::rules::square::Square;
use crate::search::node::{Policy, Searcher};
use crate::search::deepen::{deepen, Ended, Next, Plan};
use crate::search::root::RootMoves;
use crate::search::stop::{Halt, Limits};
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, SolveOptions};
use crate::with_geometry;

/// The half-width of the aspiration window around the previous iteration's
/// value, in evaluation units.
const ASPIRATION: i32 = 3 * SCALE;

/// The share of a search's limits that a solver taking over may spend
/// before the midgame search answers instead.
const SOLVER_SHARE: f64 = 0.75;

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// How a finished game is scored.
    pub scoring: Scoring,
    /// Depths, selectivity, solver hand-over and book: how hard to look.
    pub level: Level,
    /// Time and nodes allowed, kept by the solvers too when they take over
    /// (the time starts as the level's).
    pub limits: Limits,
    /// Score every root move, not just the best (for analysis).
    pub all_moves: bool,
    /// The evaluation's weights (the shipped ones unless a fit is tried).
    pub weights: &'static Weights,
    /// ProbCut's statistics for those weights.
    pub probcut: &'static ProbCutStats,
    /// How to use the threads of the current rayon pool.
    pub mode: Mode,
    /// Root moves to leave out (a bitboard); ignored if it would leave none.
    pub exclude: u64,
}

impl SearchOptions {
    /// A search at `level` with the current weights (the shipped ones, or
    /// those installed since), every thread in ybw mode, the level's own time.
    pub fn new(level: Level, scoring: Scoring) -> SearchOptions {
        let (weights, probcut) = crate::play::installed::current();
        SearchOptions {
            scoring,
            level,
            limits: Limits { time: level.seconds, nodes: None },
            all_moves: false,
            weights,
            probcut,
            mode: Mode::default(),
            exclude: 0,
        }
    }
}

/// Which search produced a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A depth-limited search: the score is an estimate in discs.
    Midgame,
    /// A win/draw/loss solve: the score is +1, 0 or −1.
    Wld,
    /// An exact solve: the score is the final disc difference.
    Exact,
    /// The opening book: the score is the book's value in discs (the
    /// negamax of its leaves' searches, `depth` the position's).
    Book,
}

/// A search's answer (also sent as progress while it runs).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `Move::Pass` if there is none, `None` if the game is over.
    pub best: Option<Move>,
    /// For the side to move, in discs (see [`Kind`]).
    pub score: f64,
    /// What the score is: an estimate, a solve or the book's.
    pub kind: Kind,
    /// Plies of the last finished iteration (empties for a solve).
    pub depth: u32,
    /// ProbCut's selectivity in the last iteration (0: none).
    pub selectivity: u8,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// With `all_moves`: every legal move with its score, best first.
    pub moves: Vec<(Square, f64)>,
    /// Nodes of all threads, the solver's included.
    pub nodes: u64,
    /// Wall-clock seconds the search took.
    pub seconds: f64,
    /// True if a stop request or limit cut the search short (the result is
    /// that of the last finished iteration).
    pub stopped: bool,
}

impl SearchResult {
    /// The result for the side to move, where a finished solve proved it.
    pub fn outcome(&self) -> Option<Wld> {
        (matches!(self.kind, Kind::Exact | Kind::Wld) && !self.stopped).then(|| Wld::of_score(self.score as i32))
    }

    /// Nodes per second of the search.
    pub fn nodes_per_second(&self) -> f64 {
        crate::clock::rate(self.nodes, self.seconds)
    }
}

/// Finds a move for the side to move in `pos`, on the threads of the
/// current rayon pool as `opts.mode` says. `stop` ends it early (as do
/// `opts.limits`, which never write `stop`); a stopped search answers with
/// the best move of its last finished iteration, or the move a stopped
/// solver proved best.
///
/// # Example
///
/// A six-ply search from the 8×8 start, then a search stopped before it
/// starts, which still answers with a legal move:
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use yomi::{search, BoardSize, Kind, Level, Move, Position, Scoring, SearchOptions, Start, TranspositionTable};
/// let start = Position::start(BoardSize::new(8, 8).unwrap(), Start::Othello);
/// let tt = TranspositionTable::with_mib(16);
/// let opts = SearchOptions::new(Level::depth(6), Scoring::World);
/// let r = search(&start, &tt, &opts, None, &mut |_| {});
/// assert_eq!((r.kind, r.depth, r.stopped), (Kind::Midgame, 6, false));
/// let Some(Move::Play(sq)) = r.best else { panic!("the start has moves") };
/// assert!(start.is_legal(sq));
///
/// let stop = AtomicBool::new(true);
/// let r = search(&start, &tt, &SearchOptions::new(Level::depth(30), Scoring::World), Some(&stop), &mut |_| {});
/// assert!(r.stopped && matches!(r.best, Some(Move::Play(sq)) if start.is_legal(sq)));
/// ```
pub fn search(
    pos: &Position,
    tt: &TranspositionTable,
    opts: &SearchOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let split = opts.mode.split();
    if split.master_tree && predict::threads::applies(pos, opts.all_moves, split.threads) {
        return search_predict(pos, tt, opts, stop, &|_| {});
    }
    with_geometry!(pos.size(), G => search_with::<G>(pos, tt, opts, stop, progress))
}

fn search_with<G: MoveGen>(
    pos: &Position,
    tt: &TranspositionTable,
    opts: &SearchOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    let clock = Clock::start();
    let level = opts.level;
    let (p, o) = (pos.player(), pos.opponent());
    let empties = pos.empties().count_ones();
    let legal = G::moves(p, o);
    let moves = if legal & !opts.exclude != 0 { legal & !opts.exclude } else { legal };
    let mut result = SearchResult {
        best: None,
        score: 0.0,
        kind: Kind::Midgame,
        depth: 0,
        selectivity: level.selectivity,
        pv: Vec::new(),
        moves: Vec::new(),
        nodes: 0,
        seconds: 0.0,
        stopped: false,
    };
    if moves == 0 && G::moves(o, p) == 0 {
        result.kind = Kind::Exact;
        let for_black = pos.final_score(opts.scoring) as f64;
        result.score = if pos.to_move() == crate::rules::position::Color::Black { for_black } else { -for_black };
        return result;
    }
    let square = Square::of_bit;
    let policy = Mid::<G>::new(opts.scoring, Evaluator::new(opts.weights), opts.probcut, level.selectivity);
    let unlimited = Halt::none();

    // The solver's answer when a stop request cut it short: its best move
    // proven so far, if any.
    let mut solver_stopped = None;
    // With limits, the solver has most of them, and the midgame search the
    // rest if the solver does not finish.
    let mut limits = opts.limits;
    // Whether a limit cut the solver short, and a move it had proved to
    // win by then, which the answer keeps.
    let mut solver_cut = false;
    let mut proven_win = None;
    let mut solver_nodes = 0;
    if empties <= level.perfect.max(level.wld) {
        let wld = empties > level.perfect;
        let solver_limits = opts.limits.share(SOLVER_SHARE);
        let sol = solve(
            pos,
            tt,
            SolveOptions { scoring: opts.scoring, wld, all_moves: opts.all_moves, mode: opts.mode, exclude: opts.exclude, limits: solver_limits },
            stop,
        );
        if !sol.stopped {
            result.kind = if wld { Kind::Wld } else { Kind::Exact };
            result.best = sol.best;
            result.score = sol.score as f64;
            result.depth = empties;
            result.selectivity = 0;
            result.pv = sol.pv;
            result.moves = sol.moves.iter().map(|&(sq, v)| (sq, v as f64)).collect();
            result.nodes = sol.stats.nodes;
            result.seconds = clock.seconds();
            progress(&result);
            return result;
        }
        solver_nodes = sol.stats.nodes;
        result.nodes = solver_nodes;
        limits = opts.limits.left(clock.seconds(), sol.stats.nodes);
        // A stop request ends the search; a limit leaves the rest to the
        // midgame search.
        if stop.is_some_and(|s| s.load(std::sync::atomic::Ordering::Relaxed)) {
            solver_stopped = Some(sol.best);
        } else {
            solver_cut = true;
            if let (Some(Move::Play(sq)), true) = (sol.best, sol.lower.is_some_and(|l| l > 0)) {
                proven_win = Some(sq);
            }
        }
    }
    if moves == 0 {
        result.best = Some(Move::Pass);
        result.pv = vec![Move::Pass];
        result.seconds = clock.seconds();
        // One ply from the opponent's side gives the pass a value.
        let mut s = Searcher::midgame(tt, &unlimited, Mid::<G>::new(opts.scoring, Evaluator::new(opts.weights), opts.probcut, 0));
        result.score = -(s.search(o, p, 1, -MID_INF, MID_INF) as f64) / SCALE as f64;
        return result;
    }

    // Iteration 0, which no stop interrupts: every move by the evaluation,
    // so that a search stopped at once still answers with a searched move.
    let mut root = RootMoves::new::<G>(p, o, moves, MID_INF);
    for m in root.moves.iter_mut() {
        m.value = -policy.eval.eval(m.p, m.o);
    }
    root.sort_by_key(|m| -m.value);
    result.best = Some(Move::Play(square(root.best().sq)));
    result.score = root.best().value as f64 / SCALE as f64;
    if let Some(best) = solver_stopped {
        result.stopped = true;
        if let Some(Move::Play(sq)) = best {
            let m = root.moves.iter().find(|m| m.sq == sq.index()).expect("the solver's move is legal");
            result.best = Some(Move::Play(sq));
            result.score = m.value as f64 / SCALE as f64;
        }
        result.seconds = clock.seconds();
        return result;
    }

    tt.new_search();
    let mid_clock = Clock::start();
    let halt = Halt::new(stop, mid_clock, limits);
    let mut s = Searcher::midgame(tt, &halt, policy).splitting(opts.mode.split().nodes);

    // Paper 000's presearch orders the root moves, if it finishes.
    if level.presearch > 0 {
        let values: Vec<i32> = root.moves.iter().map(|m| -s.search(m.p, m.o, level.presearch - 1, -MID_INF, MID_INF)).collect();
        if !s.stopped() {
            for (m, v) in root.moves.iter_mut().zip(values) {
                m.value = v;
            }
            root.sort_by_key(|m| -m.value);
            result.best = Some(Move::Play(square(root.best().sq)));
            result.score = root.best().value as f64 / SCALE as f64;
        }
    }

    let plan = Plan {
        max_depth: level.depth.clamp(1, empties),
        empties,
        split: opts.mode.split(),
        all_moves: opts.all_moves,
        aspiration: Some(ASPIRATION),
        inf: MID_INF,
        time: limits.time,
        helper_jitter: false,
    };
    let ended = deepen(&mut s, &mut root, (p, o), &plan, &mid_clock, &mut |s, root, depth, v| {
        result.depth = depth;
        result.best = Some(Move::Play(square(root.best().sq)));
        result.score = v as f64 / SCALE as f64;
        result.pv = principal_variation::<G>(s, pos, root.best().sq, depth);
        root.moves[0].line = result.pv.clone();
        if opts.all_moves {
            let mut scored: Vec<(Square, f64)> = root.moves.iter().map(|m| (square(m.sq), m.value as f64 / SCALE as f64)).collect();
            scored.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.index().cmp(&y.0.index())));
            result.moves = scored;
        }
        result.nodes = solver_nodes + s.stats.nodes;
        result.seconds = clock.seconds();
        if depth == empties && v.abs() % SCALE == 0 && s.policy.selectivity() == 0 {
            // Searched to the end without pruning: the value is exact.
            result.kind = Kind::Exact;
        }
        progress(&result);
        Next::Deeper
    });
    result.stopped = ended == Ended::Cut;
    result.nodes = solver_nodes + s.stats.nodes;
    result.seconds = clock.seconds();
    result.stopped |= s.stopped() || solver_cut;
    if let Some(sq) = proven_win {
        // Proven to win, which no estimate beats.
        result.best = Some(Move::Play(sq));
        result.pv = vec![Move::Play(sq)];
        result.kind = Kind::Wld;
        result.score = 1.0;
        result.depth = empties;
    }
    result
}

/// Paper 002's method for a move: the master tree's predictions are 4-ply
/// searches of every allowed move, each leaf is searched to the level's
/// depth less its distance from the root, with its own table (the tables
/// together as large as `tt`), and every report of the master tree goes to
/// `report`.
pub fn search_predict(
    pos: &Position,
    tt: &TranspositionTable,
    opts: &SearchOptions,
    stop: Option<&AtomicBool>,
    report: &(dyn Fn(&predict::tree::Report) + Sync),
) -> SearchResult {
    if !predict::threads::applies(pos, opts.all_moves, rayon::current_num_threads()) {
        return search(pos, tt, opts, stop, &mut |_| {});
    }
    let job = SearchJob::new(*opts);
    let outcome = predict::threads::run(pos, &job, tt.bytes(), stop, report);
    job.result(pos, &outcome)
}

/// The playing search as paper 002's job: the same on every worker, whether
/// a thread of this process or a rank of a cluster.
pub struct SearchJob {
    opts: SearchOptions,
    clock: Clock,
    predict_tt: TranspositionTable,
    leaf_mode: Mode,
}

impl SearchJob {
    /// The level's time, if any, counts from now.
    pub fn new(opts: SearchOptions) -> SearchJob {
        SearchJob { opts, clock: Clock::start(), predict_tt: TranspositionTable::with_mib(4), leaf_mode: Mode::Serial }
    }

    /// How a worker spreads its leaf over its own pool: serially where the
    /// workers are the pool's threads (the default), in parallel where each
    /// is a process with a pool of its own.
    pub fn leaf_mode(self, mode: Mode) -> SearchJob {
        SearchJob { leaf_mode: mode.within_one_search(), ..self }
    }

    /// The answer the master tree's outcome gives for `pos`.
    pub fn result(&self, pos: &Position, outcome: &predict::tree::Outcome) -> SearchResult {
        let level = self.opts.level;
        SearchResult {
            best: outcome.best,
            score: outcome.value,
            kind: if outcome.done && pos.empties().count_ones() <= level.perfect { Kind::Exact } else { Kind::Midgame },
            depth: level.depth,
            selectivity: level.selectivity,
            pv: outcome.line.clone(),
            moves: Vec::new(),
            nodes: outcome.nodes,
            seconds: self.clock.seconds(),
            stopped: !outcome.done,
        }
    }
}

impl predict::tree::Job for SearchJob {
    fn predict(&self, pos: &Position, exclude: u64, stop: Option<&AtomicBool>) -> (Vec<(Square, f64)>, u64) {
        let o = SearchOptions {
            level: Level::depth(predict::tree::PREDICT_DEPTH.min(pos.empties().count_ones())),
            limits: self.opts.limits.time_left(self.clock.seconds()),
            all_moves: true,
            mode: Mode::Serial,
            exclude,
            ..self.opts
        };
        let r = search(pos, &self.predict_tt, &o, stop, &mut |_| {});
        if r.stopped {
            return (Vec::new(), r.nodes);
        }
        (r.moves.into_iter().filter(|m| exclude & m.0.bit() == 0).collect(), r.nodes)
    }

    fn search_leaf(&self, leaf: predict::tree::Leaf, table_bytes: usize, stop: Option<&AtomicBool>, send: &dyn Fn(predict::tree::LeafReport)) {
        let level = Level { depth: self.opts.level.depth.saturating_sub(leaf.ply).max(1), ..self.opts.level };
        let leaf_tt = TranspositionTable::with_bytes(table_bytes);
        // The time is the whole tree's, the table's making included.
        let limits = self.opts.limits.time_left(self.clock.seconds());
        let o = SearchOptions { level, limits, mode: self.leaf_mode, exclude: leaf.exclude, ..self.opts };
        let mut last = 0;
        let r = search(&leaf.pos, &leaf_tt, &o, stop, &mut |r| {
            // Every finished iteration is a report.
            send(predict::tree::LeafReport { value: r.score, best: r.best, line: r.pv.clone(), done: false, nodes: r.nodes - last });
            last = r.nodes;
        });
        send(predict::tree::LeafReport { value: r.score, best: r.best, line: r.pv, done: !r.stopped, nodes: r.nodes - last });
    }
}

/// The best move followed by the table's moves, as far as they go.
fn principal_variation<G: MoveGen>(s: &MidSearcher<'_, '_, G>, pos: &Position, first: u32, depth: u32) -> Vec<Move> {
    let mut pv = Vec::new();
    let mut cur = *pos;
    let mut next = Some(first);
    while pv.len() < depth as usize + 4 {
        let (p, o) = (cur.player(), cur.opponent());
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 || pv.is_empty() {
                break;
            }
            pv.push(Move::Pass);
            cur = cur.passed();
            continue;
        }
        // The table's move; past the plies the table keeps (the last two
        // are searched without it), the move the evaluation likes best.
        let sq = match next.take().or_else(|| s.hash_move(p, o)) {
            Some(sq) if moves >> sq & 1 == 1 => sq,
            _ => Squares(moves)
                .max_by_key(|&sq| {
                    let f = G::flips(p, o, sq);
                    (-s.eval(o ^ f, p ^ f ^ (1u64 << sq)), std::cmp::Reverse(sq))
                })
                .expect("moves is not empty"),
        };
        let square = Square::of_bit(sq);
        pv.push(Move::Play(square));
        cur = cur.play(square).expect("legal");
        if pv.len() >= depth as usize {
            break;
        }
    }
    pv
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;

    #[test]
    fn finds_a_legal_move_at_every_level_from_the_start() {
        let tt = TranspositionTable::with_mib(4);
        let pos = Position::start(BoardSize::OTHELLO, Start::Othello);
        for level in crate::play::level::LEVELS.iter().take(3) {
            let r = search(&pos, &tt, &SearchOptions::new(*level, Scoring::World), None, &mut |_| {});
            match r.best {
                Some(Move::Play(sq)) => assert!(pos.is_legal(sq)),
                other => panic!("no move: {other:?}"),
            }
            assert_eq!(r.depth, level.depth);
        }
    }
}
