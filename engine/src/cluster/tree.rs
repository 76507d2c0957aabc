//! One position over many workers: paper 002's master tree, grown on the
//! master by the job's predictions until each worker owns a leaf, then
//! every leaf searched by its worker, which reports each change of value.
//! The master keeps the tree's minimax value current, so an answer is there
//! at any moment; a stop (the caller's flag or the time limit) is sent to
//! every worker, whose last reports still count.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use crate::clock::Clock;
use crate::cluster::links::Links;
use crate::cluster::wire::Msg;
use crate::predict::tree::{Job, MasterTree, Outcome, Report};
use crate::rules::position::Position;

/// Runs `job` on `root` over the workers behind `links`: returns the tree's
/// outcome when every leaf has finished, or after a stop (`stop` raised, or
/// `seconds` passed) once every worker has sent its last report. `progress`
/// sees the master's view after every report. An error means a worker was
/// lost; the job cannot finish without it.
pub fn run(
    links: &mut dyn Links,
    job: &dyn Job,
    root: &Position,
    stop: Option<&AtomicBool>,
    seconds: Option<f64>,
    progress: &mut dyn FnMut(&Report, usize),
) -> Result<Outcome, String> {
    let clock = Clock::start();
    let mut tree = MasterTree::new(root, links.workers(), job, stop);
    let leaves = tree.leaves();
    for (i, leaf) in leaves.iter().enumerate() {
        links.send(i, Msg::Leaf { index: i, leaf: *leaf })?;
    }
    let mut running = vec![true; leaves.len()];
    let mut stopping = false;
    while running.iter().any(|&r| r) {
        let halted = stop.is_some_and(|s| s.load(Relaxed)) || seconds.is_some_and(|t| clock.seconds() >= t);
        if halted && !stopping {
            stopping = true;
            for i in (0..leaves.len()).filter(|&i| running[i]) {
                links.send(i, Msg::Stop)?;
            }
        }
        match links.recv(Duration::from_millis(5))? {
            None => {}
            Some((w, Msg::Report { index, report, .. })) if index < leaves.len() && w == index => {
                let r = tree.update(index, report);
                progress(&r, w);
            }
            Some((w, Msg::LeafDone { index })) if index < leaves.len() && w == index => running[index] = false,
            Some((w, other)) => return Err(format!("{} sent an unexpected message: {other:?}", links.name(w))),
        }
    }
    Ok(tree.outcome())
}
