use std::fs;

use clap::Args;
use serde_json::{json, Value};
use yomi::{
    parse_obf_line, Color, Error, Move, ObfLine, Position, Scoring, Solution, SolveOptions,
    Square, TranspositionTable,
};

use crate::distributed::{Batch, Place, Source};
use crate::BoardArgs;

#[derive(Args)]
pub struct SolveArgs {
    #[command(flatten)]
    board: BoardArgs,
    /// Scoring rule: world (empties go to the winner) or paper (plain disc
    /// difference; empties go to the winner only after a wipeout).
    #[arg(long, default_value = "world", value_name = "world|paper")]
    scoring: Scoring,
    /// Solve for win, draw or loss only (faster); the score is then +1, 0 or -1.
    #[arg(long)]
    wld: bool,
    #[command(flatten)]
    pool: crate::common::PoolArgs,
    /// Also give the exact score of every legal move.
    #[arg(long)]
    all_moves: bool,
    /// Stop after this many seconds (each position) and print what is
    /// proven so far: a bound on the score and the best move found, marked
    /// as stopped.
    #[arg(long, value_name = "S")]
    time: Option<f64>,
    /// Moves to play from the position before solving (f5d6c3; passes
    /// implicit), or a game from a GGF or WTHOR (.wtb) file: FILE#N, or FILE
    /// with --player and --year; --ply N solves it after N moves.
    #[arg(long, value_name = "RECORD|FILE[#N]", conflicts_with = "obf")]
    moves: Option<String>,
    #[command(flatten)]
    pick: crate::common::GameFileArgs,
    /// Print one JSON object per position instead of text.
    #[arg(long)]
    json: bool,
    /// Solve every position of an OBF file and check the scores it gives;
    /// any mismatch exits with status 1.
    #[arg(long, value_name = "FILE", conflicts_with = "position")]
    obf: Option<String>,
    /// Run over the ranks of an MPI job (`mpirun -n N yomi solve
    /// --distributed ...`): one position by paper 002's tree, rank 0 the
    /// master, every rank searching with --threads threads and --hash MiB;
    /// with --obf, the positions handed out to the ranks as they become free;
    /// with --job, the job's leaves.
    #[arg(long)]
    distributed: bool,
    /// With --obf: append each result to FILE as it arrives (one JSON line
    /// per position), and skip the positions FILE already holds, so a job
    /// killed halfway resumes where it was.
    #[arg(long, value_name = "FILE")]
    results: Option<String>,
    /// Solve every position EMPTIES empties below the position (one per
    /// symmetric twin) as a batch, like --obf, and back the position's own
    /// value up from theirs.
    #[arg(long, value_name = "EMPTIES", conflicts_with = "obf")]
    openings: Option<u32>,
    /// Solve as a job kept in DIR that survives any interruption: the same
    /// command resumes it (start one with --frontier). Prints each leaf
    /// proven, and the value and perfect line at the end (DIR/result.json).
    /// With --distributed, under mpirun: rank 0 keeps DIR and hands the
    /// job's leaves to every rank (itself too) as they become free.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["obf", "openings", "all_moves", "wld"])]
    job: Option<std::path::PathBuf>,
    /// With --job, to start one: plies of the job's own search above the
    /// solver's leaves (each leaf should take seconds to minutes).
    #[arg(long, value_name = "P", requires = "job")]
    frontier: Option<u32>,
    /// With --job: say what is proven and what is left, and stop.
    #[arg(long, requires = "job")]
    progress: bool,
    /// With --job: stop after this many minutes (everything proven kept).
    #[arg(long, value_name = "M", requires = "job")]
    minutes: Option<f64>,
    /// With --job: check the job's proofs by solving N of its proven leaves
    /// again, drawn at random by --seed, each in another orientation on a
    /// cleared table with --mode; kept in DIR/leaf-checks.tsv, so the same
    /// command resumes. Exits 1 if any disagrees.
    #[arg(long, value_name = "N", requires = "job", conflicts_with_all = ["frontier", "progress"])]
    check: Option<usize>,
    /// With --check: the seed of the sample.
    #[arg(long, value_name = "S", default_value_t = 1, requires = "check")]
    seed: u64,
    /// Position: one character per square from a1 row by row (X, O or -), a
    /// space, and X or O to move. Default: the start position of the board.
    #[arg(value_name = "POSITION", allow_hyphen_values = true)]
    position: Option<String>,
}

/// Exit status: 0, or 1 when an OBF file's scores disagree with the solver.
pub fn run(args: SolveArgs) -> Result<u8, Error> {
    crate::common::check_thread_count(args.pool.threads)?;
    crate::common::check_hash(args.pool.hash)?;
    if let Some(t) = args.time {
        yomi::play::strength::checked_seconds(t)?;
    }
    if let Some(dir) = &args.job {
        if args.minutes.is_some_and(|m| !(m.is_finite() && m > 0.0)) {
            return Err(Error::BadArgument("--minutes must be positive".into()));
        }
        if args.distributed && (args.progress || args.check.is_some()) {
            return Err(Error::BadArgument("--distributed solves a job's leaves; --progress and --check run on one machine without it".into()));
        }
        if args.frontier.is_some_and(|f| !(1..=60).contains(&f)) {
            return Err(Error::BadArgument("--frontier must be 1 to 60 plies".into()));
        }
        let spec = match args.frontier {
            Some(frontier) => {
                let start = args.board.position(args.position.as_deref())?;
                let root = *crate::common::game_of(start, args.position.is_some(), args.moves.as_deref(), &args.pick)?.current();
                Some(yomi::tools::solve_job::Spec { root, scoring: args.scoring, frontier })
            }
            None => None,
        };
        let request = crate::job::Request {
            dir,
            spec,
            threads: args.pool.threads,
            mode: args.pool.mode,
            hash_mib: args.pool.hash,
            minutes: args.minutes,
            progress: args.progress,
            check: args.check.map(|n| (n, args.seed)),
            distributed: args.distributed,
        };
        return crate::job::run(request);
    }
    let opts = SolveOptions { scoring: args.scoring, wld: args.wld, all_moves: args.all_moves, mode: args.pool.mode, exclude: 0, limits: yomi::Limits { time: args.time, nodes: None } };
    let place = if args.distributed { Place::Cluster } else { Place::Here };
    if args.distributed || args.results.is_some() || args.openings.is_some() {
        if args.all_moves {
            return Err(Error::BadArgument("--all-moves is not available with --distributed, --results or --openings".into()));
        }
        if args.results.is_some() && args.obf.is_none() && args.openings.is_none() {
            return Err(Error::BadArgument("--results needs --obf FILE or --openings EMPTIES".into()));
        }
        let start = args.board.position(args.position.as_deref())?;
        let pos = *crate::common::game_of(start, args.position.is_some(), args.moves.as_deref(), &args.pick)?.current();
        let source = match (&args.obf, args.openings) {
            (Some(file), _) => Some(Source::Obf { file, board: args.board.board }),
            (None, Some(empties)) if empties >= pos.empties().count_ones() => {
                return Err(Error::BadArgument(format!(
                    "--openings {empties} is not below the position's {} empties",
                    pos.empties().count_ones()
                )))
            }
            (None, Some(empties)) => Some(Source::Openings { root: pos, empties }),
            (None, None) => None,
        };
        if let Some(source) = source {
            let batch = Batch { source, results: args.results.as_deref(), json: args.json, threads: args.pool.threads, hash_mib: args.pool.hash };
            return crate::distributed::solve_many(place, batch, opts);
        }
        if let Some(sol) = crate::distributed::solve_one(place, &pos, opts, args.pool.threads, args.pool.hash)? {
            if args.json {
                println!("{}", to_json(&pos, &sol, opts));
            } else {
                print_text(&pos, &sol, opts);
            }
        }
        return Ok(0);
    }
    let lines: Vec<ObfLine> = match &args.obf {
        Some(file) => read_obf(file, args.board.board)?,
        None => {
            let start = args.board.position(args.position.as_deref())?;
            let game = crate::common::game_of(start, args.position.is_some(), args.moves.as_deref(), &args.pick)?;
            vec![ObfLine { position: *game.current(), scores: Vec::new() }]
        }
    };
    let tt = TranspositionTable::with_mib(args.pool.hash);
    let pool = crate::common::check_threads(args.pool.threads)?;

    let (mut checked, mut mismatched) = (0, 0);
    let (mut nodes, mut seconds) = (0u64, 0f64);
    for (i, line) in lines.iter().enumerate() {
        let sol = pool.install(|| yomi::solve(&line.position, &tt, opts, None));
        nodes += sol.stats.nodes;
        seconds += sol.seconds;
        let problems = if sol.stopped { Vec::new() } else { check(line, &sol, opts) };
        if !line.scores.is_empty() && !sol.stopped {
            checked += 1;
            if !problems.is_empty() {
                mismatched += 1;
            }
        }
        if args.json {
            let mut v = to_json(&line.position, &sol, opts);
            if !line.scores.is_empty() {
                v["index"] = json!(i + 1);
                v["check"] = json!(if problems.is_empty() { "ok" } else { "mismatch" });
                v["problems"] = json!(problems);
            }
            println!("{v}");
        } else {
            if lines.len() > 1 {
                println!("# {}", i + 1);
            }
            print_text(&line.position, &sol, opts);
            for p in &problems {
                println!("MISMATCH: {p}");
            }
            println!();
        }
    }
    if args.obf.is_some() {
        let rate = yomi::clock::rate(nodes, seconds);
        let summary = format!(
            "{} of {checked} positions match; {nodes} nodes, {seconds:.3} s, {rate:.0} nodes/s",
            checked - mismatched
        );
        if args.json {
            eprintln!("{summary}");
        } else {
            println!("{summary}");
        }
    }
    Ok(if mismatched > 0 { 1 } else { 0 })
}

pub fn read_obf(file: &str, board: Option<yomi::BoardSize>) -> Result<Vec<ObfLine>, Error> {
    let text = fs::read_to_string(file)
        .map_err(|e| Error::BadArgument(format!("cannot read {file}: {e}")))?;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
            continue;
        }
        let parsed = parse_obf_line(t, board)
            .map_err(|e| Error::BadArgument(format!("{file} line {}: {e}", n + 1)))?;
        lines.push(parsed);
    }
    Ok(lines)
}

/// Disagreements between the solver and the scores an OBF line gives.
fn check(line: &ObfLine, sol: &Solution, opts: SolveOptions) -> Vec<String> {
    let size = line.position.size();
    let mut problems = Vec::new();
    let Some(&best_given) = line.scores.iter().map(|(_, s)| s).max() else {
        return problems;
    };
    let expect = |v: i32| if opts.wld { v.signum() } else { v };
    if sol.score != expect(best_given) {
        problems.push(format!("score {:+}, the file gives {:+}", sol.score, expect(best_given)));
    }
    if let Some(Move::Play(sq)) = sol.best {
        if let Some(&(_, s)) = line.scores.iter().find(|(m, _)| *m == sq) {
            if expect(s) != sol.score {
                problems.push(format!("best move {} scores {:+} in the file", sq.name(size), s));
            }
        }
    }
    for &(sq, given) in &line.scores {
        if let Some(&(_, v)) = sol.moves.iter().find(|(m, _)| *m == sq) {
            if v != expect(given) {
                problems.push(format!("{} scores {:+}, the file gives {:+}", sq.name(size), v, expect(given)));
            }
        }
    }
    problems
}

fn to_json(pos: &Position, sol: &Solution, opts: SolveOptions) -> Value {
    let mut v = json!({
        "position": yomi::format_position(pos),
        "board": pos.size().to_string(),
        "scoring": opts.scoring.to_string(),
        "wld": opts.wld,
        "score": sol.score,
        "result": sol.outcome(),
        "best": sol.best.as_ref().map(|m| m.name(pos.size())),
        "pv": sol.pv.iter().map(|m| m.name(pos.size())).collect::<Vec<_>>(),
        "black": sol.black,
        "white": sol.white,
        "nodes": sol.stats.nodes,
        "leaves": sol.stats.leaves,
        "seconds": sol.seconds,
        "nodes_per_second": rate(sol),
        "stopped": sol.stopped,
        "lower": sol.lower,
        "upper": sol.upper,
    });
    if sol.stopped {
        // What is not proven is null: no score, and no bound where none is known.
        v["score"] = Value::Null;
        v["proven"] = json!(sol.proven());
    }
    if opts.all_moves {
        let moves: serde_json::Map<String, Value> =
            sol.moves.iter().map(|(sq, s)| (sq.name(pos.size()), json!(s))).collect();
        v["moves"] = Value::Object(moves);
    }
    v
}

fn rate(sol: &Solution) -> f64 {
    if sol.seconds > 0.0 {
        (sol.stats.nodes as f64 / sol.seconds).round()
    } else {
        0.0
    }
}

fn print_text(pos: &Position, sol: &Solution, opts: SolveOptions) {
    let side = pos.to_move();
    println!("Position: {}", yomi::format_position(pos));
    if sol.stopped {
        let proven = match sol.best.as_ref() {
            Some(m) => format!("score {} for {}; best move found {}", sol.proven(), side.name(), m.name(pos.size())),
            None if sol.lower.is_some() || sol.upper.is_some() => {
                format!("score {} for {}; no move proven yet", sol.proven(), side.name())
            }
            None => "nothing proven yet".to_string(),
        };
        println!("Stopped after {:.3} s, before the end: {proven}", sol.seconds);
        if opts.all_moves && !sol.moves.is_empty() {
            let list: Vec<String> = sol.moves.iter().map(|(sq, s)| format!("{} {:+}", sq.name(pos.size()), s)).collect();
            println!("Moves solved: {}", list.join(", "));
        }
        println!("Nodes {}, {:.0} nodes/s", sol.stats.nodes, rate(sol));
        return;
    }
    let what = if opts.wld {
        format!("{} for {}", sol.outcome().map_or("unknown", |o| o.name()), side.name())
    } else {
        format!("{:+} for {} ({})", sol.score, side.name(), sol.outcome().map_or("unknown", |o| o.name()))
    };
    let best = sol.best.as_ref().map_or("none (the game is over)".to_string(), |m| m.name(pos.size()));
    println!("Score: {what}; best move {best}; {} scoring", opts.scoring);
    let pv: Vec<String> = sol.pv.iter().map(|m| m.name(pos.size())).collect();
    println!("Perfect line: {}", if pv.is_empty() { "(none)".to_string() } else { pv.join(" ") });
    println!("Final discs: Black {}, White {}", sol.black, sol.white);
    print!("{}", diagram(pos, &sol.pv));
    if opts.all_moves {
        let list: Vec<String> = sol
            .moves
            .iter()
            .map(|(sq, s)| format!("{} {:+}", sq.name(pos.size()), s))
            .collect();
        println!("Moves: {}", list.join(", "));
    }
    println!(
        "Nodes {}, final positions {}, {:.3} s, {:.0} nodes/s",
        sol.stats.nodes,
        sol.stats.leaves,
        sol.seconds,
        rate(sol)
    );
}

/// Paper 001's diagram: the position's discs, and on each square filled
/// along the perfect line, the number of the move that fills it.
fn diagram(pos: &Position, pv: &[Move]) -> String {
    let size = pos.size();
    let mut number = vec![0usize; size.squares()];
    for (i, m) in pv.iter().filter(|m| **m != Move::Pass).enumerate() {
        if let Move::Play(sq) = m {
            number[sq.index() as usize] = i + 1;
        }
    }
    let width = size.rows().to_string().len();
    let mut out = format!("{:width$}", "");
    for c in 0..size.cols() {
        out += &format!("  {}", (b'a' + c as u8) as char);
    }
    out.push('\n');
    for r in 0..size.rows() {
        out += &format!("{:>width$}", r + 1);
        for c in 0..size.cols() {
            let sq = Square::at(size, r, c).expect("on board");
            let cell = match pos.color_at(sq) {
                Some(Color::Black) => "X".to_string(),
                Some(Color::White) => "O".to_string(),
                None if number[sq.index() as usize] > 0 => number[sq.index() as usize].to_string(),
                None => ".".to_string(),
            };
            out += &format!(" {cell:>2}");
        }
        out.push('\n');
    }
    out
}
