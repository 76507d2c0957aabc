//! Statistical forward pruning (paper 003; Buro's ProbCut). A deep search's
//! value is predicted from a shallow one's: deep ≈ shallow + mean, with error
//! σ, both measured by game stage and depth (`yomi probcut --calibrate`).
//! A node is cut when the prediction lies more than t·σ outside the window.
//! The statistics are data, read from a text file; the measured one is
//! embedded.

use std::sync::OnceLock;

use crate::error::Error;
use crate::eval::evaluation::STAGES;

/// Depths at and above which a node may be cut.
pub const MIN_DEPTH: u32 = 3;
/// The deepest depth with its own statistics; deeper ones use these.
pub const MAX_DEPTH: u32 = 16;

/// Selectivity levels: the margin t in units of σ. Level 0 is no pruning;
/// higher levels prune more.
pub const MARGINS: [f32; 4] = [f32::INFINITY, 2.0, 1.5, 1.0];

/// The depth of the shallow search that predicts a search of `depth` (about
/// half as deep, keeping the parity of the depth).
pub const fn shallow_depth(depth: u32) -> u32 {
    2 * (depth / 4) + (depth & 1)
}

/// The mean and standard deviation of (deep − shallow) in evaluation units,
/// by stage and depth.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbCutStats {
    /// `[stage][depth]`: (samples, mean, σ); depths below `MIN_DEPTH` unused.
    cells: Vec<[(u32, f32, f32); MAX_DEPTH as usize + 1]>,
}

impl Default for ProbCutStats {
    fn default() -> Self {
        ProbCutStats { cells: vec![[(0, 0.0, 0.0); MAX_DEPTH as usize + 1]; STAGES] }
    }
}

impl ProbCutStats {
    /// The shipped statistics (8×8, measured by `yomi probcut --calibrate`
    /// on the shipped evaluation): in the browser [`Self::compact`].
    pub fn shipped() -> &'static ProbCutStats {
        #[cfg(not(target_arch = "wasm32"))]
        {
            static S: OnceLock<ProbCutStats> = OnceLock::new();
            S.get_or_init(|| ProbCutStats::parse(include_str!("../../weights/probcut.txt")).expect("the embedded statistics are valid"))
        }
        #[cfg(target_arch = "wasm32")]
        {
            Self::compact()
        }
    }

    /// The statistics that go with the weights named `weights`, where a name
    /// brings its own: `shipped` the shipped evaluation's, `compact` the
    /// compact evaluation's, `browser` the browser's. The one rule for the
    /// CLI's `--weights`, `--probcut` and a match player's `weights=`.
    pub fn paired_with(weights: &str) -> Option<&'static ProbCutStats> {
        match weights {
            "shipped" => Some(Self::shipped()),
            "compact" => Some(Self::compact()),
            "browser" => Some(Self::browser()),
            _ => None,
        }
    }

    /// The statistics of the browser's evaluation (the compact tables with
    /// a network, engine/weights/patterns-browser.ywp), which the page
    /// fetches with it.
    pub fn browser() -> &'static ProbCutStats {
        static S: OnceLock<ProbCutStats> = OnceLock::new();
        S.get_or_init(|| ProbCutStats::parse(include_str!("../../weights/probcut-browser.txt")).expect("the embedded statistics are valid"))
    }

    /// The statistics of the compact evaluation
    /// ([`crate::eval::pattern_weights::PatternWeights::compact`]).
    pub fn compact() -> &'static ProbCutStats {
        static S: OnceLock<ProbCutStats> = OnceLock::new();
        S.get_or_init(|| ProbCutStats::parse(include_str!("../../weights/probcut-compact.txt")).expect("the embedded statistics are valid"))
    }

    /// Sets the statistics of a stage and depth: samples, mean and spread of deep − shallow.
    pub fn set(&mut self, stage: usize, depth: u32, samples: u32, mean: f32, sigma: f32) {
        self.cells[stage][depth as usize] = (samples, mean, sigma);
    }

    /// (mean, σ) for a search of `depth` at `stage`: the nearest measured
    /// depth at or below it, `None` if none was measured.
    #[inline]
    pub fn get(&self, stage: usize, depth: u32) -> Option<(f32, f32)> {
        let row = &self.cells[stage];
        let mut d = depth.min(MAX_DEPTH) as usize;
        while d >= MIN_DEPTH as usize {
            let (n, mean, sigma) = row[d];
            if n > 0 {
                return Some((mean, sigma));
            }
            d -= 1;
        }
        None
    }

    /// One line per measured cell: `stage depth shallow samples mean sigma`.
    pub fn to_text(&self) -> String {
        let mut s = String::from(
            "# Yomi ProbCut statistics: deep minus shallow search values, in evaluation units (16 per disc)\n\
             # stage depth shallow samples mean sigma\n",
        );
        for (st, row) in self.cells.iter().enumerate() {
            for (d, &(n, mean, sigma)) in row.iter().enumerate() {
                if n > 0 {
                    s += &format!("{st} {d} {} {n} {mean:.2} {sigma:.2}\n", shallow_depth(d as u32));
                }
            }
        }
        s
    }

    /// Reads statistics in the text form `to_text` writes; an error names the line.
    pub fn parse(text: &str) -> Result<ProbCutStats, Error> {
        let mut stats = ProbCutStats::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| Error::BadWeights(format!("probcut line {}: {why}", i + 1));
            let f: Vec<&str> = line.split_whitespace().collect();
            if f.len() != 6 {
                return Err(bad("expected 6 fields"));
            }
            let int = |s: &str| s.parse::<u32>().map_err(|_| bad("not a whole number"));
            let real = |s: &str| s.parse::<f32>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad("not a number"));
            let (st, d, n) = (int(f[0])? as usize, int(f[1])?, int(f[3])?);
            if st >= STAGES || !(MIN_DEPTH..=MAX_DEPTH).contains(&d) {
                return Err(bad("stage or depth out of range"));
            }
            stats.set(st, d, n, real(f[4])?, real(f[5])?.abs());
        }
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let mut s = ProbCutStats::default();
        s.set(3, 8, 120, 1.5, 20.25);
        s.set(3, 5, 90, -0.5, 12.0);
        let back = ProbCutStats::parse(&s.to_text()).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.get(3, 7), Some((-0.5, 12.0)));
        assert_eq!(back.get(3, 12), Some((1.5, 20.25)));
        assert_eq!(back.get(2, 8), None);
        assert!(ProbCutStats::parse("1 2 3").is_err());
        assert!(ProbCutStats::parse("9 5 3 1 0 1").is_err());
    }

    #[test]
    fn shallow_depths() {
        assert_eq!([3, 4, 5, 6, 8, 10, 12].map(shallow_depth), [1, 2, 3, 2, 4, 4, 6]);
    }
}
