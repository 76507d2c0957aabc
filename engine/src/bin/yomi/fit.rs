use clap::Args;
use yomi::train::{fit, generate, hand_set, DataOptions};
use yomi::{Error, Weights};

#[derive(Args)]
pub struct FitArgs {
    /// Self-play games per round on 8x8; smaller boards play more games,
    /// scaled by 64 / squares.
    #[arg(long, default_value_t = 2000, value_name = "N")]
    games: usize,
    /// Rounds of play, label and fit; each round plays with the last
    /// round's weights.
    #[arg(long, default_value_t = 3, value_name = "N")]
    rounds: usize,
    /// Depth of the searches that label positions the solver does not reach.
    #[arg(long, default_value_t = 6, value_name = "D")]
    label_depth: u32,
    /// Passes of the optimiser over the data per round.
    #[arg(long, default_value_t = 300, value_name = "N")]
    epochs: usize,
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Threads for playing and labelling games.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
    /// Write only the hand-set weights (the fit's starting point).
    #[arg(long)]
    hand_set: bool,
    /// Where to write the weights.
    #[arg(long, default_value = "engine/weights/fitted.ywt", value_name = "FILE")]
    out: String,
}

pub fn run(args: FitArgs) -> Result<(), Error> {
    let pool = crate::common::check_threads(args.threads)?;
    if args.games == 0 || args.rounds == 0 || args.epochs == 0 || !(1..=20).contains(&args.label_depth) {
        return Err(Error::BadArgument("--games, --rounds and --epochs must be positive, --label-depth 1 to 20".into()));
    }
    let write = |w: &Weights| {
        std::fs::write(&args.out, w.to_bytes()).map_err(|e| Error::BadArgument(format!("cannot write {}: {e}", args.out)))
    };
    let mut weights: &'static Weights = Box::leak(Box::new(hand_set()));
    let mut samples: Vec<yomi::train::Sample> = Vec::new();
    if args.hand_set {
        write(weights)?;
        println!("hand-set weights written to {}", args.out);
        return Ok(());
    }
    for round in 1..=args.rounds {
        let t = std::time::Instant::now();
        let opts = DataOptions { games: args.games, label_depth: args.label_depth, seed: args.seed + round as u64 };
        let fresh = pool.install(|| generate(weights, opts));
        println!("round {round}: {} positions played and labelled in {:.1} s", fresh.len(), t.elapsed().as_secs_f64());
        // Keep earlier rounds' positions too: more data, and the solved
        // labels do not age.
        samples.extend(fresh);
        let t = std::time::Instant::now();
        let (w, before, after) = pool.install(|| fit(&samples, weights, args.epochs));
        println!(
            "round {round}: fitted {} positions in {:.1} s; rms error {before:.2} -> {after:.2} discs",
            samples.len(),
            t.elapsed().as_secs_f64()
        );
        weights = Box::leak(Box::new(w));
        write(weights)?;
    }
    println!("weights written to {}", args.out);
    Ok(())
}
