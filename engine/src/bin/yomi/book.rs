use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use yomi::book::grow::{grow, grow_along, Ended, GrowOptions, Progress};
use yomi::book::played::played;
use yomi::book::store::{next, Next};
use yomi::book::{Book, Source};
use yomi::clock::Clock;
use yomi::{BoardSize, Error, Game, Position, Start};

#[derive(Args)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(Subcommand)]
enum BookCommand {
    /// Grow the book Edax's way: add the leaves within --rel discs of their
    /// position's best and --abs discs of the start's value, to --plies
    /// plies, each valued by a search of --depth plies; search again the
    /// leaves of lower depth.
    ///
    /// Saves the book at least once a minute and when it ends, so an
    /// interruption loses at most a minute; run it again to go on. Each
    /// run is logged in history.tsv beside the book.
    Grow(GrowArgs),
    /// Grow the book along the lines people play: add every position that
    /// at least --min-games tournament games reach within --plies plies
    /// (the games of 2021-2023 left out: they are for measuring), with a
    /// line from the start to each, valued by searches of --depth plies.
    /// Saves and logs as grow does; run it again to go on.
    Follow(FollowArgs),
    /// The book moves of a position (the start, after RECORD): value, how
    /// it is known, and the book positions each leads to.
    Show(ShowArgs),
    /// Positions by ply and leaves by search depth.
    Stats(FileArgs),
    /// Write the book as text: one position a line (position, side to
    /// move, value, best move, leaf move, leaf value, depth).
    Export(ExportArgs),
    /// Read a book from its text form and write it as a book file.
    Import(ImportArgs),
}

#[derive(Args)]
struct FileArgs {
    /// A book file (default: the book built into this program).
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
}

/// What every growth takes: the file, the time, the searches' depth and
/// the threads.
#[derive(Args)]
struct RunArgs {
    /// The book file to grow (made if missing).
    #[arg(long, default_value = "engine/book/book.ybk", value_name = "FILE")]
    file: PathBuf,
    /// Stop starting searches after this many minutes.
    #[arg(long, default_value_t = 60.0, value_name = "M")]
    minutes: f64,
    /// Depth of the searches that value leaves.
    #[arg(long, default_value_t = 14, value_name = "D")]
    depth: u8,
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
}

#[derive(Args)]
struct GrowArgs {
    #[command(flatten)]
    run: RunArgs,
    /// Expand moves at most this many discs worse than their position's best.
    #[arg(long, default_value_t = 2, value_name = "DISCS")]
    rel: u8,
    /// ... and at most this many discs worse, for their side, than the
    /// start's value.
    #[arg(long, default_value_t = 4, value_name = "DISCS")]
    abs: u8,
    /// Expand positions up to this many plies from the start.
    #[arg(long, default_value_t = 10, value_name = "N")]
    plies: u8,
}

#[derive(Args)]
struct FollowArgs {
    #[command(flatten)]
    run: RunArgs,
    /// The tournament games (year, event, players, Black's discs, moves).
    #[arg(long, default_value = yomi::tools::tournament::GAMES, value_name = "FILE")]
    games: PathBuf,
    /// Add the positions at least this many games reach.
    #[arg(long, default_value_t = 20, value_name = "N")]
    min_games: u32,
    /// ... within this many plies from the start.
    #[arg(long, default_value_t = 20, value_name = "N")]
    plies: u8,
}

#[derive(Args)]
struct ShowArgs {
    #[command(flatten)]
    file: FileArgs,
    /// Moves from the start (f5d6c3; passes implicit).
    #[arg(value_name = "RECORD", default_value = "")]
    record: String,
}

#[derive(Args)]
struct ExportArgs {
    #[command(flatten)]
    file: FileArgs,
    /// Write here instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Args)]
struct ImportArgs {
    /// The text form, as `yomi book export` writes it.
    #[arg(value_name = "TEXT")]
    text: PathBuf,
    /// The book file to write.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: BookArgs) -> Result<(), Error> {
    match args.command {
        BookCommand::Grow(a) => grow_book(a),
        BookCommand::Follow(a) => follow(a),
        BookCommand::Show(a) => show(&load(&a.file)?, &a.record),
        BookCommand::Stats(a) => stats(&load(&a)?),
        BookCommand::Export(a) => {
            let text = load(&a.file)?.to_text();
            match a.out {
                Some(path) => write(&path, text.as_bytes()),
                None => {
                    print!("{text}");
                    Ok(())
                }
            }
        }
        BookCommand::Import(a) => {
            let text = std::fs::read_to_string(&a.text).map_err(|e| Error::BadArgument(format!("{}: {e}", a.text.display())))?;
            let book = Book::from_text(&text).map_err(|e| Error::BadArgument(format!("{}: {e}", a.text.display())))?;
            let bytes = book.to_bytes();
            let kept = Book::from_bytes(&bytes)?.len();
            write(&a.out, &bytes)?;
            println!("{}: {kept} positions, {} bytes", a.out.display(), bytes.len());
            if kept < book.len() {
                println!("{} positions the start cannot reach through the book were left out", book.len() - kept);
            }
            Ok(())
        }
    }
}

fn load(args: &FileArgs) -> Result<Book, Error> {
    match &args.file {
        None => Ok(Book::shipped().clone()),
        Some(path) => read(path),
    }
}

fn read(path: &Path) -> Result<Book, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::BadArgument(format!("{}: {e}", path.display())))?;
    Book::from_bytes(&bytes).map_err(|e| Error::BadArgument(format!("{}: {e}", path.display())))
}

/// Writes through a temporary file, so an interruption leaves the old file.
fn write(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    let tmp = path.with_extension("part");
    let fail = |e: std::io::Error| Error::BadArgument(format!("{}: {e}", path.display()));
    std::fs::write(&tmp, bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)
}

fn grow_book(args: GrowArgs) -> Result<(), Error> {
    if !(1..=60).contains(&args.plies) || args.rel > 64 || args.abs > 64 {
        return Err(Error::BadArgument("expected --plies 1-60, --rel and --abs 0-64".into()));
    }
    let window = format!("leaves within {} discs of their position's best and {} of the start's value, to ply {}", args.rel, args.abs, args.plies);
    let opts = GrowOptions { depth: args.run.depth, rel: args.rel, abs: args.abs, plies: args.plies };
    let log = format!("deviate rel {} abs {}\t{}", args.rel, args.abs, args.plies);
    let book = open(&args.run.file)?;
    drive(&args.run, book, &window, &log, &|book, stop, each| grow(book, &opts, stop, each))
}

fn follow(args: FollowArgs) -> Result<(), Error> {
    if !(1..=60).contains(&args.plies) || args.min_games == 0 {
        return Err(Error::BadArgument("expected --plies 1-60 and --min-games 1 or more".into()));
    }
    let games = yomi::tools::tournament::read(&args.games)?;
    let lines: Vec<Vec<u8>> = games.iter().filter(|g| !g.is_measured()).map(|g| g.replay().map(|game| yomi::tools::tournament::squares(&game))).collect::<Result<_, _>>()?;
    let (first, last) = games.iter().filter(|g| !g.is_measured()).fold((u16::MAX, 0), |(a, b), g| (a.min(g.year), b.max(g.year)));
    let set = played(&lines, args.min_games, args.plies as u32);
    let book = open(&args.run.file)?;
    let missing = set.keys.iter().filter(|k| !book.contains(k)).count();
    println!(
        "{} games of {first}-{last}: {} positions reached by {} or more of them within {} plies, {} with the lines to them; {missing} not in the book",
        lines.len(),
        set.popular,
        args.min_games,
        args.plies,
        set.keys.len()
    );
    let window = format!("every position {} games of {first}-{last} reach within {} plies", args.min_games, args.plies);
    let log = format!("games >= {} of {first}-{last}\t{}", args.min_games, args.plies);
    drive(&args.run, book, &window, &log, &|book, stop, each| grow_along(book, &set.keys, args.run.depth, stop, each))
}

type Grower<'a> = dyn Fn(&mut Book, &dyn Fn() -> bool, &mut dyn FnMut(&Book, &Progress)) -> Ended + Sync + 'a;

/// The book in `file`, or a new one if there is no file yet.
fn open(file: &Path) -> Result<Book, Error> {
    if file.exists() {
        read(file)
    } else {
        Ok(Book::new())
    }
}

/// Runs a growth on `book`, read from the book file: saves it at least once
/// a minute and at the end, prints progress, and logs the run in history.tsv.
fn drive(args: &RunArgs, mut book: Book, window: &str, log: &str, grow: &Grower) -> Result<(), Error> {
    if !(args.minutes > 0.0 && args.minutes.is_finite()) {
        return Err(Error::BadArgument(format!("--minutes {} must be a positive number", args.minutes)));
    }
    if !(1..=30).contains(&args.depth) {
        return Err(Error::BadArgument("expected --depth 1-30".into()));
    }
    let pool = crate::common::check_threads(args.threads)?;
    let before = book.len();
    println!("growing {} ({before} positions): {window}, searched at depth {}", args.file.display(), args.depth);
    let commit = crate::common::COMMIT;
    let clock = Clock::start();
    let (mut saved, mut said) = (0.0, 0.0);
    let mut last = Progress::default();
    let failed = std::sync::Mutex::new(None);
    let ended = pool.install(|| {
        grow(&mut book, &|| clock.seconds() >= args.minutes * 60.0 || failed.lock().expect("no panic").is_some(), &mut |b, p| {
            last = *p;
            let t = clock.seconds();
            if t - saved >= 60.0 {
                saved = t;
                if let Err(e) = write(&args.file, &b.to_bytes()) {
                    *failed.lock().expect("no panic") = Some(e);
                }
            }
            if t - said >= 15.0 {
                said = t;
                println!(
                    "{} positions (+{}), {} searches, {} waiting in the window, {:.1} min",
                    p.positions,
                    p.added,
                    p.searches,
                    p.waiting,
                    t / 60.0
                );
                let _ = std::io::stdout().flush();
            }
        })
    });
    if let Some(e) = failed.into_inner().expect("no panic") {
        return Err(e);
    }
    write(&args.file, &book.to_bytes())?;
    let bytes = std::fs::metadata(&args.file).map_or(0, |m| m.len());
    println!(
        "{}: {} positions (+{}), {} searches in {:.1} min, {bytes} bytes; {}",
        args.file.display(),
        book.len(),
        book.len() - before,
        last.searches,
        clock.seconds() / 60.0,
        match ended {
            Ended::Complete => "the window is complete",
            Ended::Stopped => "stopped with work left in the window; run it again to go on",
        }
    );
    log_run(args, log, commit, before, book.len(), last.searches, clock.seconds())
}

const HISTORY: &str = "date\tcommit\twindow\tplies\tdepth\tthreads\tpositions_before\tpositions_after\tsearches\tseconds\n";

/// One line per run in history.tsv beside the book: how it was grown.
fn log_run(args: &RunArgs, window: &str, commit: &str, before: usize, after: usize, searches: usize, seconds: f64) -> Result<(), Error> {
    let path = args.file.with_file_name("history.tsv");
    let mut text = std::fs::read_to_string(&path).unwrap_or_else(|_| HISTORY.into());
    text.push_str(&format!(
        "{}\t{}\t{window}\t{}\t{}\t{before}\t{after}\t{searches}\t{seconds:.0}\n",
        yomi::tools::corpus::today(),
        commit,
        args.depth,
        args.threads
    ));
    write(&path, text.as_bytes())
}

fn show(book: &Book, record: &str) -> Result<(), Error> {
    let start = Position::start(BoardSize::OTHELLO, Start::Othello);
    let game = Game::from_record(start, record)?;
    let pos = *game.current();
    println!("{}", yomi::format_position(&pos));
    if let Some(name) = yomi::book::opening_name(&game) {
        println!("opening: {name}");
    }
    let Some(moves) = book.moves(&pos) else {
        println!("not in the book ({} positions)", book.len());
        return Ok(());
    };
    let (entry, _) = book.lookup(&pos).expect("moves came from the book");
    println!("in the book: value {:+} for {}; {} positions in all", entry.value, pos.to_move().name(), book.len());
    println!("move  value  known by        lines");
    for m in moves {
        let known = match m.source {
            Source::Book => "book".to_string(),
            Source::Leaf { depth } => format!("search, depth {depth}"),
            Source::End => "end of game".to_string(),
        };
        let lines = match m.source {
            Source::Book => match next(pos.player(), pos.opponent(), m.square.index()) {
                Next::Child { p, o, .. } => book.positions_under(p, o).to_string(),
                Next::Over(_) => "-".to_string(),
            },
            _ => "-".to_string(),
        };
        println!("{:<5} {:>+5}  {known:<15} {lines:>5}", m.square.name(BoardSize::OTHELLO), m.value);
    }
    Ok(())
}

fn stats(book: &Book) -> Result<(), Error> {
    let mut by_ply = std::collections::BTreeMap::<u32, (usize, usize)>::new();
    let mut by_depth = std::collections::BTreeMap::<u8, usize>::new();
    for (key, entry) in book.entries() {
        let row = by_ply.entry(key.ply()).or_default();
        row.0 += 1;
        if entry.leaf.is_some() {
            row.1 += 1;
            *by_depth.entry(entry.depth).or_default() += 1;
        }
    }
    println!("{} positions, {} bytes as a book file", book.len(), book.to_bytes().len());
    println!("\n  ply  positions  with a leaf");
    for (ply, (n, leaves)) in &by_ply {
        println!("{ply:>5} {n:>10} {leaves:>12}");
    }
    println!("\nleaves by search depth");
    for (depth, n) in &by_depth {
        println!("depth {depth:>2}: {n}");
    }
    Ok(())
}
