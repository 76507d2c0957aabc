use clap::Args;
use serde_json::json;
use yomi::tools::bench::{available_cores, run_suite, BenchKind, Suite, SuiteRun};
use yomi::Error;

use crate::common::{check_hash, check_threads, parse_mode};

#[derive(Args)]
pub struct BenchArgs {
    /// Depth of the midgame searches (0 skips them).
    #[arg(long, default_value_t = 12, value_name = "D")]
    depth: u32,
    /// Skip the endgame solves (FFO #20-#29).
    #[arg(long)]
    no_endgame: bool,
    /// Threads, or a comma-separated list of thread counts to compare
    /// (for example 1,2,4): the parallel benchmark.
    #[arg(long, default_value = "1", value_name = "N[,N...]")]
    threads: String,
    /// Parallel modes to compare (comma-separated: ybw, lazy, msai, predict,
    /// serial); giving it runs the parallel benchmark.
    #[arg(long, value_name = "MODE[,MODE...]")]
    mode: Option<String>,
    /// Suites of the parallel benchmark: ffo (FFO #20-#39 exact), midgame
    /// (the midgame set at --depth), sweep (paper 000's sweep).
    #[arg(long, default_value = "ffo,midgame", value_name = "SUITE[,SUITE...]")]
    suite: String,
    /// Rounds of the parallel benchmark; each round runs every mode and
    /// thread count in turn, so a busy spell hits them all alike.
    #[arg(long, default_value_t = 3, value_name = "R")]
    rounds: usize,
    /// Highest X of the sweep suite.
    #[arg(long, default_value_t = 6, value_name = "X")]
    sweep_max: u32,
    /// Games per X in the sweep suite.
    #[arg(long, default_value_t = 10, value_name = "G")]
    games: usize,
    /// Transposition table in MiB (cleared before each position).
    #[arg(long, default_value_t = 64, value_name = "MiB")]
    hash: usize,
    #[arg(long)]
    json: bool,
}

fn parse_list<T>(text: &str, what: &str, parse: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, Error> {
    let items: Vec<T> = text
        .split(',')
        .map(|t| parse(t.trim()).ok_or_else(|| Error::BadArgument(format!("{what} {t:?} is not valid"))))
        .collect::<Result<_, _>>()?;
    if items.is_empty() {
        return Err(Error::BadArgument(format!("{what} list is empty")));
    }
    Ok(items)
}

pub fn run(args: BenchArgs) -> Result<(), Error> {
    check_hash(args.hash)?;
    if args.depth > 30 {
        return Err(Error::BadDepth { depth: args.depth, max: 30 });
    }
    let threads = parse_list(&args.threads, "--threads", |t| t.parse::<usize>().ok())?;
    let pools = threads.iter().map(|&t| check_threads(t)).collect::<Result<Vec<_>, _>>()?;
    if args.mode.is_some() || threads.len() > 1 {
        return parallel(&args, &threads, &pools);
    }
    signature(&args, &pools[0], threads[0])
}

/// The bench signature: fixed searches whose total node count changes with
/// any change to the search.
fn signature(args: &BenchArgs, pool: &rayon::ThreadPool, threads: usize) -> Result<(), Error> {
    let json_out = args.json;
    let lines = pool.install(|| {
        yomi::tools::bench::run(args.depth, !args.no_endgame, args.hash, None, &mut |l| {
            if json_out {
                println!(
                    "{}",
                    json!({"kind": l.kind.name(), "position": yomi::format_position(&l.position), "depth": l.depth,
                        "score": l.score, "nodes": l.nodes, "seconds": l.seconds})
                );
            } else {
                println!(
                    "{:<8} depth {:>2}  score {:+7.2}  nodes {:>11}  {:>7.3} s  {:>10.0} nodes/s",
                    l.kind.name(),
                    l.depth,
                    l.score,
                    l.nodes,
                    l.seconds,
                    l.nodes as f64 / l.seconds.max(1e-9)
                );
            }
        })
    });
    for kind in BenchKind::ALL {
        let (n, s) = lines.iter().filter(|l| l.kind == kind).fold((0u64, 0f64), |a, l| (a.0 + l.nodes, a.1 + l.seconds));
        if n > 0 && !json_out {
            println!("{}: {n} nodes, {s:.3} s, {:.0} nodes/s", kind.name(), n as f64 / s.max(1e-9));
        }
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.seconds).sum();
    if json_out {
        println!("{}", json!({"signature": nodes, "nodes": nodes, "seconds": seconds, "nodes_per_second": (nodes as f64 / seconds.max(1e-9)).round(), "threads": threads}));
    } else {
        println!("bench signature {nodes} nodes, {seconds:.3} s, {:.0} nodes/s", nodes as f64 / seconds.max(1e-9));
    }
    Ok(())
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Every suite in every mode at every thread count, in alternating rounds;
/// best and median time, nodes, nodes/s, speed-up and extra nodes over the
/// same mode on one thread, and the cores that were really free.
fn parallel(args: &BenchArgs, threads: &[usize], pools: &[rayon::ThreadPool]) -> Result<(), Error> {
    let modes = parse_list(args.mode.as_deref().unwrap_or("ybw"), "--mode", |m| parse_mode(m).ok())?;
    let suites = parse_list(&args.suite, "--suite", |s| match s {
        "ffo" => Some(Suite::Ffo),
        "midgame" => Some(Suite::Midgame { depth: args.depth.max(1) }),
        "sweep" => Some(Suite::Sweep { max_x: args.sweep_max.clamp(1, 9), games: args.games.max(1) }),
        _ => None,
    })?;
    if args.rounds == 0 || args.rounds > 100 {
        return Err(Error::BadArgument(format!("--rounds {} is out of range; expected 1 to 100", args.rounds)));
    }
    // The cores really free are measured in the pool with the most threads.
    let (widest, &max_threads) = threads.iter().enumerate().max_by_key(|&(_, t)| *t).expect("a thread count");
    let mut cores = Vec::new();
    // runs[suite][mode][threads] = one SuiteRun per round
    let mut runs = vec![vec![vec![Vec::<SuiteRun>::new(); threads.len()]; modes.len()]; suites.len()];
    for round in 0..args.rounds {
        for (si, &suite) in suites.iter().enumerate() {
            for (mi, &mode) in modes.iter().enumerate() {
                for (ti, pool) in pools.iter().enumerate() {
                    cores.push(pools[widest].install(|| available_cores(max_threads)));
                    let r = pool.install(|| run_suite(suite, mode, args.hash, None));
                    if !args.json {
                        eprintln!(
                            "round {} {:<8} {:<7} {} threads: {:>8.3} s {:>12} nodes{}",
                            round + 1,
                            suite.name(),
                            mode.name(),
                            threads[ti],
                            r.seconds,
                            r.nodes,
                            if r.misses > 0 { format!("  {} MISSES", r.misses) } else { String::new() }
                        );
                    }
                    runs[si][mi][ti].push(r);
                }
            }
        }
    }
    let core_median = median(&mut cores.clone());
    let core_min = cores.iter().copied().fold(f64::INFINITY, f64::min);
    let mut rows = Vec::new();
    for (si, suite) in suites.iter().enumerate() {
        for (mi, mode) in modes.iter().enumerate() {
            // The one-thread baseline: this mode's own run on one thread.
            let base_ti = threads.iter().position(|&t| t == 1);
            let base = |pick: fn(&[SuiteRun]) -> (f64, u64)| base_ti.map(|ti| pick(&runs[si][mi][ti]));
            let best_of = |rs: &[SuiteRun]| {
                let r = rs.iter().min_by(|a, b| a.seconds.total_cmp(&b.seconds)).expect("runs");
                (r.seconds, r.nodes)
            };
            let (base_best, base_nodes) = base(best_of).unzip();
            let base_median = base_ti.map(|ti| median(&mut runs[si][mi][ti].iter().map(|r| r.seconds).collect::<Vec<_>>()));
            for (ti, &t) in threads.iter().enumerate() {
                let rs = &runs[si][mi][ti];
                let (best, nodes) = best_of(rs);
                let med = median(&mut rs.iter().map(|r| r.seconds).collect::<Vec<_>>());
                let mut node_counts: Vec<f64> = rs.iter().map(|r| r.nodes as f64).collect();
                let med_nodes = median(&mut node_counts);
                let misses: u32 = rs.iter().map(|r| r.misses).sum();
                rows.push(json!({
                    "suite": suite.name(), "mode": mode.name(), "threads": t,
                    "best_seconds": best, "median_seconds": med,
                    "nodes": med_nodes as u64, "nodes_per_second": (nodes as f64 / best.max(1e-9)).round() as u64,
                    "speedup_best": base_best.map(|b| b / best.max(1e-9)),
                    "speedup_median": base_median.map(|b| b / med.max(1e-9)),
                    "extra_nodes": base_nodes.map(|b| med_nodes / b.max(1) as f64 - 1.0),
                    "misses": misses,
                }));
            }
        }
    }
    if args.json {
        println!("{}", json!({"rows": rows, "rounds": args.rounds, "cores_median": core_median, "cores_min": core_min, "threads_max": max_threads}));
        return Ok(());
    }
    println!(
        "{:<9} {:<7} {:>3}  {:>9} {:>9}  {:>12} {:>12}  {:>7} {:>7}  {:>6}  misses",
        "suite", "mode", "thr", "best s", "median s", "nodes", "nodes/s", "x best", "x med", "extra"
    );
    for r in &rows {
        let f = |k: &str| r[k].as_f64().map(|v| format!("{v:.2}")).unwrap_or_else(|| "-".into());
        println!(
            "{:<9} {:<7} {:>3}  {:>9.3} {:>9.3}  {:>12} {:>12}  {:>7} {:>7}  {:>6}  {}",
            r["suite"].as_str().unwrap_or(""),
            r["mode"].as_str().unwrap_or(""),
            r["threads"],
            r["best_seconds"].as_f64().unwrap_or(0.0),
            r["median_seconds"].as_f64().unwrap_or(0.0),
            r["nodes"],
            r["nodes_per_second"],
            f("speedup_best"),
            f("speedup_median"),
            r["extra_nodes"].as_f64().map(|v| format!("{:+.0}%", v * 100.0)).unwrap_or_else(|| "-".into()),
            r["misses"]
        );
    }
    println!(
        "cores really free for {max_threads} threads: median {core_median:.2}, least {core_min:.2} ({} samples, {} rounds)",
        cores.len(),
        args.rounds
    );
    Ok(())
}
