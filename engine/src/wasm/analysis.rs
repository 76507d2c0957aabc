//! Searches and solves for JavaScript, on positions given as strings (the
//! page keeps the game; the engine's worker may be replaced at any time).
//!
//! Stopping: a search runs synchronously inside the engine's worker, which
//! cannot read messages meanwhile, so the stop request is in the module's
//! shared memory and the page writes it directly: the newest request id it
//! is meant for ([`stop_requests`]), then a flag byte ([`stop_signal`]).
//! The worker names each request before running it ([`set_request`]); a
//! search clears the flag when it starts unless the stop was meant for it
//! (posted while it was still queued), so no stop is lost and none meant
//! for an earlier request ends a later one.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::js::{board_size, js, name, read_options, to_js};
use crate::bound::Wld;
use crate::play::level::Level;
use crate::rules::notation::{format_position, parse_position};
use crate::parallel::Mode;
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::play::search::{Kind, SearchOptions, SearchResult};
use crate::solver::solve::{Solution, SolveOptions};
use crate::search::stop::StopSignal;
use crate::search::tt::TranspositionTable;

static STOP: StopSignal = StopSignal::new();
/// The request the worker is running (0: none named).
static REQUEST: AtomicU32 = AtomicU32::new(0);

/// The table every search from JavaScript shares (allocated on first use),
/// smaller than native's since wasm has only 4 KiB pages and TLB misses
/// cost more than the lost entries (engine/MEASUREMENTS.md, "The constants' figures").
const TABLE_MIB: usize = 32;

/// The shared table's size in MiB, so that a native run meant to search
/// the same tree (`yomi solve --hash`) can ask rather than repeat it.
#[wasm_bindgen(js_name = tableMib)]
pub fn table_mib() -> usize {
    TABLE_MIB
}

pub(crate) fn table() -> &'static TranspositionTable {
    static TT: OnceLock<TranspositionTable> = OnceLock::new();
    TT.get_or_init(|| TranspositionTable::with_mib(TABLE_MIB))
}

/// A one-byte view of the stop flag in the module's memory. In the threaded
/// build that memory is a SharedArrayBuffer: the page keeps this view and,
/// after writing [`stop_requests`], `Atomics.store(view, 0, 1)` stops the
/// running search. In the single-thread build the view is a copy when
/// posted, so the page replaces the worker instead.
#[wasm_bindgen(js_name = stopSignal)]
pub fn stop_signal() -> js_sys::Uint8Array {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    js_sys::Uint8Array::new_with_byte_offset_and_length(&memory.buffer(), STOP.flag_ptr() as u32, 1)
}

/// A one-`u32` view of the newest request id a stop is meant for: the page
/// writes the id of the last request it sent (`Atomics.store`) before the
/// flag.
#[wasm_bindgen(js_name = stopRequests)]
pub fn stop_requests() -> js_sys::Uint32Array {
    let memory: js_sys::WebAssembly::Memory = wasm_bindgen::memory().unchecked_into();
    js_sys::Uint32Array::new_with_byte_offset_and_length(&memory.buffer(), STOP.upto_ptr() as u32, 1)
}

/// Names the request the worker runs next (ids increase from 1).
#[wasm_bindgen(js_name = setRequest)]
pub fn set_request(id: u32) {
    REQUEST.store(id, Relaxed);
}

/// Starts a search: forgets any stop request meant for an earlier request,
/// keeps one meant for this one.
pub(super) fn begin() -> &'static AtomicBool {
    match REQUEST.load(Relaxed) {
        0 => STOP.begin(u32::MAX),
        id => STOP.begin(id),
    }
}

fn parse(position: &str, board: Option<String>) -> Result<Position, JsError> {
    let size = board.as_deref().map(board_size).transpose()?;
    parse_position(position, size).map_err(js)
}

fn mode(name: Option<&str>) -> Result<Mode, JsError> {
    match name {
        None => Ok(Mode::default()),
        Some(s) => Mode::parse(s).ok_or_else(|| {
            let names: Vec<&str> = Mode::ALL.iter().map(|m| m.name()).collect();
            JsError::new(&format!("unknown mode {s:?}; expected one of {}", names.join(", ")))
        }),
    }
}

fn scoring(name: Option<&str>) -> Result<Scoring, JsError> {
    name.map_or(Ok(Scoring::World), |s| s.parse().map_err(js))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
struct SolveArgs {
    scoring: Option<String>,
    wld: bool,
    all_moves: bool,
    mode: Option<String>,
    /// Clear the table first (benchmarks: every solve starts cold).
    fresh: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SolveReport {
    position: String,
    empties: u32,
    /// For the side to move; with `wld` +1, 0 or −1.
    score: i32,
    /// "win", "draw" or "loss"; null after a stop that did not decide it.
    result: Option<Wld>,
    /// What is proven for the side to move: `lower ≤ score ≤ upper`, null
    /// where unknown (both equal once solved; after a stop, what it reached).
    lower: Option<i32>,
    upper: Option<i32>,
    /// The bounds in words: "+4", ">= +2", "between -2 and +6", "nothing yet".
    proven: String,
    best: Option<String>,
    pv: Vec<String>,
    black: u32,
    white: u32,
    /// With `allMoves`: every legal move's score, best first.
    moves: Vec<(String, i32)>,
    nodes: u64,
    leaves: u64,
    seconds: f64,
    nodes_per_second: f64,
    stopped: bool,
}

fn solve_report(pos: &Position, s: &Solution) -> SolveReport {
    SolveReport {
        position: format_position(pos),
        empties: pos.empties().count_ones(),
        score: s.score,
        result: s.outcome(),
        lower: s.lower,
        upper: s.upper,
        proven: s.proven(),
        best: s.best.as_ref().map(|m| name(pos, m)),
        pv: s.pv.iter().map(|m| name(pos, m)).collect(),
        black: s.black,
        white: s.white,
        moves: s.moves.iter().map(|(sq, v)| (sq.name(pos.size()), *v)).collect(),
        nodes: s.stats.nodes,
        leaves: s.stats.leaves,
        seconds: s.seconds,
        nodes_per_second: crate::clock::rate(s.stats.nodes, s.seconds),
        stopped: s.stopped,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveProgress {
    done: usize,
    total: usize,
    /// The move just solved and its score for the side to move.
    r#move: String,
    score: i32,
    nodes: u64,
    seconds: f64,
}

/// Solves `position` (on `board` if its length does not say) exactly, or
/// win/draw/loss with `wld`. Options: `scoring` (`"world"`/`"paper"`),
/// `wld`, `allMoves`, `mode` (`ybw`, `lazy`, `msai`, `predict`, `serial`),
/// `fresh`. With `allMoves` the moves are solved one after another and
/// `progress` gets `{ done, total, move, score, nodes, seconds }` after each.
/// Returns `{ position, empties, score, result, lower, upper, proven, best,
/// pv, black, white, moves, nodes, leaves, seconds, nodesPerSecond, stopped }`.
#[wasm_bindgen]
pub fn solve(
    position: &str,
    board: Option<String>,
    options: JsValue,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let pos = parse(position, board)?;
    let args: SolveArgs = read_options(options)?;
    let mode = mode(args.mode.as_deref())?;
    let opts = SolveOptions { scoring: scoring(args.scoring.as_deref())?, wld: args.wld, all_moves: false, mode, exclude: 0, limits: crate::Limits::NONE };
    let stop = begin();
    if args.fresh {
        table().clear();
    }
    let sol = if args.all_moves && pos.status() == Status::Move {
        crate::solver::each_move::solve_each_move(&pos, table(), opts, Some(stop), &mut |m| {
            if let Some(f) = progress.as_ref() {
                let p = MoveProgress { done: m.done, total: m.total, r#move: m.square.name(pos.size()), score: m.score, nodes: m.nodes, seconds: m.seconds };
                if let Ok(p) = to_js(&p) {
                    let _ = f.call1(&JsValue::NULL, &p);
                }
            }
        })
    } else {
        crate::solver::solve::solve(&pos, table(), opts, Some(stop))
    };
    to_js(&solve_report(&pos, &sol))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
struct SearchArgs {
    level: Option<String>,
    scoring: Option<String>,
    all_moves: bool,
    mode: Option<String>,
    /// A node limit (the midgame search stops near it).
    nodes: Option<f64>,
    /// Seconds the move may take, kept also when the solver takes over:
    /// replaces the level's time, as `--time` does in the command line
    /// (play::strength).
    time: Option<f64>,
    /// Seconds left on the mover's game clock: the move takes at most its
    /// share (play::time_control, the rule GTP uses too).
    clock: Option<f64>,
    /// Answer from the loaded book where it knows the position (default
    /// true; levels without a book bound never do).
    book: Option<bool>,
    /// With allMoves: the move played here, judged against the best in
    /// the report's `review`.
    played: Option<String>,
}

/// A played move judged by the search of every move (tools::review::judge).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Review {
    best_move: String,
    best: f64,
    played: f64,
    loss: f64,
    grade: crate::tools::review::Grade,
    mistake: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SearchReport {
    best: Option<String>,
    score: f64,
    kind: Kind,
    depth: u32,
    selectivity: u8,
    pv: Vec<String>,
    moves: Vec<(String, f64)>,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    stopped: bool,
    /// With the option `played`: that move judged.
    #[serde(skip_serializing_if = "Option::is_none")]
    review: Option<Review>,
}

fn search_report(pos: &Position, r: &SearchResult) -> SearchReport {
    SearchReport {
        best: r.best.as_ref().map(|m| name(pos, m)),
        score: r.score,
        kind: r.kind,
        depth: r.depth,
        selectivity: r.selectivity,
        pv: r.pv.iter().map(|m| name(pos, m)).collect(),
        moves: r.moves.iter().map(|(sq, v)| (sq.name(pos.size()), *v)).collect(),
        nodes: r.nodes,
        seconds: r.seconds,
        nodes_per_second: r.nodes_per_second(),
        stopped: r.stopped,
        review: None,
    }
}

/// The report of `r` with `played` (if any) judged.
fn judged_report(pos: &Position, r: &SearchResult, played: Option<Square>) -> SearchReport {
    let mut report = search_report(pos, r);
    report.review = played.map(|sq| {
        let j = crate::tools::review::judge(r, sq);
        Review { best_move: j.best.name(pos.size()), best: j.best_value, played: j.value, loss: j.loss, grade: j.grade, mistake: j.grade.is_mistake() }
    });
    report
}

/// Chooses a move in `position`. Options: `level` (a name or 1–6, default
/// hard), `scoring`, `allMoves` (every move's score: the analysis), `mode`,
/// `nodes`, `time` (seconds: replaces the level's time), `clock` (seconds left on the mover's
/// clock: the move takes its share), `book` (default true: answer from the loaded book where the
/// level has a book bound). `progress` gets a report after every iteration.
/// `played` (with `allMoves`): a legal move to judge against the best.
/// Returns `{ best, score, kind ("midgame", "wld", "exact" or "book"), depth, selectivity, pv, moves,
/// nodes, seconds, nodesPerSecond, stopped }`, and with `played` a `review: { bestMove, best,
/// played, loss, grade ("best", "good", "inaccuracy", "mistake", "blunder"), mistake }`.
#[wasm_bindgen]
pub fn search(
    position: &str,
    board: Option<String>,
    options: JsValue,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    let pos = parse(position, board)?;
    let args: SearchArgs = read_options(options)?;
    let asked = crate::play::strength::Asked { level: Some(args.level.as_deref().unwrap_or("hard")), depth: None, time: args.time };
    let level: Level = asked.resolve().map_err(js)?;
    let played = match args.played.as_deref() {
        None => None,
        Some(name) => {
            let sq = Square::parse(name, pos.size()).map_err(js)?;
            if !args.all_moves || !pos.is_legal(sq) {
                return Err(JsError::new(&format!("played {name}: expected a legal move of the position, with allMoves")));
            }
            Some(sq)
        }
    };
    let mut opts = SearchOptions {
        all_moves: args.all_moves,
        mode: mode(args.mode.as_deref())?,
        ..SearchOptions::new(level, scoring(args.scoring.as_deref())?)
    };
    opts.limits.nodes = args.nodes.map(|n| n.max(1.0) as u64);
    if let Some(left) = args.clock {
        if !(left.is_finite() && left >= 0.0) {
            return Err(JsError::new(&format!("clock must be the seconds left, 0 or more, not {left}")));
        }
        let t = crate::play::time_control::move_budget(left, pos.empties().count_ones());
        opts.limits.time = Some(opts.limits.time.map_or(t, |own| own.min(t)));
    }
    if let (Some(bound), Some(book), true) = (level.book, super::book::book(), args.book.unwrap_or(true)) {
        // A move to play varies within the level's bound; an analysis
        // shows the book's best.
        let bound = if args.all_moves { 0 } else { bound };
        let mut rng = crate::rng::Rng::new((js_sys::Math::random() * 9.0e15) as u64);
        if let Some(r) = crate::book::answer(&book, &pos, bound, &mut rng) {
            return to_js(&judged_report(&pos, &r, played));
        }
    }
    let stop = begin();
    let r = crate::play::search::search(&pos, table(), &opts, Some(stop), &mut |p| {
        if let (Some(f), Ok(v)) = (&progress, to_js(&search_report(&pos, p))) {
            let _ = f.call1(&JsValue::NULL, &v);
        }
    });
    to_js(&judged_report(&pos, &r, played))
}
