//! `yomi four` in play: show, perft, search, solve and match.

use clap::Args;
use serde_json::json;
use yomi::bound::Wld;
use yomi::four::level::FourLevel;
use yomi::four::matches::{play_match, Player};
use yomi::four::perft::perft_parallel;
use yomi::four::search::{solve, winner, FourMode, PROVEN};
use yomi::four::{format_board, peg_name, Board, EvalKind, FourOptions, FourResult, Game, Outcome};
use yomi::{Error, TranspositionTable};

use crate::common::{check_hash, check_threads};
use super::parse_four_mode;

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
pub(super) struct ShowArgs {
    #[command(flatten)]
    position: PositionArg,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub(super) struct PerftArgs {
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
pub(super) struct SearchArgs {
    #[command(flatten)]
    engine: EngineArgs,
    #[command(flatten)]
    position: PositionArg,
}

#[derive(Args)]
pub(super) struct SolveArgs {
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
pub(super) struct MatchArgs {
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

pub(super) fn show(a: ShowArgs) -> Result<(), Error> {
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

pub(super) fn perft(a: PerftArgs) -> Result<(), Error> {
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

pub(super) fn search(a: SearchArgs) -> Result<(), Error> {
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

pub(super) fn solve_cmd(a: SolveArgs) -> Result<(), Error> {
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

pub(super) fn match_cmd(a: MatchArgs) -> Result<(), Error> {
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
