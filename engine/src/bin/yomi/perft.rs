use std::time::Instant;

use clap::Args;
use serde_json::json;
use yomi::rules::perft::{perft_position, MAX_DEPTH};
use yomi::Error;

use crate::BoardArgs;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Threads to count with; 1 counts on this thread alone.
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Count from this position instead of the start (see `yomi show --help`).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Estimate the whole game tree's size instead, by Knuth's method from
    /// this many random walks to the end of the game (nodes and finished
    /// games, with their standard errors, and the nodes at each depth).
    #[arg(long, value_name = "WALKS", conflicts_with_all = ["depth", "threads"])]
    estimate: Option<u64>,
    /// With --estimate: the walks' seed.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "estimate")]
    seed: u64,
    /// Deepest depth to count, 1 to 20.
    #[arg(value_name = "DEPTH", required_unless_present = "estimate")]
    depth: Option<u32>,
}

pub fn run(args: PerftArgs) -> Result<(), Error> {
    if let Some(walks) = args.estimate {
        return estimate(&args, walks);
    }
    let depth = args.depth.expect("clap: DEPTH unless --estimate");
    if depth == 0 || depth > MAX_DEPTH {
        return Err(Error::BadDepth { depth, max: MAX_DEPTH });
    }
    if args.threads == 0 || args.threads > 1024 {
        return Err(Error::BadArgument(format!(
            "--threads {} is out of range; expected 1 to 1024",
            args.threads
        )));
    }
    let pos = args.board.position(args.position.as_deref())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| Error::BadArgument(format!("cannot start {} threads: {e}", args.threads)))?;
    let parallel = args.threads > 1;

    let mut rows = Vec::new();
    let mut total_leaves = 0u64;
    let mut total_seconds = 0f64;
    for depth in 1..=depth {
        let t = Instant::now();
        let count = pool.install(|| perft_position(&pos, depth, parallel))?;
        let seconds = t.elapsed().as_secs_f64();
        total_leaves += count;
        total_seconds += seconds;
        if !args.json {
            println!("{depth} {count}");
        }
        rows.push(json!({ "depth": depth, "count": count, "seconds": seconds }));
    }
    let rate = if total_seconds > 0.0 { total_leaves as f64 / total_seconds } else { 0.0 };
    if args.json {
        let out = json!({
            "board": pos.size().to_string(),
            "start": args.board.start.to_string(),
            "position": yomi::format_position(&pos),
            "threads": args.threads,
            "depths": rows,
            "seconds": total_seconds,
            "leaves_per_second": rate.round(),
        });
        println!("{out}");
    } else {
        println!("{total_seconds:.3} seconds, {:.0} leaves/s", rate);
    }
    Ok(())
}

/// `--estimate WALKS`: Knuth's estimate of the whole tree.
fn estimate(args: &PerftArgs, walks: u64) -> Result<(), Error> {
    if !(2..=1_000_000_000).contains(&walks) {
        return Err(Error::BadArgument(format!("--estimate {walks} is out of range; expected 2 to 1000000000 walks")));
    }
    let pos = args.board.position(args.position.as_deref())?;
    let t = Instant::now();
    let est = yomi::tools::tree_size::estimate(&pos, walks, &mut yomi::rng::Rng::new(args.seed));
    let seconds = t.elapsed().as_secs_f64();
    if args.json {
        let out = json!({
            "board": pos.size().to_string(),
            "start": args.board.start.to_string(),
            "position": yomi::format_position(&pos),
            "walks": walks,
            "seed": args.seed,
            "nodes": est.nodes,
            "nodes_error": est.nodes_error,
            "games": est.games,
            "games_error": est.games_error,
            "mean_plies": est.mean_plies,
            "by_depth": est.by_depth,
            "seconds": seconds,
        });
        println!("{out}");
    } else {
        for (d, n) in est.by_depth.iter().enumerate().skip(1) {
            println!("{d} {n:.4e}");
        }
        println!(
            "whole tree by Knuth's estimate from {walks} walks (seed {}): {:.3e} nodes ± {:.1} %, {:.3e} finished games ± {:.1} %, games of {:.1} plies on average; {seconds:.1} s",
            args.seed,
            est.nodes,
            100.0 * est.nodes_error / est.nodes,
            est.games,
            100.0 * est.games_error / est.games,
            est.mean_plies
        );
    }
    Ok(())
}
