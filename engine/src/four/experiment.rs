//! Paper 003's experiment: the hit rate and speed-up of the statistical
//! cut by margin, for the paper's configuration and Yomi's.

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;
use serde::Serialize;

use crate::error::Error;
use crate::four::alphabeta::PaperSearch;
use crate::four::board::{Board, Outcome};
use crate::four::eval::{EvalKind, Evaluate, ForcedEval, PaperEval, ThreatEval};
use crate::four::pruning::{Cut, PruningStats};
use crate::four::search::{search_with, FourMode, FourOptions};
use crate::search::tt::TranspositionTable;

/// Which search the experiment runs with and without the cut.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Baseline {
    /// The engine's: iterative deepening, principal variation search, a
    /// transposition table with the symmetries, threat ordering.
    #[default]
    Engine,
    /// Paper 003's figures 1 and 2: plain alpha-beta ordered by static
    /// value, nothing else (`alphabeta.rs`).
    Paper,
}

impl Baseline {
    /// The baseline's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Engine => "engine",
            Baseline::Paper => "paper",
        }
    }

    /// Reads a baseline name; an error names the choices.
    pub fn parse(s: &str) -> Result<Baseline, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "engine" | "pvs" => Ok(Baseline::Engine),
            "paper" | "alphabeta" | "alpha-beta" => Ok(Baseline::Paper),
            _ => Err(Error::BadArgument(format!("search '{s}' is unknown; expected engine or paper"))),
        }
    }
}

/// What is compared on the test set: an evaluation with its statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Configuration {
    /// Paper 003's: its evaluation corrected by the stage mean, the mean
    /// increment T(m, k) and its σ gathered on the nodes of plain depth-8
    /// trees (`weights/four-paper.txt`).
    Paper,
    /// Yomi's: the paper's line points after the forced line
    /// ([`ForcedEval`]), ProbCut's fitted line from the static to the deep
    /// value gathered on the same trees as the paper's
    /// (`weights/four-yomi.txt`); its margin was chosen on the calibration
    /// games alone (MEASUREMENTS.md).
    Yomi,
}

impl Configuration {
    /// Both, the paper's first.
    pub const ALL: [Configuration; 2] = [Configuration::Paper, Configuration::Yomi];

    /// The configuration's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Configuration::Paper => "paper",
            Configuration::Yomi => "yomi",
        }
    }

    /// Reads a configuration name; an error names the choices.
    pub fn parse(s: &str) -> Result<Configuration, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "paper" => Ok(Configuration::Paper),
            "yomi" | "ours" => Ok(Configuration::Yomi),
            _ => Err(Error::BadArgument(format!("configuration '{s}' is unknown; expected paper or yomi"))),
        }
    }

    /// The evaluation it cuts with.
    pub fn eval(self) -> EvalKind {
        match self {
            Configuration::Paper => EvalKind::Paper,
            Configuration::Yomi => EvalKind::Forced,
        }
    }

    /// Its shipped statistics.
    pub fn stats(self) -> &'static PruningStats {
        PruningStats::shipped(self.eval())
    }
}

/// One row of the experiment: a configuration, a search and a margin.
#[derive(Clone, Debug, Serialize)]
pub struct ExperimentRow {
    /// The evaluation and statistics cut with.
    pub configuration: Configuration,
    /// The evaluation both searches use.
    pub eval: EvalKind,
    /// The search the pruned one is compared with.
    pub search: Baseline,
    /// The cut value in σ.
    pub margin: f32,
    /// Share of positions where the pruned search's move has the plain
    /// search's best value.
    pub hit_rate: f64,
    /// Plain nodes / pruned nodes, over all positions.
    pub speedup: f64,
    /// Plain seconds / pruned seconds.
    pub time_speedup: f64,
    /// Nodes of the plain searches.
    pub plain_nodes: u64,
    /// Nodes of the pruned searches.
    pub pruned_nodes: u64,
    /// Positions whose pruned move has the plain search's best value.
    pub hits: usize,
    /// Positions searched.
    pub positions: usize,
}

/// Paper 003's experiment on `boards`: for each, the plain search at
/// `depth` (no cut) and the search with `config`'s cut at each margin, one
/// thread each with a table of its own; a hit is a pruned move with the
/// plain search's best value. The cut uses `config`'s shipped statistics,
/// or `stats` (a calibration under test). After a `stop` the figures are
/// meaningless (the caller knows it stopped).
#[allow(clippy::too_many_arguments)]
pub fn experiment(
    config: Configuration,
    search: Baseline,
    stats: Option<&PruningStats>,
    boards: &[Board],
    depth: u32,
    margins: &[f32],
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<ExperimentRow> {
    let stats = stats.unwrap_or(config.stats());
    match config.eval() {
        EvalKind::Paper => run_experiment(config, search, PaperEval { mean: stats.mean_by_move }, stats, boards, depth, margins, stop, progress),
        EvalKind::Threat => run_experiment(config, search, ThreatEval, stats, boards, depth, margins, stop, progress),
        EvalKind::Forced => run_experiment(config, search, ForcedEval { mean: stats.mean_by_move }, stats, boards, depth, margins, stop, progress),
    }
}

#[allow(clippy::too_many_arguments)]
fn run_experiment<E: Evaluate + Sync>(
    config: Configuration,
    search: Baseline,
    eval: E,
    stats: &PruningStats,
    boards: &[Board],
    depth: u32,
    margins: &[f32],
    stop: Option<&AtomicBool>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<ExperimentRow> {
    let done = std::sync::atomic::AtomicUsize::new(0);
    let per: Vec<PerPosition> = boards
        .par_iter()
        .filter(|b| b.outcome() == Outcome::Playing)
        .map_init(
            || TranspositionTable::with_mib(16),
            |tt, b| {
                let row = match search {
                    Baseline::Engine => engine_position(b, tt, &eval, stats, depth, margins, stop),
                    Baseline::Paper => paper_position(b, &eval, stats, depth, margins, stop),
                };
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(n, boards.len());
                row
            },
        )
        .collect();
    rows_of(config, search, margins, &per)
}

/// The rows of `margins` from the positions' figures.
fn rows_of(config: Configuration, search: Baseline, margins: &[f32], per: &[PerPosition]) -> Vec<ExperimentRow> {
    let plain_nodes: u64 = per.iter().map(|x| x.1).sum();
    let plain_seconds: f64 = per.iter().map(|x| x.3).sum();
    margins
        .iter()
        .enumerate()
        .map(|(i, &margin)| {
            let pruned_nodes: u64 = per.iter().map(|x| x.2[i]).sum();
            let pruned_seconds: f64 = per.iter().map(|x| x.4[i]).sum();
            let hits = per.iter().filter(|x| x.0[i]).count();
            ExperimentRow {
                configuration: config,
                eval: config.eval(),
                search,
                margin,
                hit_rate: hits as f64 / per.len().max(1) as f64,
                speedup: plain_nodes as f64 / pruned_nodes.max(1) as f64,
                time_speedup: plain_seconds / pruned_seconds.max(1e-9),
                plain_nodes,
                pruned_nodes,
                hits,
                positions: per.len(),
            }
        })
        .collect()
}

/// Rows of the same configuration, search and margins over parts of a
/// set, added up as if run at once.
pub fn merge_rows(parts: &[Vec<ExperimentRow>]) -> Vec<ExperimentRow> {
    let Some(first) = parts.first() else { return Vec::new() };
    first
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let all = parts.iter().map(|p| &p[i]);
            let plain_nodes: u64 = all.clone().map(|x| x.plain_nodes).sum();
            let pruned_nodes: u64 = all.clone().map(|x| x.pruned_nodes).sum();
            let hits: usize = all.clone().map(|x| x.hits).sum();
            let positions: usize = all.clone().map(|x| x.positions).sum();
            // Seconds are not kept per part: weight the parts' time ratios by nodes.
            let time_speedup = all.clone().map(|x| x.time_speedup * x.plain_nodes as f64).sum::<f64>() / plain_nodes.max(1) as f64;
            ExperimentRow {
                hit_rate: hits as f64 / positions.max(1) as f64,
                speedup: plain_nodes as f64 / pruned_nodes.max(1) as f64,
                time_speedup,
                plain_nodes,
                pruned_nodes,
                hits,
                positions,
                ..r.clone()
            }
        })
        .collect()
}

/// One position of the experiment: (hit per margin, plain nodes, pruned
/// nodes per margin, plain seconds, pruned seconds per margin).
type PerPosition = (Vec<bool>, u64, Vec<u64>, f64, Vec<f64>);

/// The engine's search at `depth` without the cut (every root move's
/// value, then the search itself) and with it at each margin.
fn engine_position<E: Evaluate>(
    b: &Board,
    tt: &TranspositionTable,
    eval: &E,
    stats: &PruningStats,
    depth: u32,
    margins: &[f32],
    stop: Option<&AtomicBool>,
) -> PerPosition {
    let plain = FourOptions { depth, mode: FourMode::Serial, ..FourOptions::default() };
    tt.clear();
    let all = search_with(b, tt, &FourOptions { all_moves: true, ..plain }, stop, &mut |_| {}, eval.clone(), stats);
    // Empty only after a stop, when nothing here counts.
    let best = all.moves.iter().map(|m| m.1).max();
    let value_of = |peg: Option<u32>| all.moves.iter().find(|m| Some(m.0) == peg).map(|m| m.1);
    tt.clear();
    let base = search_with(b, tt, &plain, stop, &mut |_| {}, eval.clone(), stats);
    let mut hits = Vec::new();
    let mut nodes = Vec::new();
    let mut secs = Vec::new();
    for &margin in margins {
        tt.clear();
        let r = search_with(b, tt, &FourOptions { margin: Cut::Margin(margin), ..plain }, stop, &mut |_| {}, eval.clone(), stats);
        hits.push(best.is_some() && value_of(r.best) == best);
        nodes.push(r.nodes);
        secs.push(r.seconds);
    }
    (hits, base.nodes, nodes, base.seconds, secs)
}

/// Paper 003's searches (figures 1 and 2) at `depth`: the plain search,
/// whose value is exact at the root, and the cut at each margin; a pruned
/// move other than the plain one is checked by a null-window search of it
/// against the plain value (not counted in either's nodes).
fn paper_position<E: Evaluate>(b: &Board, eval: &E, stats: &PruningStats, depth: u32, margins: &[f32], stop: Option<&AtomicBool>) -> PerPosition {
    let (p, o) = (b.player(), b.opponent());
    let run = |margin: Cut| {
        let clock = crate::clock::Clock::start();
        let mut s = PaperSearch::new(eval.clone(), stats, margin).stopping(stop);
        let (c, v) = s.best_move(p, o, depth);
        (c, v, s.nodes, clock.seconds())
    };
    let (plain_move, best, plain_nodes, plain_seconds) = run(Cut::None);
    let mut hits = Vec::new();
    let mut nodes = Vec::new();
    let mut secs = Vec::new();
    let none = PruningStats::default();
    for &margin in margins {
        let (c, _, n, t) = run(Cut::Margin(margin));
        hits.push(c == plain_move || PaperSearch::new(eval.clone(), &none, Cut::None).stopping(stop).move_reaches(p, o, c, depth, best));
        nodes.push(n);
        secs.push(t);
    }
    (hits, plain_nodes, nodes, plain_seconds, secs)
}

/// Paper 003's own figures for its experiment (depth 8): (margin in σ, hit
/// rate, speed-up).
pub const PAPER_FIGURES: [(f32, f64, f64); 2] = [(2.0, 0.99, 3.0), (1.0, 0.81, 40.0)];
