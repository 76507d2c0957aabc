//! Choosing a move: the root of the playing engine. Near the end the exact or
//! win/draw/loss solver answers (paper 000's `perfect_depth` and
//! `wld_depth`); before that, iterative deepening with aspiration windows
//! over [`crate::midgame`], root moves first ordered by a presearch (paper
//! 000) and then by the previous iteration. Limits by depth, nodes and time;
//! a stop flag ends the search within a few thousand nodes; progress goes to
//! a callback after every iteration.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use serde::Serialize;

use crate::clock::Clock;
use crate::eval::{Evaluator, Weights, SCALE};
use crate::game::Move;
use crate::level::Level;
use crate::midgame::{Limits, Searcher, MID_INF, SPLIT_DEPTH};
use crate::movegen::{MoveGen, Squares};
use crate::parallel::{in_order, split, Abort, Mode};
use crate::position::{Position, Scoring};
use crate::probcut::ProbCutStats;
use crate::solve::{solve, SolveOptions};
use crate::square::Square;
use crate::tt::TranspositionTable;
use crate::with_geometry;

/// The half-width of the aspiration window around the previous iteration's
/// value, in evaluation units.
const ASPIRATION: i32 = 3 * SCALE;

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    pub scoring: Scoring,
    pub level: Level,
    /// Stop after about this many nodes (midgame).
    pub nodes: Option<u64>,
    /// Score every root move, not just the best (for analysis).
    pub all_moves: bool,
    pub weights: &'static Weights,
    pub probcut: &'static ProbCutStats,
    /// How to use the threads of the current rayon pool ([`Mode::Predict`]
    /// is in [`crate::predict`]; here it searches like [`Mode::Ybw`]).
    pub mode: Mode,
    /// Root moves to leave out (a bitboard); ignored if it would leave none.
    pub exclude: u64,
}

impl SearchOptions {
    pub fn new(level: Level, scoring: Scoring) -> SearchOptions {
        SearchOptions {
            scoring,
            level,
            nodes: None,
            all_moves: false,
            weights: Weights::shipped(),
            probcut: ProbCutStats::shipped(),
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
}

/// A search's answer (also sent as progress while it runs).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `Move::Pass` if there is none, `None` if the game is over.
    pub best: Option<Move>,
    /// For the side to move, in discs (see [`Kind`]).
    pub score: f64,
    pub kind: Kind,
    /// Plies of the last finished iteration (empties for a solve).
    pub depth: u32,
    pub selectivity: u8,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// With `all_moves`: every legal move with its score, best first.
    pub moves: Vec<(Square, f64)>,
    pub nodes: u64,
    pub seconds: f64,
    /// True if a stop request or limit cut the search short (the result is
    /// that of the last finished iteration).
    pub stopped: bool,
}

impl SearchResult {
    pub fn nodes_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// Finds a move for the side to move in `pos`.
pub fn search(
    pos: &Position,
    tt: &TranspositionTable,
    opts: &SearchOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
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
        result.score = if pos.to_move() == crate::position::Color::Black { for_black } else { -for_black };
        return result;
    }

    if empties <= level.perfect.max(level.wld) {
        let wld = empties > level.perfect;
        let sol = solve(pos, tt, SolveOptions { scoring: opts.scoring, wld, all_moves: opts.all_moves, mode: opts.mode, exclude: opts.exclude }, stop);
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
        // Stopped: fall through to a quick midgame answer.
        result.nodes = sol.stats.nodes;
    }
    if moves == 0 {
        result.best = Some(Move::Pass);
        result.pv = vec![Move::Pass];
        result.seconds = clock.seconds();
        // One ply from the opponent's side gives the pass a value.
        let limits = Limits::none();
        let mut s = Searcher::<G>::new(tt, opts.scoring, Evaluator::new(opts.weights), opts.probcut, 0, &limits);
        result.score = -(s.search(o, p, 1, -MID_INF, MID_INF) as f64) / SCALE as f64;
        return result;
    }

    tt.new_search();
    let local_stop = AtomicBool::new(false);
    let limits = Limits {
        stop: Some(stop.unwrap_or(&local_stop)),
        deadline: level.seconds.map(|s| (clock, s)),
        nodes: opts.nodes,
        spent: AtomicU64::new(0),
    };
    let mut s = Searcher::<G>::new(tt, opts.scoring, Evaluator::new(opts.weights), opts.probcut, level.selectivity, &limits)
        .splitting(matches!(opts.mode, Mode::Ybw | Mode::Predict));
    let size = pos.size();
    let square = |sq: u32| Square::from_index(size, sq).expect("on board");

    // Root moves, ordered by the presearch (or the evaluation).
    let mut root: Vec<(u32, u64, u64, i32)> = Squares(moves)
        .map(|sq| {
            let f = G::flips(p, o, sq);
            (sq, o ^ f, p ^ f ^ (1u64 << sq), 0)
        })
        .collect();
    for m in root.iter_mut() {
        m.3 = if level.presearch > 0 {
            -s.search(m.1, m.2, level.presearch - 1, -MID_INF, MID_INF)
        } else {
            -s.eval.eval(m.1, m.2)
        };
    }
    root.sort_by_key(|m| (-m.3, m.0));
    result.best = Some(Move::Play(square(root[0].0)));
    result.score = root[0].3 as f64 / SCALE as f64;

    let max_depth = level.depth.clamp(1, empties);
    // Lazy SMP: helpers deepen over the same table (every other one a ply
    // ahead) until the main search is done; only the main one answers.
    let threads = opts.mode.threads();
    let helpers = Abort::new(None);
    let template = s.worker(None, false);
    let helper_nodes = AtomicU64::new(0);
    rayon::in_place_scope(|scope| {
        if opts.mode == Mode::Lazy {
            for k in 1..threads as u32 {
                let (template, helpers, helper_nodes) = (&template, &helpers, &helper_nodes);
                scope.spawn(move |_| {
                    let mut h = template.worker(Some(helpers), false);
                    for depth in 1..=max_depth {
                        h.search(p, o, (depth + k % 2).min(empties), -MID_INF, MID_INF);
                        if h.stopped() {
                            break;
                        }
                    }
                    helper_nodes.fetch_add(h.nodes, Relaxed);
                });
            }
        }
        let mut prev = root[0].3;
        for depth in 1..=max_depth {
            let (mut a, mut b) =
                if depth > 1 && !opts.all_moves && opts.mode != Mode::Msai { (prev - ASPIRATION, prev + ASPIRATION) } else { (-MID_INF, MID_INF) };
            let value = loop {
                let v = search_root(&mut s, &mut root, depth, a, b, opts.all_moves, opts.mode);
                if s.stopped() {
                    break None;
                }
                if v <= a && a > -MID_INF {
                    a = -MID_INF;
                } else if v >= b && b < MID_INF {
                    b = MID_INF;
                } else {
                    break Some(v);
                }
            };
            let Some(v) = value else {
                result.stopped = true;
                break;
            };
            prev = v;
            result.depth = depth;
            result.best = Some(Move::Play(square(root[0].0)));
            result.score = v as f64 / SCALE as f64;
            result.pv = principal_variation::<G>(&s, pos, root[0].0, depth);
            if opts.all_moves {
                let mut scored: Vec<(Square, f64)> = root.iter().map(|m| (square(m.0), m.3 as f64 / SCALE as f64)).collect();
                scored.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.index().cmp(&y.0.index())));
                result.moves = scored;
            }
            result.nodes = s.nodes;
            result.seconds = clock.seconds();
            if depth == empties && v.abs() % SCALE == 0 && s.selectivity() == 0 {
                // Searched to the end without pruning: the value is exact.
                result.kind = Kind::Exact;
            }
            progress(&result);
            // An iteration costs several times the last one: do not start one
            // that cannot finish in time.
            if let Some(limit) = level.seconds {
                if clock.seconds() > limit * 0.4 {
                    break;
                }
            }
            if s.stopped() {
                break;
            }
        }
        helpers.set();
    });
    s.nodes += helper_nodes.load(Relaxed);
    result.nodes = s.nodes;
    result.seconds = clock.seconds();
    result.stopped |= s.stopped();
    result
}

/// One iteration at the root within (`alpha`, `beta`): principal variation
/// search; the best move is moved to the front, and each searched move's
/// value (a bound for refuted ones, exact with `all`) is kept in `root`.
fn search_root<G: MoveGen>(
    s: &mut Searcher<G>,
    root: &mut [(u32, u64, u64, i32)],
    depth: u32,
    mut alpha: i32,
    beta: i32,
    all: bool,
    mode: Mode,
) -> i32 {
    let mut best = -MID_INF;
    let mut best_i = 0;
    if mode == Mode::Msai || all && mode.threads() > 1 {
        // Every root move its own task with the full window: paper 000's
        // MSAI, or every move's value for analysis (then split further).
        let moves: Vec<(u64, u64)> = root.iter().map(|m| (m.1, m.2)).collect();
        let this = &*s;
        let tasks = in_order(
            moves.len(),
            || (this.worker(None, mode != Mode::Msai), Vec::new()),
            |(w, values), i| {
                let v = -w.search(moves[i].0, moves[i].1, depth - 1, -MID_INF, MID_INF);
                if w.stopped() {
                    return false;
                }
                values.push((i, v));
                true
            },
        );
        let mut finished = 0;
        for (w, values) in tasks {
            s.absorb(&w, true);
            for (i, v) in values {
                root[i].3 = v;
                finished += 1;
            }
        }
        if finished < root.len() {
            // Only a stop or a limit ends a task early; the worker says so.
            return best;
        }
        root.sort_by_key(|m| -m.3);
        return root[0].3;
    }
    for i in 0..root.len() {
        let (_, np, no, _) = root[i];
        if i == 1 && !all && s.splits() && depth >= SPLIT_DEPTH && root.len() > 2 {
            // Young Brothers Wait at the root: the eldest is searched, the
            // rest go to the pool against its value.
            let moves: Vec<(u64, u64)> = root[1..].iter().map(|m| (m.1, m.2)).collect();
            let abort = Abort::new(None);
            let this = &*s;
            let (v, at, workers) = split(
                moves.len(),
                alpha,
                beta,
                &abort,
                || this.worker(Some(&abort), true),
                |w, j, lo, hi| {
                    let v = -w.search(moves[j].0, moves[j].1, depth - 1, -hi, -lo);
                    (!w.stopped()).then_some(v)
                },
            );
            for w in &workers {
                s.absorb(w, false);
            }
            s.absorb_stop();
            if s.stopped() {
                return best;
            }
            if let Some(j) = at.filter(|_| v > best) {
                best = v;
                best_i = j + 1;
                root[best_i].3 = v;
            }
            break;
        }
        let v = if i == 0 || all {
            -s.search(np, no, depth - 1, if all { -MID_INF } else { -beta }, if all { MID_INF } else { -alpha })
        } else {
            let mut v = -s.search(np, no, depth - 1, -alpha - 1, -alpha);
            if v > alpha && v < beta {
                v = -s.search(np, no, depth - 1, -beta, -v);
            }
            v
        };
        if s.stopped() {
            return best;
        }
        root[i].3 = v;
        if v > best {
            best = v;
            best_i = i;
            alpha = alpha.max(v);
            if alpha >= beta && !all {
                break;
            }
        }
    }
    // Best first; the rest keep their order (stable), which was last
    // iteration's, unless every value is known.
    let chosen = root[best_i];
    if all {
        root.sort_by_key(|m| -m.3);
    } else {
        root.copy_within(0..best_i, 1);
        root[0] = chosen;
    }
    best
}

/// The best move followed by the table's moves, as far as they go.
fn principal_variation<G: MoveGen>(s: &Searcher<G>, pos: &Position, first: u32, depth: u32) -> Vec<Move> {
    let size = pos.size();
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
                    (-s.eval.eval(o ^ f, p ^ f ^ (1u64 << sq)), std::cmp::Reverse(sq))
                })
                .expect("moves is not empty"),
        };
        let square = Square::from_index(size, sq).expect("on board");
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
    use crate::geometry::BoardSize;
    use crate::position::Start;

    #[test]
    fn finds_a_legal_move_at_every_level_from_the_start() {
        let tt = TranspositionTable::with_mib(4);
        let pos = Position::start(BoardSize::OTHELLO, Start::Othello);
        for level in crate::level::LEVELS.iter().take(3) {
            let r = search(&pos, &tt, &SearchOptions::new(*level, Scoring::World), None, &mut |_| {});
            match r.best {
                Some(Move::Play(sq)) => assert!(pos.is_legal(sq)),
                other => panic!("no move: {other:?}"),
            }
            assert_eq!(r.depth, level.depth);
        }
    }
}
