//! Score Four's playing levels, the same in the command line and the page.

use serde::Serialize;

use crate::error::Error;
use crate::four::eval::EvalKind;
use crate::four::pruning::Cut;
use crate::four::search::{FourMode, FourOptions};
use crate::search::stop::Limits;

/// A playing level: what it searches.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FourLevel {
    /// The level's name.
    pub name: &'static str,
    /// Plies of the deepest iteration.
    pub depth: u32,
    /// Seconds a move may take, if limited.
    pub seconds: Option<f64>,
    /// Paper 003's cut.
    #[serde(skip)]
    pub margin: Cut,
}

/// The levels, weakest first.
pub const FOUR_LEVELS: [FourLevel; 6] = [
    FourLevel { name: "beginner", depth: 1, seconds: None, margin: Cut::None },
    FourLevel { name: "easy", depth: 2, seconds: None, margin: Cut::None },
    FourLevel { name: "medium", depth: 4, seconds: None, margin: Cut::None },
    FourLevel { name: "hard", depth: 6, seconds: Some(2.0), margin: Cut::None },
    FourLevel { name: "expert", depth: 10, seconds: Some(3.0), margin: Cut::Margin(2.0) },
    FourLevel { name: "maximum", depth: 64, seconds: Some(8.0), margin: Cut::Margin(3.0) },
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
        FourLevel { name: "depth", depth, seconds: None, margin: Cut::None }
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
