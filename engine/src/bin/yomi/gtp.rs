//! `yomi gtp`: the Go Text Protocol (version 2) as Othello engines speak it,
//! on standard input and output. A command is `[id] name [arguments]`; the
//! answer is `=[id] result` or `?[id] message`, then an empty line. Colours
//! are `b`/`black` and `w`/`white`, vertices squares such as `f5` or
//! `pass`; `boardsize N` picks any even N×N board from 4 to 8. A side that
//! must pass may be skipped: `play white d3` when Black has no move passes
//! for Black first. Bad or unknown commands are answered with `?` and end
//! nothing; only `quit` or the end of the input ends the engine.

use std::io::{BufRead, Write};

use clap::Args;
use yomi::book::{answer, Book};
use yomi::rng::Rng;
use yomi::{search, BoardSize, Color, Error, Game, Level, Limits, Move, Position, Scoring, SearchOptions, Square, Start, Status, TranspositionTable};

use crate::common::{check_hash, check_threads};

#[derive(Args)]
pub struct GtpArgs {
    /// The level genmove plays at: 1-6 or beginner, easy, medium, hard,
    /// expert, maximum (GTP's time_left then bounds each move's time).
    #[arg(long, default_value = "expert", value_name = "LEVEL")]
    level: String,
    #[command(flatten)]
    engine: crate::common::EngineArgs,
}

/// The commands answered, in the order `list_commands` gives them.
const COMMANDS: [&str; 16] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
];

struct Session {
    game: Game,
    level: Level,
    book: Option<&'static Book>,
    tt: TranspositionTable,
    pool: rayon::ThreadPool,
    /// Seconds left on the engine's clock, as `time_left` last said.
    time_left: Option<f64>,
}

pub fn run(args: GtpArgs) -> Result<(), Error> {
    check_hash(args.engine.hash)?;
    let mut session = Session {
        game: Game::new(Position::start(BoardSize::OTHELLO, Start::Othello)),
        level: Level::parse(&args.level)?,
        book: (!args.engine.no_book).then(Book::shipped),
        tt: TranspositionTable::with_mib(args.engine.hash),
        pool: check_threads(args.engine.threads)?,
        time_left: None,
    };
    let mut out = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        // Comments go; control characters but tab and newline are dropped.
        let line: String = line.split('#').next().unwrap_or("").chars().filter(|c| !c.is_control() || *c == '\t').collect();
        let mut words = line.split_whitespace().peekable();
        let id = words.peek().and_then(|w| w.parse::<u64>().ok()).map(|n| {
            words.next();
            n.to_string()
        });
        let Some(cmd) = words.next() else { continue };
        let args: Vec<&str> = words.collect();
        let reply = session.handle(cmd, &args);
        let (mark, text) = match &reply {
            Ok(t) => ('=', t.as_str()),
            Err(t) => ('?', t.as_str()),
        };
        let sep = if text.is_empty() { "" } else { " " };
        // A GUI that closed the pipe is gone; nothing to tell it.
        let _ = write!(out, "{mark}{}{sep}{text}\n\n", id.unwrap_or_default());
        let _ = out.flush();
        if cmd == "quit" {
            break;
        }
    }
    Ok(())
}

fn color(word: Option<&&str>) -> Result<Color, String> {
    match word.map(|w| w.to_ascii_lowercase()).as_deref() {
        Some("b" | "black") => Ok(Color::Black),
        Some("w" | "white") => Ok(Color::White),
        _ => Err("invalid color".into()),
    }
}

impl Session {
    fn handle(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        let size = self.game.start().size();
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Yomi".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(args.first().unwrap_or(&"")).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let n: usize = args.first().and_then(|a| a.parse().ok()).ok_or("boardsize not an integer")?;
                let size = BoardSize::new(n, n).ok().filter(|_| n <= 8).ok_or("unacceptable size")?;
                self.game = Game::new(Position::start(size, Start::Othello));
                Ok(String::new())
            }
            "clear_board" => {
                self.game = Game::new(Position::start(size, Start::Othello));
                Ok(String::new())
            }
            // Othello has no komi: accepted and ignored.
            "komi" => args.first().and_then(|a| a.parse::<f64>().ok()).map(|_| String::new()).ok_or_else(|| "komi not a float".into()),
            "play" => {
                let c = color(args.first())?;
                let vertex = args.get(1).ok_or("invalid color or coordinate")?;
                self.play(c, vertex).map(|_| String::new())
            }
            "genmove" => self.genmove(color(args.first())?),
            "undo" => {
                if !self.game.undo() {
                    return Err("cannot undo".into());
                }
                // A forced pass before the move goes with it: it is implied.
                if self.game.moves().last() == Some(&Move::Pass) {
                    self.game.undo();
                }
                Ok(String::new())
            }
            "showboard" => Ok(self.board()),
            "final_score" => {
                let s = self.game.final_score(Scoring::World).ok_or("cannot score: the game is not over")?;
                Ok(match s.signum() {
                    1 => format!("B+{s}"),
                    -1 => format!("W+{}", -s),
                    _ => "0".into(),
                })
            }
            "time_settings" => {
                let n: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
                if n.len() != 3 {
                    return Err("syntax error: time_settings main_time byo_yomi_time byo_yomi_stones".into());
                }
                self.time_left = Some(n[0] as f64);
                Ok(String::new())
            }
            "time_left" => {
                color(args.first())?;
                let t: f64 = args.get(1).and_then(|a| a.parse().ok()).ok_or("syntax error: time_left color time stones")?;
                self.time_left = Some(t);
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// Plays `vertex` for `c`, passing first for the side to move if it must.
    fn play(&mut self, c: Color, vertex: &str) -> Result<(), String> {
        let pos = *self.game.current();
        if vertex.eq_ignore_ascii_case("pass") {
            if pos.to_move() != c || pos.status() != Status::Pass {
                return Err("illegal move".into());
            }
            return self.game.pass().map_err(|e| e.to_string());
        }
        let sq = Square::parse(vertex, pos.size()).map_err(|_| "invalid color or coordinate".to_string())?;
        if pos.to_move() != c {
            if pos.status() != Status::Pass {
                return Err(format!("illegal move: {} is to move", pos.to_move().name()));
            }
            self.game.pass().map_err(|e| e.to_string())?;
        }
        if self.game.current().status() == Status::Pass {
            return Err("illegal move: the side to move must pass".into());
        }
        self.game.play(sq).map_err(|_| "illegal move".to_string())
    }

    fn genmove(&mut self, c: Color) -> Result<String, String> {
        let pos = *self.game.current();
        if pos.to_move() != c && pos.status() == Status::Pass {
            self.game.pass().map_err(|e| e.to_string())?;
        } else if pos.to_move() != c {
            return Err(format!("{} is to move", pos.to_move().name()));
        }
        let pos = *self.game.current();
        match pos.status() {
            Status::Over => return Err("the game is over".into()),
            Status::Pass => {
                self.game.pass().map_err(|e| e.to_string())?;
                return Ok("pass".into());
            }
            Status::Move => {}
        }
        let book = self.book.filter(|_| pos.size() == BoardSize::OTHELLO);
        let r = match book.and_then(|b| answer(b, &pos, 0, &mut Rng::new(self.game.moves().len() as u64))) {
            Some(r) => r,
            None => {
                // With a clock: at most its share of the time left.
                let share = self.time_left.map(|t| yomi::play::time_control::move_budget(t, pos.empties().count_ones()));
                let time = match (self.level.seconds, share) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let opts = SearchOptions { limits: Limits { time, nodes: None }, ..SearchOptions::new(self.level, Scoring::World) };
                let (tt, pool) = (&self.tt, &self.pool);
                pool.install(|| search(&pos, tt, &opts, None, &mut |_| {}))
            }
        };
        match r.best {
            Some(Move::Play(sq)) => {
                self.game.play(sq).map_err(|e| e.to_string())?;
                Ok(sq.name(pos.size()))
            }
            _ => Err("no move found".into()),
        }
    }

    /// The board as `showboard` prints it: rows top to bottom with their
    /// numbers, X black, O white, `.` empty.
    fn board(&self) -> String {
        let pos = self.game.current();
        let mut lines = crate::common::board_lines(pos, false);
        lines.push(format!("{} to move", pos.to_move().name()));
        format!("\n{}", lines.join("\n"))
    }
}
