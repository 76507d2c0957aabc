use std::io::Write;

use clap::Args;
use serde_json::json;
use yomi::{search, Error, Game, Level, Scoring, SearchOptions, SearchResult, TranspositionTable};

use crate::common::{check_hash, check_threads, line_names, load_weights, probcut_for};
use crate::BoardArgs;

/// How strong and how long: a level, or a depth or time of its own.
#[derive(Args, Clone)]
pub struct StrengthArgs {
    /// Playing level: 1-6 or beginner, easy, medium, hard, expert, maximum.
    #[arg(long, value_name = "LEVEL", conflicts_with_all = ["depth"])]
    pub level: Option<String>,
    /// Search this many plies (no solver unless --perfect or --wld say so).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
    /// Think for at most this many seconds: replaces the level's time (with
    /// neither --level nor --depth, maximum deepens as far as it allows).
    #[arg(long, value_name = "S")]
    pub time: Option<f64>,
    /// ProbCut selectivity: 0 off, 1 (t = 2.0), 2 (t = 1.5), 3 (t = 1.0).
    #[arg(long, value_name = "0-3")]
    pub selectivity: Option<u8>,
    /// Solve exactly with at most this many empties.
    #[arg(long, value_name = "E")]
    pub perfect: Option<u32>,
    /// Solve for win/draw/loss with at most this many empties.
    #[arg(long, value_name = "E")]
    pub wld: Option<u32>,
    /// Evaluation weights: shipped (default), compact (the browser's
    /// embedded one), browser (the browser's once its network is fetched),
    /// each with its ProbCut statistics, hand, or a file from `yomi fit`
    /// (features) or `yomi fit --patterns` (the 8x8 patterns).
    #[arg(long, default_value = "shipped", value_name = "NAME|FILE")]
    pub weights: String,
}

impl StrengthArgs {
    pub fn level(&self) -> Result<Level, Error> {
        let asked = yomi::play::strength::Asked { level: self.level.as_deref(), depth: self.depth, time: self.time };
        let mut level: Level = asked.resolve()?;
        if let Some(s) = self.selectivity {
            if s > 3 {
                return Err(Error::BadArgument(format!("--selectivity {s} is out of range; expected 0 to 3")));
            }
            level.selectivity = s;
        }
        if let Some(e) = self.perfect {
            level.perfect = e;
        }
        if let Some(e) = self.wld {
            level.wld = e;
        }
        Ok(level)
    }
}

#[derive(Args)]
pub struct SearchArgs {
    #[command(flatten)]
    board: BoardArgs,
    #[command(flatten)]
    strength: StrengthArgs,
    /// Scoring rule: world or paper.
    #[arg(long, default_value = "world", value_name = "world|paper")]
    scoring: Scoring,
    #[command(flatten)]
    pool: crate::common::PoolArgs,
    /// Stop after about this many nodes.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Also score every legal move.
    #[arg(long)]
    all_moves: bool,
    /// Moves to play from the position first (f5d6c3; passes implicit).
    #[arg(long, value_name = "RECORD")]
    moves: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Search even where the opening book knows the position (a level
    /// answers from the book by default; --depth never does).
    #[arg(long)]
    no_book: bool,
    /// Search every position of an OBF file and count how often the move
    /// chosen is one of the best by the exact scores the file gives.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
    obf: Option<String>,
    /// Run over the ranks of an MPI job (`mpirun -n N yomi search
    /// --distributed ...`): paper 002's tree, rank 0 the master, every rank
    /// searching its leaf with --threads threads and --hash MiB.
    #[arg(long, conflicts_with_all = ["obf", "all_moves"])]
    distributed: bool,
    /// Position (X, O, - per square from a1, a space, X or O to move).
    /// Default: the start position.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
}

/// Searches each position of an OBF file; prints the move chosen, its exact
/// score from the file and the best score, then the share of best moves.
fn run_obf(args: &SearchArgs, file: &str, opts: &SearchOptions, pool: &rayon::ThreadPool) -> Result<(), Error> {
    let lines = crate::solve::read_obf(file, args.board.board)?;
    let tt = TranspositionTable::with_mib(args.pool.hash);
    let (mut best_count, mut total, mut nodes, mut seconds, mut lost) = (0, 0, 0u64, 0f64, 0i64);
    for (i, line) in lines.iter().enumerate() {
        let pos = line.position;
        tt.clear();
        let r = pool.install(|| search(&pos, &tt, opts, None, &mut |_| {}));
        let Some(&best) = line.scores.iter().map(|(_, v)| v).max() else { continue };
        let chosen = match r.best {
            Some(yomi::Move::Play(sq)) => line.scores.iter().find(|(m, _)| *m == sq).map(|&(_, v)| v),
            _ => None,
        };
        total += 1;
        nodes += r.nodes;
        seconds += r.seconds;
        let ok = chosen == Some(best);
        best_count += ok as usize;
        lost += chosen.map_or(0, |v| (best - v) as i64);
        let name = r.best.as_ref().map_or("-".to_string(), |m| crate::common::move_name(m, &pos));
        if args.json {
            println!(
                "{}",
                json!({"index": i + 1, "best": name, "chosen_score": chosen, "best_score": best, "is_best": ok,
                    "kind": r.kind, "depth": r.depth, "nodes": r.nodes, "seconds": r.seconds})
            );
        } else {
            println!(
                "#{:<3} {:<4} {:>4} (best {:+}) {}  depth {} {:?}  {} nodes {:.2} s",
                i + 1,
                name,
                chosen.map_or("?".to_string(), |v| format!("{v:+}")),
                best,
                if ok { "best" } else { "    " },
                r.depth,
                r.kind,
                r.nodes,
                r.seconds
            );
        }
    }
    let summary = format!(
        "{best_count} of {total} best moves; {lost} discs lost in all; {nodes} nodes, {seconds:.2} s, {:.0} nodes/s",
        nodes as f64 / seconds.max(1e-9)
    );
    if args.json {
        eprintln!("{summary}");
    } else {
        println!("{summary}");
    }
    Ok(())
}

pub fn run(args: SearchArgs) -> Result<(), Error> {
    let pool = check_threads(args.pool.threads)?;
    check_hash(args.pool.hash)?;
    let level = args.strength.level()?;
    if let Some(file) = &args.obf {
        let mut opts = SearchOptions {
            weights: load_weights(&args.strength.weights)?,
            probcut: probcut_for(&args.strength.weights),
            mode: args.pool.mode,
            ..SearchOptions::new(level, args.scoring)
        };
        opts.limits.nodes = args.nodes;
        return run_obf(&args, file, &opts, &pool);
    }
    let start = args.board.position(args.position.as_deref())?;
    let game = Game::from_record(start, args.moves.as_deref().unwrap_or(""))?;
    let pos = *game.current();
    let mut opts = SearchOptions {
        all_moves: args.all_moves,
        weights: load_weights(&args.strength.weights)?,
        probcut: probcut_for(&args.strength.weights),
        mode: args.pool.mode,
        ..SearchOptions::new(level, args.scoring)
    };
    opts.limits.nodes = args.nodes;
    if level.book.is_some() && !args.no_book && !args.distributed {
        // The book's best move: a search answers the same position the same way.
        if let Some(r) = yomi::book::answer(yomi::book::Book::shipped(), &pos, 0, &mut yomi::rng::Rng::new(0)) {
            return report(&args, &pos, level, &r);
        }
    }
    let json_out = args.json;
    let master_line = |m: &yomi::predict::tree::Report, from: Option<String>| {
        if !json_out {
            let best = m.best.as_ref().map(|b| crate::common::move_name(b, &pos)).unwrap_or_default();
            let from = from.map(|f| format!("  ({f})")).unwrap_or_default();
            let _ = writeln!(std::io::stdout(), "master: best {best} score {:+7.2}  workers done {}/{}{from}", m.score, m.finished, m.workers);
        }
    };
    if args.distributed {
        let r = crate::distributed::search_one(crate::distributed::Place::Cluster, &pos, opts, args.pool.threads, args.pool.hash, &mut |m, w| {
            master_line(m, Some(format!("rank {w}")))
        })?;
        return match r {
            Some(r) => report(&args, &pos, level, &r),
            None => Ok(()),
        };
    }
    let tt = TranspositionTable::with_mib(args.pool.hash);
    if args.pool.mode == yomi::Mode::Predict {
        let r = pool.install(|| {
            yomi::play::search::search_predict(&pos, &tt, &opts, None, &|m| master_line(m, None))
        });
        return report(&args, &pos, level, &r);
    }
    let r = pool.install(|| {
        search(&pos, &tt, &opts, None, &mut |p: &SearchResult| {
            if !json_out && p.kind == yomi::Kind::Midgame {
                // A closed pipe (`| head`) is not an error worth a panic.
                let _ = writeln!(
                    std::io::stdout(),
                    "depth {:>2}  score {:+7.2}  nodes {:>11}  {:>7.3} s  {:>9.0} nodes/s  pv {}",
                    p.depth,
                    p.score,
                    p.nodes,
                    p.seconds,
                    p.nodes_per_second(),
                    line_names(&pos, &p.pv).join(" ")
                );
            }
        })
    });
    report(&args, &pos, level, &r)
}

fn report(args: &SearchArgs, pos: &yomi::Position, level: Level, r: &SearchResult) -> Result<(), Error> {
    let pos = *pos;
    let best = r.best.as_ref().map(|m| crate::common::move_name(m, &pos));
    if args.json {
        let mut v = json!({
            "position": yomi::format_position(&pos),
            "board": pos.size().to_string(),
            "scoring": args.scoring.to_string(),
            "level": level.name,
            "best": best,
            "score": r.score,
            "kind": r.kind,
            "depth": r.depth,
            "selectivity": r.selectivity,
            "pv": line_names(&pos, &r.pv),
            "nodes": r.nodes,
            "seconds": r.seconds,
            "nodes_per_second": r.nodes_per_second().round(),
            "stopped": r.stopped,
        });
        if args.all_moves {
            let moves: serde_json::Map<String, serde_json::Value> =
                r.moves.iter().map(|(sq, s)| (sq.name(pos.size()), json!(s))).collect();
            v["moves"] = serde_json::Value::Object(moves);
        }
        println!("{v}");
    } else {
        let what = match r.kind {
            yomi::Kind::Midgame => format!("{:+.2} (estimate, depth {}, selectivity {})", r.score, r.depth, r.selectivity),
            yomi::Kind::Wld => format!("{} (win/draw/loss solve)", yomi::bound::Wld::of_score(r.score as i32)),
            yomi::Kind::Exact => format!("{:+} (exact)", r.score),
            yomi::Kind::Book => format!("{:+} (book, leaves searched at depth {})", r.score, r.depth),
        };
        println!("Position: {}", yomi::format_position(&pos));
        println!("Best move: {}", best.unwrap_or_else(|| "none (the game is over)".into()));
        println!("Score: {what} for {}", pos.to_move().name());
        println!("Line: {}", line_names(&pos, &r.pv).join(" "));
        if args.all_moves {
            let list: Vec<String> = r.moves.iter().map(|(sq, s)| format!("{} {:+.2}", sq.name(pos.size()), s)).collect();
            println!("Moves: {}", list.join(", "));
        }
        println!("Nodes {}, {:.3} s, {:.0} nodes/s{}", r.nodes, r.seconds, r.nodes_per_second(), if r.stopped { " (limit reached)" } else { "" });
    }
    Ok(())
}
