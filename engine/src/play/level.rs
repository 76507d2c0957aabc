//! Playing levels: named settings of the search, the same in the command
//! line and the browser. Paper 000's four depths are the backbone: the
//! presearch that orders root moves, the midgame depth, and the empties at
//! which the win/draw/loss and the exact solvers take over.

use crate::error::Error;

/// A playing level: how deep it searches, how long it may take, and from how many empties it solves.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Level {
    /// The level's name (beginner … maximum).
    pub name: &'static str,
    /// Midgame search depth in plies.
    pub depth: u32,
    /// ProbCut selectivity (0 off; see [`crate::play::probcut::MARGINS`]).
    pub selectivity: u8,
    /// Time limit per move in seconds for the midgame search.
    pub seconds: Option<f64>,
    /// With at most this many empties, solve for win/draw/loss.
    pub wld: u32,
    /// With at most this many empties, solve exactly.
    pub perfect: u32,
    /// Depth of the search that orders root moves (0: by evaluation).
    pub presearch: u32,
    /// From the opening book, any move within this many discs of the
    /// book's best, chosen at random so that games differ (`None`: no book).
    pub book: Option<u8>,
}

/// The six levels, weakest first: what `--level 1` … `6` and the app name.
// Expert's book bound is 1 disc: at 2 its random book moves cost more than the
// book gained against expert without it (MEASUREMENTS.md, 2026-11-28).
pub const LEVELS: [Level; 6] = [
    Level { name: "beginner", depth: 1, selectivity: 0, seconds: None, wld: 0, perfect: 0, presearch: 0, book: None },
    Level { name: "easy", depth: 3, selectivity: 0, seconds: None, wld: 8, perfect: 6, presearch: 0, book: Some(8) },
    Level { name: "medium", depth: 6, selectivity: 1, seconds: None, wld: 12, perfect: 10, presearch: 2, book: Some(4) },
    Level { name: "hard", depth: 10, selectivity: 1, seconds: None, wld: 18, perfect: 16, presearch: 4, book: Some(3) },
    Level { name: "expert", depth: 14, selectivity: 1, seconds: Some(10.0), wld: 22, perfect: 20, presearch: 6, book: Some(1) },
    Level { name: "maximum", depth: 60, selectivity: 1, seconds: Some(30.0), wld: 26, perfect: 24, presearch: 6, book: Some(1) },
];

impl Level {
    /// A level by number (1 to 6) or name.
    pub fn parse(s: &str) -> Result<Level, Error> {
        by_name_or_number(s, &LEVELS, |l| l.name)
    }

    /// Paper 000's setting X: presearch 5, normal depth 2+X, win/draw/loss
    /// from 5+X empties, exact from 3+X.
    pub fn paper_000(x: u32) -> Level {
        Level { name: "paper-000", depth: 2 + x, selectivity: 0, seconds: None, wld: 5 + x, perfect: 3 + x, presearch: 5, book: None }
    }

    /// Plain settings: `depth` plies, no solver beyond what the depth reaches.
    pub fn depth(depth: u32) -> Level {
        Level { name: "depth", depth, selectivity: 0, seconds: None, wld: 0, perfect: 0, presearch: 0, book: None }
    }
}

impl crate::play::strength::Strength for Level {
    const MAX_DEPTH: u32 = 60;
    fn named(name: &str) -> Result<Level, Error> {
        Level::parse(name)
    }
    fn usual() -> Level {
        LEVELS[3]
    }
    fn of_depth(depth: u32) -> Level {
        Level::depth(depth)
    }
    fn deepest() -> Level {
        LEVELS[5]
    }
    fn set_depth(&mut self, depth: u32) {
        self.depth = depth;
    }
    fn set_seconds(&mut self, seconds: f64) {
        self.seconds = Some(seconds);
    }
}

/// The entry of a table of levels (Othello's, Score Four's) named by `s`:
/// its name in any case, or its number from 1, spaces around allowed.
pub fn by_name_or_number<T: Copy>(s: &str, table: &[T], name: fn(&T) -> &'static str) -> Result<T, Error> {
    let t = s.trim().to_ascii_lowercase();
    if let Some(n) = t.parse::<usize>().ok().filter(|n| (1..=table.len()).contains(n)) {
        return Ok(table[n - 1]);
    }
    table.iter().find(|l| name(l) == t).copied().ok_or_else(|| Error::BadLevel(s.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names_and_numbers() {
        assert_eq!(Level::parse("1").unwrap().name, "beginner");
        assert_eq!(Level::parse("Maximum").unwrap().name, "maximum");
        assert!(Level::parse("7").is_err());
        assert!(Level::parse("grandmaster").is_err());
        let x9 = Level::paper_000(9);
        assert_eq!((x9.presearch, x9.depth, x9.wld, x9.perfect), (5, 11, 14, 12));
    }
}
