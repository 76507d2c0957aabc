//! What every binding shares: errors as JavaScript `Error`s, board names,
//! options read from and reports written to JavaScript values, and moves'
//! names. The bindings' one prelude, importing none of them.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::rules::game::Move;
use crate::rules::geometry::BoardSize;
use crate::rules::position::Position;

/// An engine error as JavaScript's `Error`, with the CLI's message.
pub(crate) fn js(e: Error) -> JsError {
    JsError::new(&e.to_string())
}

/// A board's size from its name (`"8x8"`).
pub(crate) fn board_size(board: &str) -> Result<BoardSize, JsError> {
    board.parse().map_err(js)
}

/// Options from JavaScript (`undefined` or `null`: the defaults).
pub(crate) fn read_options<T: serde::de::DeserializeOwned + Default>(value: JsValue) -> Result<T, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(T::default());
    }
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&format!("bad options: {e}")))
}

/// A report as a plain JavaScript value (objects, not maps).
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A move's name on `pos`'s board: its square, or `"pass"`.
pub(crate) fn name(pos: &Position, m: &Move) -> String {
    m.name(pos.size())
}
