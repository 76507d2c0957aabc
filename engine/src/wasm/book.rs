//! The opening book for JavaScript. The page fetches the book file after
//! its first paint and hands it over ([`load_book`]); from then on searches
//! at levels with a book bound answer from it where it knows the position,
//! and [`book_moves`] lists what it knows for the board to draw.

use std::sync::{Arc, RwLock};

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js::{board_size, js, to_js};
use crate::book::{Book, Source};
use crate::rules::notation::parse_position;

static BOOK: RwLock<Option<Arc<Book>>> = RwLock::new(None);

/// The loaded book, if any.
pub(super) fn book() -> Option<Arc<Book>> {
    BOOK.read().ok().and_then(|b| b.clone())
}

/// Loads a book file (`book.ybk`, as `yomi book grow` writes it), replacing
/// any loaded before; returns its number of positions.
#[wasm_bindgen(js_name = loadBook)]
pub fn load_book(bytes: &[u8]) -> Result<usize, JsError> {
    let book = Book::from_bytes(bytes).map_err(js)?;
    let n = book.len();
    *BOOK.write().map_err(|_| JsError::new("the book is being replaced"))? = Some(Arc::new(book));
    Ok(n)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BookReport {
    /// The position's value for the side to move, in discs.
    value: i8,
    /// Every move the book knows, best first.
    moves: Vec<BookMoveReport>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BookMoveReport {
    r#move: String,
    value: i8,
    /// "book" (its position is in the book), "leaf" (valued by a search of
    /// `depth`) or "end" (it ends the game).
    source: &'static str,
    depth: Option<u8>,
}

/// What the book knows of `position`: `{ value, moves: [{ move, value,
/// source, depth }] }`, or `null` if the position is not in the book (or
/// no book is loaded).
#[wasm_bindgen(js_name = bookMoves)]
pub fn book_moves(position: &str, board: Option<String>) -> Result<JsValue, JsError> {
    let size = board.as_deref().map(board_size).transpose()?;
    let pos = parse_position(position, size).map_err(js)?;
    let Some(book) = book() else { return Ok(JsValue::NULL) };
    let (Some(moves), Some((entry, _))) = (book.moves(&pos), book.lookup(&pos)) else { return Ok(JsValue::NULL) };
    let moves = moves
        .iter()
        .map(|m| {
            let (source, depth) = match m.source {
                Source::Book => ("book", None),
                Source::Leaf { depth } => ("leaf", Some(depth)),
                Source::End => ("end", None),
            };
            BookMoveReport { r#move: m.square.name(pos.size()), value: m.value, source, depth }
        })
        .collect();
    to_js(&BookReport { value: entry.value, moves })
}

#[derive(Serialize)]
struct OpeningReport {
    name: &'static str,
    moves: Vec<String>,
}

/// The named openings, each `{ name, moves }` with its line from the
/// Othello start begun with f5, a line before those that go on from it.
#[wasm_bindgen]
pub fn openings() -> Result<JsValue, JsError> {
    let size = crate::BoardSize::OTHELLO;
    let all: Vec<OpeningReport> =
        crate::book::openings::openings().into_iter().map(|o| OpeningReport { name: o.name, moves: o.line.iter().map(|s| s.name(size)).collect() }).collect();
    to_js(&all)
}
