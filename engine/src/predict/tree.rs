//! Paper 002's master tree. A master tree is grown from the root: at each node a short search predicts
//! the best moves; the top `n` (two, or fewer when there are few workers or
//! moves) each get their share of the workers, and all other moves go to one
//! "other moves" node: the same position with those moves excluded. The tree
//! grows until every worker owns one leaf (paper 002, Fig. 1: with 4 workers
//! the best move gets 2, the second 1, the others 1). Workers then search
//! their leaves independently, each with its own table, and report every
//! change of value; the master keeps the minimax value of its tree current,
//! so a best move is available at any moment. The workers are rayon tasks
//! ([`crate::predict::threads`]) or processes of a cluster
//! (`crate::cluster`).

use std::sync::atomic::AtomicBool;

use crate::rules::game::Move;
use crate::rules::position::{Position, Status};
use crate::rules::square::Square;

/// Plies of the short search that predicts the best moves.
pub const PREDICT_DEPTH: u32 = 4;
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

/// The master tree: its nodes (0 is the root) and its leaves, one per
/// worker. It lives with the master, wherever the workers are: rayon tasks
/// here ([`crate::predict::threads::run`]), or other processes that send their reports by message.
pub struct MasterTree {
    nodes: Vec<Node>,
    leaves: Vec<usize>,
    nodes_searched: u64,
}

/// The master's view at any moment.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The best move at the root so far.
    pub best: Option<Move>,
    /// For the side to move, in discs (exact when `done`).
    pub score: f64,
    /// Leaves (workers) finished and in all.
    pub finished: usize,
    /// Workers searching leaves now.
    pub workers: usize,
    /// The root is solved: nothing is left to search.
    pub done: bool,
}

/// Orders a node's allowed moves (the position, the moves left out) best
/// first, with their predicted values.
type Predictor<'a> = dyn FnMut(&Position, u64) -> Vec<(Square, f64)> + 'a;

impl MasterTree {
    /// Grows the tree under `at` for `workers` workers; `predict` orders a
    /// node's allowed moves best first with their predicted values.
    fn grow(&mut self, at: usize, workers: usize, predict: &mut Predictor) {
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
            let sq = Square::of_bit(allowed.trailing_zeros());
            let child = self.add(at, pos.play(sq).expect("legal"), 0, Some(Move::Play(sq)), ply + 1, 0.0);
            self.grow(child, workers, predict);
            return;
        }
        let ranked = predict(&pos, exclude);
        if ranked.len() < 2 {
            // A prediction cut short (a stop) ranks nothing: the node is a
            // leaf, and its worker finds the stop too.
            self.leaves.push(at);
            return;
        }
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

/// A leaf of the master tree, handed to one worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leaf {
    /// The position to search.
    pub pos: Position,
    /// Moves the leaf's search must leave out ("other moves" nodes).
    pub exclude: u64,
    /// Plies from the root (passes not counted): a depth-limited search
    /// searches that much less deep.
    pub ply: u32,
}

/// A worker's report on its leaf: its value for the leaf's side to move,
/// best move and line, whether it is final, and the nodes since its last
/// report.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafReport {
    /// Its value for the side to move.
    pub value: f64,
    /// Its best move, if it has one.
    pub best: Option<Move>,
    /// The expected line from it.
    pub line: Vec<Move>,
    /// The search is finished, not a report on the way.
    pub done: bool,
    /// Nodes searched so far.
    pub nodes: u64,
}

/// What the master tree says when its workers are done (or stopped).
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best move at the root.
    pub best: Option<Move>,
    /// For the side to move at the root.
    pub value: f64,
    /// Down the tree's best children, then the leaf's own line.
    pub line: Vec<Move>,
    /// Every leaf finished.
    pub done: bool,
    /// Nodes of the predictions and of every worker.
    pub nodes: u64,
}

/// What paper 002's tree runs: how a node's best moves are predicted, and
/// how a worker searches its leaf. The exact solver and the playing search
/// each have one; the master and the workers may be threads of one process
/// ([`crate::predict::threads::run`]) or processes of a cluster, each building the same job from the
/// same options.
pub trait Job: Sync {
    /// The allowed moves of `pos` (all but `exclude`) best first with their
    /// predicted values, and the nodes the prediction took; nothing after a
    /// stop (the node is then a leaf).
    fn predict(&self, pos: &Position, exclude: u64, stop: Option<&AtomicBool>) -> (Vec<(Square, f64)>, u64);
    /// Searches `leaf` with a table of `table_bytes`, on the threads of the
    /// current rayon pool, sending every change of value and a last report
    /// (`done` unless stopped).
    fn search_leaf(&self, leaf: Leaf, table_bytes: usize, stop: Option<&AtomicBool>, send: &dyn Fn(LeafReport));
}

impl MasterTree {
    /// Grows the tree from `root` until each of `workers` owns one leaf (or
    /// fewer leaves, when the position leaves nothing to split).
    pub fn new(root: &Position, workers: usize, job: &dyn Job, stop: Option<&AtomicBool>) -> MasterTree {
        let mut tree = MasterTree { nodes: Vec::new(), leaves: Vec::new(), nodes_searched: 0 };
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
        let mut predicted = 0;
        tree.grow(0, workers.max(1), &mut |pos, exclude| {
            let (ranked, nodes) = job.predict(pos, exclude, stop);
            predicted += nodes;
            ranked
        });
        tree.nodes_searched = predicted;
        tree.minimax();
        tree
    }

    /// The leaves, one per worker, in the order reports name them.
    pub fn leaves(&self) -> Vec<Leaf> {
        self.leaves
            .iter()
            .map(|&at| {
                let n = &self.nodes[at];
                Leaf { pos: n.pos, exclude: n.exclude, ply: n.ply }
            })
            .collect()
    }

    /// Takes leaf `leaf`'s report and brings the tree's minimax up to date.
    pub fn update(&mut self, leaf: usize, r: LeafReport) -> Report {
        let node = &mut self.nodes[self.leaves[leaf]];
        (node.value, node.best, node.line, node.done) = (r.value, r.best, r.line, r.done);
        self.nodes_searched += r.nodes;
        self.minimax();
        self.report()
    }

    /// What the tree says now.
    pub fn outcome(&self) -> Outcome {
        let root = &self.nodes[0];
        Outcome { best: root.best, value: root.value, line: self.line(), done: root.done, nodes: self.nodes_searched }
    }
}
