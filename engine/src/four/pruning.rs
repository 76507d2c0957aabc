//! Paper 003's statistical forward pruning. A node's value searched `k`
//! plies deep is predicted as its static value plus the mean increment
//! `T(m, k)` measured at move number `m`; the node is cut when the
//! prediction plus `c·σ(m, k)` is below alpha (or minus it above beta).
//! The statistics are data, measured by `yomi four calibrate` for each
//! evaluation and embedded.

use std::sync::OnceLock;

use crate::error::Error;

/// The deepest remaining depth with statistics of its own.
pub const MAX_K: u32 = 12;
/// Cells with fewer samples fall back to a neighbouring move number.
pub const MIN_SAMPLES: u32 = 8;

/// Mean and standard deviation of (k-ply search value − static value) by
/// move number m (0..=64) and remaining depth k (1..=MAX_K), and the
/// evaluation's mean by move number (paper 003's `M_m`, where it applies).
#[derive(Clone, Debug, PartialEq)]
pub struct PruningStats {
    /// `[m][k]`: (samples, mean, σ).
    cells: Vec<[(u32, f32, f32); MAX_K as usize + 1]>,
    /// `M_m`, rounded (zero where not measured).
    pub mean_by_move: [i32; 65],
}

impl Default for PruningStats {
    fn default() -> Self {
        PruningStats { cells: vec![[(0, 0.0, 0.0); MAX_K as usize + 1]; 65], mean_by_move: [0; 65] }
    }
}

impl PruningStats {
    /// The shipped statistics of the evaluation named `eval` (`paper` or
    /// `threat`).
    pub fn shipped(eval: &str) -> &'static PruningStats {
        static PAPER: OnceLock<PruningStats> = OnceLock::new();
        static THREAT: OnceLock<PruningStats> = OnceLock::new();
        if eval == "paper" {
            PAPER.get_or_init(|| PruningStats::parse(include_str!("../../weights/four-paper.txt")).expect("the embedded statistics are valid"))
        } else {
            THREAT.get_or_init(|| PruningStats::parse(include_str!("../../weights/four-threat.txt")).expect("the embedded statistics are valid"))
        }
    }

    pub fn set(&mut self, m: u32, k: u32, samples: u32, mean: f32, sigma: f32) {
        self.cells[m as usize][k as usize] = (samples, mean, sigma);
    }

    pub fn samples(&self, m: u32, k: u32) -> u32 {
        self.cells[m as usize][k as usize].0
    }

    /// (T, σ) at move `m`, depth `k`: the deepest measured depth up to `k`,
    /// at the nearest move number of the same parity (within four) with
    /// enough samples; `None` if there is none.
    #[inline]
    pub fn get(&self, m: u32, k: u32) -> Option<(f32, f32)> {
        let mut k = k.min(MAX_K) as usize;
        while k >= 1 {
            for delta in [0i32, -2, 2, -4, 4] {
                let mm = m as i32 + delta;
                if (0..=64).contains(&mm) {
                    let (n, mean, sigma) = self.cells[mm as usize][k];
                    if n >= MIN_SAMPLES {
                        return Some((mean, sigma));
                    }
                }
            }
            k -= 1;
        }
        None
    }

    /// `M m mean` lines, then `T m k samples mean sigma` lines.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = format!("# {header}\n# M move mean-value\n# T move depth samples mean sigma\n");
        for (m, &v) in self.mean_by_move.iter().enumerate() {
            if v != 0 {
                s += &format!("M {m} {v}\n");
            }
        }
        for (m, row) in self.cells.iter().enumerate() {
            for (k, &(n, mean, sigma)) in row.iter().enumerate() {
                if n > 0 {
                    s += &format!("T {m} {k} {n} {mean:.2} {sigma:.2}\n");
                }
            }
        }
        s
    }

    pub fn parse(text: &str) -> Result<PruningStats, Error> {
        let mut stats = PruningStats::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| Error::BadWeights(format!("pruning statistics line {}: {why}", i + 1));
            let f: Vec<&str> = line.split_whitespace().collect();
            let int = |s: &str| s.parse::<u32>().map_err(|_| bad("not a whole number"));
            let real = |s: &str| s.parse::<f32>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad("not a number"));
            match (f[0], f.len()) {
                ("M", 3) => {
                    let m = int(f[1])?;
                    if m > 64 {
                        return Err(bad("move number out of range"));
                    }
                    stats.mean_by_move[m as usize] = f[2].parse::<i32>().map_err(|_| bad("not a whole number"))?;
                }
                ("T", 6) => {
                    let (m, k, n) = (int(f[1])?, int(f[2])?, int(f[3])?);
                    if m > 64 || !(1..=MAX_K).contains(&k) {
                        return Err(bad("move number or depth out of range"));
                    }
                    stats.set(m, k, n, real(f[4])?, real(f[5])?.abs());
                }
                _ => return Err(bad("expected 'M move mean' or 'T move depth samples mean sigma'")),
            }
        }
        Ok(stats)
    }
}

/// Running sums for one cell while calibrating.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moments {
    pub n: u32,
    pub sum: f64,
    pub sum_sq: f64,
}

impl Moments {
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    pub fn sigma(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        let m = self.mean();
        ((self.sum_sq / self.n as f64 - m * m).max(0.0) * self.n as f64 / (self.n - 1) as f64).sqrt()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_fallback() {
        let mut s = PruningStats::default();
        s.set(10, 3, 100, 1.5, 20.25);
        s.set(12, 8, 50, -3.0, 40.0);
        s.mean_by_move[10] = -37;
        let back = PruningStats::parse(&s.to_text("test")).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.get(10, 3), Some((1.5, 20.25)));
        assert_eq!(back.get(14, 8), Some((-3.0, 40.0)), "two moves away");
        assert_eq!(back.get(11, 3), None, "other parity");
        assert_eq!(back.get(12, 20), Some((-3.0, 40.0)), "the deepest measured depth");
        assert_eq!(back.get(12, 7), Some((1.5, 20.25)), "depth 3, two moves earlier");
        assert_eq!(back.get(1, 7), None, "nothing measured near move 1");
        assert!(PruningStats::parse("T 1 2").is_err());
        assert!(PruningStats::parse("T 70 2 1 0 1").is_err());
    }

    #[test]
    fn moments() {
        let mut m = Moments::default();
        for x in [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0] {
            m.add(x);
        }
        assert_eq!(m.mean(), 5.0);
        assert!((m.sigma() - 2.138).abs() < 1e-3);
    }
}
