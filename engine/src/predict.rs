//! Paper 002's distributed search by predicting best moves, on rayon tasks.
//!
//! A master tree is grown from the root: at each node a short search predicts
//! the best moves; the top `n` (two, or fewer when there are few workers or
//! moves) each get their share of the workers, and all other moves go to one
//! "other moves" node: the same position with those moves excluded. The tree
//! grows until every worker owns one leaf (paper 002, Fig. 1: with 4 workers
//! the best move gets 2, the second 1, the others 1). Workers then search
//! their leaves independently, each with its own table, and report every
//! change of value; the master keeps the minimax value of its tree current,
//! so a best move is available at any moment (`progress` sees each one).

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;

use crate::clock::Clock;
use crate::endgame::Stats;
use crate::game::Move;
use crate::level::Level;
use crate::parallel::{in_order, Mode};
use crate::position::{Color, Position, Status};
use crate::search::{search as search_shared, Kind, SearchOptions, SearchResult};
use crate::solve::{solve as solve_shared, Solution, SolveOptions};
use crate::square::Square;
use crate::tt::TranspositionTable;

/// Plies of the short search that predicts the best moves.
const PREDICT_DEPTH: u32 = 4;
/// Moves given their own workers at each node (paper 002 fixes n = 2).
const TOP_MOVES: usize = 2;

/// One node of the master tree.
#[derive(Clone, Debug)]
struct Node {
    pos: Position,
    /// Moves excluded here: the node is an "other moves" node if non-zero.
    exclude: u64,
    /// How the parent reached this node: a move (the value is negated on the
    /// way up) or `None` for the parent's "other moves" node (same side).
    via: Option<Move>,
    /// Plies from the root, passes not counted.
    ply: u32,
    children: Vec<usize>,
    /// For the side to move: the worker's last report, or the prediction.
    value: f64,
    best: Option<Move>,
    /// The leaf's line from its position, as the worker last reported it.
    line: Vec<Move>,
    done: bool,
}

/// The master tree: its nodes (0 is the root) and its leaves, one per worker.
struct Tree {
    nodes: Vec<Node>,
    leaves: Vec<usize>,
    nodes_searched: u64,
}

/// The master's view at any moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub best: Option<Move>,
    /// For the side to move, in discs (exact when `done`).
    pub score: f64,
    /// Leaves (workers) finished and in all.
    pub finished: usize,
    pub workers: usize,
    pub done: bool,
}

impl Tree {
    /// Grows the tree under `at` for `workers` workers; `predict` orders a
    /// node's allowed moves best first with their predicted values.
    fn grow(&mut self, at: usize, workers: usize, predict: &mut dyn FnMut(&Position, u64) -> Vec<(Square, f64)>) {
        let (pos, exclude, ply) = (self.nodes[at].pos, self.nodes[at].exclude, self.nodes[at].ply);
        let legal = pos.legal_moves();
        let allowed = legal & !exclude;
        if workers <= 1 || (pos.status() == Status::Over) {
            self.leaves.push(at);
            return;
        }
        if legal == 0 {
            let child = self.add(at, pos.passed(), 0, Some(Move::Pass), ply, 0.0);
            self.grow(child, workers, predict);
            return;
        }
        if allowed.count_ones() == 1 {
            let sq = Square::from_index(pos.size(), allowed.trailing_zeros()).expect("on board");
            let child = self.add(at, pos.play(sq).expect("legal"), 0, Some(Move::Play(sq)), ply + 1, 0.0);
            self.grow(child, workers, predict);
            return;
        }
        let ranked = predict(&pos, exclude);
        self.nodes[at].value = ranked[0].1;
        self.nodes[at].best = Some(Move::Play(ranked[0].0));
        // n + 1 ≤ moves and n + 1 ≤ workers, so every part gets a worker.
        let n = TOP_MOVES.min(ranked.len() - 1).min(workers - 1);
        let mut left = workers - 1;
        let mut taken = 0u64;
        for (i, &(sq, v)) in ranked.iter().take(n).enumerate() {
            let share = left.div_ceil(n - i);
            left -= share;
            taken |= sq.bit();
            let child = self.add(at, pos.play(sq).expect("legal"), 0, Some(Move::Play(sq)), ply + 1, -v);
            self.grow(child, share, predict);
        }
        let others = ranked.iter().skip(n).map(|m| m.1).fold(f64::NEG_INFINITY, f64::max);
        let child = self.add(at, pos, exclude | taken, None, ply, others);
        self.grow(child, 1, predict);
    }

    fn add(&mut self, parent: usize, pos: Position, exclude: u64, via: Option<Move>, ply: u32, value: f64) -> usize {
        self.nodes.push(Node {
            pos,
            exclude,
            via,
            ply,
            children: Vec::new(),
            value,
            best: None,
            line: Vec::new(),
            done: false,
        });
        let id = self.nodes.len() - 1;
        self.nodes[parent].children.push(id);
        id
    }

    /// Recomputes every inner node's value, best move and doneness, deepest
    /// first (children always come after their parent).
    fn minimax(&mut self) {
        for i in (0..self.nodes.len()).rev() {
            if self.nodes[i].children.is_empty() {
                continue;
            }
            let mut best: Option<(f64, Option<Move>)> = None;
            let mut done = true;
            for &c in &self.nodes[i].children {
                let child = &self.nodes[c];
                let (v, mv) = match child.via {
                    Some(m) => (-child.value, Some(m)),
                    None => (child.value, child.best),
                };
                done &= child.done;
                if best.is_none_or(|b| v > b.0) {
                    best = Some((v, mv));
                }
            }
            let (v, mv) = best.expect("inner nodes have children");
            let node = &mut self.nodes[i];
            node.value = v;
            node.best = mv;
            node.done = done;
        }
    }

    fn report(&self) -> Report {
        let root = &self.nodes[0];
        Report {
            best: root.best,
            score: root.value,
            finished: self.leaves.iter().filter(|&&l| self.nodes[l].done).count(),
            workers: self.leaves.len(),
            done: root.done,
        }
    }

    /// The line the tree expects: down the best children, then the leaf's own.
    fn line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut at = 0;
        loop {
            let node = &self.nodes[at];
            if node.children.is_empty() {
                out.extend(node.line.iter().copied());
                return out;
            }
            let next = node.children.iter().copied().find(|&c| {
                let ch = &self.nodes[c];
                match ch.via {
                    Some(m) => Some(m) == node.best,
                    None => ch.best == node.best && node.best.is_some(),
                }
            });
            let Some(next) = next else { return out };
            if let Some(m) = self.nodes[next].via {
                out.push(m);
            }
            at = next;
        }
    }
}

/// What one worker searches its leaf with.
enum Job<'a> {
    Solve(SolveOptions),
    Search(&'a SearchOptions),
}

/// Grows the tree for the current pool's threads, runs one worker per leaf
/// with `hash_mib / workers` MiB of table each, and returns the tree.
fn run(
    root: &Position,
    job: Job,
    prediction: &SearchOptions,
    hash_mib: usize,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(&Report) + Sync),
) -> Tree {
    let workers = rayon::current_num_threads().max(1);
    let mut tree = Tree { nodes: Vec::new(), leaves: Vec::new(), nodes_searched: 0 };
    tree.nodes.push(Node {
        pos: *root,
        exclude: 0,
        via: None,
        ply: 0,
        children: Vec::new(),
        value: 0.0,
        best: None,
        line: Vec::new(),
        done: false,
    });
    let predict_tt = TranspositionTable::with_mib(4);
    let mut predicted_nodes = 0;
    tree.grow(0, workers, &mut |pos, exclude| {
        let opts = SearchOptions {
            level: Level::depth(PREDICT_DEPTH.min(pos.empties().count_ones())),
            all_moves: true,
            mode: Mode::Serial,
            exclude,
            ..*prediction
        };
        let r = search_shared(pos, &predict_tt, &opts, stop, &mut |_| {});
        predicted_nodes += r.nodes;
        r.moves.into_iter().filter(|m| exclude & m.0.bit() == 0).collect()
    });
    tree.nodes_searched = predicted_nodes;
    tree.minimax();

    let leaves = tree.leaves.clone();
    let mib = (hash_mib / leaves.len()).max(1);
    let tree = Mutex::new(tree);
    // Each worker: the leaf's search, its reports applied to the master tree.
    let apply = |leaf: usize, value: f64, best: Option<Move>, line: Vec<Move>, done: bool, nodes: u64| {
        let mut t = tree.lock().expect("no worker panics holding the tree");
        let node = &mut t.nodes[leaf];
        (node.value, node.best, node.line, node.done) = (value, best, line, done);
        t.nodes_searched += nodes;
        t.minimax();
        progress(&t.report());
    };
    in_order(
        leaves.len(),
        || (),
        |_, i| {
            let leaf = leaves[i];
            let (pos, exclude) = {
                let t = tree.lock().expect("no worker panics holding the tree");
                (t.nodes[leaf].pos, t.nodes[leaf].exclude)
            };
            if pos.status() == Status::Over {
                let v = pos.final_score(prediction.scoring) as f64;
                let v = if pos.to_move() == Color::Black { v } else { -v };
                apply(leaf, v, None, Vec::new(), true, 0);
                return true;
            }
            let tt = TranspositionTable::with_mib(mib);
            match job {
                Job::Solve(opts) => {
                    let s = solve_shared(&pos, &tt, SolveOptions { mode: Mode::Serial, exclude, ..opts }, stop);
                    apply(leaf, s.score as f64, s.best, s.pv, !s.stopped, s.stats.nodes);
                }
                Job::Search(opts) => {
                    let ply = tree.lock().expect("no worker panics holding the tree").nodes[leaf].ply;
                    let level = Level { depth: opts.level.depth.saturating_sub(ply).max(1), ..opts.level };
                    let o = SearchOptions { level, mode: Mode::Serial, exclude, ..*opts };
                    let mut last = 0;
                    let r = search_shared(&pos, &tt, &o, stop, &mut |r| {
                        // Every finished iteration is a report.
                        apply(leaf, r.score, r.best, r.pv.clone(), false, r.nodes - last);
                        last = r.nodes;
                    });
                    apply(leaf, r.score, r.best, r.pv, !r.stopped, r.nodes - last);
                }
            }
            true
        },
    );
    tree.into_inner().expect("no worker panics holding the tree")
}

/// Solves `pos` as `opts.mode` says: paper 002's tree (with tables as
/// large as `tt` in all) for [`Mode::Predict`], else the shared-table solver
/// over `tt`. The one place that chooses between them.
pub fn solve_by_mode(pos: &Position, tt: &TranspositionTable, opts: SolveOptions, stop: Option<&AtomicBool>) -> Solution {
    match opts.mode {
        Mode::Predict => solve(pos, opts, tt.bytes() >> 20, stop, &|_| {}),
        _ => solve_shared(pos, tt, opts, stop),
    }
}

/// Searches `pos` as `opts.mode` says (see [`solve_by_mode`]); `progress`
/// sees each iteration of the shared-table search (the tree reports
/// differently: [`search`]).
pub fn search_by_mode(
    pos: &Position,
    tt: &TranspositionTable,
    opts: &SearchOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&SearchResult),
) -> SearchResult {
    match opts.mode {
        Mode::Predict => search(pos, opts, tt.bytes() >> 20, stop, &|_| {}),
        _ => search_shared(pos, tt, opts, stop, progress),
    }
}

/// Solves `pos` exactly (or win/draw/loss) by paper 002's method on the
/// current pool's threads, with `hash_mib` MiB of tables in all. With
/// `all_moves` every move needs its own value, which the tree does not give:
/// that question is answered by the shared-memory solver instead.
pub fn solve(
    pos: &Position,
    opts: SolveOptions,
    hash_mib: usize,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(&Report) + Sync),
) -> Solution {
    let clock = Clock::start();
    if opts.all_moves || rayon::current_num_threads() < 2 || (pos.status() == Status::Over) {
        let tt = TranspositionTable::with_mib(hash_mib);
        return solve_shared(pos, &tt, SolveOptions { mode: Mode::Serial, ..opts }, stop);
    }
    let prediction = SearchOptions { mode: Mode::Serial, ..SearchOptions::new(Level::depth(1), opts.scoring) };
    let tree = run(pos, Job::Solve(opts), &prediction, hash_mib, stop, progress);
    let root = &tree.nodes[0];
    let pv = tree.line();
    let mut end = *pos;
    for m in &pv {
        end = match m {
            Move::Pass => end.passed(),
            Move::Play(sq) => end.play(*sq).expect("the tree's line is legal"),
        };
    }
    let stopped = !root.done || stop.is_some_and(|s| s.load(Relaxed));
    Solution {
        score: root.value as i32,
        best: root.best,
        pv,
        black: end.count(Color::Black),
        white: end.count(Color::White),
        moves: Vec::new(),
        stats: Stats { nodes: tree.nodes_searched, leaves: 0 },
        seconds: clock.seconds(),
        stopped,
    }
}

/// Searches `pos` for a move by paper 002's method: each leaf is searched to
/// the level's depth less its distance from the root. With `all_moves` (or
/// one thread) the shared-memory search answers instead.
pub fn search(
    pos: &Position,
    opts: &SearchOptions,
    hash_mib: usize,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(&Report) + Sync),
) -> SearchResult {
    let clock = Clock::start();
    if opts.all_moves || rayon::current_num_threads() < 2 || (pos.status() == Status::Over) || pos.status() != Status::Move {
        let tt = TranspositionTable::with_mib(hash_mib);
        return search_shared(pos, &tt, &SearchOptions { mode: Mode::Serial, ..*opts }, stop, &mut |_| {});
    }
    let tree = run(pos, Job::Search(opts), opts, hash_mib, stop, progress);
    let root = &tree.nodes[0];
    let exact = tree.leaves.iter().all(|&l| tree.nodes[l].done);
    SearchResult {
        best: root.best,
        score: root.value,
        kind: if exact && pos.empties().count_ones() <= opts.level.perfect { Kind::Exact } else { Kind::Midgame },
        depth: opts.level.depth,
        selectivity: opts.level.selectivity,
        pv: tree.line(),
        moves: Vec::new(),
        nodes: tree.nodes_searched,
        seconds: clock.seconds(),
        stopped: !root.done || stop.is_some_and(|s| s.load(Relaxed)),
    }
}
