//! `yomi four`: Score Four, paper 003's 3-D four-in-a-row with gravity.

use clap::{Args, Subcommand};
use serde_json::json;
use yomi::four::curve::curve_svg;
use yomi::four::eval::{ForcedEval, PaperEval, ThreatEval};
use yomi::four::calibration::calibrate_kind;
use yomi::four::experiment::{experiment, Baseline, Configuration, PAPER_FIGURES};
use yomi::four::level::FourLevel;
use yomi::four::matches::{play_match, Player};
use yomi::four::positions::sample_positions;
use yomi::four::reproduction::{calibrate_on_trees, calibration_games, games_to_text, paper_games, positions_of, test_positions, without};
use yomi::four::perft::perft_parallel;
use yomi::four::pruning::{Model, PruningStats};
use yomi::bound::Wld;
use yomi::four::search::{solve, winner, FourMode, PROVEN};
use yomi::four::{format_board, peg_name, Board, EvalKind, FourOptions, FourResult, Game, Outcome};
use yomi::{Error, TranspositionTable};

use crate::common::{check_hash, check_threads};

#[derive(Args)]
pub struct FourArgs {
    #[command(subcommand)]
    command: FourCommand,
}

#[derive(Subcommand)]
enum FourCommand {
    /// Draw a position as its four layers, with the legal pegs and the result.
    Show(ShowArgs),
    /// Count the move sequences of each length from 1 to DEPTH.
    Perft(PerftArgs),
    /// Choose a peg: iterative deepening with the evaluation (and paper
    /// 003's cut at the higher levels); prints each iteration.
    Search(SearchArgs),
    /// Solve a position: deepen without pruning until a forced win or loss
    /// is proven, or the whole tree is searched (a draw).
    Solve(SolveArgs),
    /// Play games between two players, colours alternating, from shared
    /// random openings.
    Match(MatchArgs),
    /// Paper 003's experiment as the paper ran it: hit rate and speed-up
    /// of the statistical cut by margin on every position of the 100 test
    /// games, the paper's configuration and Yomi's, beside the paper's
    /// figures.
    Experiment(ExperimentArgs),
    /// Fixed-depth searches of eight positions at each thread count, rounds
    /// alternating: best and median seconds, nodes/s and speed-up.
    Bench(BenchArgs),
    /// Measure the statistics of paper 003's cut (and the paper
    /// evaluation's mean by move number) from games; writes a statistics file.
    Calibrate(CalibrateArgs),
    /// Play the games of paper 003's experiment: its plain alpha-beta
    /// against itself from openings of four random stones.
    Games(GamesArgs),
}

/// A position: a record of pegs from the empty board (`a1b2b2c4`: column
/// a-d, row 1-4), or 64 cells X, O or - in cell order (x + 4y + 16z, the
/// bottom layer first), a space and the side to move, optionally followed by
/// `;` and more pegs.
#[derive(Args, Clone)]
struct PositionArg {
    #[arg(value_name = "RECORD", default_value = "", allow_hyphen_values = true)]
    record: String,
}

impl PositionArg {
    fn game(&self) -> Result<Game, Error> {
        Game::parse(&self.record)
    }
}

#[derive(Args)]
struct ShowArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct PerftArgs {
    /// Deepest depth to count, 1 to 10.
    #[arg(value_name = "DEPTH")]
    depth: u32,
    #[command(flatten)]
    position: PositionArg,
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    #[arg(long)]
    json: bool,
}

#[derive(Args, Clone)]
struct EngineArgs {
    /// Search this many plies deep (1 to 64).
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    /// Stop after this many seconds with the last finished iteration.
    #[arg(long, value_name = "S")]
    time: Option<f64>,
    /// A playing level: 1-6 or beginner, easy, medium, hard, expert, maximum.
    #[arg(long, value_name = "L")]
    level: Option<String>,
    /// Evaluation: threat (ours, the levels'), paper (paper 003's) or
    /// forced (the paper's after the forced line: the experiment's Yomi
    /// configuration).
    #[arg(long, default_value = "threat", value_name = "threat|paper|forced")]
    eval: String,
    /// Paper 003's cut value in standard deviations (none: no cut).
    #[arg(long, value_name = "SIGMA|none")]
    margin: Option<String>,
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// How the threads share the search: ybw, lazy, msai or serial.
    #[arg(long, default_value = "ybw", value_parser = parse_four_mode)]
    mode: FourMode,
    /// Table size in MiB.
    #[arg(long, default_value_t = 64, value_name = "MIB")]
    hash: usize,
    /// Give every legal peg its value.
    #[arg(long)]
    all_moves: bool,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct SearchArgs {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    position: PositionArg,
}

#[derive(Args)]
struct SolveArgs {
    /// Stop after this many seconds, claiming nothing unproven.
    #[arg(long, value_name = "S")]
    time: Option<f64>,
    #[arg(long, default_value_t = 1, value_name = "N")]
    threads: usize,
    #[arg(long, default_value = "ybw", value_parser = parse_four_mode)]
    mode: FourMode,
    #[arg(long, default_value_t = 256, value_name = "MIB")]
    hash: usize,
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    position: PositionArg,
}

#[derive(Args)]
struct MatchArgs {
    /// Player A: random, or level=NAME / depth=D,eval=paper|threat|forced,margin=C,time=S.
    #[arg(long, default_value = "level=medium", value_name = "SPEC")]
    a: String,
    /// Player B (same form).
    #[arg(long, default_value = "random", value_name = "SPEC")]
    b: String,
    #[arg(long, default_value_t = 20, value_name = "N")]
    games: usize,
    /// Random pegs that open each pair of games.
    #[arg(long, default_value_t = 4, value_name = "N")]
    random_moves: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ExperimentArgs {
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
struct GamesArgs {
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
struct BenchArgs {
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
struct CalibrateArgs {
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

pub fn run(args: FourArgs) -> Result<(), Error> {
    match args.command {
        FourCommand::Show(a) => show(a),
        FourCommand::Perft(a) => perft(a),
        FourCommand::Search(a) => search(a),
        FourCommand::Solve(a) => solve_cmd(a),
        FourCommand::Match(a) => match_cmd(a),
        FourCommand::Experiment(a) => experiment_cmd(a),
        FourCommand::Calibrate(a) => calibrate_cmd(a),
        FourCommand::Games(a) => games_cmd(a),
        FourCommand::Bench(a) => bench_cmd(a),
    }
}

fn colour_name(c: yomi::Color) -> &'static str {
    match c {
        yomi::Color::Black => "black",
        yomi::Color::White => "white",
    }
}

/// The four layers side by side, bottom layer first, row 4 at the top as on
/// a map; `*` marks the last stone.
fn draw(board: &Board, last: Option<u32>) -> String {
    let mut s = String::from("    layer 1 (bottom)    layer 2             layer 3             layer 4\n");
    s += "    a b c d             ".repeat(4).trim_end();
    s.push('\n');
    for y in (0..4).rev() {
        for z in 0..4 {
            s += &format!("{}   ", y + 1);
            for x in 0..4 {
                let c = x + 4 * y + 16 * z;
                let ch = if board.black >> c & 1 == 1 {
                    if last == Some(c) { 'x' } else { 'X' }
                } else if board.white >> c & 1 == 1 {
                    if last == Some(c) { 'o' } else { 'O' }
                } else {
                    '.'
                };
                s.push(ch);
                s.push(' ');
            }
            s += "          ";
        }
        s = s.trim_end().to_string();
        s.push('\n');
    }
    s
}

fn winner_name(b: &Board) -> Option<&'static str> {
    match b.outcome() {
        Outcome::Playing => None,
        Outcome::Draw => Some("draw"),
        Outcome::Won(c, _) => Some(colour_name(c)),
    }
}

fn show(a: ShowArgs) -> Result<(), Error> {
    let game = a.position.game()?;
    let b = game.board();
    let legal: Vec<String> = b.legal_pegs().into_iter().map(peg_name).collect();
    let line = match b.outcome() {
        Outcome::Won(_, l) => Some(yomi::Squares(l).map(|c| format!("{}:{}", peg_name(c % 16), c / 16 + 1)).collect::<Vec<_>>()),
        _ => None,
    };
    if a.json {
        println!(
            "{}",
            json!({
                "legal": legal,
                "winner": winner_name(&b),
                "to_move": colour_name(b.to_move()),
                "line": line,
                "record": game.record(),
                "position": format_board(&b),
                "stones": b.stones(),
            })
        );
        return Ok(());
    }
    print!("{}", draw(&b, game.cells().last().copied()));
    match b.outcome() {
        Outcome::Playing => println!("{} to move; legal pegs: {}", yomi::Color::name(b.to_move()), legal.join(" ")),
        Outcome::Draw => println!("Game over: a draw (the board is full)"),
        Outcome::Won(c, _) => println!("Game over: {} wins with the line {} (peg:height)", c.name(), line.unwrap_or_default().join(" ")),
    }
    if !game.record().is_empty() {
        println!("record: {}", game.record());
    }
    println!("position: {}", format_board(&b));
    Ok(())
}

fn perft(a: PerftArgs) -> Result<(), Error> {
    if a.depth == 0 || a.depth > 10 {
        return Err(Error::BadDepth { depth: a.depth, max: 10 });
    }
    let pool = check_threads(a.threads)?;
    let b = a.position.game()?.board();
    let clock = yomi::clock::Clock::start();
    let mut rows = Vec::new();
    for d in 1..=a.depth {
        let n = pool.install(|| perft_parallel(b.player(), b.opponent(), d));
        if !a.json {
            println!("{d} {n}");
        }
        rows.push(json!({"depth": d, "count": n}));
    }
    let count = rows.last().map(|r| r["count"].clone()).unwrap_or(json!(0));
    let seconds = clock.seconds();
    if a.json {
        println!("{}", json!({"count": count, "depths": rows, "seconds": seconds}));
    } else {
        println!("{seconds:.3} seconds");
    }
    Ok(())
}

/// A value for people: points, or a proven result in plies.
fn describe(r: &FourResult, b: &Board) -> String {
    match (r.result(), r.plies_to_end(b)) {
        (Some(Wld::Win), Some(n)) => format!("{} wins in {n} plies", b.to_move().name()),
        (Some(Wld::Loss), Some(n)) => format!("{} wins in {n} plies", b.to_move().opposite().name()),
        (Some(Wld::Draw), _) => "a draw with best play".to_string(),
        _ if r.score >= PROVEN => format!("{} wins (found with pruning; not proven)", b.to_move().name()),
        _ if r.score <= -PROVEN => format!("{} wins (found with pruning; not proven)", b.to_move().opposite().name()),
        _ => format!("{:+} points for {}", r.score, b.to_move().name()),
    }
}

fn pegs(v: &[u32]) -> Vec<String> {
    v.iter().map(|&p| peg_name(p)).collect()
}

fn result_json(r: &FourResult, b: &Board) -> serde_json::Value {
    json!({
        "best": r.best.map(peg_name),
        "score": r.score,
        "result": r.result(),
        "plies": r.plies_to_end(b),
        "winner": winner(b, r).map(colour_name),
        "depth": r.depth,
        "pv": pegs(&r.pv),
        "moves": r.moves.iter().map(|&(p, v)| json!({"peg": peg_name(p), "score": v})).collect::<Vec<_>>(),
        "nodes": r.nodes,
        "seconds": r.seconds,
        "nodes_per_second": r.nodes_per_second().round(),
        "stopped": r.stopped,
        "proven": r.proven,
        "to_move": colour_name(b.to_move()),
    })
}

fn print_result(r: &FourResult, b: &Board, json: bool) {
    if json {
        println!("{}", result_json(r, b));
        return;
    }
    match r.best {
        None => println!("The game is over: {}", describe(r, b)),
        Some(best) => {
            println!("best {}  {}  depth {}  pv {}", peg_name(best), describe(r, b), r.depth, pegs(&r.pv).join(" "));
            if !r.moves.is_empty() {
                let all: Vec<String> = r.moves.iter().map(|&(p, v)| format!("{}:{v:+}", peg_name(p))).collect();
                println!("moves {}", all.join(" "));
            }
            println!(
                "{} nodes in {:.3} s ({:.0} nodes/s){}",
                r.nodes,
                r.seconds,
                r.nodes_per_second(),
                if r.stopped { ", stopped by the limit" } else { "" }
            );
        }
    }
}

fn engine_options(e: &EngineArgs) -> Result<FourOptions, Error> {
    let eval = EvalKind::parse(&e.eval)?;
    let asked = yomi::play::strength::Asked { level: e.level.as_deref(), depth: e.depth, time: e.time };
    let mut o = asked.resolve::<FourLevel>()?.options(eval, e.mode);
    if let Some(m) = &e.margin {
        o.margin = yomi::four::pruning::Cut::parse(m)?;
    }
    o.all_moves = e.all_moves;
    Ok(o)
}

fn progress_line(r: &FourResult, b: &Board) {
    if let Some(best) = r.best {
        println!(
            "depth {:2}  {:>28}  best {}  pv {}  nodes {}  {:.3} s",
            r.depth,
            describe(r, b),
            peg_name(best),
            pegs(&r.pv).join(" "),
            r.nodes,
            r.seconds
        );
    }
}

fn search(a: SearchArgs) -> Result<(), Error> {
    let opts = engine_options(&a.engine)?;
    check_hash(a.engine.hash)?;
    let pool = check_threads(a.engine.threads)?;
    let b = a.position.game()?.board();
    let tt = TranspositionTable::with_mib(a.engine.hash);
    let json = a.engine.json;
    let r = pool.install(|| yomi::four::search(&b, &tt, &opts, None, &mut |r| if !json { progress_line(r, &b) }))?;
    print_result(&r, &b, json);
    Ok(())
}

fn solve_cmd(a: SolveArgs) -> Result<(), Error> {
    a.time.map(yomi::play::strength::checked_seconds).transpose()?;
    check_hash(a.hash)?;
    let pool = check_threads(a.threads)?;
    let b = a.position.game()?.board();
    let tt = TranspositionTable::with_mib(a.hash);
    let json = a.json;
    let r = pool.install(|| solve(&b, &tt, a.mode, a.time, None, &mut |r| if !json { progress_line(r, &b) }))?;
    if json {
        print_result(&r, &b, true);
    } else if !r.proven && r.best.is_some() {
        println!("Stopped after {:.1} s at depth {}, before a proof; nothing is claimed.", r.seconds, r.depth);
        println!("{} nodes", r.nodes);
    } else {
        print_result(&r, &b, false);
    }
    Ok(())
}

fn match_cmd(a: MatchArgs) -> Result<(), Error> {
    let pa = Player::parse(&a.a)?;
    let pb = Player::parse(&a.b)?;
    if a.games == 0 {
        return Err(Error::BadArgument("--games must be at least 1".into()));
    }
    if a.random_moves > 6 {
        return Err(Error::BadArgument(format!("--random-moves {} is out of range; expected 0 to 6", a.random_moves)));
    }
    let json = a.json;
    let sum = play_match(&pa, &pb, a.games, a.random_moves, a.seed, &mut |s| {
        if !json {
            let g = s.games.last().expect("a game");
            let r = match g.a_result {
                Wld::Win => "A wins",
                Wld::Draw => "draw",
                Wld::Loss => "B wins",
            };
            println!("game {:3}  A {}  {:7}  {} plies  {}", s.games.len(), if g.a_black { "black" } else { "white" }, r, g.plies, g.record);
        }
    })?;
    if json {
        println!("{}", serde_json::to_string(&sum).expect("serialisable"));
    } else {
        println!("A {}  vs  B {}", a.a, a.b);
        println!(
            "A wins {}, draws {}, B wins {} of {} games; A scores {:.1} %; {} nodes, {:.1} s",
            sum.a_wins,
            sum.draws,
            sum.b_wins,
            a.games,
            100.0 * (sum.a_wins as f64 + 0.5 * sum.draws as f64) / a.games as f64,
            sum.nodes,
            sum.seconds
        );
    }
    Ok(())
}

fn parse_list<T>(s: &str, what: &str, f: impl Fn(&str) -> Option<T>) -> Result<Vec<T>, Error> {
    s.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(|x| f(x).ok_or_else(|| Error::BadArgument(format!("{what} '{x}' is not valid"))))
        .collect()
}

fn experiment_cmd(a: ExperimentArgs) -> Result<(), Error> {
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

fn games_cmd(a: GamesArgs) -> Result<(), Error> {
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

fn calibrate_cmd(a: CalibrateArgs) -> Result<(), Error> {
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

fn bench_cmd(a: BenchArgs) -> Result<(), Error> {
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

/// `--mode` for Score Four: the schedulers; paper 002's tree is Othello's.
fn parse_four_mode(s: &str) -> Result<FourMode, String> {
    FourMode::parse(s).ok_or_else(|| {
        let names: Vec<&str> = FourMode::ALL.iter().map(|m| m.name()).collect();
        format!("unknown mode {s:?} for Score Four; expected one of {}", names.join(", "))
    })
}
