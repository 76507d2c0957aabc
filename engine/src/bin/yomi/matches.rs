use std::io::Write;

use clap::Args;
use serde_json::json;
use yomi::tools::matches::{play_match, resume_match, MatchOptions, MatchResult, MatchState, Openings, Player};
use yomi::{Error, Level, Scoring};

use crate::common::{check_hash, load_probcut, load_weights};
use crate::BoardArgs;

#[derive(Args)]
pub struct MatchArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Scoring rule: world or paper.
    #[arg(long, default_value = "world", value_name = "world|paper")]
    scoring: Scoring,
    /// Games to play; the first player is Black in the odd-numbered games.
    #[arg(long, default_value_t = 10, value_name = "N")]
    games: usize,
    /// Random plies before the players take over; each opening is played
    /// twice with colours swapped.
    #[arg(long, default_value_t = 0, value_name = "N", conflicts_with = "openings")]
    random_plies: usize,
    /// Openings from the 2021-2023 tournament games (kept out of every fit
    /// and of the book), cut at A to B plies (drawn by --seed), each
    /// position once; each is played twice with colours swapped.
    #[arg(long, value_name = "A-B")]
    openings: Option<String>,
    /// The tournament games file, for --openings.
    #[arg(long, default_value = yomi::tools::tournament::GAMES, value_name = "FILE")]
    games_file: std::path::PathBuf,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table per engine player, in MiB.
    #[arg(long, default_value_t = 64, value_name = "MiB")]
    hash: usize,
    /// Paper 000's sweep: for X = 1 to 9 (presearch 5, depth 2+X, win/draw/loss
    /// from 5+X empties, exact from 3+X) the engine plays --games games against
    /// the random player, colours alternating.
    #[arg(long, conflicts_with_all = ["first", "second"])]
    sweep: bool,
    /// Highest X of the sweep.
    #[arg(long, default_value_t = 9, value_name = "X")]
    sweep_max: u32,
    #[arg(long)]
    json: bool,
    /// Engine players search from the first move instead of playing from
    /// the opening book (one player alone: ,book=off).
    #[arg(long)]
    no_book: bool,
    /// Appends every finished game to FILE (JSON lines: the game and the
    /// match's state after it); if FILE already holds games of this match,
    /// goes on after the last of them, so a long match survives an
    /// interruption and can be extended with a larger --games.
    #[arg(long, value_name = "FILE", conflicts_with = "sweep")]
    log: Option<String>,
    /// The first player: random, level=L, x=N (paper 000) or depth=D, with
    /// optional ,sel=S ,time=T ,wld=E ,perfect=E ,presearch=P ,weights=NAME
    /// ,probcut=FILE ,mode=MODE ,book=off. Levels above beginner play from
    /// the book within their bound.
    #[arg(value_name = "PLAYER", required_unless_present = "sweep")]
    first: Option<String>,
    /// The second player, in the same form.
    #[arg(value_name = "PLAYER", required_unless_present = "sweep")]
    second: Option<String>,
}

pub fn run(args: MatchArgs) -> Result<(), Error> {
    check_hash(args.hash)?;
    if args.games == 0 || args.games > 1_000_000 {
        return Err(Error::BadArgument(format!("--games {} is out of range; expected 1 to 1000000", args.games)));
    }
    let size = args.board.board.unwrap_or(yomi::BoardSize::OTHELLO);
    let openings = match &args.openings {
        None => Openings::Random(args.random_plies),
        Some(range) => {
            let plies = crate::common::parse_span(range, 1..=40)
                .map(|r| *r.start() as usize..=*r.end() as usize)
                .ok_or_else(|| Error::BadArgument(format!("--openings {range}: expected A-B plies within 1-40")))?;
            if size != yomi::BoardSize::OTHELLO {
                return Err(Error::BadArgument("--openings: tournament openings are 8x8 games".into()));
            }
            let games = yomi::tools::tournament::read(&args.games_file)?;
            let list = yomi::tools::tournament::openings(&games, plies, args.seed)?;
            if list.is_empty() {
                return Err(Error::BadArgument(format!("--openings {range}: {} holds no 2021-2023 game that long", args.games_file.display())));
            }
            Openings::Listed(Box::leak(list.into_boxed_slice()))
        }
    };
    let opts = MatchOptions {
        size,
        start: args.board.start,
        scoring: args.scoring,
        games: args.games,
        openings,
        seed: args.seed,
        hash_mib: args.hash,
    };
    if args.sweep {
        return sweep(&args, &opts);
    }
    let (a_spec, b_spec) = (args.first.clone().unwrap_or_default(), args.second.clone().unwrap_or_default());
    let book = (!args.no_book).then(yomi::book::Book::shipped);
    let a = Player::parse(&a_spec, &load_weights, &load_probcut, book)?;
    let b = Player::parse(&b_spec, &load_weights, &load_probcut, book)?;
    let json_out = args.json;
    let header = json!({
        "match": { "first": a_spec, "second": b_spec, "board": opts.size.to_string(), "start": opts.start.to_string(), "scoring": opts.scoring.to_string(),
            "random_plies": args.random_plies, "openings": args.openings, "seed": opts.seed, "hash": opts.hash_mib, "book": !args.no_book }
    });
    let (state, mut log) = match &args.log {
        None => (MatchState::new(&opts), None),
        Some(path) => {
            let (state, file) = open_log(path, &header, &opts)?;
            if state.totals.games > 0 && !json_out {
                println!("resuming after game {} of {path}", state.totals.games);
            }
            (state, Some((path, file)))
        }
    };
    let r = resume_match(&a, &b, &opts, state, None, &mut |g, out, state| {
        if let Some((path, file)) = &mut log {
            let line = json!({ "game": g + 1, "black": if g % 2 == 0 { &a_spec } else { &b_spec }, "black_discs": out.black_discs, "white_discs": out.white_discs,
                "record": out.game.record(), "book_moves": out.book_moves, "state": state });
            if let Err(e) = writeln!(file, "{line}").and_then(|_| file.flush()) {
                eprintln!("cannot write {path}: {e}");
            }
        }
        if !json_out {
            println!(
                "game {:>3}: {} (Black) vs {} (White): {}-{} {}{}",
                g + 1,
                if g % 2 == 0 { &a_spec } else { &b_spec },
                if g % 2 == 0 { &b_spec } else { &a_spec },
                out.black_discs,
                out.white_discs,
                out.game.record(),
                match out.book_moves {
                    [0, 0] => String::new(),
                    [b, w] => format!("  (book moves: {b} Black, {w} White)"),
                }
            );
            let _ = std::io::stdout().flush();
        }
    });
    if json_out {
        println!("{}", result_json(&a_spec, &b_spec, &r, &opts));
    } else {
        print_result(&a_spec, &b_spec, &r);
    }
    Ok(())
}

/// Opens the match log at `path` for appending: a new one starts with
/// `header`; an old one must start with the same header, and its last game
/// line gives the state to resume from (a line cut short by an interruption
/// is dropped).
fn open_log(path: &str, header: &serde_json::Value, opts: &MatchOptions) -> Result<(MatchState, std::fs::File), Error> {
    let cannot = |e: std::io::Error| Error::BadArgument(format!("cannot open the match log {path}: {e}"));
    // A pipe or device would never end a read (or take the rewrite): the log must be a file.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(Error::BadArgument(format!("--log {path}: not a regular file (the log is read back to resume the match)")));
    }
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(cannot(e)),
    };
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let games = match lines.split_first() {
        None => &[][..],
        Some((first, games)) => {
            let found: serde_json::Value = serde_json::from_str(first).map_err(|_| Error::BadArgument(format!("{path} is not a match log (its first line is not a match's header)")))?;
            if &found != header {
                return Err(Error::BadArgument(format!("{path} is the log of another match: {}", found["match"])));
            }
            games
        }
    };
    let state_of = |line: &str| serde_json::from_str::<serde_json::Value>(line).ok().and_then(|v| serde_json::from_value::<MatchState>(v["state"].clone()).ok());
    // The last whole game line and the state after it; a line cut short by
    // an interruption, after it, is dropped.
    let (kept, state) = games.iter().enumerate().rev().find_map(|(i, l)| state_of(l).map(|s| (i + 1, s))).unwrap_or((0, MatchState::new(opts)));
    // Rewritten whole: the header (for a new log) and every game line kept.
    let rewritten: String = std::iter::once(header.to_string()).chain(games[..kept].iter().map(|l| l.to_string())).map(|l| l + "\n").collect();
    std::fs::write(path, rewritten).map_err(cannot)?;
    let file = std::fs::OpenOptions::new().append(true).open(path).map_err(cannot)?;
    Ok((state, file))
}

fn result_json(a: &str, b: &str, r: &MatchResult, opts: &MatchOptions) -> serde_json::Value {
    json!({
        "board": opts.size.to_string(), "start": opts.start.to_string(), "scoring": opts.scoring.to_string(),
        "first": a, "second": b, "games": r.games, "wins": r.wins, "draws": r.draws, "losses": r.losses,
        "discs": r.discs, "score": r.score, "nodes": r.nodes, "seconds": r.seconds, "book_moves": r.book_moves, "wall_seconds": r.wall_seconds,
    })
}

fn print_result(a: &str, b: &str, r: &MatchResult) {
    println!(
        "{a} vs {b}: {} games, {} wins, {} draws, {} losses for {a}; discs {}-{}; mean score {:+.2}",
        r.games,
        r.wins,
        r.draws,
        r.losses,
        r.discs[0],
        r.discs[1],
        r.score as f64 / r.games.max(1) as f64
    );
    println!(
        "time {:.2} s vs {:.2} s ({:.2} s in all); nodes {} vs {}; book moves {} vs {}",
        r.seconds[0], r.seconds[1], r.wall_seconds, r.nodes[0], r.nodes[1], r.book_moves[0], r.book_moves[1]
    );
}

fn sweep(args: &MatchArgs, opts: &MatchOptions) -> Result<(), Error> {
    if !(1..=20).contains(&args.sweep_max) {
        return Err(Error::BadArgument(format!("--sweep-max {} is out of range; expected 1 to 20", args.sweep_max)));
    }
    if !args.json {
        println!("Paper 000's sweep: {} games per X against the random player, colours alternating, {} board", opts.games, opts.size);
        println!("| X | presearch | depth | wld | perfect | wins | losses | draws | discs | engine s | total s | nodes |");
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
    }
    for x in 1..=args.sweep_max {
        let level = Level::paper_000(x);
        let engine = Player::shipped(level, yomi::Mode::default());
        let r = play_match(&engine, &Player::Random, opts, None, &mut |_, _, _| {});
        if args.json {
            let mut v = result_json(&format!("x={x}"), "random", &r, opts);
            v["x"] = json!(x);
            println!("{v}");
        } else {
            println!(
                "| {x} | {} | {} | {} | {} | {} | {} | {} | {}-{} | {:.2} | {:.2} | {} |",
                level.presearch,
                level.depth,
                level.wld,
                level.perfect,
                r.wins,
                r.losses,
                r.draws,
                r.discs[0],
                r.discs[1],
                r.seconds[0],
                r.wall_seconds,
                r.nodes[0]
            );
        }
        let _ = std::io::stdout().flush();
    }
    Ok(())
}
