//! A worker: takes the master's messages one at a time and answers them,
//! searching on a rayon pool of its own. The same worker runs as a thread
//! beside the master and as the whole of every other rank of a cluster; only
//! the way messages reach it differs ([`super::links`]).

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::Receiver;

use crate::cluster::wire::{Msg, Solved, Window};
use crate::rules::notation::parse_position;
use crate::predict::tree::{Job, LeafReport};
use crate::play::search::{SearchJob, SearchOptions};
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, solve_window, SolveJob, SolveOptions};

/// What the job is about: every rank builds it from the same options.
#[derive(Clone, Copy, Debug)]
pub enum Task {
    /// Exact (or win/draw/loss) solves: leaves of one position's tree, or
    /// whole positions.
    Solve(SolveOptions),
    /// The playing search: leaves of one position's tree.
    Search(SearchOptions),
}

/// One worker's means: its task, its threads and its table.
#[derive(Clone, Copy, Debug)]
pub struct Worker {
    /// What the worker does: leaves of the master tree, or whole positions.
    pub task: Task,
    /// Threads of the worker's own pool.
    pub threads: usize,
    /// The worker's table, in bytes.
    pub table_bytes: usize,
}

impl Worker {
    /// Answers messages from `inbox` until `Quit` (or until the master is
    /// gone). `stop` is raised by whoever delivers a `Stop`, while a search
    /// runs; it stays raised, since a worker serves one job.
    pub fn serve(&self, inbox: Receiver<Msg>, stop: &AtomicBool, send: &(dyn Fn(Msg) + Sync)) {
        let pool = match rayon::ThreadPoolBuilder::new().num_threads(self.threads).build() {
            Ok(p) => p,
            Err(e) => {
                // Without a pool nothing can be searched: say so for each task.
                for msg in inbox {
                    match msg {
                        Msg::Quit => return,
                        Msg::Solve { id, .. } => send(Msg::Rejected { id, message: format!("cannot start {} threads: {e}", self.threads) }),
                        Msg::Leaf { index, .. } => send(Msg::LeafDone { index }),
                        _ => {}
                    }
                }
                return;
            }
        };
        let mode = match self.task {
            Task::Solve(o) => o.mode,
            Task::Search(o) => o.mode,
        };
        // The tree's job is built when its first leaf arrives, so that its
        // clock starts with the search.
        let mut job: Option<Box<dyn Job + Send>> = None;
        let mut table: Option<TranspositionTable> = None;
        for msg in inbox {
            match msg {
                Msg::Quit => return,
                Msg::Leaf { index, leaf } => {
                    let job = job.get_or_insert_with(|| match self.task {
                        Task::Solve(o) => Box::new(SolveJob::new(o).leaf_mode(mode)),
                        Task::Search(o) => Box::new(SearchJob::new(o).leaf_mode(mode)),
                    });
                    pool.install(|| job.search_leaf(leaf, self.table_bytes, Some(stop), &|report: LeafReport| send(Msg::Report { index, size: leaf.pos.size(), report })));
                    send(Msg::LeafDone { index });
                }
                Msg::Solve { id, position, window } => {
                    let Task::Solve(opts) = self.task else {
                        send(Msg::Rejected { id, message: "this job searches; it solves no positions".into() });
                        continue;
                    };
                    let pos = match parse_position(&position, None) {
                        Ok(p) => p,
                        Err(e) => {
                            send(Msg::Rejected { id, message: e.to_string() });
                            continue;
                        }
                    };
                    let tt = table.get_or_insert_with(|| TranspositionTable::with_bytes(self.table_bytes));
                    if let Some(window) = window {
                        send(Msg::Solved { id, result: within(&pool, &pos, tt, mode, window, stop) });
                        continue;
                    }
                    // Each position's time limit counts from its own start.
                    let opts = SolveOptions { mode: mode.within_one_search(), ..opts };
                    let s = pool.install(|| solve(&pos, tt, opts, Some(stop)));
                    let best = s.best.map(|m| m.name(pos.size()));
                    let result = Solved { score: s.score, lower: s.lower, upper: s.upper, best, nodes: s.stats.nodes, seconds: s.seconds, stopped: s.stopped };
                    send(Msg::Solved { id, result });
                }
                // Delivered as the flag; nothing runs now to stop.
                Msg::Stop => {}
                // Messages for the master are never sent to a worker.
                Msg::Report { .. } | Msg::LeafDone { .. } | Msg::Solved { .. } | Msg::Rejected { .. } => {}
            }
        }
    }
}

/// A solve job's leaf: `pos` solved within the window under the leaf's own
/// scoring, fail-soft, so the result bounds the value on one side or gives
/// it exactly.
fn within(pool: &rayon::ThreadPool, pos: &crate::Position, tt: &TranspositionTable, mode: crate::Mode, w: Window, stop: &AtomicBool) -> Solved {
    let (alpha, beta) = (w.alpha, w.beta);
    let clock = crate::clock::Clock::start();
    match pool.install(|| solve_window(pos, tt, w.scoring, mode.within_one_search(), (alpha, beta), Some(stop))) {
        Some((v, stats)) => Solved {
            score: v,
            lower: (v > alpha).then_some(v),
            upper: (v < beta).then_some(v),
            best: None,
            nodes: stats.nodes,
            seconds: clock.seconds(),
            stopped: false,
        },
        None => Solved { score: alpha, lower: None, upper: None, best: None, nodes: 0, seconds: clock.seconds(), stopped: true },
    }
}
