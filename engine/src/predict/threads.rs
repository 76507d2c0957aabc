//! Paper 002's master tree on the threads of the current rayon pool: a
//! leaf a task, each with its own table.

use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use crate::parallel::in_order;
use crate::predict::tree::{Job, LeafReport, MasterTree, Outcome, Report};
use crate::rules::position::{Position, Status};

/// Paper 002's method on the threads of the current rayon pool: grows the
/// tree from `root` by `job`'s predictions until each thread owns a leaf,
/// then searches every leaf in its own task with its own table (together
/// `table_bytes`). Every report goes into the master tree, whose minimax
/// value is kept current and sent to `progress`.
pub fn run(
    root: &Position,
    job: &dyn Job,
    table_bytes: usize,
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(&Report) + Sync),
) -> Outcome {
    let workers = rayon::current_num_threads();
    let tree = MasterTree::new(root, workers, job, stop);
    let leaves = tree.leaves();
    let bytes = table_bytes / leaves.len().max(1);
    let tree = Mutex::new(tree);
    in_order(
        leaves.len(),
        || (),
        |_, i| {
            job.search_leaf(leaves[i], bytes, stop, &|r: LeafReport| {
                let mut t = tree.lock().expect("no worker panics holding the tree");
                progress(&t.update(i, r));
            });
            true
        },
    );
    let tree = tree.into_inner().expect("no worker panics holding the tree");
    tree.outcome()
}

/// Whether paper 002's tree can answer with `workers` workers: it needs two
/// and a position with a move to choose; every move's own value (analysis)
/// it does not give.
pub fn applies(pos: &Position, all_moves: bool, workers: usize) -> bool {
    !all_moves && workers >= 2 && pos.status() == Status::Move
}
