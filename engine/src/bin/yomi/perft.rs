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
    /// Deepest depth to count, 1 to 20.
    #[arg(value_name = "DEPTH")]
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<(), Error> {
    if args.depth == 0 || args.depth > MAX_DEPTH {
        return Err(Error::BadDepth { depth: args.depth, max: MAX_DEPTH });
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
    for depth in 1..=args.depth {
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
