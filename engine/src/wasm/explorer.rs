//! The opening explorer for JavaScript. The page fetches the explorer file
//! after its first paint and hands it over ([`load_explorer`]); from then
//! on a game's `explorer()` reports what tournament players played from its
//! position, as `yomi explore --json` does.

use std::sync::{Arc, RwLock};

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js::{js, to_js};
use crate::explorer::Explorer;

static EXPLORER: RwLock<Option<Arc<Explorer>>> = RwLock::new(None);

/// The loaded explorer, if any.
pub(super) fn explorer() -> Option<Arc<Explorer>> {
    EXPLORER.read().ok().and_then(|e| e.clone())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Loaded {
    /// Positions it keeps.
    positions: usize,
    /// The games it was built from.
    games: u32,
    /// The fewest games a position it keeps was reached by.
    min_games: u32,
}

/// Loads an explorer file (`explorer.yex`, as `yomi explore --build`
/// writes it), replacing any loaded before; returns `{ positions, games,
/// minGames }`.
#[wasm_bindgen(js_name = loadExplorer)]
pub fn load_explorer(bytes: &[u8]) -> Result<JsValue, JsError> {
    let explorer = Explorer::from_bytes(bytes).map_err(js)?;
    let loaded = Loaded { positions: explorer.len(), games: explorer.games, min_games: explorer.min_games };
    *EXPLORER.write().map_err(|_| JsError::new("the explorer is being replaced"))? = Some(Arc::new(explorer));
    to_js(&loaded)
}
