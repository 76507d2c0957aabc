//! `yomi solve --job DIR`: a whole board's solve kept in a folder, resumed
//! by the same command after any interruption (`yomi::tools::solve_job`).

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use yomi::cluster::{Links, Task, Worker};
use yomi::tools::solve_job::{Job, Pending, Solved, Spec};
use yomi::{Error, Mode, TranspositionTable};

use crate::distributed::{with_links, Place};

/// What `yomi solve --job` was asked.
pub struct Request<'a> {
    pub dir: &'a Path,
    /// The job to start (with --frontier), or to check a resumed one against.
    pub spec: Option<Spec>,
    pub threads: usize,
    pub mode: Mode,
    pub hash_mib: usize,
    /// Stop (everything proven kept) after this many minutes.
    pub minutes: Option<f64>,
    /// Only say how far the job has come.
    pub progress: bool,
    /// Check the proofs instead: this many leaves solved again, drawn by this seed.
    pub check: Option<(usize, u64)>,
    /// Hand the leaves to the ranks of the MPI job this process is part of.
    pub distributed: bool,
}

fn hours(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 7200.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

fn describe(job: &Job) -> String {
    let s = &job.spec;
    format!(
        "{} ({} scoring, frontier {} plies): {} leaves proven, {:.2} G nodes, {} of solving",
        yomi::format_position_with_board(&s.root),
        match s.scoring {
            yomi::Scoring::World => "world",
            yomi::Scoring::Paper => "paper",
        },
        s.frontier,
        job.leaves,
        job.nodes as f64 / 1e9,
        hours(job.seconds)
    )
}

fn left(job: &Job, p: &Pending) -> String {
    if p.share_done <= 0.0 {
        return "too early to estimate the time left".into();
    }
    let rest = job.seconds * (1.0 - p.share_done) / p.share_done;
    format!(
        "the search is {:.1} % through by the job's order; at the rate so far about {} left (a rough guess: alpha-beta prunes the later moves more)",
        100.0 * p.share_done,
        hours(rest)
    )
}

pub fn run(r: Request) -> Result<u8, Error> {
    if !r.distributed {
        return run_here(&r, None);
    }
    // Only rank 0 opens the folder; the other ranks serve it leaves, each
    // of which carries the job's scoring.
    let opts = yomi::SolveOptions { mode: r.mode, ..Default::default() };
    let worker = Worker { task: Task::Solve(opts), threads: r.threads, table_bytes: r.hash_mib << 20 };
    Ok(with_links(Place::Cluster, worker, |links| run_here(&r, Some(links)))?.unwrap_or(0))
}

/// The job here, its leaves solved by this process or, given `links`, by
/// the workers at their other ends.
fn run_here(r: &Request, links: Option<&mut dyn Links>) -> Result<u8, Error> {
    let mut job = Job::open(r.dir, r.spec)?;
    println!("{}", describe(&job));
    if r.progress {
        match job.progress()? {
            Ok(v) => {
                let done = r.dir.join("result.json").exists();
                println!("value proven: {v:+} for the side to move{}", if done { "; the perfect line is in result.json" } else { "; the perfect line is still being found" });
            }
            Err(p) => println!("value not yet proven; {}", left(&job, &p)),
        }
        return Ok(0);
    }
    let tt = TranspositionTable::with_mib(r.hash_mib);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(r.threads)
        .build()
        .map_err(|e| Error::BadArgument(format!("cannot start {} threads: {e}", r.threads)))?;
    let stop = Arc::new(AtomicBool::new(false));
    if let Some(m) = r.minutes {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_secs_f64(m * 60.0));
            stop.store(true, Ordering::Relaxed);
        });
    }
    if let Some((n, seed)) = r.check {
        return check(&job, n, seed, &tt, &pool, r.mode, &stop);
    }
    let mut last = std::time::Instant::now();
    let mut report = |job: &Job, s: &Solved| {
        // A line for a leaf of a second or more, or every 30 s.
        if s.seconds >= 1.0 || last.elapsed().as_secs_f64() >= 30.0 {
            last = std::time::Instant::now();
            println!(
                "leaf {}: {} empties, {:+} in ({}, {}), {:.2} G nodes, {:.1} s; {} leaves, {:.2} G nodes in all; {:.1} % through",
                job.leaves,
                s.empties,
                s.value,
                s.window.0,
                s.window.1,
                s.nodes as f64 / 1e9,
                s.seconds,
                job.leaves,
                job.nodes as f64 / 1e9,
                100.0 * s.share_done
            );
        }
    };
    let mode = r.mode.within_one_search();
    let outcome = match links {
        None => pool.install(|| job.run(&tt, mode, Some(&stop), &mut report))?,
        Some(links) => {
            println!("{} workers take the leaves", links.workers());
            yomi::tools::solve_job_workers::run_on(&mut job, links, (&tt, &pool, mode), Some(&stop), &mut report)?
        }
    };
    match outcome {
        Ok(out) => {
            let path = job.write_result(&out, r.threads)?;
            let size = job.spec.root.size();
            let line: Vec<String> = out.line.iter().map(|m| m.name(size)).collect();
            println!("solved: {:+} for the side to move; perfect line {}", out.value, line.join(" "));
            println!("{}; written to {}", describe(&job), path.display());
        }
        Err(p) => {
            println!("stopped: {}", describe(&job));
            println!("{}; run the same command to go on", left(&job, &p));
        }
    }
    Ok(0)
}

/// `--check N`: N proven leaves solved again; exit status 1 if any disagrees.
fn check(job: &Job, n: usize, seed: u64, tt: &TranspositionTable, pool: &rayon::ThreadPool, mode: Mode, stop: &AtomicBool) -> Result<u8, Error> {
    use yomi::tools::solve_check::{run, Checked};
    let mut report = |c: &Checked, done: usize| {
        println!(
            "check {done} of {n}: {} in ({}, {}): job {:+}, again {:+} ({}), {}; {:.2} G nodes, {:.1} s",
            yomi::format_position(&c.position),
            c.window.0,
            c.window.1,
            c.job_value,
            c.value,
            c.symmetry.name(),
            if c.agrees() { "agrees" } else { "DISAGREES" },
            c.nodes as f64 / 1e9,
            c.seconds
        );
    };
    let out = pool.install(|| run(job, n, seed, tt, mode.within_one_search(), Some(stop), &mut report))?;
    let bad: Vec<&Checked> = out.checked.iter().filter(|c| !c.agrees()).collect();
    let nodes: u64 = out.checked.iter().map(|c| c.nodes).sum();
    let seconds: f64 = out.checked.iter().map(|c| c.seconds).sum();
    println!(
        "{} of {} leaves checked agree ({:.2} G nodes, {} of solving){}",
        out.checked.len() - bad.len(),
        out.checked.len(),
        nodes as f64 / 1e9,
        hours(seconds),
        if out.finished { String::new() } else { "; stopped before the sample's end: run the same command to go on".into() }
    );
    for c in &bad {
        println!("disagrees: {} in ({}, {}): the job says {:+}, the check {:+}", yomi::format_position_with_board(&c.position), c.window.0, c.window.1, c.job_value, c.value);
    }
    Ok(u8::from(!bad.is_empty()))
}
