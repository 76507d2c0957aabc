//! `yomi analyse`: a game reviewed move by move (what each move lost
//! against its position's best, at a level, exact near the end), as text,
//! JSON or an SVG graph; or every game of a file with a summary per player.

use std::collections::BTreeMap;
use std::io::Write;

use clap::Args;
use serde_json::json;
use yomi::rules::game_file::GameFilter;
use yomi::tools::review::{review, sums, svg, Grade, MoveReview, PlayerSum};
use yomi::{Error, Level, TranspositionTable};

use crate::common::{check_hash, check_threads, game_of, read_game_file, GameFileArgs};
use crate::BoardArgs;

#[derive(Args)]
pub struct AnalyseArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// The game: a record (f5d6c3…) or a game from a GGF or WTHOR (.wtb)
    /// file, FILE#N or FILE with --player and --year.
    #[arg(long, value_name = "RECORD|FILE[#N]")]
    moves: Option<String>,
    #[command(flatten)]
    pick: GameFileArgs,
    /// Every game of this GGF or WTHOR file (those --player and --year
    /// leave), with a summary per player.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    games: Option<String>,
    /// The level that values the moves: 1-6 or beginner … maximum.
    #[arg(long, default_value = "hard", value_name = "LEVEL")]
    level: String,
    /// Solve exactly from this many empties on.
    #[arg(long, default_value_t = 18, value_name = "EMPTIES")]
    exact: u32,
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_name = "MiB")]
    hash: usize,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Also write the score graph, mistakes marked, as an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// The start position for a record (default: the board's start).
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
}

pub fn run(args: AnalyseArgs) -> Result<(), Error> {
    check_hash(args.hash)?;
    let pool = check_threads(args.threads)?;
    let level = Level::parse(&args.level)?;
    if args.exact > 30 {
        return Err(Error::BadArgument(format!("--exact {}: at most 30 empties, or a game takes days", args.exact)));
    }
    let tt = TranspositionTable::with_mib(args.hash);
    if let Some(file) = &args.games {
        if args.svg.is_some() {
            return Err(Error::BadArgument("--svg draws one game: give it with --moves FILE#N".into()));
        }
        return pool.install(|| many(&args, file, level, &tt));
    }
    if args.moves.is_none() {
        return Err(Error::BadArgument("give the game to analyse: --moves RECORD or FILE#N, or --games FILE".into()));
    }
    let start = args.board.position(args.position.as_deref())?;
    let game = game_of(start, args.position.is_some(), args.moves.as_deref(), &args.pick)?;
    let reviews = pool.install(|| review(&game, level, args.exact, &tt, &mut |done, all| progress(done, all, "moves")));
    eprintln!();
    let size = game.start().size();
    if let Some(path) = &args.svg {
        let title = format!("Yomi's analysis of {}: value for Black after each move", game.record());
        std::fs::write(path, svg(&reviews, size, &title)).map_err(|e| Error::BadArgument(format!("cannot write {path}: {e}")))?;
    }
    let (black, white) = sums(&reviews);
    if args.json {
        let moves: Vec<_> = reviews
            .iter()
            .map(|r| {
                json!({
                    "number": r.number, "player": r.player.name().to_lowercase(), "played": r.played.name(size),
                    "best": r.best.name(size), "best_value": r.best_value, "value": r.value, "loss": r.loss,
                    "black_value": r.black_value, "exact": r.exact, "grade": r.grade.name(), "mistake": r.is_mistake(),
                })
            })
            .collect();
        let out = json!({
            "record": game.record(), "level": level.name, "exact_from": args.exact, "moves": moves,
            "black": player_json(&black), "white": player_json(&white),
        });
        println!("{out}");
        return Ok(());
    }
    println!("Yomi's analysis at level {}, exact from {} empties: {}", level.name, args.exact, game.record());
    println!("{:>4}  {:<6} {:<5} {:<5} {:>6}  {:<10}  {:>9}", "#", "player", "move", "best", "loss", "grade", "for Black");
    for r in &reviews {
        println!(
            "{:>4}  {:<6} {:<5} {:<5} {:>6.1}  {:<10}  {:>+9.1}{}",
            r.number,
            r.player.name(),
            r.played.name(size),
            r.best.name(size),
            r.loss,
            r.grade.name(),
            r.black_value,
            if r.exact { "" } else { " (estimate)" }
        );
    }
    for (name, s) in [("Black", &black), ("White", &white)] {
        let counts: Vec<String> = Grade::FROM.iter().map(|&(g, _)| format!("{} {}", s.grades[g as usize], g.name())).collect();
        println!(
            "{name}: {} moves ({}), {:.1} discs lost ({:.2} a move), accuracy {:.0} %",
            s.moves,
            counts.join(", "),
            s.lost,
            s.mean_loss(),
            s.accuracy()
        );
    }
    println!("grades by discs lost: best under 1, good 1-3, inaccuracy 3-6, mistake 6-12, blunder 12 or more (a win or draw given up: mistake, or blunder for a win into a loss); accuracy: the share of best and good moves");
    Ok(())
}

/// A progress bar on standard error.
fn progress(done: usize, all: usize, what: &str) {
    let width = 30;
    let filled = (done * width).checked_div(all).unwrap_or(width);
    eprint!("\r[{}{}] {done}/{all} {what}", "=".repeat(filled), " ".repeat(width - filled));
    let _ = std::io::stderr().flush();
}

/// Every game of `file` that the filters leave, and a summary per player.
fn many(args: &AnalyseArgs, file: &str, level: Level, tt: &TranspositionTable) -> Result<(), Error> {
    let games = read_game_file(std::path::Path::new(file))?;
    let filter = GameFilter { player: args.pick.player.clone(), year: args.pick.year };
    let chosen: Vec<_> = games.iter().filter(|g| filter.matches(g)).collect();
    if chosen.is_empty() {
        return Err(Error::BadGameFile(format!("{file}: no game of the {} matches", games.len())));
    }
    let mut players: BTreeMap<String, (usize, PlayerSum)> = BTreeMap::new();
    for (i, g) in chosen.iter().enumerate() {
        progress(i, chosen.len(), "games");
        let reviews: Vec<MoveReview> = review(&g.game, level, args.exact, tt, &mut |_, _| {});
        let (black, white) = sums(&reviews);
        for (name, s) in [(&g.black, black), (&g.white, white)] {
            let entry = players.entry(name.clone()).or_default();
            entry.0 += 1;
            entry.1.merge(&s);
        }
    }
    progress(chosen.len(), chosen.len(), "games");
    eprintln!();
    let mut rows: Vec<(&String, &(usize, PlayerSum))> = players.iter().collect();
    rows.sort_by(|a, b| a.1 .1.mean_loss().total_cmp(&b.1 .1.mean_loss()).then(a.0.cmp(b.0)));
    if args.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(name, (games, s))| {
                let mut v = player_json(s);
                v["name"] = json!(name);
                v["games"] = json!(games);
                v
            })
            .collect();
        println!("{}", json!({"file": file, "games": chosen.len(), "level": level.name, "exact_from": args.exact, "players": list}));
        return Ok(());
    }
    println!("Yomi's analysis of {} games of {file} at level {}, exact from {} empties; players by discs lost a move:", chosen.len(), level.name, args.exact);
    println!("{:<24} {:>5} {:>6} {:>8} {:>8} {:>7} {:>9}", "player", "games", "moves", "mistakes", "lost", "a move", "accuracy");
    for (name, (games, s)) in rows {
        println!("{:<24} {:>5} {:>6} {:>8} {:>8.1} {:>7.2} {:>7.0} %", name, games, s.moves, s.mistakes, s.lost, s.mean_loss(), s.accuracy());
    }
    Ok(())
}

/// One player's sum as JSON: moves, mistakes, discs lost, the mean loss,
/// the accuracy and the moves of each grade by name.
fn player_json(s: &PlayerSum) -> serde_json::Value {
    let grades: serde_json::Map<String, serde_json::Value> = Grade::FROM.iter().map(|&(g, _)| (g.name().to_string(), json!(s.grades[g as usize]))).collect();
    json!({"moves": s.moves, "mistakes": s.mistakes, "lost": s.lost, "mean_loss": s.mean_loss(), "accuracy": s.accuracy(), "grades": grades})
}
