use clap::Args;
use serde_json::json;
use yomi::Error;

use crate::common::{check_hash, check_threads};

#[derive(Args)]
pub struct BenchArgs {
    /// Depth of the midgame searches (0 skips them).
    #[arg(long, default_value_t = 12, value_name = "D")]
    depth: u32,
    /// Skip the endgame solves (FFO #20-#29).
    #[arg(long)]
    no_endgame: bool,
    /// Threads.
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Transposition table in MiB (cleared before each position).
    #[arg(long, default_value_t = 64, value_name = "MiB")]
    hash: usize,
    #[arg(long)]
    json: bool,
}

pub fn run(args: BenchArgs) -> Result<(), Error> {
    let pool = check_threads(args.threads)?;
    check_hash(args.hash)?;
    if args.depth > 30 {
        return Err(Error::BadDepth { depth: args.depth, max: 30 });
    }
    let json_out = args.json;
    let lines = pool.install(|| {
        yomi::bench::run(args.depth, !args.no_endgame, args.hash, None, &mut |l| {
            if json_out {
                println!(
                    "{}",
                    json!({"kind": l.kind, "position": yomi::format_position(&l.position), "depth": l.depth,
                        "score": l.score, "nodes": l.nodes, "seconds": l.seconds})
                );
            } else {
                println!(
                    "{:<8} depth {:>2}  score {:+7.2}  nodes {:>11}  {:>7.3} s  {:>10.0} nodes/s",
                    l.kind,
                    l.depth,
                    l.score,
                    l.nodes,
                    l.seconds,
                    l.nodes as f64 / l.seconds.max(1e-9)
                );
            }
        })
    });
    for kind in ["midgame", "endgame"] {
        let (n, s) = lines.iter().filter(|l| l.kind == kind).fold((0u64, 0f64), |a, l| (a.0 + l.nodes, a.1 + l.seconds));
        if n > 0 && !json_out {
            println!("{kind}: {n} nodes, {s:.3} s, {:.0} nodes/s", n as f64 / s.max(1e-9));
        }
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.seconds).sum();
    if json_out {
        println!("{}", json!({"signature": nodes, "nodes": nodes, "seconds": seconds, "nodes_per_second": (nodes as f64 / seconds.max(1e-9)).round(), "threads": args.threads}));
    } else {
        println!("bench signature {nodes} nodes, {seconds:.3} s, {:.0} nodes/s", nodes as f64 / seconds.max(1e-9));
    }
    Ok(())
}
