use std::path::PathBuf;

use clap::Args;
use yomi::explorer::build::{build, Source};
use yomi::explorer::{report, Explorer};
use yomi::{BoardSize, Error, Game, Position, Start};

#[derive(Args)]
pub struct ExploreArgs {
    /// The moves from the standard start (f5d6c3…, any orientation);
    /// default: the start.
    #[arg(value_name = "RECORD")]
    record: Option<String>,
    /// Print JSON: {"games", "moves": [{"move", "games", "black_wins",
    /// "draws", "white_wins", "mean_black_discs", "first_year",
    /// "last_year", "book_value", "opening"}]}.
    #[arg(long)]
    json: bool,
    /// An explorer file (default: the one built into this program).
    #[arg(long, value_name = "FILE", conflicts_with = "build")]
    file: Option<PathBuf>,
    /// Build the explorer from the tournament games file (every game in it)
    /// and write it to --out, with a line in the manifest beside it.
    #[arg(long)]
    build: bool,
    /// With --build: the tournament games file.
    #[arg(long, default_value = yomi::tools::tournament::GAMES, value_name = "FILE")]
    games: PathBuf,
    /// With --build: keep the positions at least this many games reach.
    #[arg(long, default_value_t = 3, value_name = "N")]
    min_games: u32,
    /// With --build: the explorer file to write.
    #[arg(long, default_value = "engine/explorer/explorer.yex", value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: ExploreArgs) -> Result<(), Error> {
    if args.build {
        return build_file(&args);
    }
    let owned;
    let explorer = match &args.file {
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| Error::BadArgument(format!("cannot read {}: {e}", path.display())))?;
            owned = Explorer::from_bytes(&bytes).map_err(|e| Error::BadArgument(format!("{}: {e}", path.display())))?;
            &owned
        }
        None => Explorer::shipped(),
    };
    let start = Position::start(BoardSize::OTHELLO, Start::Othello);
    let game = Game::from_record(start, args.record.as_deref().unwrap_or(""))?;
    let report = report(explorer, Some(yomi::book::Book::shipped()), &game);
    if args.json {
        println!("{}", serde_json::to_string(&report).expect("a report serialises"));
        return Ok(());
    }
    let pos = game.current();
    println!("{}", yomi::format_position(pos));
    if let Some(name) = yomi::book::opening_name(&game) {
        println!("opening: {name}");
    }
    if report.moves.is_empty() {
        println!(
            "{} tournament games reached this position; the explorer keeps positions at least {} of its {} games reach",
            report.games, explorer.min_games, explorer.games
        );
        return Ok(());
    }
    println!("{} tournament games reached this position ({} to move)", report.games, pos.to_move().name());
    println!("move    games  Black wins  draws  White wins  Black's margin  years      book  opening");
    for m in &report.moves {
        let pct = |n: u32| format!("{:.0} %", 100.0 * n as f64 / m.games as f64);
        println!(
            "{:<5} {:>7}  {:>10}  {:>5}  {:>10}  {:>+14.1}  {}-{}  {:>4}  {}",
            m.r#move,
            m.games,
            pct(m.black_wins),
            pct(m.draws),
            pct(m.white_wins),
            m.mean_black_discs,
            m.first_year,
            m.last_year,
            m.book_value.map_or("-".to_string(), |v| format!("{v:+}")),
            m.opening.unwrap_or("-")
        );
    }
    Ok(())
}

fn build_file(args: &ExploreArgs) -> Result<(), Error> {
    if args.min_games == 0 {
        return Err(Error::BadArgument("--min-games must be at least 1".into()));
    }
    let t = std::time::Instant::now();
    let records = yomi::tools::tournament::read(&args.games)?;
    let games: Vec<Game> = records.iter().map(|g| g.replay()).collect::<Result<_, _>>()?;
    let sources: Vec<Source> =
        records.iter().zip(&games).map(|(r, game)| Source { game, year: r.year, black_discs: r.black_discs }).collect();
    let explorer = build(&sources, args.min_games);
    let bytes = explorer.to_bytes();
    let io = |e: std::io::Error| Error::BadArgument(format!("cannot write {}: {e}", args.out.display()));
    let dir = args.out.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    std::fs::create_dir_all(dir).map_err(io)?;
    std::fs::write(&args.out, &bytes).map_err(io)?;
    let moves = explorer.moves();
    println!(
        "{} games: {} positions reached by at least {} games, {} moves; {} bytes to {} in {:.1} s",
        explorer.games,
        explorer.len(),
        args.min_games,
        moves,
        bytes.len(),
        args.out.display(),
        t.elapsed().as_secs_f64()
    );
    // The manifest says how the file was made, as the corpus's and the book's do.
    let manifest = dir.join("manifest.tsv");
    let header = "file\tgames\tmin_games\tpositions\tmoves\tbytes\tgames_file\tcommit\tdate\tcommand\n";
    let mut text = std::fs::read_to_string(&manifest).unwrap_or_default();
    if text.is_empty() {
        text.push_str(header);
    }
    let name = args.out.file_name().map_or("".into(), |n| n.to_string_lossy().to_string());
    text.push_str(&format!(
        "{name}\t{}\t{}\t{}\t{moves}\t{}\t{}\t{}\t{}\tyomi explore --build --min-games {}\n",
        explorer.games,
        args.min_games,
        explorer.len(),
        bytes.len(),
        args.games.display(),
        crate::common::COMMIT,
        yomi::tools::corpus::today(),
        args.min_games
    ));
    std::fs::write(&manifest, text).map_err(|e| Error::BadArgument(format!("cannot write {}: {e}", manifest.display())))?;
    Ok(())
}
