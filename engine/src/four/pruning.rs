//! Paper 003's statistical forward pruning. A node's value searched `k`
//! plies deep is predicted from its static value: paper 003 adds the mean
//! increment `T(m, k)` measured at move number `m`; ProbCut (Buro) fits a
//! line, `a·static + b`, which also corrects an evaluation whose scale is
//! off (ours underrates how a lead grows). The node is cut when the
//! prediction plus `c·σ(m, k)` is below alpha (or minus it above beta),
//! σ being the spread of the deep value around the prediction. The
//! statistics are data, measured by `yomi four calibrate` for each
//! evaluation and embedded.

use std::sync::OnceLock;

use crate::error::Error;
use crate::four::board::Board;
use crate::four::eval::{EvalKind, Evaluate, PaperEval, WIN_NOW};

/// The deepest remaining depth with statistics of its own.
pub const MAX_K: u32 = 12;
/// Cells with fewer samples fall back to a neighbouring move number.
pub const MIN_SAMPLES: u32 = 8;

/// One calibration sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The move number: stones on the board.
    pub stones: u32,
    /// Plies left: the depth of the deep search.
    pub depth: u32,
    /// The predictor's value: the static value, or the probe's.
    pub predictor: f64,
    /// The deep search's value.
    pub deep: f64,
    /// The node is volatile (its samples fill cells of their own).
    pub volatile: bool,
}

/// How a k-ply value is predicted from the static value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Model {
    /// Paper 003: static value + the mean increment.
    #[default]
    Increment,
    /// ProbCut: a least-squares line through (static, deep).
    Linear,
}

impl Model {
    /// The model's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Model::Increment => "increment",
            Model::Linear => "linear",
        }
    }

    /// Reads a model name; an error names the choices.
    pub fn parse(s: &str) -> Result<Model, Error> {
        match s.trim().to_ascii_lowercase().as_str() {
            "increment" | "paper" => Ok(Model::Increment),
            "linear" | "probcut" => Ok(Model::Linear),
            _ => Err(Error::BadArgument(format!("model '{s}' is unknown; expected increment or linear"))),
        }
    }
}

/// One (move number, depth) cell: deep ≈ `slope`·static + `intercept`,
/// with spread `sigma` around it. Paper 003's increment is the slope 1.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Predictor {
    /// Samples the cell was fitted on.
    pub samples: u32,
    /// The slope of the line (1 for the increment model).
    pub slope: f32,
    /// Its intercept.
    pub intercept: f32,
    /// The spread of deep values around the line.
    pub sigma: f32,
}

impl Predictor {
    /// The deep value expected from a static one.
    #[inline(always)]
    pub fn predict(&self, static_value: i32) -> f32 {
        self.slope * static_value as f32 + self.intercept
    }

    /// The cut of a node whose static value is `static_value`: `alpha` if
    /// the prediction plus `margin` σ is below it, `beta` if the
    /// prediction less `margin` σ is above it, `None` if the node must be
    /// searched.
    #[inline]
    pub fn cut(&self, static_value: i32, margin: f32, alpha: i32, beta: i32) -> Option<i32> {
        let predicted = self.predict(static_value);
        let cut = margin * self.sigma;
        if predicted + cut < alpha as f32 {
            Some(alpha)
        } else if predicted - cut > beta as f32 {
            Some(beta)
        } else {
            None
        }
    }

    /// The probe of `depth` plies that decides the cut at `margin` σ in
    /// (`alpha`, `beta`): the shallow values whose prediction lies `margin`
    /// σ beyond the window. A bound past the evaluation's sure wins is left
    /// out (the probe would cost a proof); `None` if both are.
    #[inline]
    fn probe(&self, depth: u32, margin: f32, alpha: i32, beta: i32) -> Option<Probe> {
        let cut = margin * self.sigma;
        let above = |x: i32| self.predict(x) - cut > beta as f32;
        let below = |x: i32| self.predict(x) + cut < alpha as f32;
        let within = |v: f32| (v.abs() < (WIN_NOW / 2) as f32).then_some(v as i32);
        // The least whole x above, the greatest below: solved, then nudged
        // past the division's rounding by the predicate itself.
        let high = within(((beta as f32 + cut - self.intercept) / self.slope).floor() + 1.0).map(|mut h| {
            while !above(h) {
                h += 1;
            }
            while above(h - 1) {
                h -= 1;
            }
            h
        });
        let low = within(((alpha as f32 - cut - self.intercept) / self.slope).ceil() - 1.0).map(|mut l| {
            while !below(l) {
                l -= 1;
            }
            while below(l + 1) {
                l += 1;
            }
            l
        });
        (high.is_some() || low.is_some()).then_some(Probe { depth, high, low })
    }
}

/// The predictors by move number m (0..=64) and remaining depth k
/// (1..=MAX_K), the evaluation's mean by move number (paper 003's `M_m`,
/// where it applies), and what the predictors read: the static value, or
/// a shallower search's (ProbCut's probe).
#[derive(Clone, Debug, PartialEq)]
pub struct PruningStats {
    /// `[m][k]`, for the nodes the evaluation trusts (every node of paper
    /// 003's).
    cells: Vec<[Predictor; MAX_K as usize + 1]>,
    /// `[m][k]` for the nodes the evaluation calls volatile (a threat on
    /// the board), if measured apart; if not, they are never cut (and the
    /// search learns it at once, without a lookup).
    volatile: Option<Vec<[Predictor; MAX_K as usize + 1]>>,
    /// `M_m`, rounded (zero where not measured).
    pub mean_by_move: [i32; 65],
    /// ProbCut's reduction R: a node with k > R plies left is predicted
    /// from its (k − R)-ply value, found by null-window probes; nodes
    /// nearer the horizon, and every node without R (paper 003), from the
    /// static value.
    pub probe: Option<u32>,
}

impl Default for PruningStats {
    fn default() -> Self {
        PruningStats { cells: empty_table(), volatile: None, mean_by_move: [0; 65], probe: None }
    }
}

/// A table of no measured cell.
fn empty_table() -> Vec<[Predictor; MAX_K as usize + 1]> {
    vec![[Predictor::default(); MAX_K as usize + 1]; 65]
}

/// Paper 003's cut as a search is asked to make it: none, or at a margin
/// in standard deviations (positive; wider prunes less).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cut {
    /// No statistical cut: every move searched.
    None,
    /// Cut where the prediction is this many σ outside the window.
    Margin(f32),
}

impl Cut {
    /// A cut at `sigma` standard deviations, if that is a positive number.
    pub fn margin(sigma: f32) -> Result<Cut, Error> {
        if sigma > 0.0 && sigma.is_finite() {
            Ok(Cut::Margin(sigma))
        } else {
            Err(Error::BadArgument(format!("margin {sigma} is not a positive number of standard deviations or none")))
        }
    }

    /// Reads "none" or a margin in σ.
    pub fn parse(text: &str) -> Result<Cut, Error> {
        match text.trim() {
            "none" => Ok(Cut::None),
            t => t.parse::<f32>().map_or_else(
                |_| Err(Error::BadArgument(format!("margin {t} is not a positive number of standard deviations or none"))),
                Cut::margin,
            ),
        }
    }
}

/// What the statistical cut asks of a node before its children are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Search it.
    Search,
    /// Return this bound (the window's edge) without searching.
    Cut(i32),
    /// Search it shallower first ([`Probe::run`]).
    Probe(Probe),
}

/// ProbCut's question at a node: its `depth`-ply value against the bounds
/// beyond which the deep value is predicted outside the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Plies of the probes.
    pub depth: u32,
    /// A shallow value of at least this predicts the deep one above beta.
    pub high: Option<i32>,
    /// A shallow value of at most this predicts the deep one below alpha.
    pub low: Option<i32>,
}

impl Probe {
    /// The cut, if any: `beta` when a null-window `search(depth, alpha,
    /// beta)` reaches `high`, else `alpha` when one stays at or below
    /// `low`; each probe is made only if its bound is set.
    #[inline]
    pub fn run(self, alpha: i32, beta: i32, mut search: impl FnMut(u32, i32, i32) -> i32) -> Option<i32> {
        if let Some(h) = self.high {
            if search(self.depth, h - 1, h) >= h {
                return Some(beta);
            }
        }
        if let Some(l) = self.low {
            if search(self.depth, l, l + 1) <= l {
                return Some(alpha);
            }
        }
        None
    }
}

impl PruningStats {
    /// The shipped statistics of evaluation `eval`: the paper's and the
    /// forced line's gathered on plain depth-8 trees (the experiment's
    /// two configurations), the threat evaluation's on the engine's games
    /// (the levels').
    pub fn shipped(eval: EvalKind) -> &'static PruningStats {
        static PAPER: OnceLock<PruningStats> = OnceLock::new();
        static THREAT: OnceLock<PruningStats> = OnceLock::new();
        static FORCED: OnceLock<PruningStats> = OnceLock::new();
        let (cell, text) = match eval {
            EvalKind::Paper => (&PAPER, include_str!("../../weights/four-paper.txt")),
            EvalKind::Threat => (&THREAT, include_str!("../../weights/four-threat.txt")),
            EvalKind::Forced => (&FORCED, include_str!("../../weights/four-yomi.txt")),
        };
        cell.get_or_init(|| PruningStats::parse(text).expect("the embedded statistics are valid"))
    }

    /// Paper 003's cell: the mean increment `mean` and its σ.
    pub fn set(&mut self, m: u32, k: u32, samples: u32, mean: f32, sigma: f32) {
        self.set_line(m, k, Predictor { samples, slope: 1.0, intercept: mean, sigma });
    }

    /// Sets the cell of move number `m` and depth `k`.
    pub fn set_line(&mut self, m: u32, k: u32, cell: Predictor) {
        self.cells[m as usize][k as usize] = cell;
    }

    /// Sets the cell of move number `m` and depth `k` for volatile nodes.
    pub fn set_volatile_line(&mut self, m: u32, k: u32, cell: Predictor) {
        self.volatile.get_or_insert_with(empty_table)[m as usize][k as usize] = cell;
    }

    /// Fits every (move number, depth) cell from `samples` under `model`,
    /// the one fit both calibrations share; volatile nodes' samples fill
    /// cells of their own.
    pub fn fit_samples(&mut self, samples: impl IntoIterator<Item = Sample>, model: Model) {
        let mut sums = vec![[[Pairs::default(); MAX_K as usize + 1]; 65]; 2];
        for s in samples {
            sums[s.volatile as usize][s.stones as usize][s.depth as usize].add(s.predictor, s.deep);
        }
        for (volatile, table) in sums.iter().enumerate() {
            for (m, row) in table.iter().enumerate() {
                for (k, pairs) in row.iter().enumerate() {
                    if let Some(cell) = pairs.fit(model) {
                        if volatile == 1 {
                            self.set_volatile_line(m as u32, k as u32, cell);
                        } else {
                            self.set_line(m as u32, k as u32, cell);
                        }
                    }
                }
            }
        }
    }

    /// The samples behind the cell of move number `m` and depth `k`.
    pub fn samples(&self, m: u32, k: u32) -> u32 {
        self.cells[m as usize][k as usize].samples
    }

    /// The predictor at move `m`, depth `k`: the deepest measured depth up
    /// to `k`, at the nearest move number of the same parity (within four)
    /// with enough samples; `None` if there is none.
    #[inline]
    pub fn get(&self, m: u32, k: u32) -> Option<Predictor> {
        self.get_for(false, m, k)
    }

    /// [`Self::get`] for a volatile node (`volatile`) or a trusted one.
    #[inline]
    pub fn get_for(&self, volatile: bool, m: u32, k: u32) -> Option<Predictor> {
        if volatile && self.volatile.is_none() {
            return None;
        }
        (1..=k.min(MAX_K)).rev().find_map(|k| self.at_depth(volatile, m, k))
    }

    /// The predictor of depth `k` itself at the nearest move number of the
    /// same parity (within four) with enough samples.
    #[inline]
    fn at_depth(&self, volatile: bool, m: u32, k: u32) -> Option<Predictor> {
        let table = if volatile { self.volatile.as_ref()? } else { &self.cells };
        [0i32, -2, 2, -4, 4].iter().find_map(|&delta| {
            let mm = m as i32 + delta;
            let cell = (0..=64).contains(&mm).then(|| table[mm as usize][k as usize])?;
            (cell.samples >= MIN_SAMPLES).then_some(cell)
        })
    }

    /// The depth of the probe that predicts a node with `k` plies left:
    /// `k − R` under ProbCut's reduction R, `None` where the static value
    /// predicts it.
    #[inline]
    pub fn probe_depth(&self, k: u32) -> Option<u32> {
        self.probe.filter(|&r| k > r).map(|r| k - r)
    }

    /// The statistical cut at (`p`, `o`) with `k` plies left, for every
    /// search that makes it (the engine's and paper 003's alpha-beta): none
    /// without a margin ([`Cut::None`]), nor in a proven window where the
    /// evaluation says its statistics do not reach ([`Evaluate::CUTS_PROVEN_WINDOWS`]);
    /// a volatile position (where the static
    /// value misleads) by statistics of its own if they were measured, else
    /// never; ProbCut's probe where the statistics have one, else the
    /// static value.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn decide<E: Evaluate>(&self, eval: &E, cut: Cut, p: u64, o: u64, k: u32, alpha: i32, beta: i32) -> Decision {
        let Cut::Margin(margin) = cut else { return Decision::Search };
        if !E::CUTS_PROVEN_WINDOWS && (alpha >= WIN_NOW / 2 || beta <= -WIN_NOW / 2) {
            return Decision::Search;
        }
        let (m, volatile) = ((p | o).count_ones(), eval.volatile(p, o));
        if let Some(depth) = self.probe_depth(k) {
            return self.at_depth(volatile, m, k).and_then(|cell| cell.probe(depth, margin, alpha, beta)).map_or(Decision::Search, Decision::Probe);
        }
        let Some(cell) = self.get_for(volatile, m, k) else { return Decision::Search };
        cell.cut(eval.eval(p, o), margin, alpha, beta).map_or(Decision::Search, Decision::Cut)
    }
    /// `P R` if a probe predicts, `M m mean` lines, then a line per cell:
    /// `T m k samples mean sigma` for paper 003's increment, `L m k samples
    /// slope intercept sigma` for a fitted line.
    pub fn to_text(&self, header: &str) -> String {
        let mut s = format!(
            "# {header}\n# P reduction (a k-ply value is predicted from the (k - reduction)-ply value where k > reduction)\n# M move mean-value\n# T move depth samples mean-increment sigma\n# L move depth samples slope intercept sigma\n# V move depth samples slope intercept sigma (volatile nodes)\n"
        );
        if let Some(r) = self.probe {
            s += &format!("P {r}\n");
        }
        for (m, &v) in self.mean_by_move.iter().enumerate() {
            if v != 0 {
                s += &format!("M {m} {v}\n");
            }
        }
        for (m, row) in self.volatile.iter().flatten().enumerate() {
            for (k, c) in row.iter().enumerate().filter(|(_, c)| c.samples > 0) {
                s += &format!("V {m} {k} {} {:.4} {:.2} {:.2}\n", c.samples, c.slope, c.intercept, c.sigma);
            }
        }
        for (m, row) in self.cells.iter().enumerate() {
            for (k, c) in row.iter().enumerate().filter(|(_, c)| c.samples > 0) {
                if c.slope == 1.0 {
                    s += &format!("T {m} {k} {} {:.2} {:.2}\n", c.samples, c.intercept, c.sigma);
                } else {
                    s += &format!("L {m} {k} {} {:.4} {:.2} {:.2}\n", c.samples, c.slope, c.intercept, c.sigma);
                }
            }
        }
        s
    }

    /// Reads statistics in the text form `to_text` writes; an error names the line.
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
            let cell = |m: &str, k: &str| -> Result<(u32, u32), Error> {
                let (m, k) = (int(m)?, int(k)?);
                if m > 64 || !(1..=MAX_K).contains(&k) {
                    return Err(bad("move number or depth out of range"));
                }
                Ok((m, k))
            };
            match (f[0], f.len()) {
                ("P", 2) => {
                    let r = int(f[1])?;
                    if !(1..MAX_K).contains(&r) {
                        return Err(bad("the reduction must be 1 to 11"));
                    }
                    stats.probe = Some(r);
                }
                ("M", 3) => {
                    let m = int(f[1])?;
                    if m > 64 {
                        return Err(bad("move number out of range"));
                    }
                    stats.mean_by_move[m as usize] = f[2].parse::<i32>().map_err(|_| bad("not a whole number"))?;
                }
                ("T", 6) => {
                    let (m, k) = cell(f[1], f[2])?;
                    stats.set(m, k, int(f[3])?, real(f[4])?, real(f[5])?.abs());
                }
                (kind @ ("L" | "V"), 7) => {
                    let (m, k) = cell(f[1], f[2])?;
                    let slope = real(f[4])?;
                    if slope <= 0.0 {
                        return Err(bad("the slope must be positive"));
                    }
                    let line = Predictor { samples: int(f[3])?, slope, intercept: real(f[5])?, sigma: real(f[6])?.abs() };
                    if kind == "V" {
                        stats.set_volatile_line(m, k, line);
                    } else {
                        stats.set_line(m, k, line);
                    }
                }
                _ => return Err(bad("expected 'P reduction', 'M move mean', 'T move depth samples mean sigma', 'L move depth samples slope intercept sigma' or 'V move depth samples slope intercept sigma'")),
            }
        }
        Ok(stats)
    }
}

/// Running sums of (static, deep) pairs for one cell while calibrating.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pairs {
    n: u32,
    sx: f64,
    sy: f64,
    sxx: f64,
    sxy: f64,
    syy: f64,
}

impl Pairs {
    /// Adds one (static, deep) pair.
    pub fn add(&mut self, x: f64, y: f64) {
        self.n += 1;
        self.sx += x;
        self.sy += y;
        self.sxx += x * x;
        self.sxy += x * y;
        self.syy += y * y;
    }

    /// The cell under `model`; `None` below two samples.
    pub fn fit(&self, model: Model) -> Option<Predictor> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let (mx, my) = (self.sx / n, self.sy / n);
        let (vxx, vxy, vyy) = (self.sxx / n - mx * mx, self.sxy / n - mx * my, self.syy / n - my * my);
        // A line through too narrow a spread of static values says nothing
        // of the slope: keep the increment there.
        let slope = match model {
            Model::Linear if vxx > 1.0 => (vxy / vxx).clamp(0.25, 4.0),
            _ => 1.0,
        };
        let intercept = my - slope * mx;
        // Residual variance around the line, unbiased for the parameters fitted.
        let dof = if slope == 1.0 { n - 1.0 } else { n - 2.0 };
        let residual = (vyy - 2.0 * slope * vxy + slope * slope * vxx).max(0.0) * n / dof.max(1.0);
        Some(Predictor { samples: self.n, slope: slope as f32, intercept: intercept as f32, sigma: residual.sqrt() as f32 })
    }
}

/// Paper 003's `M_m`: the mean raw paper value at each move number over
/// `positions`, rounded (zero where none was seen).
pub fn stage_means(positions: &[Board]) -> [i32; 65] {
    let mut mean = [Moments::default(); 65];
    for b in positions {
        mean[b.stones() as usize].add(PaperEval::raw_value(b.player(), b.opponent()) as f64);
    }
    mean.map(|mo| mo.mean().round() as i32)
}

/// Running sums for one cell while calibrating.
#[derive(Clone, Copy, Debug, Default)]
pub struct Moments {
    /// Values added.
    pub n: u32,
    /// Their sum.
    pub sum: f64,
    /// The sum of their squares.
    pub sum_sq: f64,
}

impl Moments {
    /// Adds one value.
    pub fn add(&mut self, x: f64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += x * x;
    }

    /// The mean, 0 with no value.
    pub fn mean(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }

    /// The sample standard deviation, 0 below two values.
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

    fn increment(samples: u32, mean: f32, sigma: f32) -> Option<Predictor> {
        Some(Predictor { samples, slope: 1.0, intercept: mean, sigma })
    }

    #[test]
    fn text_round_trip_and_fallback() {
        let mut s = PruningStats::default();
        s.set(10, 3, 100, 1.5, 20.25);
        s.set(12, 8, 50, -3.0, 40.0);
        let line = Predictor { samples: 30, slope: 1.375, intercept: -2.5, sigma: 7.25 };
        s.set_line(20, 4, line);
        s.mean_by_move[10] = -37;
        let text = s.to_text("test");
        assert!(text.contains("\nL 20 4 30 1.3750 -2.50 7.25\n"), "{text}");
        let back = PruningStats::parse(&text).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.get(10, 3), increment(100, 1.5, 20.25));
        assert_eq!(back.get(14, 8), increment(50, -3.0, 40.0), "two moves away");
        assert_eq!(back.get(11, 3), None, "other parity");
        assert_eq!(back.get(12, 20), increment(50, -3.0, 40.0), "the deepest measured depth");
        assert_eq!(back.get(12, 7), increment(100, 1.5, 20.25), "depth 3, two moves earlier");
        assert_eq!(back.get(1, 7), None, "nothing measured near move 1");
        assert_eq!(back.get(20, 5), Some(line));
        assert_eq!(line.predict(10), 11.25);
        assert!(PruningStats::parse("T 1 2").is_err());
        assert!(PruningStats::parse("T 70 2 1 0 1").is_err());
        assert!(PruningStats::parse("L 10 2 40 -1 0 1").is_err(), "a negative slope");
        assert!(PruningStats::parse("L 10 2 40 1.2 0").is_err());
    }

    #[test]
    fn fits_against_direct_formulas() {
        // deep = 2·static + 3 exactly: the line has no residual; the
        // increment model sees (deep − static) = static + 3.
        let xs = [-10.0, -4.0, 0.0, 5.0, 9.0];
        let mut pairs = Pairs::default();
        for x in xs {
            pairs.add(x, 2.0 * x + 3.0);
        }
        let line = pairs.fit(Model::Linear).unwrap();
        assert!((line.slope - 2.0).abs() < 1e-6 && (line.intercept - 3.0).abs() < 1e-5 && line.sigma < 1e-3, "{line:?}");
        let inc = pairs.fit(Model::Increment).unwrap();
        let d: Vec<f64> = xs.iter().map(|x| x + 3.0).collect();
        let mean = d.iter().sum::<f64>() / 5.0;
        let sd = (d.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / 4.0).sqrt();
        assert_eq!(inc.slope, 1.0);
        assert!((inc.intercept as f64 - mean).abs() < 1e-5 && (inc.sigma as f64 - sd).abs() < 1e-4, "{inc:?} vs {mean} {sd}");
        // Noise: the residual σ of a line through (0,0) (1,2) (2,1) (3,3),
        // worked by hand: slope 0.8, intercept 0.3, residuals
        // −0.3, 0.9, −0.9, 0.3, σ² = 1.8 / 2.
        let mut pairs = Pairs::default();
        for (x, y) in [(0.0, 0.0), (1.0, 2.0), (2.0, 1.0), (3.0, 3.0)] {
            pairs.add(x, y);
        }
        let line = pairs.fit(Model::Linear).unwrap();
        assert!((line.slope - 0.8).abs() < 1e-6 && (line.intercept - 0.3).abs() < 1e-6, "{line:?}");
        assert!((line.sigma as f64 - 0.9f64.sqrt()).abs() < 1e-5, "{line:?}");
        assert_eq!(Pairs::default().fit(Model::Linear), None);
    }

    #[test]
    fn probes_ask_exactly_for_the_shallow_values_predicted_outside_the_window() {
        let mut rng = crate::rng::Rng::new(42);
        for _ in 0..2000 {
            let cell = Predictor {
                samples: 100,
                slope: 0.25 + rng.below(400) as f32 / 100.0,
                intercept: rng.below(200) as f32 - 100.0,
                sigma: rng.below(5000) as f32 / 100.0,
            };
            let alpha = rng.below(2000) as i32 - 1000;
            let beta = alpha + 1 + rng.below(50) as i32;
            let margin = 0.5 + rng.below(5) as f32 / 2.0;
            let cut = margin * cell.sigma;
            // Naively: the whole values whose prediction lies beyond the window.
            let above = |x: i32| cell.predict(x) - cut > beta as f32;
            let below = |x: i32| cell.predict(x) + cut < alpha as f32;
            let probe = cell.probe(3, margin, alpha, beta).expect("bounds well inside the sure wins");
            let (high, low) = (probe.high.unwrap(), probe.low.unwrap());
            assert!(above(high) && !above(high - 1), "{cell:?} {alpha} {beta} {margin}: high {high}");
            assert!(below(low) && !below(low + 1), "{cell:?} {alpha} {beta} {margin}: low {low}");
            // The probes: beta when the value reaches high, alpha when it stays at low.
            let value = rng.below(4000) as i32 - 2000;
            let search = |_: u32, a: i32, b: i32| value.clamp(a, b);
            let want = if value >= high { Some(beta) } else if value <= low { Some(alpha) } else { None };
            assert_eq!(probe.run(alpha, beta, search), want, "value {value}, bounds {low} {high}");
        }
        // A bound among the sure wins is not probed; neither, none at all.
        let cell = Predictor { samples: 100, slope: 1.0, intercept: 0.0, sigma: 10.0 };
        assert_eq!(cell.probe(2, 1.0, -100, 32000), Some(Probe { depth: 2, high: None, low: Some(-111) }));
        assert_eq!(cell.probe(2, 1.0, -32000, 32000), None);
    }

    #[test]
    fn a_probe_predicts_the_deeper_nodes_and_is_written_with_the_statistics() {
        let mut s = PruningStats::default();
        s.set_line(20, 3, Predictor { samples: 30, slope: 1.0, intercept: 1.0, sigma: 5.0 });
        s.set_line(20, 2, Predictor { samples: 30, slope: 1.0, intercept: 1.0, sigma: 5.0 });
        assert_eq!(s.probe_depth(3), None, "no reduction: the static value");
        s.probe = Some(2);
        assert_eq!((s.probe_depth(2), s.probe_depth(3), s.probe_depth(8)), (None, Some(1), Some(6)));
        let back = PruningStats::parse(&s.to_text("probe")).unwrap();
        assert_eq!(back, s);
        assert!(PruningStats::parse("P 0").is_err() && PruningStats::parse("P 12").is_err() && PruningStats::parse("P x").is_err());
        // Decisions: with the reduction a probe, without a finite margin a search.
        let (p, o) = (0xFFFFu64 & 0x5555, 0xFFFFu64 & 0xAAAA);
        assert_eq!((p | o).count_ones(), 16);
        let mut s = s.clone();
        s.set_line(16, 3, Predictor { samples: 30, slope: 1.0, intercept: 0.0, sigma: 5.0 });
        assert_eq!(s.decide(&crate::four::eval::ThreatEval, Cut::None, p, o, 3, -10, 10), Decision::Search);
        assert_eq!(s.decide(&crate::four::eval::ThreatEval, Cut::Margin(2.0), p, o, 3, -10, 10), Decision::Probe(Probe { depth: 1, high: Some(21), low: Some(-21) }));
        assert_eq!(s.decide(&crate::four::eval::ThreatEval, Cut::Margin(2.0), p, o, 5, -10, 10), Decision::Search, "depth 5 never measured: no cell");
    }

    #[test]
    fn volatile_nodes_are_cut_by_their_own_statistics_or_never() {
        use crate::four::eval::ThreatEval;
        // Three in a row with the fourth cell empty: a threat, volatile.
        let (p, o) = (0b0111u64, 0b0111u64 << 20);
        assert!(ThreatEval.volatile(p, o));
        let quiet = Predictor { samples: 50, slope: 1.0, intercept: 0.0, sigma: 1.0 };
        let mut s = PruningStats::default();
        s.set_line(6, 2, quiet);
        assert_eq!(s.decide(&ThreatEval, Cut::Margin(1.0), p, o, 2, -30000, -29000), Decision::Search, "unmeasured: never cut");
        // Measured apart: samples fill the volatile cells, not the others.
        s.fit_samples((0..20).map(|i| Sample { stones: 6, depth: 2, predictor: i as f64, deep: i as f64 + 0.5 * (i % 2) as f64, volatile: true }), Model::Linear);
        assert_eq!(s.get(6, 2), Some(quiet));
        let v = s.get_for(true, 6, 2).unwrap();
        assert_eq!(v.samples, 20);
        assert_eq!(s.decide(&ThreatEval, Cut::Margin(1.0), p, o, 2, -30000, -29000), Decision::Cut(-29000), "far above the window");
        let back = PruningStats::parse(&s.to_text("split")).unwrap();
        assert_eq!(back.get_for(true, 6, 2).map(|c| c.samples), Some(20));
        assert_eq!(back.get(6, 2), Some(quiet));
    }

    #[test]
    fn yomis_predictor_leaves_proven_windows_to_the_search() {
        use crate::four::eval::{ForcedEval, PaperEval};
        use crate::four::search::WIN;
        // A quiet position: one stone each.
        let (p, o) = (1u64, 1u64 << 5);
        let mut s = PruningStats::default();
        s.set_line(2, 3, Predictor { samples: 50, slope: 1.0, intercept: 0.0, sigma: 5.0 });
        let (forced, paper) = (ForcedEval { mean: [0; 65] }, PaperEval { mean: [0; 65] });
        // A heuristic window far from the prediction: both cut.
        assert_eq!(s.decide(&forced, Cut::Margin(2.0), p, o, 3, 500, 501), Decision::Cut(500));
        assert_eq!(s.decide(&paper, Cut::Margin(2.0), p, o, 3, 500, 501), Decision::Cut(500));
        // A faster win than one already found, or a slower loss: only the
        // search can say, and Yomi's predictor lets it.
        for (alpha, beta) in [(WIN - 20, WIN - 19), (-WIN + 20, -WIN + 21), (WIN_NOW / 2, WIN)] {
            assert_eq!(s.decide(&forced, Cut::Margin(2.0), p, o, 3, alpha, beta), Decision::Search, "({alpha}, {beta})");
            assert_ne!(s.decide(&paper, Cut::Margin(2.0), p, o, 3, alpha, beta), Decision::Search, "the paper's cuts everywhere: ({alpha}, {beta})");
        }
    }

    #[test]
    fn stage_means_average_the_raw_value_by_move_number() {
        let boards: Vec<Board> = ["a1", "b2", "a1b1", "a1a1b1"].iter().map(|r| crate::four::Game::parse(r).unwrap().board()).collect();
        let raw = |b: &Board| PaperEval::raw_value(b.player(), b.opponent());
        let m = stage_means(&boards);
        assert_eq!(m[1], ((raw(&boards[0]) + raw(&boards[1])) as f64 / 2.0).round() as i32);
        assert_eq!((m[2], m[3]), (raw(&boards[2]), raw(&boards[3])));
        assert_eq!((m[0], m[4]), (0, 0), "none seen");
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
