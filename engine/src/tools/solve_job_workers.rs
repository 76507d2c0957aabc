//! A solve job's leaves handed to workers (`yomi solve --job DIR
//! --distributed` under mpirun): the master keeps the job's folder, replays
//! the job after every proof to list the leaves it lacks ([`Job::wanted`]),
//! and gives each idle worker the first of them that no worker has. The
//! first leaf is one the job needs whatever the others turn out to be; the
//! rest follow the minimal tree's guess, and a guess that fails costs a
//! leaf's work but no error: every leaf solved is a true bound, kept.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use crate::cluster::wire::{Msg, Window};
use crate::cluster::Links;
use crate::clock::Clock;
use crate::error::Error;
use crate::parallel::Mode;
use crate::rules::notation::format_position_with_board;
use crate::search::tt::TranspositionTable;
use crate::tools::solve_job::{Job, Outcome, Pending, Plan, Solved, Wanted};

/// How long a stopped run waits for the leaves in flight to end.
const STOP_WAIT: Duration = Duration::from_secs(60);

/// The whole job over `links`' workers: the leaves the root's value and its
/// perfect line need are solved by the workers; the line's last stretch
/// (one plain solve) by this process on `tt` with `pool`. The links stay
/// on the calling thread (MPI's rule). `Err(Pending)` if `stop` ended it,
/// everything proven kept.
pub fn run_on(
    job: &mut Job,
    links: &mut dyn Links,
    (tt, pool, mode): (&TranspositionTable, &rayon::ThreadPool, Mode),
    stop: Option<&AtomicBool>,
    report: &mut (dyn FnMut(&Job, &Solved) + Send),
) -> Result<Result<Outcome, Pending>, Error> {
    let workers = links.workers();
    let mut busy: Vec<Option<(usize, Wanted)>> = vec![None; workers];
    let mut next_id = 0;
    let halted = || stop.is_some_and(|s| s.load(Relaxed));
    let mut plan = job.wanted(workers)?;
    let mut share_done = 0.0;
    while !halted() {
        let list = match &plan {
            Plan::Wanted(list) => list,
            Plan::Proven => {
                // What is still in flight is a guess the job no longer needs.
                for w in (0..workers).filter(|&w| busy[w].is_some()) {
                    links.send(w, Msg::Stop).map_err(Error::Cluster)?;
                }
                return pool.install(|| job.run(tt, mode, stop, report));
            }
        };
        share_done = list[0].share_done;
        for w in 0..workers {
            if busy[w].is_some() {
                continue;
            }
            let Some(leaf) = list.iter().find(|l| !busy.iter().flatten().any(|(_, b)| b.same(l))) else { break };
            let window = Window { alpha: leaf.window.0, beta: leaf.window.1, scoring: job.spec.scoring };
            let msg = Msg::Solve { id: next_id, position: format_position_with_board(&leaf.position), window: Some(window) };
            links.send(w, msg).map_err(Error::Cluster)?;
            busy[w] = Some((next_id, *leaf));
            next_id += 1;
        }
        if let Some((w, msg)) = links.recv(Duration::from_millis(20)).map_err(Error::Cluster)? {
            if take(job, &mut busy, w, msg, &*links, report)? {
                plan = job.wanted(workers)?;
            }
        }
    }
    // Stopped: so are the leaves in flight; any that end first are kept.
    for w in (0..workers).filter(|&w| busy[w].is_some()) {
        links.send(w, Msg::Stop).map_err(Error::Cluster)?;
    }
    let waited = Clock::start();
    while busy.iter().any(Option::is_some) && waited.seconds() < STOP_WAIT.as_secs_f64() {
        if let Some((w, msg)) = links.recv(Duration::from_millis(100)).map_err(Error::Cluster)? {
            take(job, &mut busy, w, msg, &*links, report)?;
        }
    }
    Ok(Err(Pending { share_done, looked_up: false }))
}

/// Worker `w`'s answer: true if it proved a leaf (kept in the job).
fn take(
    job: &mut Job,
    busy: &mut [Option<(usize, Wanted)>],
    w: usize,
    msg: Msg,
    links: &dyn Links,
    report: &mut (dyn FnMut(&Job, &Solved) + Send),
) -> Result<bool, Error> {
    let asked = busy.get(w).copied().flatten();
    match msg {
        Msg::Solved { id, result } if asked.is_some_and(|(i, _)| i == id) => {
            busy[w] = None;
            if result.stopped {
                return Ok(false);
            }
            let (_, leaf) = asked.expect("matched above");
            job.prove(&leaf, result.score, result.nodes, result.seconds)?;
            let solved = Solved {
                value: result.score,
                window: leaf.window,
                empties: leaf.position.empties().count_ones(),
                nodes: result.nodes,
                seconds: result.seconds,
                share_done: leaf.share_done,
            };
            report(job, &solved);
            Ok(true)
        }
        Msg::Rejected { message, .. } => Err(Error::Cluster(format!("{} could not take a leaf: {message}", links.name(w)))),
        other => Err(Error::Cluster(format!("{} sent an unexpected message: {other:?}", links.name(w)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cluster::{Task, Threads, Worker};
    use crate::rules::position::{Position, Scoring, Start};
    use crate::solver::solve::{solve, SolveOptions};
    use crate::tools::solve_job::Spec;
    use crate::BoardSize;

    /// A new 4x8 job (paper scoring) at `frontier` in a fresh folder, and
    /// the worker that solves its leaves.
    fn new_4x8(name: &str, frontier: u32) -> (std::path::PathBuf, Job, Worker, SolveOptions) {
        let root = Position::start(BoardSize::new(4, 8).unwrap(), Start::Othello);
        let d = std::env::temp_dir().join(format!("yomi-job-workers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        let job = Job::open(&d, Some(Spec { root, scoring: Scoring::Paper, frontier })).unwrap();
        let opts = SolveOptions { scoring: Scoring::Paper, mode: Mode::Serial, ..Default::default() };
        (d, job, Worker { task: Task::Solve(opts), threads: 1, table_bytes: 4 << 20 }, opts)
    }

    #[test]
    fn three_workers_solve_a_4x8_job_to_the_solvers_value_and_a_resume_needs_none() {
        let (d, mut job, worker, opts) = new_4x8("three", 5);
        let root = job.spec.root;
        let tt = TranspositionTable::with_mib(8);
        // Several leaves are wanted at once, the first needed for sure.
        let Plan::Wanted(first) = job.wanted(3).unwrap() else { panic!("a new job lacks leaves") };
        assert_eq!(first.len(), 3);
        let mut links = Threads::spawn(&[worker; 3]);
        let mut heard = 0;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let out = run_on(&mut job, &mut links, (&tt, &pool, Mode::Serial), None, &mut |_, _| heard += 1).unwrap().unwrap();
        let plain = solve(&root, &TranspositionTable::with_mib(8), opts, None);
        assert_eq!(Some(out.value), plain.exact());
        assert!(heard >= 3 && heard == job.leaves, "{heard} reports, {} leaves", job.leaves);
        // The folder alone now gives the value and the line, with no worker.
        let mut again = Job::open(&d, None).unwrap();
        assert_eq!(again.wanted(3).unwrap(), Plan::Proven);
        assert_eq!(again.run(&tt, Mode::Serial, None, &mut |_, _| panic!("nothing left to solve")).unwrap().unwrap(), out);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_stopped_run_keeps_what_was_proven_and_resumes_alone() {
        let (d, mut job, worker, _) = new_4x8("stop", 4);
        let tt = TranspositionTable::with_mib(8);
        let stop = AtomicBool::new(false);
        let mut links = Threads::spawn(&[worker; 2]);
        // Stop after the second proof.
        let mut n = 0;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let r = run_on(&mut job, &mut links, (&tt, &pool, Mode::Serial), Some(&stop), &mut |_, _| {
            n += 1;
            if n == 2 {
                stop.store(true, Relaxed);
            }
        });
        assert!(matches!(r, Ok(Err(Pending { looked_up: false, .. }))), "{:?}", r.map(|o| o.map(|o| o.value)));
        let kept = job.leaves;
        assert!(kept >= 2);
        drop(links);
        let mut job = Job::open(&d, None).unwrap();
        assert_eq!(job.leaves, kept);
        let out = job.run(&tt, Mode::Serial, None, &mut |_, _| {}).unwrap().unwrap();
        assert_eq!(out.value, 32, "4x8 under paper scoring: +32 (solved.json)");
        std::fs::remove_dir_all(&d).unwrap();
    }
}
