//! The `yomi` command line: one module a command, each parsing and checking
//! its arguments, calling the library and printing text or JSON (some, such
//! as `four` and `corpus`, still hold logic that belongs in the library).
//! Bad input exits with status 2.

mod analyse;
mod bench;
mod book;
mod common;
mod corpus;
mod distributed;
mod eval;
mod explore;
mod fit;
mod four;
mod matches;
mod nboard;
mod gtp;
mod job;
mod probcut;
mod perft;
mod search;
mod show;
mod solve;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use yomi::{BoardSize, Error, Position, Start};

#[derive(Parser)]
#[command(
    name = "yomi",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("YOMI_COMMIT"), ")"),
    about = "Othello/Reversi on every even board from 4x4 to 8x8 and 4x16: rules, perft, solving, search and play",
    long_about = "Othello/Reversi on every even board from 4x4 to 8x8 and 4x16.\n\n\
        Squares are named by column letter from the left and row number from the top (a1 is \
        the top-left corner). Positions are one character per square, row by row from a1 \
        (X black, O white, - empty), a space, and the side to move, X or O."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree at each depth from 1 to DEPTH.
    ///
    /// A forced pass counts as a ply, and a finished game as one leaf at every
    /// depth past its end. Prints one line "DEPTH COUNT" per depth, then the
    /// total seconds and leaves per second.
    Perft(perft::PerftArgs),
    /// Print a position with its legal moves, side to move and disc counts.
    Show(show::ShowArgs),
    /// Print the static evaluation of a position in discs for the side to
    /// move (on 8x8 the pattern evaluation, with each family's share).
    Eval(eval::EvalArgs),
    /// Solve a position exactly (or win/draw/loss): the perfect score, best
    /// move, perfect line, and with --all-moves every move's score.
    ///
    /// With --obf FILE, every position of the file is solved and checked
    /// against the scores it gives; a mismatch exits with status 1.
    Solve(solve::SolveArgs),
    /// Choose a move: iterative deepening search with the evaluation, then
    /// the solvers near the end. Prints each iteration, then the best move,
    /// score, line and nodes.
    Search(search::SearchArgs),
    /// Fit the evaluation weights from self-play: play, label by deeper
    /// search and exact solves, least squares; writes a weights file.
    Fit(fit::FitArgs),
    /// Make training positions for the 8x8 pattern evaluation: self-play
    /// games, every position labelled by an exact solve or a deeper search.
    ///
    /// Appends game by game to a file and resumes where an interrupted run
    /// stopped; prints progress as it goes.
    Datagen(fit::DatagenArgs),
    /// The training corpus kept in the repository: grow it by self-play
    /// with exact and searched labels, or print what it holds.
    Corpus(corpus::CorpusArgs),
    /// The opening book: grow it, show a position's book moves, print its
    /// statistics, export it as text or import it.
    Book(book::BookArgs),
    /// The opening explorer: what tournament players played from a
    /// position (the start, after RECORD) and how it went, with the
    /// book's value and the opening's name beside each move; or build it
    /// from the tournament games.
    Explore(explore::ExploreArgs),
    /// Speak the NBoard protocol on standard input and output: Yomi as the
    /// engine of the NBoard GUI (set depth, set game, move, go, hint, ping,
    /// analyze, learn, quit).
    Nboard(nboard::NboardArgs),
    /// Speak GTP (the Go Text Protocol, version 2, as Othello engines use
    /// it) on standard input and output: play, genmove, undo, boardsize,
    /// showboard, final_score, time_left and the rest.
    Gtp(gtp::GtpArgs),
    /// Review a game move by move (each move's loss against the best, at a
    /// level, exact near the end) as text, JSON or an SVG graph; or every
    /// game of a GGF or WTHOR file with a summary per player.
    Analyse(analyse::AnalyseArgs),
    /// Play games between two players (or paper 000's sweep against the
    /// random player) and print wins, draws, losses, discs, time and nodes.
    Match(matches::MatchArgs),
    /// Fixed midgame searches and endgame solves: the total node count is
    /// the bench signature; also prints nodes/s.
    Bench(bench::BenchArgs),
    /// Statistical forward pruning: measure its statistics, or run paper
    /// 003's experiment (hit rate and node speed-up by margin).
    Probcut(probcut::ProbCutArgs),
    /// Score Four (paper 003's 3-D four-in-a-row with gravity): show,
    /// perft, search, solve, match, and the paper's pruning experiment.
    Four(four::FourArgs),
}

/// Options naming a board and its start, shared by the commands.
#[derive(Args, Clone)]
pub struct BoardArgs {
    /// Board size as ROWSxCOLS: rows and columns even, at least 4, at most 64
    /// squares (4x4, 4x6, 6x6, 4x8, 6x8, 8x8, 4x10, 6x10, 4x12, 4x14, 4x16 and
    /// transposes). Default: 8x8, or the size a given position implies.
    #[arg(long, value_name = "RxC")]
    pub board: Option<BoardSize>,
    /// Starting arrangement: othello (crossed centre, d4 white on 8x8) or
    /// reversi (parallel centre: left column black, right column white).
    #[arg(long, default_value = "othello", value_name = "othello|reversi")]
    pub start: Start,
}

impl BoardArgs {
    /// The position given as text, or the start position of the board.
    pub fn position(&self, text: Option<&str>) -> Result<Position, Error> {
        match text {
            Some(t) => yomi::parse_position(t, self.board),
            None => Ok(Position::start(self.board.unwrap_or(BoardSize::OTHELLO), self.start)),
        }
    }
}

/// A reader that stops reading (`yomi perft 12 | head -1`) ends the command
/// quietly with status 141, as a closed pipe ends any Unix tool, instead of
/// a panic's report (Rust ignores SIGPIPE, so the next print fails).
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied()).unwrap_or("");
        if message.starts_with("failed printing to std") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => perft::run(args).map(|()| 0),
        Command::Show(args) => show::run(args).map(|()| 0),
        Command::Solve(args) => solve::run(args),
        Command::Search(args) => search::run(args).map(|()| 0),
        Command::Eval(args) => eval::run(args).map(|()| 0),
        Command::Fit(args) => fit::run(args).map(|()| 0),
        Command::Datagen(args) => fit::datagen(args).map(|()| 0),
        Command::Corpus(args) => corpus::run(args).map(|()| 0),
        Command::Book(args) => book::run(args).map(|()| 0),
        Command::Explore(args) => explore::run(args).map(|()| 0),
        Command::Match(args) => matches::run(args).map(|()| 0),
        Command::Nboard(args) => nboard::run(args).map(|()| 0),
        Command::Gtp(args) => gtp::run(args).map(|()| 0),
        Command::Analyse(args) => analyse::run(args).map(|()| 0),
        Command::Bench(args) => bench::run(args).map(|()| 0),
        Command::Probcut(args) => probcut::run(args).map(|()| 0),
        Command::Four(args) => four::run(args).map(|()| 0),
    };
    match result {
        Ok(status) => ExitCode::from(status),
        Err(e) => {
            // A cluster's other ranks have the same errors as rank 0, which says them.
            if !distributed::quiet_rank() {
                eprintln!("yomi: error: {e}");
            }
            ExitCode::from(2)
        }
    }
}
