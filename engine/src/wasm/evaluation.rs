//! The evaluation for JavaScript. The module embeds the compact tables (the
//! first interactive board needs nothing more); the page fetches a larger
//! evaluation after its first paint, as it does the book, and hands it over
//! with its ProbCut statistics ([`load_evaluation`]). Searches set up from
//! then on use it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js::{js, to_js};
use crate::eval::pattern_weights::PatternWeights;
use crate::play::installed;
use crate::play::probcut::ProbCutStats;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Loaded {
    /// The pattern families read.
    families: usize,
    /// Whether a network is read over the tables.
    network: bool,
}

/// Installs a pattern weights file (`yomi fit --patterns` writes it) with
/// the ProbCut statistics measured on it (`yomi probcut --calibrate`'s
/// text); returns `{ families, network }`. Once per engine: a second call
/// throws.
#[wasm_bindgen(js_name = loadEvaluation)]
pub fn load_evaluation(weights: &[u8], probcut: &str) -> Result<JsValue, JsError> {
    let patterns = PatternWeights::from_bytes(weights).map_err(js)?;
    let stats = ProbCutStats::parse(probcut).map_err(js)?;
    let loaded = Loaded { families: patterns.families().count_ones() as usize, network: patterns.net().is_some() };
    installed::install(patterns, stats).map_err(js)?;
    to_js(&loaded)
}
