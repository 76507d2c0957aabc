//! `yomi four`: Score Four, paper 003's 3-D four-in-a-row with gravity.
//!
//! The subcommands live by kind: `play` (show, perft, search, solve,
//! match) and `research` (paper 003's experiment, its games and
//! statistics, and the bench).

use clap::{Args, Subcommand};
use yomi::four::search::FourMode;
use yomi::Error;

mod play;
mod research;

use play::{MatchArgs, PerftArgs, SearchArgs, ShowArgs, SolveArgs};
use research::{BenchArgs, CalibrateArgs, ExperimentArgs, GamesArgs};

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

pub fn run(args: FourArgs) -> Result<(), Error> {
    match args.command {
        FourCommand::Show(a) => play::show(a),
        FourCommand::Perft(a) => play::perft(a),
        FourCommand::Search(a) => play::search(a),
        FourCommand::Solve(a) => play::solve_cmd(a),
        FourCommand::Match(a) => play::match_cmd(a),
        FourCommand::Experiment(a) => research::experiment_cmd(a),
        FourCommand::Calibrate(a) => research::calibrate_cmd(a),
        FourCommand::Games(a) => research::games_cmd(a),
        FourCommand::Bench(a) => research::bench_cmd(a),
    }
}

/// `--mode` for Score Four: the schedulers; paper 002's tree is Othello's.
fn parse_four_mode(s: &str) -> Result<FourMode, String> {
    FourMode::parse(s).ok_or_else(|| {
        let names: Vec<&str> = FourMode::ALL.iter().map(|m| m.name()).collect();
        format!("unknown mode {s:?} for Score Four; expected one of {}", names.join(", "))
    })
}
