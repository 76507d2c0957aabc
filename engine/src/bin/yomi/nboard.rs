//! `yomi nboard`: the NBoard protocol on standard input and output, so that
//! the NBoard GUI (and any program that speaks it) can use Yomi as its
//! engine. One command a line; a reply a line, flushed at once. A thread
//! reads the input as it comes, so `ping` and `quit` stop a running search
//! within milliseconds. Bad or unknown commands are said on standard error
//! and otherwise ignored, as the protocol asks: nothing ends the engine but
//! `quit` or the end of its input.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

use clap::Args;
use yomi::book::{answer, line, Book, Source};
use yomi::rng::Rng;
use yomi::rules::ggf::parse_ggf_game;
use yomi::{search, BoardSize, Error, Game, Kind, Level, Move, Position, Scoring, SearchOptions, SearchResult, Square, Start, Status, TranspositionTable};

use crate::common::{check_hash, check_threads};

#[derive(Args)]
pub struct NboardArgs {
    #[command(flatten)]
    engine: crate::common::EngineArgs,
}

/// The engine's settings for NBoard's `set depth N`: midgame depth N, the
/// win/draw/loss and exact solvers from about 1.5 N empties (at most 26 and
/// 24), the book's best move where it has one.
fn level_for_depth(depth: u32) -> Level {
    let depth = depth.clamp(1, 60);
    let perfect = (depth * 3 / 2).clamp(depth.min(24), 24);
    Level {
        name: "nboard",
        depth,
        selectivity: if depth >= 6 { 1 } else { 0 },
        seconds: None,
        wld: (perfect + 2).min(26),
        perfect,
        presearch: (depth / 2).min(6),
        book: Some(0),
    }
}

/// What the input thread has seen that a search must stop for.
struct Interrupts {
    stop: AtomicBool,
    /// `ping` and `quit` lines read but not yet handled.
    pending: AtomicUsize,
}

impl Interrupts {
    /// A `ping` or `quit` has been handled: the stop stays only if another waits.
    fn handled(&self) {
        self.pending.fetch_sub(1, Ordering::SeqCst);
        self.stop.store(false, Ordering::SeqCst);
        if self.pending.load(Ordering::SeqCst) > 0 {
            self.stop.store(true, Ordering::SeqCst);
        }
    }

    fn waiting(&self) -> bool {
        self.pending.load(Ordering::SeqCst) > 0
    }
}

struct Session<'a> {
    out: std::io::Stdout,
    game: Game,
    level: Level,
    book: Option<&'static Book>,
    tt: TranspositionTable,
    pool: rayon::ThreadPool,
    interrupts: &'a Interrupts,
}

pub fn run(args: NboardArgs) -> Result<(), Error> {
    check_hash(args.engine.hash)?;
    let pool = check_threads(args.engine.threads)?;
    let interrupts = Arc::new(Interrupts { stop: AtomicBool::new(false), pending: AtomicUsize::new(0) });
    let (tx, rx) = mpsc::channel::<String>();
    let seen = Arc::clone(&interrupts);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let word = line.split_whitespace().next().unwrap_or("");
            if word == "ping" || word == "quit" {
                seen.pending.fetch_add(1, Ordering::SeqCst);
                seen.stop.store(true, Ordering::SeqCst);
            }
            if tx.send(line).is_err() {
                return;
            }
        }
        // The end of the input ends the engine as `quit` does.
        seen.pending.fetch_add(1, Ordering::SeqCst);
        seen.stop.store(true, Ordering::SeqCst);
        let _ = tx.send("quit".into());
    });
    let mut session = Session {
        out: std::io::stdout(),
        game: Game::new(Position::start(BoardSize::OTHELLO, Start::Othello)),
        level: level_for_depth(12),
        book: (!args.engine.no_book).then(Book::shipped),
        tt: TranspositionTable::with_mib(args.engine.hash),
        pool,
        interrupts: &interrupts,
    };
    for line in rx {
        if !session.handle(line.trim()) {
            break;
        }
    }
    Ok(())
}

impl Session<'_> {
    fn send(&mut self, line: &str) {
        // A GUI that closed the pipe is gone; nothing to tell it.
        let mut out = self.out.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn complain(&self, line: &str, why: &str) {
        eprintln!("yomi nboard: ignored '{line}': {why}");
    }

    /// Handles one command; false once the engine is to end.
    fn handle(&mut self, line: &str) -> bool {
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("");
        let rest = line[cmd.len()..].trim();
        match cmd {
            "" => {}
            "nboard" => {
                if rest.parse::<u32>().is_err() {
                    self.complain(line, "expected a protocol version, such as 'nboard 2'");
                }
            }
            "set" => self.set(line, rest),
            "move" => self.play(line, rest),
            "go" => self.go(),
            "hint" => match rest.parse::<usize>() {
                Ok(n) if n >= 1 => self.hint(n),
                _ => self.complain(line, "expected a number of moves, such as 'hint 3'"),
            },
            "analyze" => self.analyze(),
            "ping" => {
                self.interrupts.handled();
                let n = rest.split_whitespace().next().unwrap_or("0");
                self.send(&format!("pong {n}"));
            }
            "learn" => self.send("learned"),
            "quit" => return false,
            // NBoard 1.1 sent a bare move ("F5") for "move F5".
            _ if cmd.len() == 2 && words.next().is_none() && Square::parse(cmd, BoardSize::OTHELLO).is_ok() => self.play(line, cmd),
            _ => self.complain(line, "unknown command"),
        }
        true
    }

    fn set(&mut self, line: &str, rest: &str) {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let value = value.trim();
        match what {
            "depth" => match value.parse::<u32>() {
                Ok(d) if (1..=60).contains(&d) => {
                    self.level = level_for_depth(d);
                    self.send(&format!("set myname Yomi{d}"));
                }
                _ => self.complain(line, "expected a depth from 1 to 60"),
            },
            "game" => match parse_ggf_game(value) {
                Ok(g) if g.game.start().size() == BoardSize::OTHELLO => self.game = g.game,
                Ok(_) => self.complain(line, "the NBoard engine plays 8x8 only"),
                Err(e) => self.complain(line, &e.to_string()),
            },
            // Draws are worth 0 to the search; a contempt is accepted and has no effect.
            "contempt" => {
                if value.parse::<f64>().is_err() {
                    self.complain(line, "expected a number of discs");
                }
            }
            _ => self.complain(line, "unknown setting"),
        }
    }

    fn play(&mut self, line: &str, text: &str) {
        let name = text.split('/').next().unwrap_or("").trim();
        let result = if name.eq_ignore_ascii_case("pa") || name.eq_ignore_ascii_case("pass") {
            self.game.pass()
        } else {
            Square::parse(name, BoardSize::OTHELLO).and_then(|sq| {
                if self.game.status() == Status::Pass {
                    self.game.pass()?;
                }
                self.game.play(sq)
            })
        };
        if let Err(e) = result {
            self.complain(line, &e.to_string());
        }
    }

    /// The book's answer or a search of the current position. A `ping`
    /// read meanwhile stops the search, which still answers (its best move
    /// so far): NBoard drops what comes before the `pong` it waits for.
    fn think(&mut self, pos: Position, all_moves: bool) -> SearchResult {
        if let Some(r) = self.book.and_then(|b| answer(b, &pos, 0, &mut Rng::new(0))) {
            return r;
        }
        let opts = SearchOptions { all_moves, ..SearchOptions::new(self.level, Scoring::World) };
        let (pool, tt, stop) = (&self.pool, &self.tt, &self.interrupts.stop);
        let out = &self.out;
        let r = pool.install(|| {
            search(&pos, tt, &opts, Some(stop), &mut |p| {
                if p.kind == Kind::Midgame && !p.pv.is_empty() {
                    let mut out = out.lock();
                    let _ = writeln!(out, "search {} {:.2} 0 {}", pv(&pos, &p.pv), p.score, p.depth);
                    let _ = out.flush();
                }
            })
        });
        self.send(&format!("nodestats {} {:.2}", r.nodes, r.seconds));
        r
    }

    fn go(&mut self) {
        match self.game.status() {
            Status::Over => return self.send("status the game is over"),
            Status::Pass => return self.send("=== PA"),
            Status::Move => {}
        }
        self.send("status Yomi is thinking");
        let r = self.think(*self.game.current(), false);
        let best = r.best.map_or("PA".to_string(), |m| name(self.game.current(), &m));
        self.send(&format!("=== {best}/{:.2}/{:.1}", r.score, r.seconds));
        self.send("status");
    }

    fn hint(&mut self, n: usize) {
        if self.game.status() != Status::Move {
            return;
        }
        self.send("status Yomi is thinking");
        let pos = *self.game.current();
        if let Some(moves) = self.book.and_then(|b| b.moves(&pos)) {
            for m in moves.iter().take(n) {
                let line = pv(&pos, &line(self.book.expect("moves came from the book"), &pos, m.square));
                let depth = match m.source {
                    Source::Leaf { depth } => depth.to_string(),
                    Source::Book | Source::End => "100%".to_string(),
                };
                self.send(&format!("book {line} {:.2} 0 {depth}", m.value as f64));
            }
        } else {
            let r = self.think(pos, true);
            let depth = match r.kind {
                Kind::Midgame => r.depth.to_string(),
                _ => "100%".to_string(),
            };
            for (i, (sq, v)) in r.moves.iter().take(n).enumerate() {
                // The best move's line; the others are named alone.
                let line = if i == 0 && !r.pv.is_empty() { pv(&pos, &r.pv) } else { sq.name(BoardSize::OTHELLO).to_ascii_uppercase() };
                self.send(&format!("search {line} {v:.2} 0 {depth}"));
            }
        }
        self.send("status");
    }

    /// Every position of the game from the last to the first: `analysis N
    /// EVAL`, N the moves played to reach it (passes count), EVAL for the
    /// side to move there.
    fn analyze(&mut self) {
        self.send("status Yomi is analysing");
        let positions = self.game.positions().to_vec();
        for (n, &pos) in positions.iter().enumerate().rev() {
            // A ping means the game is about to change: the rest is stale.
            if self.interrupts.waiting() {
                break;
            }
            let value = match pos.status() {
                Status::Over => {
                    let black = pos.final_score(Scoring::World) as f64;
                    if pos.to_move() == yomi::Color::Black { black } else { -black }
                }
                Status::Pass => continue,
                Status::Move => self.think(pos, false).score,
            };
            self.send(&format!("analysis {n} {value:.2}"));
        }
        self.send("status");
    }
}

fn name(pos: &Position, m: &Move) -> String {
    match m {
        Move::Play(sq) => sq.name(pos.size()).to_ascii_uppercase(),
        Move::Pass => "PA".into(),
    }
}

/// A line as NBoard wants it: moves run together, no spaces.
fn pv(pos: &Position, line: &[Move]) -> String {
    line.iter().map(|m| name(pos, m)).collect()
}

