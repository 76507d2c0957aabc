//! Many positions over many workers: each distinct position (symmetric
//! twins, colours swapped included, are solved once) handed out as workers
//! become free, the costliest first, and each result written as it arrives
//! to a results file that a rerun reads to skip what is done. So a job
//! killed halfway loses only the positions in flight, as in the 2023 weak
//! solution of Othello, which spread 1.5 billion solves this way.

use std::collections::{HashMap, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use serde_json::{json, Value};

use crate::cluster::links::Links;
use crate::cluster::wire::{Msg, Solved};
use crate::rules::notation::format_position_with_board;
use crate::error::Error;
use crate::rules::geometry::BoardSize;
use crate::rules::notation::format_position;
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::rules::symmetry::{canonical, transform};
use crate::solver::solve::SolveOptions;
use crate::with_geometry;

/// A position up to symmetry and colours: its board and canonical
/// side-relative bitboards. Twins have equal values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Form {
    size: BoardSize,
    p: u64,
    o: u64,
}

/// The canonical form of `pos`: its board and the least disc pair over the symmetries, so twins share one.
pub fn form(pos: &Position) -> Form {
    with_geometry!(pos.size(), G => {
        let (p, o, _) = canonical::<G>(pos.player(), pos.opponent());
        Form { size: pos.size(), p, o }
    })
}

/// The move of `to` that is `mv` of its twin `from` (`pass` stays `pass`).
fn twin_move(from: &Position, to: &Position, mv: &str) -> String {
    let size = from.size();
    let Ok(sq) = Square::parse(mv, size) else { return mv.to_string() };
    with_geometry!(size, G => {
        let (_, _, s_from) = canonical::<G>(from.player(), from.opponent());
        let (_, _, s_to) = canonical::<G>(to.player(), to.opponent());
        let bit = transform::<G>(s_to.inverse(), transform::<G>(s_from, sq.bit()));
        Square::from_index(size, bit.trailing_zeros()).map_or(mv.to_string(), |s| s.name(size))
    })
}

/// How costly a solve will be, for handing out the largest first: empties
/// first, then the mover's choices.
fn cost(pos: &Position) -> (u32, u32) {
    (pos.empties().count_ones(), pos.legal_moves().count_ones())
}

/// The results file: one JSON object per line (`board`, `position`,
/// `scoring`, `wld`, `score`, `best`, `nodes`, `seconds`), appended as
/// results arrive. A line cut short by a kill is dropped when the file is
/// opened again.
pub struct ResultsFile {
    file: File,
    /// The results already there, by form and question asked.
    known: HashMap<(Form, String, bool), (Position, Solved)>,
}

impl ResultsFile {
    /// Opens (or creates) `path` and reads the results it holds.
    pub fn open(path: &str) -> Result<ResultsFile, Error> {
        let fail = |e: std::io::Error| Error::Io { path: format!("results file {path}"), why: e.to_string() };
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(fail)?;
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(|e| Error::damaged(format!("results file {path}"), format!("not text: {e}")))?;
        // Everything up to the last newline is whole; what follows it was cut
        // short by a kill and goes.
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        if whole < text.len() {
            file.set_len(whole as u64).map_err(fail)?;
            file.seek(SeekFrom::End(0)).map_err(fail)?;
        }
        let mut known = HashMap::new();
        for (n, line) in text[..whole].lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let bad = |why: &str| Error::damaged(format!("results file {path}"), format!("line {}: {why}", n + 1));
            let v: Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
            let board: BoardSize = v["board"].as_str().ok_or_else(|| bad("no board"))?.parse()?;
            let pos = crate::rules::notation::parse_position(v["position"].as_str().ok_or_else(|| bad("no position"))?, Some(board))
                .map_err(|e| bad(&e.to_string()))?;
            let score = v["score"].as_i64().ok_or_else(|| bad("no score"))? as i32;
            let solved = Solved {
                score,
                lower: Some(score),
                upper: Some(score),
                best: v["best"].as_str().map(str::to_string),
                nodes: v["nodes"].as_u64().unwrap_or(0),
                seconds: v["seconds"].as_f64().unwrap_or(0.0),
                stopped: false,
            };
            let scoring = v["scoring"].as_str().ok_or_else(|| bad("no scoring"))?.to_string();
            let wld = v["wld"].as_bool().ok_or_else(|| bad("no wld"))?;
            known.insert((form(&pos), scoring, wld), (pos, solved));
        }
        Ok(ResultsFile { file, known })
    }

    /// How many results the file holds.
    pub fn len(&self) -> usize {
        self.known.len()
    }

    /// True if no position is left to hand out.
    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// The result for `pos` (or a twin of it) under `opts`, if the file has it.
    fn lookup(&self, pos: &Position, opts: &SolveOptions) -> Option<Solved> {
        let (twin, s) = self.known.get(&(form(pos), opts.scoring.to_string(), opts.wld))?;
        let best = s.best.as_ref().map(|b| twin_move(twin, pos, b));
        Some(Solved { best, ..s.clone() })
    }

    /// Appends one result as a whole line in one write.
    fn append(&mut self, pos: &Position, opts: &SolveOptions, s: &Solved) -> std::io::Result<()> {
        let v = json!({
            "board": pos.size().to_string(),
            "position": format_position(pos),
            "scoring": opts.scoring.to_string(),
            "wld": opts.wld,
            "score": s.score,
            "best": s.best,
            "nodes": s.nodes,
            "seconds": s.seconds,
        });
        let mut line = v.to_string();
        line.push('\n');
        self.file.write_all(line.as_bytes())?;
        self.file.flush()?;
        self.known.insert((form(pos), opts.scoring.to_string(), opts.wld), (*pos, s.clone()));
        Ok(())
    }
}

/// What happened to one of the positions asked.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// Position `item` (index into the list) has its result: from worker
    /// `by`, from a twin (`twin_of`, the index solved), or from the results
    /// file (`by` is then "results file").
    Solved {
        /// The index of the position in the list asked.
        item: usize,
        /// What was found.
        result: Solved,
        /// The worker that found it, or "results file".
        by: String,
        /// The index of the twin whose result this is, if it was a twin.
        twin_of: Option<usize>,
    },
    /// Position `item` was rejected by worker `by`, for `message`.
    Rejected {
        /// The index of the position in the list asked.
        item: usize,
        /// Why the worker refused it.
        message: String,
        /// The worker that refused it.
        by: String,
    },
}

/// Solves `positions` over the workers behind `links`, as `opts` asks
/// (the workers were built with the same options), skipping what
/// `results` already holds and writing every new finished result there.
/// `event` hears of each position as it is settled. A raised `stop` hands
/// out nothing more and stops the solves in flight (their partial results
/// are reported, not written). An error means a worker was lost or the
/// results file could not be written.
pub fn run(
    links: &mut dyn Links,
    positions: &[Position],
    opts: &SolveOptions,
    mut results: Option<&mut ResultsFile>,
    stop: Option<&AtomicBool>,
    event: &mut dyn FnMut(Event),
) -> Result<(), String> {
    // One solve per form; the others are its twins.
    let mut first_of: HashMap<Form, usize> = HashMap::new();
    let mut twins: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut todo = Vec::new();
    for (i, pos) in positions.iter().enumerate() {
        let f = form(pos);
        match first_of.get(&f) {
            Some(&j) => twins.entry(j).or_default().push(i),
            None => {
                first_of.insert(f, i);
                todo.push(i);
            }
        }
    }
    let settle = |i: usize, result: Solved, by: String, event: &mut dyn FnMut(Event)| {
        for &t in twins.get(&i).into_iter().flatten() {
            let best = result.best.as_ref().map(|b| twin_move(&positions[i], &positions[t], b));
            event(Event::Solved { item: t, result: Solved { best, ..result.clone() }, by: by.clone(), twin_of: Some(i) });
        }
        event(Event::Solved { item: i, result, by, twin_of: None });
    };
    let mut queue: Vec<usize> = Vec::new();
    for i in todo {
        match results.as_ref().and_then(|r| r.lookup(&positions[i], opts)) {
            Some(s) => settle(i, s, "results file".into(), event),
            None => queue.push(i),
        }
    }
    // Largest first: the long solves start early, the short ones fill the gaps.
    queue.sort_by_key(|&i| std::cmp::Reverse(cost(&positions[i])));
    let mut queue: VecDeque<usize> = queue.into();

    let mut in_flight: Vec<Option<usize>> = vec![None; links.workers()];
    let halted = || stop.is_some_and(|s| s.load(Relaxed));
    let mut stopping = false;
    loop {
        if !halted() {
            for (w, slot) in in_flight.iter_mut().enumerate() {
                if slot.is_none() {
                    let Some(i) = queue.pop_front() else { break };
                    links.send(w, Msg::Solve { id: i, position: format_position_with_board(&positions[i]), window: None })?;
                    *slot = Some(i);
                }
            }
        } else if !stopping {
            stopping = true;
            for w in (0..in_flight.len()).filter(|&w| in_flight[w].is_some()) {
                links.send(w, Msg::Stop)?;
            }
        }
        if in_flight.iter().all(Option::is_none) {
            return Ok(());
        }
        let Some((w, msg)) = links.recv(Duration::from_millis(5))? else { continue };
        let by = links.name(w);
        match msg {
            Msg::Solved { id, result } if in_flight.get(w) == Some(&Some(id)) => {
                in_flight[w] = None;
                if !result.stopped {
                    if let Some(r) = results.as_deref_mut() {
                        r.append(&positions[id], opts, &result).map_err(|e| format!("cannot write the results file: {e}"))?;
                    }
                }
                settle(id, result, by, event);
            }
            Msg::Rejected { id, message } if in_flight.get(w) == Some(&Some(id)) => {
                in_flight[w] = None;
                for &t in twins.get(&id).into_iter().flatten() {
                    event(Event::Rejected { item: t, message: message.clone(), by: by.clone() });
                }
                event(Event::Rejected { item: id, message, by });
            }
            other => return Err(format!("{by} sent an unexpected message: {other:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Start;

    #[test]
    fn twins_map_their_moves() {
        let size = BoardSize::OTHELLO;
        let start = Position::start(size, Start::Othello);
        let a = start.play(Square::parse("f5", size).unwrap()).unwrap();
        let b = start.play(Square::parse("d3", size).unwrap()).unwrap();
        assert_eq!(form(&a), form(&b));
        // Every reply maps to a legal reply whose position is a twin too.
        for name in ["d6", "f6", "f4"] {
            let mapped = twin_move(&a, &b, name);
            let sq = Square::parse(&mapped, size).unwrap();
            assert!(b.is_legal(sq), "{name} -> {mapped}");
            assert_eq!(form(&a.play(Square::parse(name, size).unwrap()).unwrap()), form(&b.play(sq).unwrap()));
        }
        assert_eq!(twin_move(&a, &b, "pass"), "pass");
    }
}
