use clap::Args;
use yomi::tools::train::{fit, generate, hand_set, DataOptions};
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
    /// Where to write the weights (default engine/weights/fitted.ywt, or
    /// engine/weights/patterns.ywp with --patterns).
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Fit the 8x8 pattern evaluation from `yomi datagen`'s positions
    /// instead, and print its error against exact scores.
    #[arg(long)]
    patterns: bool,
    /// With --patterns: the positions files (one game in 50 of each is held out).
    #[arg(long, value_name = "FILE", num_args = 1.., default_values_t = ["target/train/positions.bin".to_string()])]
    data: Vec<String>,
    /// With --patterns: fit the corpus in DIR (`yomi corpus`) instead of
    /// --data files (one game in 50 of each shard is held out).
    #[arg(long, value_name = "DIR", requires = "patterns")]
    corpus: Option<String>,
    /// With --corpus: fit positions above the exact empties to the search's
    /// label, to their game's exact result, or to the mean of the two.
    #[arg(long, default_value = "search", value_name = "search|result|mean")]
    label: String,
    /// With --corpus: the label for the tournament shards' positions, if
    /// not --label's (their recorded results carry the players' mistakes).
    #[arg(long, value_name = "search|result|mean", requires = "corpus")]
    real_label: Option<String>,
    /// With --patterns: positions files never fitted, whose exact labels
    /// measure the error (make them with `yomi datagen --exact 24` and a
    /// seed of their own).
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "patterns")]
    test: Vec<String>,
    /// With --corpus: fit only the manifest's first N shards, as a fit made
    /// when the corpus had N shards did (default: every shard).
    #[arg(long, value_name = "N", requires = "corpus")]
    shards: Option<usize>,
    /// With --corpus: each position of a tournament shard counts N times
    /// in the fit (1 to 64), to measure what the positions people play are
    /// worth beside self-play's.
    #[arg(long, default_value_t = 1, value_name = "N", requires = "corpus")]
    real_weight: usize,
    /// With --corpus: the share of the corpus's games to fit (all, 1/2,
    /// 1/4, 1/8: nested), for a learning curve.
    #[arg(long, default_value = "all", value_name = "SHARE")]
    share: String,
    /// With --patterns: the held-out set (`yomi corpus heldout`), whose
    /// positions no fit takes and whose exact scores measure the error.
    #[arg(long, default_value = "tests/data/heldout.obf", value_name = "FILE")]
    heldout: std::path::PathBuf,
    /// With --patterns: the held-out set from the 2021-2023 tournament
    /// games (`yomi corpus heldout --real`), left out and measured the same.
    #[arg(long, default_value = "tests/data/heldout-real.obf", value_name = "FILE")]
    heldout_real: std::path::PathBuf,
    /// With --corpus: instead of fitting the shipped layout, try models
    /// over one band of empties, each fitted and measured on
    /// --probe-empties, writing nothing. A model is families from the
    /// evaluation's families ("round4", "round4+triangle,fish", ...), then
    /// "/w=N" for phases of N plies (default: the whole band), "/margin=N"
    /// to fit N empties either side of the band too, "/discs" for a
    /// table by the mover's disc count, "/moves=F,F..." for families
    /// (or "edge") read over both sides' legal moves, and "/net=K" or
    /// "/net=KxE" for a network of K units fitted in E passes (default 2;
    /// more overfit) to what the tables leave ("/net=KxE@N": over the
    /// first N windows), "/heads=N" for a network head per N plies (default:
    /// one for the band).
    #[arg(long, value_name = "MODEL", num_args = 1.., requires = "corpus")]
    probe: Vec<String>,
    /// With --probe: the band of empties fitted and measured.
    #[arg(long, default_value = "20-26", value_name = "A-B")]
    probe_empties: String,
    /// With --probe: scale each entry's step by min(1, appearances / N) (0: off).
    #[arg(long, default_value_t = 0, value_name = "N")]
    rare: u32,
    /// With --patterns: OBF files whose exact scores measure the error
    /// (never fitted).
    #[arg(long, value_name = "FILE", num_args = 1.., default_values_t = ["engine/data/ffo/fforum-1-19.obf".to_string(), "engine/data/ffo/fforum-20-39.obf".to_string(), "engine/data/ffo/fforum-40-59.obf".to_string(), "engine/data/ffo/fforum-60-79.obf".to_string()])]
    ffo: Vec<String>,
    /// With --patterns: measure these pattern weights (a FILE that `fit
    /// --patterns` wrote, or shipped) against the same positions instead of
    /// fitting.
    #[arg(long, value_name = "FILE|shipped", requires = "patterns")]
    measure: Option<String>,
    /// With --corpus: keep the tables of --tables and fit a network of K
    /// units over what they leave, 32 (the browser's network) or 64 (the
    /// native one's since round 12: fits better, and wins at equal time in three passes): "K", "KxE" for E passes, default 2; "KxE@N" over the
    /// first N windows, ending a family: 46 for round 4's; a head per
    /// stage. Writes both to --out and measures them.
    #[arg(long, value_name = "K[xE][@N]", requires = "corpus", conflicts_with = "measure")]
    net: Option<String>,
    /// With --corpus: fit the tables (or with --net, the network) by
    /// Huber's loss at D discs (1 to 64): errors beyond D pull by D only, so
    /// the fit aims at the middle of each position's likely scores, as the
    /// held-out MAE counts them; default: squared error.
    #[arg(long, value_name = "D", requires = "corpus", conflicts_with = "probe")]
    huber: Option<u8>,
    /// With --net: the tables the network is fitted over (a FILE that
    /// `fit --patterns` wrote, or shipped; a network they carry is dropped).
    #[arg(long, default_value = "shipped", value_name = "FILE|shipped", requires = "net")]
    tables: String,
    /// With --patterns: the families fitted (all, round4, or names such as
    /// corner3x3,edgex); the others' tables stay zero and are not read.
    #[arg(long, default_value = "all", value_name = "all|round4|F,F...")]
    families: String,
    /// With --patterns: Adam's first step in discs, and the pull towards zero.
    #[arg(long, default_value_t = 0.3, value_name = "R")]
    rate: f32,
    #[arg(long, default_value_t = 0.00002, value_name = "L")]
    l2: f32,
}

pub fn run(args: FitArgs) -> Result<(), Error> {
    let pool = crate::common::check_threads(args.threads)?;
    if args.patterns {
        return pool.install(|| fit_patterns(&args));
    }
    let out = args.out.clone().unwrap_or_else(|| "engine/weights/fitted.ywt".into());
    if args.games == 0 || args.rounds == 0 || args.epochs == 0 || !(1..=20).contains(&args.label_depth) {
        return Err(Error::BadArgument("--games, --rounds and --epochs must be positive, --label-depth 1 to 20".into()));
    }
    let write = |w: &Weights| {
        std::fs::write(&out, w.to_bytes()).map_err(|e| Error::BadArgument(format!("cannot write {out}: {e}")))
    };
    let mut weights: &'static Weights = Box::leak(Box::new(hand_set()));
    let mut samples: Vec<yomi::tools::train::Sample> = Vec::new();
    if args.hand_set {
        write(weights)?;
        println!("hand-set weights written to {out}");
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
    println!("weights written to {out}");
    Ok(())
}

fn fit_patterns(args: &FitArgs) -> Result<(), Error> {
    use yomi::tools::pattern_fit::{error_over, error_table, ffo_positions, fit, pattern_value, split, ErrorRow, FitOptions};
    if args.epochs == 0 || args.rate.is_nan() || args.rate <= 0.0 || args.l2.is_nan() || args.l2 < 0.0 {
        return Err(Error::BadArgument("--epochs and --rate must be positive, --l2 at least 0".into()));
    }
    let fitted_families = yomi::eval::pattern::parse_families(&args.families, "--families")?;
    if !(1..=64).contains(&args.real_weight) {
        return Err(Error::BadArgument(format!("--real-weight {} is out of range; expected 1 to 64", args.real_weight)));
    }
    if let Some(d) = args.huber.filter(|d| !(1..=64).contains(d)) {
        return Err(Error::BadArgument(format!("--huber {d} is out of range; expected 1 to 64 discs")));
    }
    let out = args.out.clone().unwrap_or_else(|| "engine/weights/patterns.ywp".into());
    let net = match &args.net {
        Some(text) => Some(
            yomi::tools::net_fit::NetSpec::parse(text)
                .filter(|s| yomi::eval::pattern_net::WIDTHS.contains(&s.hidden) && s.windows.is_none_or(|n| yomi::eval::pattern::FAMILY_WINDOWS[1..].contains(&n)))
                .ok_or_else(|| {
                    Error::BadArgument(format!("--net {text}: expected K, KxE or KxE@N: K units (32 or 64), E from 1 to 1000 passes, N windows read ending a family (46: round 4's)"))
                })
                .map(|s| yomi::tools::net_fit::NetSpec { huber: args.huber, ..s })?,
        ),
        None => None,
    };
    let t = std::time::Instant::now();
    let read = |file: &String| {
        yomi::tools::datagen::read(std::path::Path::new(file)).map_err(|e| Error::BadArgument(format!("cannot read {file}: {e}")))
    };
    let (mut train, mut held, mut games) = (Vec::new(), Vec::new(), 0);
    let read_set = |path: &std::path::Path| -> Result<Vec<_>, Error> {
        Ok(yomi::tools::heldout::HeldOut::read(path)?
            .positions()
            .map(|x| yomi::tools::pattern_fit::Labelled { p: x.position.player(), o: x.position.opponent(), score: x.score as f32, exact: true })
            .collect())
    };
    // The corpus's options are checked, and its shards read, before the
    // held-out sets: a bad option is named before a missing file.
    let corpus = match &args.corpus {
        Some(dir) => {
            let parse = |option: &str, text: &str| {
                yomi::tools::pattern_fit::CorpusLabel::parse(text)
                    .ok_or_else(|| Error::BadArgument(format!("{option} {text}: expected search, result or mean")))
            };
            let self_play = parse("--label", &args.label)?;
            let tournament = match &args.real_label {
                Some(text) => parse("--real-label", text)?,
                None => self_play,
            };
            let label = yomi::tools::pattern_fit::CorpusLabels { self_play, tournament };
            let share = yomi::tools::pattern_fit::Share::parse(&args.share)
                .ok_or_else(|| Error::BadArgument(format!("--share {}: expected all, 1/2, 1/4 or 1/8", args.share)))?;
            let mut shards: Vec<_> = yomi::tools::corpus::load(std::path::Path::new(dir))?.into_iter().map(|(_, s)| s).collect();
            if shards.is_empty() {
                return Err(Error::BadArgument(format!("{dir} holds no shards; grow one with `yomi corpus grow`")));
            }
            match args.shards {
                Some(n) if n == 0 || n > shards.len() => {
                    return Err(Error::BadArgument(format!("--shards {n}: {dir} holds {} shards", shards.len())));
                }
                Some(n) => shards.truncate(n),
                None => {}
            }
            Some((shards, label, share))
        }
        None => None,
    };
    // The self-play set, then the tournament one: both left out, both measured.
    let sets = [(&args.heldout, read_set(&args.heldout)?), (&args.heldout_real, read_set(&args.heldout_real)?)];
    let heldout: Vec<_> = sets.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    if let Some((shards, label, share)) = corpus {
        games = shards.iter().map(|s| s.games.len()).sum();
        let exclude = heldout.iter().map(|s| yomi::tools::pattern_fit::position_key(s.p, s.o)).collect();
        for shard in &shards {
            let (t, h) = yomi::tools::pattern_fit::split_corpus(std::slice::from_ref(shard), label.of(&shard.recipe.source), share, &exclude);
            let copies = match shard.recipe.source {
                yomi::tools::corpus::Source::Tournament { .. } => args.real_weight,
                yomi::tools::corpus::Source::SelfPlay | yomi::tools::corpus::Source::Branch => 1,
            };
            for _ in 0..copies {
                train.extend_from_slice(&t);
            }
            held.extend(h);
        }
    }
    for file in args.data.iter().filter(|_| args.corpus.is_none() && args.measure.is_none()) {
        let data = read(file)?;
        let (t, h) = split(&data);
        if t.is_empty() {
            return Err(Error::BadArgument(format!("{file} holds no positions; make them with `yomi datagen`")));
        }
        games += data.games.len();
        train.extend(t);
        held.extend(h);
    }
    let mut test = Vec::new();
    for file in &args.test {
        let data = read(file)?;
        let before = test.len();
        test.extend(data.games.iter().flat_map(|g| g.1.iter()).filter(|r| r.exact).map(yomi::tools::pattern_fit::Labelled::from));
        if test.len() == before {
            return Err(Error::BadArgument(format!("{file} holds no exactly labelled positions")));
        }
    }
    if !args.probe.is_empty() {
        for model in &args.probe {
            probe(args, model, &train, &held, &sets)?;
        }
        return Ok(());
    }
    let ffo = ffo_positions(&args.ffo)?;
    println!(
        "{games} games: {} positions to fit, {} held out; {} test positions; {} in the held-out set; {} FFO positions; read in {:.1} s",
        train.len(),
        held.len(),
        test.len(),
        heldout.len(),
        ffo.len(),
        t.elapsed().as_secs_f64()
    );
    let load = |option: &str, file: &str| -> Result<yomi::eval::pattern_weights::PatternWeights, Error> {
        match file {
            "shipped" => yomi::Weights::shipped().patterns.as_deref().cloned().ok_or_else(|| Error::BadArgument("this build has no pattern weights".into())),
            file => {
                let bytes = std::fs::read(file).map_err(|e| Error::BadArgument(format!("{option} {file}: {e}")))?;
                yomi::eval::pattern_weights::PatternWeights::from_bytes(&bytes).map_err(|e| Error::BadArgument(format!("{option} {file}: {e}")))
            }
        }
    };
    let w = match (args.measure.as_deref(), &net) {
        (Some(file), _) => load("--measure", file)?,
        (None, Some(spec)) => {
            let tables = load("--tables", &args.tables)?;
            let t = std::time::Instant::now();
            let progress = |pass: usize, rms: f64| println!("network pass {pass}: train rms {rms:.3} discs");
            let (w, clamped) = yomi::tools::pattern_fit::fit_net(&tables, &train, *spec, args.seed, &progress)?;
            let bytes = w.to_bytes();
            println!("network fitted in {:.1} s; {clamped} row numbers clamped to a byte", t.elapsed().as_secs_f64());
            std::fs::write(&out, &bytes).map_err(|e| Error::BadArgument(format!("cannot write {out}: {e}")))?;
            println!("weights written to {out} ({} bytes)", bytes.len());
            w
        }
        (None, None) => {
            let t = std::time::Instant::now();
            let opts = FitOptions { epochs: args.epochs, rate: args.rate, l2: args.l2, families: fitted_families, huber: args.huber };
            let progress = |stage: usize, epoch: usize, rms: f64| println!("stage {stage:2} epoch {epoch:4}: rms {rms:.2} discs");
            let w = fit(&train, opts, &progress);
            println!("fitted in {:.1} s", t.elapsed().as_secs_f64());
            std::fs::write(&out, w.to_bytes()).map_err(|e| Error::BadArgument(format!("cannot write {out}: {e}")))?;
            println!("weights written to {out} ({} bytes)", w.to_bytes().len());
            w
        }
    };
    let print = |title: &str, rows: &[ErrorRow]| {
        println!("{title}\n  empties  positions    MAE    RMS   bias");
        for r in rows {
            println!("  {:>2}-{:<2}  {:>10}  {:5.2}  {:5.2}  {:+5.2}", r.from, r.to, r.positions, r.mae, r.rms, r.bias);
        }
    };
    let exact: Vec<_> = held.iter().copied().filter(|s| s.exact).collect();
    let searched: Vec<_> = held.iter().copied().filter(|s| !s.exact).collect();
    let value = |p: u64, o: u64| pattern_value(&w, p, o);
    print("held-out games, against exact scores (discs):", &error_table(&exact, 10, &value));
    print("held-out games, against their search labels (discs):", &error_table(&searched, 10, &value));
    if !test.is_empty() {
        print("test games (never fitted), against exact scores (discs):", &error_table(&test, 3, &value));
        // The weights built into this binary, on the same positions: the
        // figure a new round must beat before it replaces them.
        if let Some(shipped) = yomi::Weights::shipped().patterns.as_deref() {
            let before = |p: u64, o: u64| pattern_value(shipped, p, o);
            print("the same test positions, the built-in pattern weights (discs):", &error_table(&test, 3, &before));
        }
    }
    for (path, set) in sets.iter().filter(|(_, v)| !v.is_empty()) {
        // The bands of the targets (20-26), then the rest; then the target band empty by
        // empty, where a bias that alternates with the parity shows.
        let bands = |v: &(dyn Fn(u64, u64) -> f64 + Sync)| -> Vec<ErrorRow> {
            let single = (20..=26).map(|e| e..=e);
            [14..=19, 20..=26, 27..=30, 31..=40, 20..=40].into_iter().chain(single).filter_map(|r| error_over(set, r, v)).collect()
        };
        print(&format!("the held-out set {}, against exact scores (discs):", path.display()), &bands(&value));
        if let Some(shipped) = yomi::Weights::shipped().patterns.as_deref() {
            let before = |p: u64, o: u64| pattern_value(shipped, p, o);
            print("the same held-out positions, the built-in pattern weights (discs):", &bands(&before));
        }
    }
    print("FFO positions and their children, against exact scores (discs):", &error_table(&ffo, 10, &value));
    if let Some(shipped) = yomi::Weights::shipped().patterns.as_deref() {
        let before = |p: u64, o: u64| pattern_value(shipped, p, o);
        print("the same FFO positions, the built-in pattern weights (discs):", &error_table(&ffo, 10, &before));
    }
    let old = &yomi::Weights::shipped().without_patterns();
    let old_value = |p: u64, o: u64| {
        let pos = yomi::Position::new(yomi::BoardSize::OTHELLO, p, o, yomi::Color::Black).expect("a position");
        yomi::eval::evaluation::evaluate(&pos, old) as f64 / yomi::eval::evaluation::SCALE as f64
    };
    print("the same FFO positions, paper 000's fitted features (discs):", &error_table(&ffo, 10, &old_value));
    Ok(())
}

type Labelled = yomi::tools::pattern_fit::Labelled;


/// `fit --probe`: one model over one band, its error beside round 4's.
fn probe(args: &FitArgs, model: &str, train: &[Labelled], held: &[Labelled], sets: &[(&std::path::PathBuf, Vec<Labelled>)]) -> Result<(), Error> {
    use yomi::tools::model_probe::{Probe, ProbeOptions, Spec};
    use yomi::tools::pattern_fit::pattern_value;
    let spec = Spec::parse(model, &args.probe_empties)?;
    println!(
        "probe {}: {} windows, {} entries, empties {:?} in phases of {} plies, fitted {} either side{}{}",
        spec.names.join(","),
        spec.windows(),
        spec.entries(),
        spec.empties,
        spec.width,
        spec.margin,
        if spec.discs { ", disc table" } else { "" },
        spec.net.map_or(String::new(), |n| format!(
            ", a network of {} units over {} passes reading {} windows, a head per {} plies",
            n.hidden,
            n.epochs,
            n.windows.map_or(spec.windows(), |w| w.min(spec.windows())),
            spec.head_width
        ))
    );
    let t = std::time::Instant::now();
    let opts = ProbeOptions { epochs: args.epochs, rate: args.rate, l2: args.l2, rare: args.rare };
    let probe = Probe::fit(spec, train, opts, &|epoch, rms| println!("epoch {epoch:4}: train rms {rms:.3}"));
    println!("fitted {} positions in {:.1} s", probe.fitted, t.elapsed().as_secs_f64());
    let shipped = yomi::Weights::shipped().patterns.as_deref().ok_or_else(|| Error::BadArgument("this build has no pattern weights".into()))?;
    let band = probe.spec().empties.clone();
    let shipped_error = |set: &[Labelled]| {
        let errs: Vec<f64> =
            set.iter().filter(|s| band.contains(&s.empties())).map(|s| (pattern_value(shipped, s.p, s.o) - s.score as f64).abs()).collect();
        errs.iter().sum::<f64>() / errs.len().max(1) as f64
    };
    let exact: Vec<Labelled> = held.iter().copied().filter(|s| s.exact).collect();
    let mut named: Vec<(String, &[Labelled])> = sets.iter().map(|(p, v)| (p.display().to_string(), v.as_slice())).collect();
    named.push(("held-out corpus games, exact labels".into(), &exact));
    named.push(("held-out corpus games, all labels".into(), held));
    println!("  set                                         positions   probe  shipped");
    for (name, set) in named {
        let (mae, n) = probe.error(set);
        println!("  {name:<42} {n:>10}  {mae:6.3}  {:7.3}", shipped_error(set));
    }
    Ok(())
}

#[derive(Args)]
pub struct DatagenArgs {
    /// Games to play (game numbers 0 to N-1; those already in the file are kept).
    #[arg(long, default_value_t = 30000, value_name = "N")]
    games: usize,
    /// Label positions with at most this many empties by an exact solve.
    #[arg(long, default_value_t = 18, value_name = "E")]
    exact: u32,
    /// Depth of the labelling search for positions with more empties.
    #[arg(long, default_value_t = 6, value_name = "D")]
    depth: u32,
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
    /// The data file (raw data: keep it out of git).
    #[arg(long, default_value = "target/train/positions.bin", value_name = "FILE")]
    out: String,
    /// The evaluation that plays and labels: shipped (on 8x8 the pattern
    /// evaluation), features (paper 000's fitted features, what the first
    /// round used), or a pattern weights FILE written by `fit --patterns`.
    #[arg(long, default_value = "shipped", value_name = "shipped|features|FILE")]
    eval: String,
    /// Label the positions of FILE again (games kept, exact labels kept,
    /// searched ones redone with --eval at --depth) into --out.
    #[arg(long, value_name = "FILE")]
    relabel: Option<String>,
}

pub fn datagen(args: DatagenArgs) -> Result<(), Error> {
    let pool = crate::common::check_threads(args.threads)?;
    if args.games == 0 || !(1..=20).contains(&args.depth) || !(1..=30).contains(&args.exact) {
        return Err(Error::BadArgument("--games must be positive, --depth 1 to 20, --exact 1 to 30".into()));
    }
    let path = std::path::Path::new(&args.out);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::BadArgument(format!("cannot create {}: {e}", dir.display())))?;
    }
    let weights: &'static Weights = match args.eval.as_str() {
        "shipped" => Weights::shipped(),
        "features" => Box::leak(Box::new(Weights::shipped().without_patterns())),
        file => {
            let bytes = std::fs::read(file)
                .map_err(|e| Error::BadArgument(format!("--eval {file}: not shipped, features or a readable file ({e})")))?;
            let w = crate::common::with_patterns(&bytes).map_err(|e| Error::BadArgument(format!("--eval {file}: {e}")))?;
            Box::leak(Box::new(w))
        }
    };
    let opts = yomi::tools::datagen::GenOptions { games: args.games, exact: args.exact, depth: args.depth, seed: args.seed };
    let progress = |done: usize, wanted: usize, positions: usize, secs: f64| {
        if done.is_multiple_of(50) || done == wanted {
            println!("{done}/{wanted} games, {positions} positions, {secs:.0} s");
        }
    };
    let n = match &args.relabel {
        Some(from) => {
            if !std::path::Path::new(from).exists() {
                return Err(Error::BadArgument(format!("--relabel {from}: no such file")));
            }
            pool.install(|| yomi::tools::datagen::relabel(std::path::Path::new(from), path, opts, weights, &progress))
        }
        None => pool.install(|| yomi::tools::datagen::generate(path, opts, weights, &progress)),
    }
    .map_err(|e| Error::BadArgument(format!("{}: {e}", args.out)))?;
    println!("{n} positions in {}", args.out);
    Ok(())
}
