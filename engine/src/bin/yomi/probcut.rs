use clap::Args;
use serde_json::json;
use yomi::tools::probcut_calibration::calibrate_probcut;
use yomi::tools::pruning_experiment::pruning_experiment;
use yomi::Error;

use crate::common::{check_threads, load_weights};

#[derive(Args)]
pub struct ProbCutArgs {
    /// Measure the statistics (mean and standard deviation of deep minus
    /// shallow values by stage and depth) and write them to --out.
    #[arg(long, conflicts_with = "experiment")]
    calibrate: bool,
    /// Paper 003's experiment: positions after random openings searched to
    /// --depth without pruning and at each selectivity; hit rate and nodes.
    #[arg(long)]
    experiment: bool,
    /// Positions to measure.
    #[arg(long, default_value_t = 100, value_name = "N")]
    positions: usize,
    /// Calibration: deepest depth measured. Experiment: the search depth.
    #[arg(long, default_value_t = 8, value_name = "D")]
    depth: u32,
    /// Experiment: random plies of each opening.
    #[arg(long, default_value_t = 10, value_name = "N")]
    random_plies: usize,
    #[arg(long, default_value_t = 3)]
    seed: u64,
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
    /// Evaluation weights: shipped, hand, or a file.
    #[arg(long, default_value = "shipped", value_name = "NAME|FILE")]
    weights: String,
    /// Where --calibrate writes.
    #[arg(long, default_value = "engine/weights/probcut.txt", value_name = "FILE")]
    out: String,
    #[arg(long)]
    json: bool,
}

pub fn run(args: ProbCutArgs) -> Result<(), Error> {
    let pool = check_threads(args.threads)?;
    let weights = load_weights(&args.weights)?;
    if args.positions == 0 || !(3..=16).contains(&args.depth) {
        return Err(Error::BadArgument("--positions must be positive and --depth 3 to 16".into()));
    }
    if args.calibrate {
        let t = std::time::Instant::now();
        let stats = pool.install(|| calibrate_probcut(weights, args.positions, args.depth, args.seed));
        std::fs::write(&args.out, stats.to_text()).map_err(|e| Error::BadArgument(format!("cannot write {}: {e}", args.out)))?;
        print!("{}", stats.to_text());
        println!("# {} positions in {:.1} s, written to {}", args.positions, t.elapsed().as_secs_f64(), args.out);
        return Ok(());
    }
    if !args.experiment {
        return Err(Error::BadArgument("say --calibrate or --experiment".into()));
    }
    let rows = pruning_experiment(weights, args.positions, args.depth, args.random_plies, args.seed);
    let plain = rows[0].nodes.max(1) as f64;
    let plain_s = rows[0].seconds.max(1e-9);
    if args.json {
        let v: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({"selectivity": r.selectivity, "t": if r.margin.is_finite() { Some(r.margin) } else { None },
                    "positions": r.positions, "hits": r.hits, "within_one_disc": r.near, "discs_lost": r.lost, "nodes": r.nodes, "seconds": r.seconds,
                    "node_speedup": plain / r.nodes.max(1) as f64, "time_speedup": plain_s / r.seconds.max(1e-9)})
            })
            .collect();
        println!("{}", json!({"depth": args.depth, "random_plies": args.random_plies, "rows": v}));
        return Ok(());
    }
    println!("Paper 003's experiment on 8x8 Othello: {} positions after {} random plies, depth {}", rows[0].positions, args.random_plies, args.depth);
    println!("| margin | same value as plain | within 1 disc | discs lost | nodes | node speed-up | seconds | time speed-up |");
    println!("|---|---|---|---|---|---|---|---|");
    for r in &rows {
        let t = if r.margin.is_finite() { format!("t = {}", r.margin) } else { "none (plain)".into() };
        println!(
            "| {t} | {}/{} ({:.0} %) | {} | {:.1} | {} | {:.2}x | {:.2} | {:.2}x |",
            r.hits,
            r.positions,
            100.0 * r.hits as f64 / r.positions.max(1) as f64,
            r.near,
            r.lost,
            r.nodes,
            plain / r.nodes.max(1) as f64,
            r.seconds,
            plain_s / r.seconds.max(1e-9)
        );
    }
    Ok(())
}
