//! `--distributed` and `--results`: paper 002 over the ranks of an MPI job
//! (`mpirun -n N yomi solve --distributed ...`), and many positions handed
//! out to workers with a results file that a rerun resumes. Every rank
//! parses the same command line; rank 0 is the master and prints, the
//! others serve until it is done.

use std::io::Write;

use serde_json::json;
use yomi::cluster::batch::{self, Event, ResultsFile};
use yomi::cluster::{tree, Links, Task, Threads, Worker};
use yomi::{parse_obf_line, Error, ObfLine, Position, SearchOptions, SolveOptions};

/// Where the workers are.
pub enum Place {
    /// Threads of this process: one worker with the whole pool.
    Here,
    /// The ranks of the MPI job this process is part of.
    Cluster,
}

/// Runs `master` with links to the workers for `task`, wherever they are.
/// On a cluster's other ranks, serves instead and returns `Ok(None)`.
pub fn with_links<T>(
    place: Place,
    worker: Worker,
    master: impl FnOnce(&mut dyn Links) -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    match place {
        Place::Here => {
            let mut links = Threads::spawn(&[worker]);
            master(&mut links).map(Some)
        }
        #[cfg(feature = "mpi")]
        Place::Cluster => {
            let cluster = yomi::cluster::mpi::Cluster::init().map_err(Error::Cluster)?;
            if cluster.rank() != 0 {
                cluster.serve(worker).map_err(Error::Cluster)?;
                return Ok(None);
            }
            let mut links = cluster.links(worker);
            let out = master(&mut links);
            links.quit();
            out.map(Some)
        }
        #[cfg(not(feature = "mpi"))]
        Place::Cluster => {
            let _ = (worker, master);
            Err(Error::BadArgument(
                "--distributed needs a yomi built with MPI: apt-get install openmpi-bin libopenmpi-dev libclang-dev, \
                 then cargo build --release --features mpi (engine/README.md: Distributed search)"
                    .into(),
            ))
        }
    }
}

/// Whether this process is a cluster rank other than 0, which prints
/// nothing (not even errors: rank 0 has the same ones). Read from the
/// environment `mpirun` gives each rank, before MPI is started.
pub fn quiet_rank() -> bool {
    ["OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"]
        .iter()
        .find_map(|k| std::env::var(k).ok())
        .is_some_and(|r| r.trim() != "0")
}

/// One position solved by paper 002's tree over the workers.
pub fn solve_one(place: Place, pos: &Position, opts: SolveOptions, threads: usize, hash_mib: usize) -> Result<Option<yomi::Solution>, Error> {
    let worker = Worker { task: Task::Solve(opts), threads, table_bytes: hash_mib << 20 };
    with_links(place, worker, |links| {
        let job = yomi::solver::solve::SolveJob::new(opts);
        let outcome = tree::run(links, &job, pos, None, opts.limits.time, &mut |_, _| {}).map_err(Error::Cluster)?;
        Ok(job.solution(pos, &outcome))
    })
}

/// One position searched by paper 002's tree over the workers; every
/// change of the master's view goes to `progress` (the worker that sent it).
pub fn search_one(
    place: Place,
    pos: &Position,
    opts: SearchOptions,
    threads: usize,
    hash_mib: usize,
    progress: &mut dyn FnMut(&yomi::predict::tree::Report, usize),
) -> Result<Option<yomi::SearchResult>, Error> {
    let worker = Worker { task: Task::Search(opts), threads, table_bytes: hash_mib << 20 };
    with_links(place, worker, |links| {
        let job = yomi::play::search::SearchJob::new(opts);
        let outcome = tree::run(links, &job, pos, None, opts.limits.time, progress).map_err(Error::Cluster)?;
        Ok(job.result(pos, &outcome))
    })
}

/// The positions of an OBF file, each line on its own: a bad line is
/// reported and the others are still solved.
/// Each line's number and what it reads as.
type Lines = Vec<(usize, Result<ObfLine, Error>)>;

fn read_lines(file: &str, board: Option<yomi::BoardSize>) -> Result<Lines, Error> {
    let text = std::fs::read_to_string(file).map_err(|e| Error::BadArgument(format!("cannot read {file}: {e}")))?;
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim();
            !(t.is_empty() || t.starts_with('%') || t.starts_with('#'))
        })
        .map(|(n, l)| (n + 1, parse_obf_line(l.trim(), board)))
        .collect())
}

/// Where a batch's positions come from.
pub enum Source<'a> {
    /// An OBF file, one position a line.
    Obf { file: &'a str, board: Option<yomi::BoardSize> },
    /// Every position `empties` empties below `root`, one per twin; the
    /// root's value is backed up from theirs.
    Openings { root: Position, empties: u32 },
}

/// The options of a batch.
pub struct Batch<'a> {
    pub source: Source<'a>,
    pub results: Option<&'a str>,
    pub json: bool,
    pub threads: usize,
    pub hash_mib: usize,
}

/// Many positions over the workers. Exit status: 0, 1 if a score differs
/// from the file's, 2 if a position was rejected.
pub fn solve_many(place: Place, batch: Batch, opts: SolveOptions) -> Result<u8, Error> {
    let worker = Worker { task: Task::Solve(opts), threads: batch.threads, table_bytes: batch.hash_mib << 20 };
    let status = with_links(place, worker, |links| {
        let clock = std::time::Instant::now();
        let mut results = batch.results.map(ResultsFile::open).transpose()?;
        let mut rejected = 0;
        let mut good: Vec<(String, ObfLine)> = Vec::new();
        match &batch.source {
            Source::Obf { file, board } => {
                for (n, line) in read_lines(file, *board)? {
                    match line {
                        Ok(l) => good.push((format!("line {n}"), l)),
                        Err(e) => {
                            rejected += 1;
                            eprintln!("{file} line {n}: rejected: {e}");
                        }
                    }
                }
            }
            Source::Openings { root, empties } => {
                let list = yomi::cluster::openings::frontier(root, *empties);
                good.extend(list.into_iter().enumerate().map(|(k, p)| (format!("#{}", k + 1), ObfLine { position: p, scores: Vec::new() })));
            }
        }
        let what = match &batch.source {
            Source::Obf { file, .. } => file.to_string(),
            Source::Openings { .. } => "openings".to_string(),
        };
        let mut values: Vec<Option<i32>> = vec![None; good.len()];
        let positions: Vec<Position> = good.iter().map(|(_, l)| l.position).collect();
        let (mut checked, mut matched, mut from_file, mut stopped) = (0, 0, 0, 0);
        let (mut nodes, mut seconds) = (0u64, 0f64);
        let mut out = std::io::stdout();
        let mut event = |e: Event| match e {
            Event::Solved { item, result, by, twin_of } => {
                let (n, line) = &good[item];
                let pos = &line.position;
                if !result.stopped {
                    values[item] = Some(result.score);
                }
                let expect = |v: i32| if opts.wld { v.signum() } else { v };
                let given = line.scores.iter().map(|&(_, s)| s).max().map(expect);
                let best_given = result.best.as_deref().and_then(|b| {
                    line.scores.iter().find(|(sq, _)| sq.name(pos.size()) == b).map(|&(_, s)| expect(s))
                });
                let ok = !result.stopped && given.is_none_or(|g| g == result.score) && best_given.is_none_or(|b| b == result.score);
                if given.is_some() && !result.stopped {
                    checked += 1;
                    matched += ok as usize;
                }
                let source = match (twin_of, by.as_str()) {
                    (Some(t), _) => format!("twin of {}", good[t].0),
                    (None, "results file") => {
                        from_file += 1;
                        "results file".to_string()
                    }
                    (None, by) => {
                        nodes += result.nodes;
                        seconds += result.seconds;
                        by.to_string()
                    }
                };
                stopped += result.stopped as usize;
                if batch.json {
                    let v = json!({
                        "item": n, "position": yomi::format_position_with_board(pos),
                        "score": (!result.stopped).then_some(result.score), "best": result.best,
                        "lower": result.lower, "upper": result.upper, "stopped": result.stopped,
                        "nodes": result.nodes, "seconds": result.seconds, "by": source,
                        "check": given.map(|_| if ok { "ok" } else { "mismatch" }),
                    });
                    let _ = writeln!(out, "{v}");
                } else {
                    let score = if result.stopped { format!("stopped ({})", yomi::bound::describe_bounds(result.lower, result.upper)) } else { format!("{:+}", result.score) };
                    let check = match given {
                        Some(g) if ok => format!("file {g:+} ok"),
                        Some(g) => format!("file {g:+} MISMATCH"),
                        None => String::new(),
                    };
                    let _ = writeln!(
                        out,
                        "{n:<9} {score:>4} {:<5} {check:<14} {:>13} nodes {:>9.3} s  {source}",
                        result.best.as_deref().unwrap_or("-"),
                        result.nodes,
                        result.seconds
                    );
                }
            }
            Event::Rejected { item, message, by } => {
                rejected += 1;
                eprintln!("{what} {}: rejected by {by}: {message}", good[item].0);
            }
        };
        batch::run(links, &positions, &opts, results.as_mut(), None, &mut event).map_err(Error::Cluster)?;
        let rate = yomi::clock::rate(nodes, seconds);
        let summary = format!(
            "{matched} of {checked} positions match; {} positions, {from_file} from the results file, {stopped} stopped, {rejected} rejected; \
             {nodes} nodes, {seconds:.3} s of solving, {rate:.0} nodes/s; {:.3} s in all on {} workers",
            good.len(),
            clock.elapsed().as_secs_f64(),
            links.workers()
        );
        if batch.json {
            eprintln!("{summary}");
        } else {
            println!("{summary}");
        }
        if let Source::Openings { root, empties } = &batch.source {
            let forms: std::collections::HashMap<_, i32> = good
                .iter()
                .zip(&values)
                .filter_map(|((_, l), v)| v.map(|v| (yomi::cluster::batch::form(&l.position), v)))
                .collect();
            let v = yomi::cluster::openings::back_up(root, *empties, opts.scoring, opts.wld, &|p| forms.get(&yomi::cluster::batch::form(p)).copied());
            let side = root.to_move().name();
            if batch.json {
                println!("{}", json!({"root": yomi::format_position_with_board(root), "empties": empties, "positions": good.len(), "score": v}));
            } else {
                match v {
                    Some(v) => println!("Root {}: {v:+} for {side}, backed up from {} positions at {empties} empties", yomi::format_position(root), good.len()),
                    None => println!("Root {}: not settled, some positions at {empties} empties are unsolved", yomi::format_position(root)),
                }
            }
        }
        Ok(if rejected > 0 { 2 } else if matched < checked { 1 } else { 0 })
    })?;
    Ok(status.unwrap_or(0))
}
