//! Fitting a small network over pattern windows to what tables leave:
//! each configuration a window reads has K numbers as well as its one
//! weight; a position's K sums, with the count terms, pass a ReLU and a
//! weighted sum, and that is added to the tables' value. The tables are one
//! linear model; the network is K of them, each counted only where it is
//! positive. Used by the probes (`yomi fit --probe MODEL/net=K`, one head)
//! and for the shipped tables (`yomi fit --patterns --net`, a head per
//! stage over rows all stages share, then [`FittedNet::quantised`] into the
//! evaluation's [`PatternNet`]). Fitted by minibatch Adam, the moments of a
//! configuration updated only when a batch reads it.

use crate::eval::pattern_net::{PatternNet, OUT_ONE, SUM_ONE};
use crate::rng::Rng;
use crate::tools::adam::Adam;
use crate::tools::loss::pull;

/// The network's first Adam step (its units' sums are near 1 in size),
/// falling linearly to a tenth.
pub const RATE: f32 = 0.003;

/// The network's shape and its fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetSpec {
    /// Hidden units.
    pub hidden: usize,
    /// Passes over the positions.
    pub epochs: usize,
    /// The network reads only the model's first this many windows (its
    /// first families: a smaller table at search time); `None`: all.
    pub windows: Option<usize>,
    /// Huber's loss at this many discs ([`pull`]); `None`: squared error.
    pub huber: Option<u8>,
}

impl NetSpec {
    /// Reads "K", "KxE" or "KxE@N": K units (1 to 64), E passes (1 to
    /// 1000, default 2: more overfit), over the first N windows.
    pub fn parse(text: &str) -> Option<NetSpec> {
        let (shape, windows) = match text.split_once('@') {
            Some((shape, n)) => (shape, Some(n.parse::<usize>().ok().filter(|&n| n > 0)?)),
            None => (text, None),
        };
        let (hidden, epochs) = shape.split_once('x').unwrap_or((shape, "2"));
        let (hidden, epochs) = (hidden.parse::<usize>().ok()?, epochs.parse::<usize>().ok()?);
        ((1..=64).contains(&hidden) && (1..=1000).contains(&epochs)).then_some(NetSpec { hidden, epochs, windows, huber: None })
    }
}

/// What a network is fitted to: positions `0..len`, each with its row of
/// table entries, its head, its count terms and its target.
pub struct NetData<'a, const F: usize> {
    /// Appends position `j`'s entries (the model's whole row: the network
    /// reads its first `NetSpec::windows`).
    pub row: &'a (dyn Fn(usize, &mut Vec<u32>) + Sync),
    /// Each position's head (its phase or stage).
    pub head: &'a [u8],
    /// Each position's count terms (the first is 1).
    pub feats: &'a [[f32; F]],
    /// What the tables leave of each position's label.
    pub residual: &'a [f32],
}

/// The fitted network.
pub struct FittedNet<const F: usize> {
    hidden: usize,
    /// Windows read; `None`: all.
    reads: Option<usize>,
    /// `hidden` numbers per table entry.
    embed: Vec<f32>,
    /// Whether a fitted position read the entry.
    seen: Vec<bool>,
    /// Per head, `hidden` × the count terms (the first is 1: the units' biases).
    counts: Vec<f32>,
    /// Per head, the output weight of each unit.
    out: Vec<f32>,
}

/// Positions per Adam step.
const BATCH: usize = 256;

impl<const F: usize> FittedNet<F> {
    /// Fits a network of `spec`'s shape over `entries` table entries and
    /// `heads` heads to `data`. `rate` is Adam's first step, falling
    /// linearly to a tenth; `progress` hears (pass, training rms).
    pub fn fit(spec: NetSpec, entries: usize, heads: usize, data: &NetData<F>, rate: f32, seed: u64, progress: &dyn Fn(usize, f64)) -> FittedNet<F> {
        let h = spec.hidden;
        let n = data.residual.len();
        let mut rng = Rng::new(seed);
        let mut uniform = |a: f32| (rng.below(1 << 24) as f32 / (1 << 24) as f32 * 2.0 - 1.0) * a;
        let mut row = Vec::new();
        let reads = |row: &mut Vec<u32>| {
            if let Some(w) = spec.windows {
                row.truncate(w);
            }
        };
        // Each unit's sum starts near 1 in size, and the output near 0, so
        // the fit starts from the tables' value.
        if n > 0 {
            (data.row)(0, &mut row);
            reads(&mut row);
        }
        let spread = 1.0 / (row.len().max(1) as f32).sqrt();
        let mut net = FittedNet {
            hidden: h,
            reads: spec.windows,
            embed: (0..entries * h).map(|_| uniform(spread)).collect(),
            seen: vec![false; entries],
            counts: (0..heads * h * F).map(|i| if i % F == 0 { uniform(0.5) } else { 0.0 }).collect(),
            out: (0..heads * h).map(|_| uniform(0.1)).collect(),
        };
        let (mut ae, mut ac, mut ao) = (Adam::new(entries * h), Adam::new(heads * h * F), Adam::new(heads * h));
        let mut ge = vec![0f32; entries * h];
        let (mut gc, mut go) = (vec![0f32; heads * h * F], vec![0f32; heads * h]);
        let mut touched: Vec<u32> = Vec::new();
        let mut order: Vec<u32> = (0..n as u32).collect();
        let mut t = 0;
        let steps = spec.epochs * n.div_ceil(BATCH);
        let mut act = vec![0f32; h];
        for epoch in 1..=spec.epochs {
            for i in (1..n).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut se = 0f64;
            for batch in order.chunks(BATCH) {
                for &j in batch {
                    let j = j as usize;
                    row.clear();
                    (data.row)(j, &mut row);
                    reads(&mut row);
                    let hd = data.head[j] as usize;
                    let y = net.forward(&row, hd, &data.feats[j], &mut act);
                    let err = y - data.residual[j];
                    se += (err * err) as f64;
                    let scale = pull(err, spec.huber) / batch.len() as f32;
                    for u in 0..h {
                        if act[u] <= 0.0 {
                            continue;
                        }
                        let k = hd * h + u;
                        go[k] += scale * act[u];
                        let d = scale * net.out[k];
                        for (f, x) in data.feats[j].iter().enumerate() {
                            gc[k * F + f] += d * x;
                        }
                        for &i in &row {
                            ge[i as usize * h + u] += d;
                        }
                    }
                    touched.extend_from_slice(&row);
                }
                t += 1;
                let r = rate * (1.0 - 0.9 * t as f32 / steps.max(1) as f32);
                let c = Adam::corrections(t);
                touched.sort_unstable();
                touched.dedup();
                for &i in &touched {
                    net.seen[i as usize] = true;
                    for u in 0..h {
                        let at = i as usize * h + u;
                        let g = ge[at];
                        ge[at] = 0.0;
                        ae.step(&mut net.embed[at], at, g, r, c);
                    }
                }
                touched.clear();
                for (i, g) in gc.iter_mut().enumerate() {
                    ac.step(&mut net.counts[i], i, *g, r, c);
                    *g = 0.0;
                }
                for (u, g) in go.iter_mut().enumerate() {
                    ao.step(&mut net.out[u], u, *g, r, c);
                    *g = 0.0;
                }
            }
            progress(epoch, (se / n.max(1) as f64).sqrt());
        }
        net
    }

    /// The network's value for a position reading `row` (the model's whole
    /// row: the network takes its share) at head `hd`, with count terms
    /// `feats`; `act` gets the units' outputs.
    #[inline]
    pub fn forward(&self, row: &[u32], hd: usize, feats: &[f32; F], act: &mut [f32]) -> f32 {
        let h = self.hidden;
        let row = &row[..self.reads.map_or(row.len(), |w| w.min(row.len()))];
        for (u, a) in act.iter_mut().enumerate() {
            let k = hd * h + u;
            *a = feats.iter().zip(&self.counts[k * F..(k + 1) * F]).map(|(x, w)| x * w).sum();
        }
        for &i in row {
            for (a, e) in act.iter_mut().zip(&self.embed[i as usize * h..(i as usize + 1) * h]) {
                *a += e;
            }
        }
        let mut y = 0.0;
        for (a, w) in act.iter_mut().zip(&self.out[hd * h..(hd + 1) * h]) {
            *a = a.max(0.0);
            y += *a * w;
        }
        y
    }

    /// The value alone.
    pub fn value(&self, row: &[u32], hd: usize, feats: &[f32; F]) -> f32 {
        let mut act = vec![0f32; self.hidden];
        self.forward(row, hd, feats, &mut act)
    }

    /// The evaluation's network: table entry `i` of the first `rows` takes
    /// the row of its parameter `param[i]` in steps of 1/`SUM_ONE` (zero
    /// where no fitted position read it), the heads' weights their steps;
    /// also how many row numbers a byte could not hold (clamped).
    ///
    /// # Panics
    /// If the network is not of `H` units or the heads are not the
    /// evaluation's stages.
    pub fn quantised<const H: usize>(&self, param: &[u32], rows: usize) -> (PatternNet<H>, usize) {
        assert_eq!(self.hidden, H, "a network of {H} units");
        let mut clamped = 0;
        let embed = param[..rows]
            .iter()
            .map(|&c| {
                let c = c as usize;
                std::array::from_fn(|u| {
                    if !self.seen[c] {
                        return 0;
                    }
                    let v = (self.embed[c * H + u] * SUM_ONE as f32).round();
                    clamped += (v.abs() > 127.0) as usize;
                    v.clamp(-127.0, 127.0) as i8
                })
            })
            .collect();
        let q = |x: f32, one: i32| (x * one as f32).round() as i32;
        let heads = self.out.len() / H;
        let counts = (0..heads)
            .map(|hd| std::array::from_fn(|f| std::array::from_fn(|u| q(self.counts[(hd * H + u) * F + f], SUM_ONE))))
            .collect();
        let out = (0..heads).map(|hd| std::array::from_fn(|u| q(self.out[hd * H + u], OUT_ONE))).collect();
        (PatternNet::new(embed, counts, out), clamped)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_learns_what_no_sum_of_windows_can() {
        // Two windows of two configurations each; the target is 1 where
        // exactly one of them is "on" (an exclusive or), which no sum of
        // per-window weights fits (its best fit errs by 0.5 everywhere).
        let mut ids = Vec::new();
        let mut residual = Vec::new();
        let mut feats = Vec::new();
        for j in 0..400u32 {
            let (a, b) = (j & 1, (j >> 1) & 1);
            ids.extend([a, 2 + b]);
            feats.push([1.0f32]);
            residual.push(if a != b { 1.0 } else { 0.0 });
        }
        let row = |j: usize, out: &mut Vec<u32>| out.extend_from_slice(&ids[j * 2..j * 2 + 2]);
        let head = vec![0; residual.len()];
        let data = NetData { row: &row, head: &head, feats: &feats, residual: &residual };
        let net = FittedNet::fit(NetSpec { hidden: 8, epochs: 300, windows: None, huber: None }, 4, 1, &data, 0.01, 3, &|_, _| {});
        for (j, want) in residual.iter().enumerate().take(4) {
            let got = net.value(&ids[j * 2..j * 2 + 2], 0, &feats[j]);
            assert!((got - want).abs() < 0.15, "case {j}: {got} against {want}");
        }
    }

    #[test]
    fn huber_aims_at_the_middle_not_the_mean() {
        // One window, two configurations; nine positions in ten of each
        // leave 0 and one leaves 40. Squared error fits the mean (4); Huber's
        // loss at 1 disc lands near the middle of the nine (0).
        let mut ids = Vec::new();
        let mut residual = Vec::new();
        for j in 0..2000u32 {
            ids.push(j & 1);
            residual.push(if j % 20 == 3 || j % 20 == 4 { 40.0 } else { 0.0 });
        }
        let feats = vec![[1.0f32]; residual.len()];
        let row = |j: usize, out: &mut Vec<u32>| out.push(ids[j]);
        let head = vec![0; residual.len()];
        let data = NetData { row: &row, head: &head, feats: &feats, residual: &residual };
        let fit = |huber| FittedNet::fit(NetSpec { hidden: 8, epochs: 60, windows: None, huber }, 2, 1, &data, 0.01, 5, &|_, _| {});
        let (squared, huber) = (fit(None), fit(Some(1)));
        for c in 0..2u32 {
            let (s, h) = (squared.value(&[c], 0, &[1.0]), huber.value(&[c], 0, &[1.0]));
            assert!((s - 4.0).abs() < 1.0, "squared error, configuration {c}: {s} against the mean 4");
            assert!(h.abs() < 1.0, "Huber's loss, configuration {c}: {h} against the middle 0");
        }
    }
}
