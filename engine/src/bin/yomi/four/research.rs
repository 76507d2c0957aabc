//! `yomi four` for research: paper 003's experiment, its games and
//! statistics, and the bench.

use clap::Args;
use serde_json::json;
use yomi::four::calibration::calibrate_kind;
use yomi::four::curve::curve_svg;
use yomi::four::eval::{ForcedEval, PaperEval, ThreatEval};
use yomi::four::experiment::{experiment, Baseline, Configuration, PAPER_FIGURES};
use yomi::four::positions::sample_positions;
use yomi::four::pruning::{Model, PruningStats};
use yomi::four::reproduction::{calibrate_on_trees, calibration_games, games_to_text, paper_games, positions_of, test_positions, without};
use yomi::four::search::FourMode;
use yomi::four::{format_board, EvalKind, FourOptions};
use yomi::Error;

use crate::common::check_threads;
use super::parse_four_mode;

#[derive(Args)]
pub(super) struct ExperimentArgs {
    /// Positions: test (every position of the 100 test games) or
    /// calibration (the calibration games', where margins are chosen, less
    /// those also in the test set).
    #[arg(long, default_value = "test", value_name = "SET")]
    set: String,
    /// Only this many of the set's positions, a seeded draw (0: all).
    #[arg(long, default_value_t = 0, value_name = "N")]
    positions: usize,
    /// Depth of every search.
    #[arg(long, default_value_t = 8, value_name = "D")]
    depth: u32,
    /// Cut values in σ, comma-separated.
    #[arg(long, default_value = "4,3.5,3.25,3,2.75,2.5,2.25,2,1.75,1.5,1.25,1,0.75,0.5", value_name = "LIST")]
    margins: String,
    /// Configurations: paper (paper 003's evaluation and statistics) and
    /// yomi (ours), or one of them.
    #[arg(long, default_value = "paper,yomi", value_name = "LIST")]
    config: String,
    /// Searches run with and without the cut: paper (paper 003's plain
    /// alpha-beta), engine (iterative deepening PVS with the table) or both.
    #[arg(long, default_value = "paper", value_name = "LIST")]
    search: String,
    /// Threads: positions run in parallel, one search per thread.
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Seed of the draw of --positions.
    #[arg(long, default_value_t = 3)]
    seed: u64,
    /// Statistics to cut with instead of the shipped ones (a file written
    /// by `yomi four calibrate`; one configuration only).
    #[arg(long, value_name = "FILE")]
    stats: Option<String>,
    /// Also draw the curve (hit rate against speed-up, the paper's two
    /// points beside it) as an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    #[arg(long)]
    json: bool,
}

/// Games of paper 003's plain alpha-beta against itself from openings of
/// four random stones: the test and calibration sets.
#[derive(Args)]
pub(super) struct GamesArgs {
    #[arg(long, default_value_t = 100, value_name = "N")]
    games: usize,
    /// Depth of the players' searches.
    #[arg(long, default_value_t = 8, value_name = "D")]
    depth: u32,
    #[arg(long, default_value_t = 2, value_name = "N")]
    threads: usize,
    #[arg(long)]
    seed: u64,
    /// Where to write the records, one game a line.
    #[arg(long, value_name = "FILE")]
    out: String,
}

#[derive(Args)]
pub(super) struct BenchArgs {
    /// Thread counts, comma-separated.
    #[arg(long, default_value = "1,2", value_name = "LIST")]
    threads: String,
    #[arg(long, default_value_t = 10, value_name = "D")]
    depth: u32,
    #[arg(long, default_value_t = 3, value_name = "R")]
    rounds: usize,
    #[arg(long, default_value = "ybw", value_parser = parse_four_mode)]
    mode: FourMode,
    #[arg(long, default_value = "threat")]
    eval: String,
    /// Print the bench positions (a JSON list of position strings) and stop.
    #[arg(long)]
    positions: bool,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub(super) struct CalibrateArgs {
    /// paper, threat or forced (Yomi's predictor for the experiment: the
    /// paper's line points after the forced line).
    #[arg(long, default_value = "threat")]
    eval: String,
    /// Where the statistics are gathered: games (the positions of games of
    /// depth-4 play, each searched by the engine to every depth up to
    /// --depth) or trees (paper 003's way: the interior nodes of plain
    /// --depth-ply alpha-beta trees from the shipped calibration games'
    /// positions, each node's static value against its exact value).
    #[arg(long, default_value = "games", value_name = "WHERE")]
    on: String,
    /// With --on games: games whose positions are measured.
    #[arg(long, default_value_t = 100, value_name = "N")]
    games: usize,
    /// How the deep value is predicted: increment (paper 003's mean
    /// increment) or linear (ProbCut's fitted line). Default: increment
    /// for paper, linear for threat.
    #[arg(long, value_name = "MODEL")]
    model: Option<String>,
    /// Deepest search measured (1 to 12); with --on trees, the trees' depth.
    #[arg(long, default_value_t = 9, value_name = "K")]
    depth: u32,
    /// With --on trees: ProbCut's reduction R. A node with k > R plies left
    /// is predicted from its (k − R)-ply value instead of its static one,
    /// and searches with these statistics probe it so.
    #[arg(long, value_name = "R")]
    probe: Option<u32>,
    /// With --on trees: nodes kept of each remaining depth in each tree.
    #[arg(long, default_value_t = 2, value_name = "N")]
    per_depth: usize,
    /// With --on trees: trees from this many of the calibration positions,
    /// a seeded draw (0: all).
    #[arg(long, default_value_t = 0, value_name = "N")]
    roots: usize,
    #[arg(long, default_value_t = 2, value_name = "N")]
    threads: usize,
    #[arg(long, default_value_t = 11)]
    seed: u64,
    /// Where to write the statistics.
    #[arg(long, value_name = "FILE")]
    out: String,
}

fn parse_list<T>(s: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, Error> {
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| f(x).ok_or_else(|| Error::BadArgument(format!("{what} '{x}' is not valid"))))
        .collect()
}

pub(super) fn experiment_cmd(a: ExperimentArgs) -> Result<(), Error> {
    if a.depth == 0 || a.depth > 12 {
        return Err(Error::BadDepth { depth: a.depth, max: 12 });
    }
    let margins = parse_list(&a.margins, "margin", |x| x.parse::<f32>().ok().filter(|m| *m > 0.0 && m.is_finite()))?;
    let configs = parse_list(&a.config, "configuration", |x| Configuration::parse(x).ok())?;
    let searches = parse_list(&a.search, "search", |x| Baseline::parse(x).ok())?;
    let set = match a.set.trim() {
        "test" => test_positions(),
        // Less the positions it shares with the test set, as the statistics' roots are.
        "calibration" => without(&positions_of(calibration_games()), &test_positions()).0,
        other => return Err(Error::BadArgument(format!("set '{other}' is unknown; expected test or calibration"))),
    };
    if a.positions > set.len() {
        return Err(Error::BadArgument(format!("--positions {} is out of range; the {} set has {}", a.positions, a.set, set.len())));
    }
    let boards = if a.positions == 0 { set } else { yomi::four::reproduction::draw(&set, a.positions, a.seed) };
    let stats = match &a.stats {
        None => None,
        Some(_) if configs.len() != 1 => {
            return Err(Error::BadArgument("--stats belongs to one configuration; give --config paper or --config yomi".into()))
        }
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| Error::BadArgument(format!("cannot read {path}: {e}")))?;
            Some(PruningStats::parse(&text)?)
        }
    };
    let pool = check_threads(a.threads)?;
    let clock = yomi::clock::Clock::start();
    let mut rows = Vec::new();
    for (search, config) in searches.iter().flat_map(|&s| configs.iter().map(move |&c| (s, c))) {
        if !a.json {
            eprintln!("{} search, {} configuration: {} positions at depth {}", search.name(), config.name(), boards.len(), a.depth);
        }
        let json = a.json;
        let r = pool.install(|| {
            experiment(config, search, stats.as_ref(), &boards, a.depth, &margins, None, &|n, all| {
                if !json && (n.is_multiple_of(100) || n == all) {
                    eprintln!("  {n}/{all} positions, {:.0} s", clock.seconds());
                }
            })
        });
        rows.extend(r);
    }
    if let Some(path) = &a.svg {
        std::fs::write(path, curve_svg(&rows, a.depth)).map_err(|e| Error::BadArgument(format!("cannot write {path}: {e}")))?;
    }
    if a.json {
        println!("{}", json!({ "set": a.set, "depth": a.depth, "positions": boards.len(), "rows": rows, "paper": PAPER_FIGURES.iter().map(|&(m, h, s)| json!({"margin": m, "hit_rate": h, "speedup": s})).collect::<Vec<_>>() }));
        return Ok(());
    }
    println!("Paper 003's experiment: {} positions of the {} games, depth {}", boards.len(), a.set, a.depth);
    println!("{:>7} {:>7} {:>7} {:>9} {:>10} {:>10} {:>14} {:>14}   paper", "search", "config", "margin", "hit rate", "speed-up", "time", "plain nodes", "pruned nodes");
    for r in &rows {
        let paper = PAPER_FIGURES.iter().find(|f| f.0 == r.margin).map(|f| format!("{:.0} %, {:.1}x", f.1 * 100.0, f.2)).unwrap_or_default();
        println!(
            "{:>7} {:>7} {:>6}σ {:>8.2}% {:>9.2}x {:>9.2}x {:>14} {:>14}   {paper}",
            r.search.name(),
            r.configuration.name(),
            r.margin,
            r.hit_rate * 100.0,
            r.speedup,
            r.time_speedup,
            r.plain_nodes,
            r.pruned_nodes
        );
    }
    Ok(())
}

pub(super) fn games_cmd(a: GamesArgs) -> Result<(), Error> {
    if a.games == 0 || a.games > 100_000 {
        return Err(Error::BadArgument(format!("--games {} is out of range; expected 1 to 100000", a.games)));
    }
    if a.depth == 0 || a.depth > 12 {
        return Err(Error::BadDepth { depth: a.depth, max: 12 });
    }
    let pool = check_threads(a.threads)?;
    let clock = yomi::clock::Clock::start();
    let games = pool.install(|| {
        paper_games(a.games, a.seed, a.depth, &|n, all| {
            if n.is_multiple_of(10) || n == all {
                eprintln!("  {n}/{all} games, {:.0} s", clock.seconds());
            }
        })
    });
    let header = format!(
        "Score Four games of paper 003's plain alpha-beta (figure 1, the paper's raw evaluation, depth {}) against itself from {} openings of four random stones; yomi four games --games {} --depth {} --seed {}",
        a.depth, a.games, a.games, a.depth, a.seed
    );
    std::fs::write(&a.out, games_to_text(&header, &games)).map_err(|e| Error::BadArgument(format!("cannot write {}: {e}", a.out)))?;
    println!("wrote {} ({} games, {} positions, {:.0} s)", a.out, games.len(), positions_of(&games).len(), clock.seconds());
    Ok(())
}

pub(super) fn calibrate_cmd(a: CalibrateArgs) -> Result<(), Error> {
    let kind = EvalKind::parse(&a.eval)?;
    let model = match &a.model {
        Some(m) => Model::parse(m)?,
        None if kind == EvalKind::Paper => Model::Increment,
        None => Model::Linear,
    };
    if a.games == 0 || a.games > 100_000 {
        return Err(Error::BadArgument(format!("--games {} is out of range; expected 1 to 100000", a.games)));
    }
    if a.depth == 0 || a.depth > yomi::four::pruning::MAX_K {
        return Err(Error::BadDepth { depth: a.depth, max: yomi::four::pruning::MAX_K });
    }
    if a.per_depth == 0 || a.per_depth > 1000 {
        return Err(Error::BadArgument(format!("--per-depth {} is out of range; expected 1 to 1000", a.per_depth)));
    }
    if let Some(r) = a.probe {
        if a.on.trim() != "trees" {
            return Err(Error::BadArgument("--probe needs --on trees".into()));
        }
        if r == 0 || r >= a.depth.min(yomi::four::pruning::MAX_K) {
            return Err(Error::BadArgument(format!("--probe {r} is out of range; expected 1 to {}", a.depth.min(yomi::four::pruning::MAX_K) - 1)));
        }
    }
    let pool = check_threads(a.threads)?;
    let clock = yomi::clock::Clock::start();
    let progress = |n: usize, all: usize| {
        if n.is_multiple_of(200) || n == all {
            eprintln!("  {n}/{all} positions, {:.0} s", clock.seconds());
        }
    };
    let (stats, how) = match a.on.trim() {
        "games" => {
            eprintln!("playing {} games (4 random pegs, then depth 4 with one move in ten random)", a.games);
            let positions = pool.install(|| sample_positions(a.games, 4, 4, a.seed));
            eprintln!("{} positions in {:.1} s; searching each to depth {}", positions.len(), clock.seconds(), a.depth);
            let stats = pool.install(|| calibrate_kind(kind, model, &positions, &positions, a.depth, &progress));
            let how = format!(
                "{} games (seed {}), {} positions, depths 1-{}; yomi four calibrate --eval {} --model {} --games {} --depth {} --seed {}",
                a.games, a.seed, positions.len(), a.depth, kind.name(), model.name(), a.games, a.depth, a.seed
            );
            (stats, how)
        }
        "trees" => {
            let (mut roots, dropped) = without(&positions_of(calibration_games()), &test_positions());
            if a.roots > 0 {
                roots = yomi::four::reproduction::draw(&roots, a.roots.min(roots.len()), a.seed);
            }
            eprintln!("{} positions of the calibration games ({dropped} in the test set left out); a {}-ply tree from each", roots.len(), a.depth);
            let stats = pool.install(|| match kind {
                EvalKind::Paper => calibrate_on_trees(&roots, |m| PaperEval { mean: *m }, model, a.probe, a.depth, a.per_depth, a.seed, &progress),
                EvalKind::Threat => calibrate_on_trees(&roots, |_| ThreatEval, model, a.probe, a.depth, a.per_depth, a.seed, &progress),
                EvalKind::Forced => calibrate_on_trees(&roots, |m| ForcedEval { mean: *m }, model, a.probe, a.depth, a.per_depth, a.seed, &progress),
            });
            let (probed, probe_arg) = match a.probe {
                Some(r) => (format!(", each node's (k - {r})-ply value predicting its k-ply value where k > {r}"), format!(" --probe {r}")),
                None => (String::new(), String::new()),
            };
            let how = format!(
                "the nodes of plain {}-ply alpha-beta trees from the {} positions of the calibration games, {} a remaining depth each (seed {}){probed}; yomi four calibrate --eval {} --model {} --on trees --depth {} --per-depth {} --roots {} --seed {}{probe_arg}",
                a.depth, roots.len(), a.per_depth, a.seed, kind.name(), model.name(), a.depth, a.per_depth, a.roots, a.seed
            );
            (stats, how)
        }
        other => return Err(Error::BadArgument(format!("--on '{other}' is unknown; expected games or trees"))),
    };
    let header = format!("Yomi Score Four statistics for the {} evaluation ({} model): {how}", kind.name(), model.name());
    std::fs::write(&a.out, stats.to_text(&header)).map_err(|e| Error::BadArgument(format!("cannot write {}: {e}", a.out)))?;
    println!("wrote {} ({:.0} s)", a.out, clock.seconds());
    Ok(())
}

pub(super) fn bench_cmd(a: BenchArgs) -> Result<(), Error> {
    let counts = parse_list(&a.threads, "thread count", |x| x.parse::<usize>().ok().filter(|&n| (1..=1024).contains(&n)))?;
    if a.depth == 0 || a.depth > 20 {
        return Err(Error::BadDepth { depth: a.depth, max: 20 });
    }
    if a.rounds == 0 || a.rounds > 100 {
        return Err(Error::BadArgument(format!("--rounds {} is out of range; expected 1 to 100", a.rounds)));
    }
    let eval = EvalKind::parse(&a.eval)?;
    let pools = counts.iter().map(|&n| check_threads(n)).collect::<Result<Vec<_>, _>>()?;
    let positions = yomi::four::positions::bench_positions();
    if a.positions {
        println!("{}", json!(positions.iter().map(format_board).collect::<Vec<_>>()));
        return Ok(());
    }
    let opts = FourOptions { depth: a.depth, eval, mode: a.mode, ..FourOptions::default() };
    let pools: Vec<(usize, rayon::ThreadPool)> = counts.iter().copied().zip(pools).collect();
    let rows = yomi::four::bench::bench(&positions, &pools, &opts, a.rounds, &mut |round, threads, seconds, nodes| {
        if !a.json {
            eprintln!("round {round} threads {threads}: {seconds:.3} s, {nodes} nodes");
        }
    })?;
    if a.json {
        println!("{}", json!({"depth": a.depth, "mode": a.mode.name(), "positions": positions.len(), "rows": rows}));
    } else {
        println!("Score Four bench: {} positions, depth {}, mode {}, {} rounds", positions.len(), a.depth, a.mode, a.rounds);
        println!("threads   best s  median s        nodes   nodes/s  speed-up best / median");
        for r in &rows {
            println!(
                "{:>7} {:>8.3} {:>9.3} {:>12} {:>9.0}  {:.2}x / {:.2}x",
                r.threads, r.best, r.median, r.nodes, r.nodes_per_second, r.speedup_best, r.speedup_median
            );
        }
    }
    Ok(())
}
