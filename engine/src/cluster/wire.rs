//! The messages between the master and its workers, and their encoding: one
//! JSON object per message. Messages are few and small (a leaf, a report of
//! value and line, a result) next to the searches they start, so a readable
//! form costs nothing and is easy to trace.

use serde_json::{json, Value};

use crate::error::Error;
use crate::predict::tree::{Leaf, LeafReport};
use crate::rules::game::Move;
use crate::rules::geometry::BoardSize;
use crate::rules::notation::{format_position_with_board, parse_position};
use crate::rules::position::Scoring;
use crate::rules::square::Square;

/// A message between the master and a worker.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// Master → worker: search leaf number `index` of paper 002's tree.
    Leaf {
        /// The leaf's number in the master tree.
        index: usize,
        /// The position and window to search.
        leaf: Leaf,
    },
    /// Master → worker: solve one position, given as text (`8x8:` and the
    /// position string) so that the worker checks it itself.
    Solve {
        /// The position's number in the job.
        id: usize,
        /// The position as text, its board named.
        position: String,
        /// Solve only within a window, fail-soft (a solve job's leaf);
        /// `None` for the exact value.
        window: Option<Window>,
    },
    /// Master → worker: end the search under way, reporting what it has.
    Stop,
    /// Master → worker: no more work; the worker ends.
    Quit,
    /// Worker → master: a leaf's value changed (its moves on board `size`).
    Report {
        /// The leaf's number in the master tree.
        index: usize,
        /// The board the moves are on.
        size: BoardSize,
        /// The value and line found so far.
        report: LeafReport,
    },
    /// Worker → master: the leaf's search returned; its last report came first.
    LeafDone {
        /// The leaf's number in the master tree.
        index: usize,
    },
    /// Worker → master: a position solved (or stopped by its time limit).
    Solved {
        /// The position's number in the job.
        id: usize,
        /// What the worker found.
        result: Solved,
    },
    /// Worker → master: a position the worker could not take, and why.
    Rejected {
        /// The position's number in the job.
        id: usize,
        /// Why the worker could not take it.
        message: String,
    },
}

/// A solve job's leaf: its window, and its job's scoring, which the
/// leaf carries because a resumed job's ranks are told no spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// Solve within (`alpha`, `beta`).
    pub alpha: i32,
    /// See `alpha`.
    pub beta: i32,
    /// How finished games score.
    pub scoring: Scoring,
}

/// What a worker found for one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Solved {
    /// The score for the side to move (exact unless stopped).
    pub score: i32,
    /// What is proven: `lower ≤ score ≤ upper`, `None` where unknown.
    pub lower: Option<i32>,
    /// The least upper bound proven, `None` where unknown.
    pub upper: Option<i32>,
    /// The best move's name, `pass`, or none when the game is over (or,
    /// after a stop, nothing was proven).
    pub best: Option<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds the solve took.
    pub seconds: f64,
    /// A stop or time limit ended the solve before its end.
    pub stopped: bool,
}

fn parse_move(text: &str, size: BoardSize) -> Result<Move, Error> {
    if text == "pass" {
        Ok(Move::Pass)
    } else {
        Ok(Move::Play(Square::parse(text, size)?))
    }
}

fn report_json(r: &LeafReport, size: BoardSize) -> Value {
    json!({
        "value": r.value,
        "best": r.best.as_ref().map(|m| m.name(size)),
        "line": r.line.iter().map(|m| m.name(size)).collect::<Vec<_>>(),
        "done": r.done,
        "nodes": r.nodes,
    })
}

impl Msg {
    /// The message as bytes.
    pub fn encode(&self) -> Vec<u8> {
        let v = match self {
            Msg::Leaf { index, leaf } => json!({
                "leaf": index, "position": format_position_with_board(&leaf.pos), "exclude": leaf.exclude.to_string(), "ply": leaf.ply,
            }),
            Msg::Solve { id, position, window } => match window {
                Some(w) => json!({"solve": id, "position": position, "alpha": w.alpha, "beta": w.beta, "scoring": w.scoring.to_string()}),
                None => json!({"solve": id, "position": position}),
            },
            Msg::Stop => json!({"stop": true}),
            Msg::Quit => json!({"quit": true}),
            Msg::Report { index, size, report } => json!({"report": index, "board": size.to_string(), "of": report_json(report, *size)}),
            Msg::LeafDone { index } => json!({"leaf_done": index}),
            Msg::Solved { id, result: r } => json!({
                "solved": id, "score": r.score, "lower": r.lower, "upper": r.upper, "best": r.best,
                "nodes": r.nodes, "seconds": r.seconds, "stopped": r.stopped,
            }),
            Msg::Rejected { id, message } => json!({"rejected": id, "message": message}),
        };
        v.to_string().into_bytes()
    }

    /// Reads a message.
    pub fn decode(bytes: &[u8]) -> Result<Msg, String> {
        let v: Value = serde_json::from_slice(bytes).map_err(|e| format!("unreadable message: {e}"))?;
        let num = |k: &str| v[k].as_u64().ok_or_else(|| format!("message field {k} is not a number: {v}"));
        let int = |k: &str| v[k].as_i64().map(|x| x as i32).ok_or_else(|| format!("message field {k} is not a number: {v}"));
        // A bound is a number, or null where nothing is proven.
        let bound = |k: &str| match v.get(k) {
            Some(Value::Null) => Ok(None),
            _ => int(k).map(Some),
        };
        let text = |k: &str| v[k].as_str().map(str::to_string).ok_or_else(|| format!("message field {k} is not text: {v}"));
        if v.get("leaf").is_some() {
            let pos = parse_position(&text("position")?, None).map_err(|e| e.to_string())?;
            let exclude = text("exclude")?.parse::<u64>().map_err(|e| format!("bad exclude mask: {e}"))?;
            let leaf = Leaf { pos, exclude, ply: num("ply")? as u32 };
            return Ok(Msg::Leaf { index: num("leaf")? as usize, leaf });
        }
        if v.get("solve").is_some() {
            let window = match v.get("alpha") {
                None => None,
                Some(_) => Some(Window { alpha: int("alpha")?, beta: int("beta")?, scoring: text("scoring")?.parse().map_err(|e: Error| e.to_string())? }),
            };
            return Ok(Msg::Solve { id: num("solve")? as usize, position: text("position")?, window });
        }
        if v.get("stop").is_some() {
            return Ok(Msg::Stop);
        }
        if v.get("quit").is_some() {
            return Ok(Msg::Quit);
        }
        if v.get("report").is_some() {
            let size: BoardSize = text("board")?.parse().map_err(|e: Error| e.to_string())?;
            let r = &v["of"];
            let mv = |t: &Value| t.as_str().map(|s| parse_move(s, size).map_err(|e| e.to_string()));
            let best = mv(&r["best"]).transpose()?;
            let line = r["line"].as_array().ok_or("report without a line")?.iter().map(|t| mv(t).ok_or("a move is not text".to_string())?).collect::<Result<Vec<_>, _>>()?;
            let report = LeafReport {
                value: r["value"].as_f64().ok_or("report without a value")?,
                best,
                line,
                done: r["done"].as_bool().ok_or("report without done")?,
                nodes: r["nodes"].as_u64().ok_or("report without nodes")?,
            };
            return Ok(Msg::Report { index: num("report")? as usize, size, report });
        }
        if v.get("leaf_done").is_some() {
            return Ok(Msg::LeafDone { index: num("leaf_done")? as usize });
        }
        if v.get("solved").is_some() {
            let result = Solved {
                score: int("score")?,
                lower: bound("lower")?,
                upper: bound("upper")?,
                best: v["best"].as_str().map(str::to_string),
                nodes: num("nodes")?,
                seconds: v["seconds"].as_f64().ok_or("result without seconds")?,
                stopped: v["stopped"].as_bool().ok_or("result without stopped")?,
            };
            return Ok(Msg::Solved { id: num("solved")? as usize, result });
        }
        if v.get("rejected").is_some() {
            return Ok(Msg::Rejected { id: num("rejected")? as usize, message: text("message")? });
        }
        Err(format!("unknown message: {v}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::{Position, Start};

    #[test]
    fn every_message_round_trips() {
        let size = BoardSize::new(4, 16).unwrap();
        let pos = Position::start(size, Start::Othello);
        let sq = Square::at(size, 1, 7).unwrap();
        let msgs = [
            Msg::Leaf { index: 2, leaf: Leaf { pos, exclude: 1 << 63 | 5, ply: 3 } },
            Msg::Solve { id: 7, position: format_position_with_board(&pos), window: None },
            Msg::Solve { id: 8, position: format_position_with_board(&pos), window: Some(Window { alpha: -65, beta: -63, scoring: Scoring::Paper }) },
            Msg::Stop,
            Msg::Quit,
            Msg::Report { index: 1, size, report: LeafReport { value: -2.5, best: Some(Move::Play(sq)), line: vec![Move::Play(sq), Move::Pass], done: true, nodes: 123 } },
            Msg::Report { index: 0, size, report: LeafReport { value: 0.0, best: None, line: vec![], done: false, nodes: 0 } },
            Msg::LeafDone { index: 4 },
            Msg::Solved { id: 3, result: Solved { score: -64, lower: Some(-64), upper: Some(-64), best: Some("pass".into()), nodes: u64::MAX / 3, seconds: 1.25, stopped: false } },
            Msg::Solved { id: 4, result: Solved { score: 6, lower: Some(6), upper: None, best: Some("c4".into()), nodes: 9, seconds: 0.5, stopped: true } },
            Msg::Rejected { id: 9, message: "character 17 is 'Q'".into() },
        ];
        for m in msgs {
            assert_eq!(Msg::decode(&m.encode()), Ok(m));
        }
    }

    #[test]
    fn a_board_prefix_keeps_non_square_positions() {
        let pos = Position::start(BoardSize::new(4, 16).unwrap(), Start::Othello);
        let text = format_position_with_board(&pos);
        assert!(text.starts_with("4x16:"));
        assert_eq!(parse_position(&text, None).unwrap(), pos);
        // Without the prefix 64 squares read as 8x8.
        assert_eq!(parse_position(&text["4x16:".len()..], None).unwrap().size(), BoardSize::OTHELLO);
        assert!(Msg::decode(b"{\"what\":1}").is_err());
        assert!(Msg::decode(b"not json").is_err());
    }
}
