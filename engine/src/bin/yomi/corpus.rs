use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;

use clap::{Args, Subcommand};
use yomi::tools::corpus::{self, LabelKind, Progress, Recipe, Source, Until};
use yomi::Error;

#[derive(Args)]
pub struct CorpusArgs {
    #[command(subcommand)]
    command: CorpusCommand,
}

#[derive(Subcommand)]
enum CorpusCommand {
    /// Grow the corpus: play and label games into the shard in progress
    /// (resuming it if an earlier run was interrupted), then finish it as
    /// the next shard-NNNN.ycp and list it in manifest.tsv.
    ///
    /// Prints progress as it goes. Each game is saved as it ends, so an
    /// interruption loses only the games in flight; run the same command
    /// again to resume.
    Grow(GrowArgs),
    /// Print the corpus: its shards, and positions by empties and label kind.
    Stats(DirArgs),
    /// Grow a held-out test set: positions of 14-40 empties, solved
    /// exactly, which no fit sees: from self-play games of their own, or
    /// with --real from the 2021-2023 tournament games.
    ///
    /// Fills the empties of --empties, the one with the fewest positions
    /// first; each position is written as soon as it is solved, so an
    /// interruption loses only the solves in flight. Run it again to go on.
    Heldout(HeldoutArgs),
    /// Raise the tournament shards' exact labels to --exact empties: the
    /// positions between a shard's old reach and the new one are solved,
    /// every other label kept, shard by shard in the manifest's order.
    ///
    /// The shard is the one `grow --real --exact E` would have made at its
    /// own commit, which its manifest line keeps. Each game is saved as it
    /// ends, in engine/corpus/relabel.part, so an interruption loses only the
    /// games in flight: the same command resumes it, at any commit.
    Relabel(RelabelArgs),
}

#[derive(Args)]
struct RelabelArgs {
    #[command(flatten)]
    dir: DirArgs,
    /// Exact labels for positions with at most E empties.
    #[arg(long, value_name = "E")]
    exact: u8,
    /// Stop starting games after this many minutes.
    #[arg(long, default_value_t = 60.0, value_name = "M")]
    minutes: f64,
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
}

#[derive(Args)]
struct HeldoutArgs {
    /// The set's file (OBF lines); default tests/data/heldout.obf, or
    /// tests/data/heldout-real.obf with --real.
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
    /// Take the positions from the tournament games of 2021-2023 (each
    /// distinct position once, in an order fixed by a seed) instead of
    /// self-play.
    #[arg(long)]
    real: bool,
    /// With --real: the tournament games file.
    #[arg(long, default_value = yomi::tools::tournament::GAMES, value_name = "FILE")]
    real_games: PathBuf,
    /// The empties to fill, as LO-HI within 14-40.
    #[arg(long, default_value = "14-24", value_name = "LO-HI")]
    empties: String,
    /// Stop starting positions after this many minutes.
    #[arg(long, default_value_t = 60.0, value_name = "M")]
    minutes: f64,
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
}

#[derive(Args)]
struct DirArgs {
    /// The corpus folder.
    #[arg(long, default_value = "engine/corpus", value_name = "DIR")]
    dir: PathBuf,
}

#[derive(Args)]
struct GrowArgs {
    #[command(flatten)]
    dir: DirArgs,
    /// Stop starting games after this many minutes (default 60 unless
    /// --games is given).
    #[arg(long, value_name = "M")]
    minutes: Option<f64>,
    /// Stop when the shard holds this many games.
    #[arg(long, value_name = "N")]
    games: Option<u32>,
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()), value_name = "N")]
    threads: usize,
    /// A new shard's seed (default: 1000 plus the shard's number).
    #[arg(long)]
    seed: Option<u64>,
    /// A new shard's exact labels: positions with at most E empties.
    #[arg(long, value_name = "E")]
    exact: Option<u8>,
    /// A new shard's search depth for the moves and labels before that.
    #[arg(long, value_name = "D")]
    depth: Option<u8>,
    /// A new shard's random moves after the opening, each at empties drawn
    /// between the opening's end and the exact labels (0 to 4).
    #[arg(long, value_name = "N")]
    detours: Option<u8>,
    /// A new self-play shard's opening: LO-HI random plies (default 6-18),
    /// or with --branch the tournament game's first LO-HI plies (default
    /// 20-32), within 0-40. A later opening puts the engine's result labels
    /// nearer the positions the players themselves reached.
    #[arg(long, value_name = "LO-HI")]
    opening: Option<String>,
    /// Finish the shard in progress as it stands, without playing more.
    #[arg(long)]
    finish: bool,
    /// A new shard of tournament games instead of self-play: the players'
    /// moves, labelled by the engine (exact from --exact empties, the
    /// search of --depth before), from the first game no shard holds yet.
    /// The 2021-2023 games are never taken.
    #[arg(long)]
    real: bool,
    /// A new shard of self-play games opened by the first 20-32 plies of a
    /// tournament game (drawn by the seed; never one of 2021-2023) instead
    /// of random plies: engine-played positions near the ones people reach.
    /// Played at depth 6 and exact from 18 empties unless --depth and
    /// --exact say otherwise.
    #[arg(long)]
    branch: bool,
    /// With --real or --branch: the tournament games file.
    #[arg(long, default_value = yomi::tools::tournament::GAMES, value_name = "FILE")]
    real_games: PathBuf,
}

pub fn run(args: CorpusArgs) -> Result<(), Error> {
    match args.command {
        CorpusCommand::Grow(a) => grow(a),
        CorpusCommand::Stats(a) => stats(&a.dir),
        CorpusCommand::Heldout(a) => heldout(a),
        CorpusCommand::Relabel(a) => relabel(a),
    }
}

/// Prints a growing shard's progress every 15 s and when `games` are done.
fn progress_printer(minutes: Option<f64>, games: Option<u32>, threads: usize) -> impl Fn(&Progress) + Sync {
    let last = Mutex::new(-1.0f64);
    move |p: &Progress| {
        let mut last = last.lock().expect("no panic while printing");
        let done = games.is_some_and(|n| p.prefix >= n);
        if p.wall - *last >= 15.0 || done {
            *last = p.wall;
            let left = minutes.map_or(String::new(), |m| format!(", {:.1} of {m:.1} min left", (m - p.wall / 60.0).max(0.0)));
            println!(
                "{} games (0-{} whole), {} positions, {:.1} games/min{left}",
                p.games,
                p.prefix.saturating_sub(1),
                p.positions,
                p.games as f64 * 60.0 / p.game_seconds.max(1e-9) * threads as f64
            );
        }
    }
}

fn relabel(args: RelabelArgs) -> Result<(), Error> {
    let dir = &args.dir.dir;
    if args.minutes.is_nan() || args.minutes <= 0.0 {
        return Err(Error::BadArgument("--minutes must be positive".into()));
    }
    crate::common::check_thread_count(args.threads)?;
    Recipe { exact: args.exact, ..Recipe::tournament(0) }.check()?;
    let path = dir.join(corpus::RELABEL);
    let clock = yomi::clock::Clock::start();
    let stop = AtomicBool::new(false);
    loop {
        let entries = corpus::read_manifest(dir)?;
        let (index, mut work) = match corpus::read_work(&path)? {
            Some(w) => {
                if w.recipe.exact != args.exact {
                    return Err(Error::BadArgument(format!(
                        "{} raises a shard to {} empties; finish it with --exact {} first",
                        path.display(),
                        w.recipe.exact,
                        w.recipe.exact
                    )));
                }
                let index = entries.iter().position(|e| e.recipe.source == w.recipe.source).ok_or_else(|| {
                    Error::damaged(path.display(), format!("no shard of {} in the manifest", w.recipe.source))
                })?;
                println!("resuming {} ({} games relabelled)", entries[index].file, w.games.len());
                (index, w)
            }
            None => {
                let Some(index) = corpus::relabel_target(&entries, args.exact) else {
                    println!("every tournament shard in {} is exact from {} empties", dir.display(), args.exact);
                    return Ok(());
                };
                let e = &entries[index];
                println!("{}: {} games, exact from {} empties to {}", e.file, e.games, e.recipe.exact, args.exact);
                (index, corpus::start_work(&path, &Recipe { exact: args.exact, ..e.recipe }, &e.commit)?)
            }
        };
        let entry = &entries[index];
        let shard = corpus::read_shard(dir, entry)?;
        let left = args.minutes * 60.0 - clock.seconds();
        if left > 0.0 {
            let (from, to) = (shard.recipe, work.recipe);
            let make = |g: u32| shard.games.get(g as usize).map(|game| corpus::relabel_game(&from, &to, game));
            let progress = progress_printer(Some(left / 60.0), Some(entry.games), args.threads);
            corpus::grow(&path, &mut work, &make, args.threads, Until { seconds: Some(left), games: None }, &stop, &progress)?;
        }
        if work.prefix() < entry.games {
            println!("{}: {} of {} games relabelled; run the same command to go on", entry.file, work.prefix(), entry.games);
            return Ok(());
        }
        let (raised, secs) = work.shard();
        let new = corpus::Entry::new(&entry.file, &raised, &entry.commit, entry.cpu_seconds + secs, &entry.date);
        corpus::replace_shard(dir, index, &raised, &new)?;
        std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
        println!("{}: exact from {} empties, {} exact labels (was {}), {secs:.0} CPU-s more", new.file, args.exact, new.exact, entry.exact);
    }
}

/// Reads `--opening LO-HI`: plies within 0-40, LO at most HI.
fn parse_opening(text: &str) -> Result<(u8, u8), Error> {
    crate::common::parse_span(text, 0..=40)
        .map(|r| (*r.start() as u8, *r.end() as u8))
        .ok_or_else(|| Error::BadArgument(format!("--opening {text}: expected LO-HI plies within 0-40, such as 30-34")))
}

fn heldout(args: HeldoutArgs) -> Result<(), Error> {
    use yomi::tools::heldout::{self, HeldOut};
    if args.minutes.is_nan() || args.minutes <= 0.0 {
        return Err(Error::BadArgument("--minutes must be positive".into()));
    }
    crate::common::check_thread_count(args.threads)?;
    let range = crate::common::parse_span(&args.empties, heldout::EMPTIES)
        .ok_or_else(|| Error::BadArgument(format!("--empties {}: expected LO-HI within 14-40, such as 14-24", args.empties)))?;
    let file = args.file.unwrap_or_else(|| PathBuf::from(if args.real { "tests/data/heldout-real.obf" } else { "tests/data/heldout.obf" }));
    let source = if args.real {
        heldout::Source::tournament(&yomi::tools::tournament::read(&args.real_games)?, range.clone())?
    } else {
        heldout::Source::SelfPlay(yomi::Weights::shipped())
    };
    let mut set = HeldOut::read_or_new(&file)?;
    println!("{}: {} positions; filling {}-{} empties for {} min", file.display(), set.len(), range.start(), range.end(), args.minutes);
    let progress = |p: &heldout::Progress| {
        println!("{} empties: {:+} in {:.1} s; {} positions", p.added.empties(), p.added.score, p.seconds, p.total);
    };
    let stop = AtomicBool::new(false);
    heldout::grow(&file, &mut set, &source, range, args.threads, args.minutes * 60.0, &stop, &progress)?;
    println!("{}: {} positions", file.display(), set.len());
    for (e, v) in &set.by_empties {
        print!("{e}:{} ", v.len());
    }
    println!();
    Ok(())
}

fn grow(args: GrowArgs) -> Result<(), Error> {
    let dir = &args.dir.dir;
    std::fs::create_dir_all(dir).map_err(|e| Error::BadArgument(format!("cannot create {}: {e}", dir.display())))?;
    if args.minutes.is_some_and(|m| m.is_nan() || m <= 0.0) || args.games == Some(0) {
        return Err(Error::BadArgument("--minutes and --games must be positive".into()));
    }
    crate::common::check_thread_count(args.threads)?;
    let opening = args.opening.as_deref().map(parse_opening).transpose()?;
    let path = dir.join(corpus::WORK);
    let here = crate::common::COMMIT;
    let entries = corpus::read_manifest(dir)?;
    // The tournament games file, once read (a new shard reads it first).
    let mut tournament: Option<Vec<yomi::tools::tournament::TournamentGame>> = None;
    let mut work = match corpus::read_work(&path)? {
        Some(w) => {
            // The command that started the shard resumes it; a recipe of its own does not.
            let r = &w.recipe;
            let real = matches!(r.source, corpus::Source::Tournament { .. });
            let branch = r.source == Source::Branch;
            if args.seed.is_some_and(|s| s != r.seed)
                || args.exact.is_some_and(|e| e != r.exact)
                || args.depth.is_some_and(|d| d != r.depth)
                || args.detours.is_some_and(|d| d != r.detours)
                || opening.is_some_and(|o| o != r.opening)
                || (args.real && !real)
                || (args.branch && !branch)
            {
                return Err(Error::BadArgument(format!(
                    "{} holds a shard in progress with its own recipe; finish it (--finish) before naming a new one",
                    path.display()
                )));
            }
            if w.commit != here && !args.finish {
                return Err(Error::BadArgument(format!(
                    "the shard in progress was started at commit {} and this is {here}: a shard is made by one commit; \
                     close it with `yomi corpus grow --finish`, then grow a new one",
                    w.commit
                )));
            }
            println!("resuming shard {} ({} games, {} positions)", entries.len(), w.games.len(), w.positions());
            w
        }
        None if args.finish => return Err(Error::BadArgument(format!("no shard in progress in {}", dir.display()))),
        None => {
            if args.real && (args.seed.is_some() || args.detours.is_some() || opening.is_some()) {
                return Err(Error::BadArgument("--real: tournament games have no --seed, --detours or --opening".into()));
            }
            if args.real && args.branch {
                return Err(Error::BadArgument("--real and --branch: a shard is either tournament games or self-play from their openings".into()));
            }
            let mut recipe = if args.real {
                // After the last game any tournament shard holds.
                let first = entries
                    .iter()
                    .filter_map(|e| match e.recipe.source {
                        Source::Tournament { first } => Some(first + e.games),
                        Source::SelfPlay | Source::Branch => None,
                    })
                    .max()
                    .unwrap_or(0);
                Recipe::tournament(first)
            } else {
                let seed = args.seed.unwrap_or(1000 + entries.len() as u64);
                let mut r = if args.branch { Recipe::branch(seed) } else { Recipe::standard(seed) };
                r.detours = args.detours.unwrap_or(r.detours);
                r.opening = opening.unwrap_or(r.opening);
                r
            };
            recipe.exact = args.exact.unwrap_or(recipe.exact);
            recipe.depth = args.depth.unwrap_or(recipe.depth);
            recipe.check()?;
            let games = match recipe.source {
                Source::Tournament { first } => format!("tournament games from game {first}"),
                Source::SelfPlay => format!(
                    "seed {}, {}-{} random opening plies, {} detours",
                    recipe.seed, recipe.opening.0, recipe.opening.1, recipe.detours
                ),
                Source::Branch => format!(
                    "seed {}, the first {}-{} plies of a tournament game, {} detours",
                    recipe.seed, recipe.opening.0, recipe.opening.1, recipe.detours
                ),
            };
            println!(
                "starting shard {}: {games}, exact from {} empties, depth {}@{} before, commit {here}",
                entries.len(),
                recipe.exact,
                recipe.depth,
                recipe.selectivity
            );
            if recipe.source != Source::SelfPlay {
                // The games file read before the work file is made: a bad
                // path leaves no empty shard in progress behind.
                tournament = Some(yomi::tools::tournament::read(&args.real_games)?);
            }
            corpus::start_work(&path, &recipe, here)?
        }
    };
    if !args.finish {
        let minutes = args.minutes.or(if args.games.is_some() { None } else { Some(60.0) });
        let until = Until { seconds: minutes.map(|m| m * 60.0), games: args.games };
        let progress = progress_printer(minutes, until.games, args.threads);
        let stop = AtomicBool::new(false);
        let weights = yomi::Weights::shipped();
        let mut fitting_games = || match tournament.take() {
            Some(games) => yomi::tools::tournament::fitting(&games),
            None => yomi::tools::tournament::fitting(&yomi::tools::tournament::read(&args.real_games)?),
        };
        let fitting = match work.recipe.source {
            Source::Branch => {
                let fitting = fitting_games()?;
                let plies = work.recipe.opening.1 as usize;
                if !fitting.iter().any(|m| m.len() > plies) {
                    return Err(Error::BadArgument(format!("{}: no tournament game outside 2021-2023 goes past {plies} plies", args.real_games.display())));
                }
                fitting
            }
            Source::Tournament { first } => {
                let fitting = fitting_games()?;
                if first as usize >= fitting.len() {
                    return Err(Error::BadArgument(format!("every one of the {} tournament games is in a shard already", fitting.len())));
                }
                println!("{} tournament games to label, {} of them left after this shard's first", fitting.len(), fitting.len() - first as usize);
                fitting
            }
            Source::SelfPlay => Vec::new(),
        };
        let recipe = work.recipe;
        let make = corpus::games_of(&recipe, weights, &fitting);
        corpus::grow(&path, &mut work, &make, args.threads, until, &stop, &progress)?;
    }
    let (shard, secs) = work.shard();
    if shard.games.is_empty() {
        return Err(Error::BadArgument("the shard has no whole games yet; grow it longer".into()));
    }
    let entry = corpus::add_shard(dir, &shard, &work.commit, secs, &corpus::today())?;
    std::fs::remove_file(&path).map_err(|e| Error::BadArgument(format!("{}: {e}", path.display())))?;
    let bytes = std::fs::metadata(dir.join(&entry.file)).map_or(0, |m| m.len());
    println!(
        "{}: {} games, {} positions ({} exact), {bytes} bytes, {:.0} CPU-s; listed in {}",
        entry.file,
        entry.games,
        entry.positions,
        entry.exact,
        entry.cpu_seconds,
        dir.join(corpus::MANIFEST).display()
    );
    let dropped = work.games.len() - shard.games.len();
    if dropped > 0 {
        println!("{dropped} games past the first gap were left out, so that the shard is games 0 to {}", entry.games - 1);
    }
    Ok(())
}

fn stats(dir: &Path) -> Result<(), Error> {
    let shards = corpus::load(dir)?;
    if shards.is_empty() {
        return Err(Error::BadArgument(format!("{} holds no shards; grow one with `yomi corpus grow`", dir.display())));
    }
    println!("shard           games  positions      exact  recipe                         commit         CPU-s  date");
    let (mut games, mut bytes, mut cpu) = (0u64, 0u64, 0.0);
    // Positions by empties and label kind.
    let mut kinds: Vec<LabelKind> = Vec::new();
    let mut table = vec![Vec::<u64>::new(); 61];
    for (e, shard) in &shards {
        let size = std::fs::metadata(dir.join(&e.file)).map_or(0, |m| m.len());
        games += e.games as u64;
        bytes += size;
        cpu += e.cpu_seconds;
        let r = &e.recipe;
        let recipe = match r.source {
            Source::SelfPlay | Source::Branch => {
                let open = if r.source == Source::Branch { "real" } else { "open" };
                format!("seed {} exact {} d{}@{} {open} {}-{} +{}", r.seed, r.exact, r.depth, r.selectivity, r.opening.0, r.opening.1, r.detours)
            }
            Source::Tournament { first } => format!("real from {first} exact {} d{}@{}", r.exact, r.depth, r.selectivity),
        };
        println!(
            "{:<14} {:>6} {:>10} {:>10}  {recipe:<30} {:<13} {:>6.0}  {}",
            e.file, e.games, e.positions, e.exact, e.commit, e.cpu_seconds, e.date
        );
        for l in shard.positions() {
            let k = kinds.iter().position(|&k| k == l.kind).unwrap_or_else(|| {
                kinds.push(l.kind);
                kinds.len() - 1
            });
            let row = &mut table[l.empties() as usize];
            if row.len() <= k {
                row.resize(k + 1, 0);
            }
            row[k] += 1;
        }
    }
    let total: u64 = table.iter().flatten().sum();
    println!(
        "\n{} shards, {games} games, {total} positions, {bytes} bytes ({:.2} bytes a position before git's compression), {:.1} CPU-hours",
        shards.len(),
        bytes as f64 / total.max(1) as f64,
        cpu / 3600.0
    );
    print!("\nempties");
    for k in &kinds {
        print!(" {:>12}", k.to_string());
    }
    println!();
    for (empties, row) in table.iter().enumerate().rev() {
        if row.iter().sum::<u64>() == 0 {
            continue;
        }
        print!("{empties:>7}");
        for k in 0..kinds.len() {
            print!(" {:>12}", row.get(k).copied().unwrap_or(0));
        }
        println!();
    }
    print!("  total");
    for k in 0..kinds.len() {
        print!(" {:>12}", table.iter().map(|r| r.get(k).copied().unwrap_or(0)).sum::<u64>());
    }
    println!();
    Ok(())
}
