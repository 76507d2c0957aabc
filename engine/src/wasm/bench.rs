//! The visitor's benchmark: the FFO positions it solves (with the file's
//! exact scores to check against) and paper 000's sweep games. Timing and
//! thread counts are the page's: each thread count runs in its own module
//! instance with a pool of that size, since a pool cannot be resized.

use std::sync::atomic::Ordering::Relaxed;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::analysis::begin;
use super::js::{js, to_js};
use crate::tools::bench::FFO_20_39;
use crate::play::level::Level;
use crate::tools::matches::{play_match, MatchOptions, MatchResult, Player};
use crate::rules::notation::{format_position, parse_obf_line};
use crate::parallel::Mode;

#[derive(Serialize)]
struct FfoPosition {
    /// The FFO number (#20 is the first line of the file).
    number: usize,
    position: String,
    empties: u32,
    /// The exact score for the side to move, from the file.
    score: i32,
}

/// FFO #20–#39: `[{ number, position, empties, score }]`.
#[wasm_bindgen(js_name = ffoPositions)]
pub fn ffo_positions() -> Result<JsValue, JsError> {
    let list: Vec<FfoPosition> = FFO_20_39
        .lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let line = parse_obf_line(l, None).map_err(js)?;
            Ok(FfoPosition {
                number: 20 + i,
                position: format_position(&line.position),
                empties: line.position.empties().count_ones(),
                score: line.scores.iter().map(|s| s.1).max().unwrap_or(0),
            })
        })
        .collect::<Result<_, JsError>>()?;
    to_js(&list)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SweepResult {
    x: u32,
    games: usize,
    wins: usize,
    losses: usize,
    draws: usize,
    /// Discs at the ends of the games: the engine's, the random player's.
    engine_discs: u64,
    random_discs: u64,
    nodes: u64,
    seconds: f64,
    stopped: bool,
}

/// Paper 000's experiment for one setting X (1–9): `games` games of the
/// engine (presearch 5, depth 2+X, win/draw/loss from 5+X empties, exact from
/// 3+X) against the random player on 8×8, colours alternating, the threads
/// used as `mode` says (`serial` for one thread). `progress` gets the totals
/// after every game.
#[wasm_bindgen(js_name = sweepGames)]
pub fn sweep_games(
    x: u32,
    games: usize,
    mode: &str,
    seed: f64,
    progress: Option<js_sys::Function>,
) -> Result<JsValue, JsError> {
    if !(1..=9).contains(&x) {
        return Err(JsError::new(&format!("setting X must be 1 to 9, not {x}")));
    }
    let mode = Mode::parse(mode).ok_or_else(|| JsError::new(&format!("unknown mode {mode:?}")))?;
    let engine = Player::shipped(Level::paper_000(x), mode);
    let opts = MatchOptions::paper_000(games, seed as u64, 16);
    let stop = begin();
    let clock = crate::clock::Clock::start();
    // The totals after the last game that finished: a game cut short by the
    // stop does not count.
    let mut last = sweep_result(x, &MatchResult::default(), 0.0);
    let r = play_match(&engine, &Player::Random, &opts, Some(stop), &mut |_, _, state| {
        if stop.load(Relaxed) {
            return;
        }
        last = sweep_result(x, &state.totals, clock.seconds());
        if let (Some(f), Ok(v)) = (&progress, to_js(&last)) {
            let _ = f.call1(&JsValue::NULL, &v);
        }
    });
    if stop.load(Relaxed) {
        return to_js(&SweepResult { stopped: true, ..last });
    }
    to_js(&sweep_result(x, &r, r.wall_seconds))
}

/// The engine is the match's first player.
fn sweep_result(x: u32, r: &MatchResult, seconds: f64) -> SweepResult {
    SweepResult {
        x,
        games: r.games,
        wins: r.wins,
        losses: r.losses,
        draws: r.draws,
        engine_discs: r.discs[0],
        random_discs: r.discs[1],
        nodes: r.nodes[0],
        seconds,
        stopped: false,
    }
}
