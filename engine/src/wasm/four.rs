//! Score Four for JavaScript: a game's state, searches (stopped like every
//! other search here, through the shared stop flag), perft and paper 003's
//! experiment on the visitor's machine. Games travel as text (a record, or
//! a position and `;` and a record), as on the command line.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::analysis::{begin, table};
use super::js::{js, read_options, to_js};
use crate::four::board::Outcome;
use crate::four::curve::curve_svg;
use crate::four::experiment::{experiment, merge_rows, Baseline, Configuration, ExperimentRow};
use crate::four::level::{FourLevel, FOUR_LEVELS};
use crate::four::reproduction::{draw, test_positions, PAPER_DEPTH};
use crate::four::search::{winner, FourMode, FourResult};
use crate::four::{format_board, peg_name, EvalKind, Game};
use crate::rules::movegen::Squares;
use crate::rules::position::Color;

fn colour(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FourState {
    /// 64 cells in cell order (x + 4y + 16z): 0 empty, 1 black, 2 white.
    cells: Vec<u8>,
    to_move: &'static str,
    /// Pegs that take a stone, by name, sorted by peg.
    legal: Vec<String>,
    /// "black", "white", "draw" or null.
    winner: Option<&'static str>,
    /// The winning line's cells.
    line: Vec<u32>,
    record: String,
    moves: Vec<String>,
    /// The cell of each move, in order.
    move_cells: Vec<u32>,
    position: String,
    stones: u32,
}

/// The state of a game given as text (see the module).
#[wasm_bindgen(js_name = fourState)]
pub fn four_state(text: &str) -> Result<JsValue, JsError> {
    let game = Game::parse(text).map_err(js)?;
    let b = game.board();
    let (winner, line) = match b.outcome() {
        Outcome::Playing => (None, Vec::new()),
        Outcome::Draw => (Some("draw"), Vec::new()),
        Outcome::Won(c, l) => (Some(colour(c)), Squares(l).collect()),
    };
    to_js(&FourState {
        cells: (0..64).map(|c| if b.black >> c & 1 == 1 { 1 } else if b.white >> c & 1 == 1 { 2 } else { 0 }).collect(),
        to_move: colour(b.to_move()),
        legal: b.legal_pegs().into_iter().map(peg_name).collect(),
        winner,
        line,
        record: game.record(),
        moves: game.moves.iter().map(|&p| peg_name(p)).collect(),
        move_cells: game.cells(),
        position: format_board(&b),
        stones: b.stones(),
    })
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase", deny_unknown_fields)]
struct SearchArgs {
    level: Option<String>,
    depth: Option<u32>,
    time: Option<f64>,
    eval: Option<String>,
    /// σ, or null for the level's.
    margin: Option<f32>,
    no_margin: bool,
    mode: Option<String>,
    all_moves: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SearchReport {
    best: Option<String>,
    score: i32,
    /// "win", "loss", "draw" once proven.
    result: Option<crate::bound::Wld>,
    winner: Option<&'static str>,
    plies: Option<u32>,
    depth: u32,
    pv: Vec<String>,
    moves: Vec<(String, i32)>,
    nodes: f64,
    seconds: f64,
    nodes_per_second: f64,
    stopped: bool,
    proven: bool,
}

fn report(r: &FourResult, b: &crate::four::Board) -> SearchReport {
    SearchReport {
        best: r.best.map(peg_name),
        score: r.score,
        result: r.result(),
        winner: winner(b, r).map(colour),
        plies: r.plies_to_end(b),
        depth: r.depth,
        pv: r.pv.iter().map(|&p| peg_name(p)).collect(),
        moves: r.moves.iter().map(|&(p, v)| (peg_name(p), v)).collect(),
        nodes: r.nodes as f64,
        seconds: r.seconds,
        nodes_per_second: r.nodes_per_second().round(),
        stopped: r.stopped,
        proven: r.proven,
    }
}

/// Chooses a peg. Options: level (name or 1-6), depth, time (s), eval
/// ('threat' | 'paper' | 'forced'), margin (σ) or noMargin, mode, allMoves. Progress:
/// a report per iteration.
#[wasm_bindgen(js_name = fourSearch)]
pub fn four_search(text: &str, options: JsValue, progress: Option<js_sys::Function>) -> Result<JsValue, JsError> {
    let a: SearchArgs = read_options(options)?;
    let eval = EvalKind::parse(a.eval.as_deref().unwrap_or("threat")).map_err(js)?;
    let mode = match a.mode.as_deref() {
        None => FourMode::default(),
        Some(m) => FourMode::parse(m).ok_or_else(|| JsError::new(&format!("unknown mode {m:?}; expected ybw, lazy, msai or serial")))?,
    };
    let asked = crate::play::strength::Asked { level: a.level.as_deref(), depth: a.depth, time: a.time };
    let mut o = asked.resolve::<FourLevel>().map_err(js)?.options(eval, mode);
    if let Some(m) = a.margin {
        o.margin = crate::four::pruning::Cut::margin(m).map_err(js)?;
    }
    if a.no_margin {
        o.margin = crate::four::pruning::Cut::None;
    }
    o.all_moves = a.all_moves;
    let game = Game::parse(text).map_err(js)?;
    let b = game.board();
    let stop = begin();
    let r = crate::four::search(&b, table(), &o, Some(stop), &mut |r| {
        if let Some(f) = &progress {
            if let Ok(v) = to_js(&report(r, &b)) {
                let _ = f.call1(&JsValue::NULL, &v);
            }
        }
    })
    .map_err(js)?;
    to_js(&report(&r, &b))
}

/// Move sequences of `depth` plies from a game given as text.
#[wasm_bindgen(js_name = fourPerft)]
pub fn four_perft(text: &str, depth: u32, parallel: bool) -> Result<f64, JsError> {
    if depth == 0 || depth > 10 {
        return Err(js(crate::Error::BadDepth { depth, max: 10 }));
    }
    let b = Game::parse(text).map_err(js)?.board();
    let n = if parallel {
        crate::four::perft::perft_parallel(b.player(), b.opponent(), depth)
    } else {
        crate::four::perft::perft(b.player(), b.opponent(), depth)
    };
    Ok(n as f64)
}

/// Paper 003's experiment as the paper ran it, on this machine: the first
/// `positions` of a seeded draw of the test set (every position of the
/// 100 test games; any first part is a fair sample), both configurations
/// (the paper's and Yomi's), each searched by `search` (`paper`, the
/// paper's plain alpha-beta, by default, or `engine`) at `depth` (8 by
/// default) with each margin (σ) in `margins`. After each block of
/// positions, `progress` gets (done, total, table so far); resolves to the
/// table { rows, positions, stopped, svg }, `svg` the curve. A stop keeps
/// the positions finished before it.
#[wasm_bindgen(js_name = fourExperiment)]
pub fn four_experiment(
    positions: usize,
    margins: Vec<f32>,
    progress: Option<js_sys::Function>,
    search: Option<String>,
    depth: Option<u32>,
) -> Result<JsValue, JsError> {
    let search = search.as_deref().map(Baseline::parse).transpose().map_err(js)?.unwrap_or(Baseline::Paper);
    let depth = depth.unwrap_or(PAPER_DEPTH);
    let set = test_positions();
    if positions == 0 || positions > set.len() {
        return Err(JsError::new(&format!("positions {positions} is out of range; expected 1 to {}", set.len())));
    }
    if depth == 0 || depth > 10 {
        return Err(js(crate::Error::BadDepth { depth, max: 10 }));
    }
    if margins.is_empty() || margins.iter().any(|m| !(*m > 0.0 && m.is_finite())) {
        return Err(JsError::new("margins must be positive numbers of standard deviations"));
    }
    let boards = draw(&set, positions, EXPERIMENT_SEED);
    // Progress from the pool's threads cannot call into JavaScript; the
    // calling thread reports once per finished block of positions instead.
    // A stop ends it after the block it interrupts, which is left out.
    let stop = begin();
    let block = 8.max(positions / 40);
    let mut done = 0;
    let mut parts: Vec<Vec<Vec<ExperimentRow>>> = vec![Vec::new(); Configuration::ALL.len()];
    let table = |parts: &[Vec<Vec<ExperimentRow>>], done: usize| {
        let rows: Vec<ExperimentRow> = parts.iter().flat_map(|p| merge_rows(p)).collect();
        Table { rows: rows.iter().map(Row::of).collect(), positions: done as u32, stopped: done < positions, svg: curve_svg(&rows, depth) }
    };
    'blocks: while done < positions {
        let n = block.min(positions - done);
        let mut block_rows = Vec::new();
        for config in Configuration::ALL {
            let rows = experiment(config, search, None, &boards[done..done + n], depth, &margins, Some(stop), &|_, _| {});
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                break 'blocks;
            }
            block_rows.push(rows);
        }
        for (part, rows) in parts.iter_mut().zip(block_rows) {
            part.push(rows);
        }
        done += n;
        if let Some(f) = &progress {
            let t = to_js(&table(&parts, done))?;
            let _ = f.call3(&JsValue::NULL, &JsValue::from(done as u32), &JsValue::from(positions as u32), &t);
        }
    }
    to_js(&table(&parts, done))
}

/// The draw of the test set the page's experiment runs in.
const EXPERIMENT_SEED: u64 = 3;

#[derive(Serialize)]
struct Table {
    rows: Vec<Row>,
    positions: u32,
    stopped: bool,
    svg: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    configuration: &'static str,
    eval: &'static str,
    search: &'static str,
    margin: f32,
    positions: u32,
    hits: u32,
    hit_rate: f64,
    speedup: f64,
    plain_nodes: f64,
    pruned_nodes: f64,
}

impl Row {
    fn of(r: &ExperimentRow) -> Row {
        Row {
            configuration: r.configuration.name(),
            eval: r.eval.name(),
            search: r.search.name(),
            margin: r.margin,
            positions: r.positions as u32,
            hits: r.hits as u32,
            hit_rate: r.hit_rate,
            speedup: r.speedup,
            plain_nodes: r.plain_nodes as f64,
            pruned_nodes: r.pruned_nodes as f64,
        }
    }
}

/// The Score Four levels, weakest first: name, depth and seconds.
#[wasm_bindgen(js_name = fourLevels)]
pub fn four_levels() -> Result<JsValue, JsError> {
    to_js(&FOUR_LEVELS.to_vec())
}
