//! What Score Four's engine is measured by: levels and players, matches,
//! the calibration of paper 003's statistics from games, and the paper's
//! experiment (hit rate and speed-up of the statistical cut by margin).

use std::sync::atomic::AtomicBool;

use rayon::prelude::*;
use serde::Serialize;

use crate::bound::Wld;
use crate::error::Error;
use crate::four::alphabeta::PaperSearch;
use crate::four::board::{Board, Outcome};
use crate::four::eval::{EvalKind, Evaluate, ForcedEval, PaperEval, ThreatEval, WIN_NOW};
use crate::four::notation::Game;
use crate::four::pruning::{stage_means, Model, PruningStats, Sample, MAX_K};
use crate::four::search::{search_with, FourOptions};
use crate::four::search::FourMode;
use crate::rng::Rng;
use crate::rules::position::Color;
use crate::search::stop::Limits;
use crate::search::tt::TranspositionTable;

/// A playing level: what it searches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FourLevel {
    /// The level's name.
    pub name: &'static str,
    /// Plies of the deepest iteration.
    pub depth: u32,
    /// Seconds a move may take, if limited.
    pub seconds: Option<f64>,
    /// Paper 003's cut in σ (infinite: none).
    #[serde(skip)]
    pub margin: f32,
}

/// The levels, weakest first.
pub const FOUR_LEVELS: [FourLevel; 6] = [
    FourLevel { name: "beginner", depth: 1, seconds: None, margin: f32::INFINITY },
    FourLevel { name: "easy", depth: 2, seconds: None, margin: f32::INFINITY },
    FourLevel { name: "medium", depth: 4, seconds: None, margin: f32::INFINITY },
    FourLevel { name: "hard", depth: 6, seconds: Some(2.0), margin: f32::INFINITY },
    FourLevel { name: "expert", depth: 10, seconds: Some(3.0), margin: 2.0 },
    FourLevel { name: "maximum", depth: 64, seconds: Some(8.0), margin: 3.0 },
];

impl FourLevel {
    /// A level by name or number (1–6).
    pub fn parse(s: &str) -> Result<FourLevel, Error> {
        crate::play::level::by_name_or_number(s, &FOUR_LEVELS, |l| l.name)
    }

    /// The search options of this level with `eval` over `mode`.
    pub fn options(&self, eval: EvalKind, mode: FourMode) -> FourOptions {
        FourOptions { depth: self.depth, limits: Limits { time: self.seconds, nodes: None }, eval, margin: self.margin, mode, ..FourOptions::default() }
    }
}

impl crate::play::strength::Strength for FourLevel {
    const MAX_DEPTH: u32 = 64;
    fn named(name: &str) -> Result<FourLevel, Error> {
        FourLevel::parse(name)
    }
    /// The search options' defaults: 8 plies, no cut.
    fn usual() -> FourLevel {
        FourLevel::of_depth(FourOptions::default().depth)
    }
    fn of_depth(depth: u32) -> FourLevel {
        FourLevel { name: "depth", depth, seconds: None, margin: f32::INFINITY }
    }
    /// Every ply the time allows, with no cut, as the default options search.
    fn deepest() -> FourLevel {
        FourLevel::of_depth(64)
    }
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
    fn set_seconds(&mut self, seconds: f64) {
        self.seconds = Some(seconds);
    }
}

/// A player in a match.
#[derive(Clone, Copy, Debug)]
pub enum Player {
    /// A uniformly random legal peg.
    Random,
    /// A search with these options.
    Engine(FourOptions),
}

impl Player {
    /// `random`, or comma-separated `level=NAME`, `depth=D`, `time=S`,
    /// `eval=paper|threat|forced`, `margin=C` (σ; `none` for no cut), `mode=M`.
    pub fn parse(spec: &str) -> Result<Player, Error> {
        let bad = |reason: String| Error::BadPlayer { spec: spec.to_string(), reason };
        if spec.trim().eq_ignore_ascii_case("random") {
            return Ok(Player::Random);
        }
        // Level, depth and time by the one rule (play::strength); medium
        // when none is named.
        let mut asked = crate::play::strength::Asked { level: Some(FOUR_LEVELS[2].name), ..Default::default() };
        let mut rest = Vec::new();
        for part in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part.split_once('=').ok_or_else(|| bad(format!("'{part}' is not key=value")))?;
            match k.trim() {
                "level" => asked.level = Some(v),
                "depth" => asked.depth = Some(v.trim().parse().map_err(|_| bad(format!("depth '{v}' is not a whole number")))?),
                "time" => asked.time = Some(v.trim().parse().map_err(|_| bad(format!("time '{v}' is not a number of seconds")))?),
                k => rest.push((k, v)),
            }
        }
        let mut o = asked.resolve::<FourLevel>()?.options(EvalKind::Threat, FourMode::Serial);
        for (k, v) in rest {
            match k {
                "eval" => o.eval = EvalKind::parse(v)?,
                "margin" => {
                    o.margin = if v == "none" {
                        f32::INFINITY
                    } else {
                        v.parse().ok().filter(|m: &f32| *m > 0.0).ok_or_else(|| bad(format!("margin '{v}' is not a positive number or none")))?
                    }
                }
                "mode" => o.mode = FourMode::parse(v).ok_or_else(|| bad(format!("unknown mode '{v}'")))?,
                _ => return Err(bad(format!("unknown key '{k}'; expected level, depth, time, eval, margin or mode"))),
            }
        }
        Ok(Player::Engine(o))
    }

    /// The peg this player drops on `board` (the game is not over).
    pub fn choose(&self, board: &Board, tt: &TranspositionTable, rng: &mut Rng) -> Result<(u32, u64), Error> {
        match self {
            Player::Random => Ok((rng.pick(board.legal_cells()) % 16, 0)),
            Player::Engine(o) => {
                let r = crate::four::search(board, tt, o, None, &mut |_| {})?;
                Ok((r.best.expect("the game is not over"), r.nodes))
            }
        }
    }
}

/// A finished game of a match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchGame {
    /// The moves, as pegs.
    pub record: String,
    /// Player A had Black.
    pub a_black: bool,
    /// The game's result for player A (`"win"`, `"draw"` or `"loss"` in JSON).
    pub a_result: Wld,
    /// Plies played.
    pub plies: u32,
}

/// Totals of a match between A and B.
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchSummary {
    /// Games A won.
    pub a_wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games B won.
    pub b_wins: u32,
    /// Nodes searched by both players.
    pub nodes: u64,
    /// Seconds of the whole match.
    pub seconds: f64,
    /// Every game played.
    pub games: Vec<MatchGame>,
}

/// `games` games between `a` and `b`, colours alternating, each pair of
/// games from the same opening of `random_moves` random pegs (seeded).
pub fn play_match(
    a: &Player,
    b: &Player,
    games: usize,
    random_moves: usize,
    seed: u64,
    progress: &mut dyn FnMut(&MatchSummary),
) -> Result<MatchSummary, Error> {
    let clock = crate::clock::Clock::start();
    let tt = TranspositionTable::with_mib(64);
    let mut rng = Rng::new(seed);
    let mut sum = MatchSummary::default();
    let mut opening = Vec::new();
    for g in 0..games {
        if g % 2 == 0 {
            opening = random_opening(&mut rng, random_moves);
        }
        let a_black = g % 2 == 0;
        let mut game = Game::new(Board::EMPTY);
        for &peg in &opening {
            game.play(peg)?;
        }
        tt.clear();
        while game.board().outcome() == Outcome::Playing {
            let board = game.board();
            let black = board.to_move() == Color::Black;
            let player = if black == a_black { a } else { b };
            let (peg, nodes) = player.choose(&board, &tt, &mut rng)?;
            sum.nodes += nodes;
            game.play(peg)?;
        }
        let a_result = match game.board().outcome() {
            Outcome::Won(c, _) if (c == Color::Black) == a_black => Wld::Win,
            Outcome::Won(..) => Wld::Loss,
            _ => Wld::Draw,
        };
        match a_result {
            Wld::Win => sum.a_wins += 1,
            Wld::Draw => sum.draws += 1,
            Wld::Loss => sum.b_wins += 1,
        }
        sum.games.push(MatchGame { record: game.record(), a_black, a_result, plies: game.moves.len() as u32 });
        sum.seconds = clock.seconds();
        progress(&sum);
    }
    Ok(sum)
}

/// `n` random pegs from the empty board (no line is possible in fewer than
/// seven stones, and the openings used here are shorter).
pub fn random_opening(rng: &mut Rng, n: usize) -> Vec<u32> {
    let mut b = Board::EMPTY;
    let mut pegs = Vec::new();
    while pegs.len() < n && b.outcome() == Outcome::Playing {
        let peg = rng.pick(b.legal_cells()) % 16;
        b = b.play(peg).expect("a legal peg");
        pegs.push(peg);
    }
    pegs
}

/// The positions of `games` games from `random_moves` random pegs, both
/// sides played by our evaluation at depth `depth`, with one move in ten
/// random so that the games differ (seeded): where the statistics are
/// measured.
pub fn sample_positions(games: usize, random_moves: usize, depth: u32, seed: u64) -> Vec<Board> {
    let stats = PruningStats::default();
    (0..games)
        .into_par_iter()
        .map(|g| {
            let mut rng = Rng::new(seed ^ (g as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let tt = TranspositionTable::with_mib(8);
            let mut b = Board::EMPTY;
            for peg in random_opening(&mut rng, random_moves) {
                b = b.play(peg).expect("legal");
            }
            let mut out = Vec::new();
            while b.outcome() == Outcome::Playing {
                out.push(b);
                let opts = FourOptions { depth, mode: FourMode::Serial, ..FourOptions::default() };
                let peg = if rng.below(10) == 0 {
                    rng.pick(b.legal_cells()) % 16
                } else {
                    search_with(&b, &tt, &opts, None, &mut |_| {}, ThreatEval, &stats).best.expect("playing")
                };
                b = b.play(peg).expect("legal");
            }
            out
        })
        .flatten()
        .collect()
}

/// Paper 003's statistics for evaluation `E` from `positions`: `M_m` (the
/// mean raw paper value by move number over `games`' positions, used by the
/// paper's evaluation only) and, for k = 1..=`max_k`, how the k-ply value follows the static
/// value under `model` (the mean and σ of their difference, or a fitted
/// line and the σ around it). Proven results and sure wins are left out.
pub fn calibrate<E: Evaluate + Sync>(
    games: &[Board],
    positions: &[Board],
    make_eval: impl Fn(&[i32; 65]) -> E + Sync,
    model: Model,
    max_k: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> PruningStats {
    let max_k = max_k.clamp(1, MAX_K);
    let mut stats = PruningStats::default();
    if E::CORRECTED {
        stats.mean_by_move = stage_means(games);
    }
    let eval = make_eval(&stats.mean_by_move);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let none = PruningStats::default();
    let cells: Vec<Vec<Sample>> = positions
        .par_iter()
        .map_init(
            || TranspositionTable::with_mib(16),
            |tt, b| {
                tt.clear();
                let (p, o) = (b.player(), b.opponent());
                if eval.volatile(p, o) {
                    // The cut is never made there: measure where it is.
                    let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                    progress(n, positions.len());
                    return Vec::new();
                }
                let t = eval.eval(p, o);
                let m = b.stones();
                let mut out = Vec::new();
                let opts = FourOptions { depth: max_k.min(64 - m), mode: FourMode::Serial, ..FourOptions::default() };
                search_with(b, tt, &opts, None, &mut |r| {
                    // Proven results and the evaluation's sure wins (a threat
                    // to play now) are certainties, not estimates: they would
                    // swamp the spread of the estimates the cut is about.
                    if r.score.abs() < WIN_NOW / 2 && t.abs() < WIN_NOW / 2 && !r.stopped {
                        out.push(Sample { stones: m, depth: r.depth, predictor: t as f64, deep: r.score as f64, volatile: false });
                    }
                }, eval.clone(), &none);
                let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(n, positions.len());
                out
            },
        )
        .collect();
    stats.fit_samples(cells.into_iter().flatten(), model);
    stats
}

/// Calibrates the named evaluation (see [`calibrate`]).
pub fn calibrate_kind(
    kind: EvalKind,
    model: Model,
    games: &[Board],
    positions: &[Board],
    max_k: u32,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> PruningStats {
    match kind {
        EvalKind::Paper => calibrate(games, positions, |m| PaperEval { mean: *m }, model, max_k, progress),
        EvalKind::Threat => calibrate(games, positions, |_| ThreatEval, model, max_k, progress),
        EvalKind::Forced => calibrate(games, positions, |m| ForcedEval { mean: *m }, model, max_k, progress),
    }
}

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
        let r = search_with(b, tt, &FourOptions { margin, ..plain }, stop, &mut |_| {}, eval.clone(), stats);
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
    let run = |margin: f32| {
        let clock = crate::clock::Clock::start();
        let mut s = PaperSearch::new(eval.clone(), stats, margin).stopping(stop);
        let (c, v) = s.best_move(p, o, depth);
        (c, v, s.nodes, clock.seconds())
    };
    let (plain_move, best, plain_nodes, plain_seconds) = run(f32::INFINITY);
    let mut hits = Vec::new();
    let mut nodes = Vec::new();
    let mut secs = Vec::new();
    let none = PruningStats::default();
    for &margin in margins {
        let (c, _, n, t) = run(margin);
        hits.push(c == plain_move || PaperSearch::new(eval.clone(), &none, f32::INFINITY).stopping(stop).move_reaches(p, o, c, depth, best));
        nodes.push(n);
        secs.push(t);
    }
    (hits, plain_nodes, nodes, plain_seconds, secs)
}

/// Paper 003's own figures for its experiment (depth 8): (margin in σ, hit
/// rate, speed-up).
pub const PAPER_FIGURES: [(f32, f64, f64); 2] = [(2.0, 0.99, 3.0), (1.0, 0.81, 40.0)];

/// The bench positions: eight openings of 4 to 11 random pegs (seeded,
/// none finished), for fixed-depth searches at 1 and N threads.
pub fn bench_positions() -> Vec<Board> {
    let mut rng = Rng::new(0xB3_4C4);
    let mut out = Vec::new();
    while out.len() < 8 {
        let n = 4 + out.len();
        let mut b = Board::EMPTY;
        for peg in random_opening(&mut rng, n) {
            b = b.play(peg).expect("legal");
        }
        if b.outcome() == Outcome::Playing && crate::four::board::threats(b.player(), b.opponent()) == 0 {
            out.push(b);
        }
    }
    out
}
