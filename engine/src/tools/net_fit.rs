//! A small network over a probe's windows (`yomi fit --probe MODEL/net=K`),
//! fitted to what the probe's tables leave: each configuration a window
//! reads has K numbers as well as its one weight; a position's K sums, with
//! the count terms, pass a ReLU and a weighted sum, and that is added to
//! the tables' value. The tables are one linear model; the network is K of
//! them, each counted only where it is positive. At search time a window
//! would still be one read (K bytes instead of one), so this is the
//! cheapest nonlinear model the windows allow (Neural Reversi's first
//! layer is the same idea). Fitted by minibatch Adam, the moments of a
//! configuration updated only when a batch reads it.

use crate::rng::Rng;
use crate::tools::adam::Adam;

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
}

/// The fitted network.
pub struct ProbeNet {
    hidden: usize,
    /// The first entries of a position's row that the network reads.
    reads: usize,
    /// `hidden` numbers per table entry.
    embed: Vec<f32>,
    /// `hidden` × the count terms (the first is 1: the units' biases).
    counts: Vec<f32>,
    /// The output weight of each unit.
    out: Vec<f32>,
}

/// Positions per Adam step.
const BATCH: usize = 256;

impl ProbeNet {
    /// Fits a network of `spec`'s shape to `residual[j]`, what the tables
    /// leave of position `j`, whose entries are `ids[j·k..(j+1)·k]` (the
    /// first `spec.windows` of them read) of
    /// `entries` and whose count terms are `feats[j]`. `rate` is Adam's
    /// first step, falling linearly to a tenth.
    #[allow(clippy::too_many_arguments)]
    pub fn fit<const F: usize>(
        spec: NetSpec,
        entries: usize,
        k: usize,
        ids: &[u32],
        feats: &[[f32; F]],
        residual: &[f32],
        rate: f32,
        seed: u64,
        progress: &dyn Fn(usize, f64),
    ) -> ProbeNet {
        let h = spec.hidden;
        let reads = spec.windows.map_or(k, |w| w.min(k));
        let n = residual.len();
        let mut rng = Rng::new(seed);
        let mut uniform = |a: f32| (rng.below(1 << 24) as f32 / (1 << 24) as f32 * 2.0 - 1.0) * a;
        // Each unit's sum starts near 1 in size over k windows, and the
        // output near 0, so the fit starts from the tables' value.
        let spread = 1.0 / (reads as f32).sqrt();
        let mut net = ProbeNet {
            hidden: h,
            reads,
            embed: (0..entries * h).map(|_| uniform(spread)).collect(),
            counts: (0..h * F).map(|i| if i % F == 0 { uniform(0.5) } else { 0.0 }).collect(),
            out: (0..h).map(|_| uniform(0.1)).collect(),
        };
        let (mut ae, mut ac, mut ao) = (Adam::new(entries * h), Adam::new(h * F), Adam::new(h));
        let mut ge = vec![0f32; entries * h];
        let mut touched: Vec<u32> = Vec::with_capacity(BATCH * k);
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
                let (mut gc, mut go) = (vec![0f32; h * F], vec![0f32; h]);
                for &j in batch {
                    let j = j as usize;
                    let row = &ids[j * k..j * k + reads];
                    let y = net.forward(row, &feats[j], &mut act);
                    let err = y - residual[j];
                    se += (err * err) as f64;
                    let scale = err / batch.len() as f32;
                    for u in 0..h {
                        if act[u] <= 0.0 {
                            continue;
                        }
                        go[u] += scale * act[u];
                        let d = scale * net.out[u];
                        for (f, x) in feats[j].iter().enumerate() {
                            gc[u * F + f] += d * x;
                        }
                        for &i in row {
                            ge[i as usize * h + u] += d;
                        }
                    }
                    touched.extend_from_slice(row);
                }
                t += 1;
                let r = rate * (1.0 - 0.9 * t as f32 / steps.max(1) as f32);
                let c = Adam::corrections(t);
                touched.sort_unstable();
                touched.dedup();
                for &i in &touched {
                    for u in 0..h {
                        let at = i as usize * h + u;
                        let g = ge[at];
                        ge[at] = 0.0;
                        ae.step(&mut net.embed[at], at, g, r, c);
                    }
                }
                touched.clear();
                for (i, g) in gc.iter().enumerate() {
                    ac.step(&mut net.counts[i], i, *g, r, c);
                }
                for (u, g) in go.iter().enumerate() {
                    ao.step(&mut net.out[u], u, *g, r, c);
                }
            }
            progress(epoch, (se / n.max(1) as f64).sqrt());
        }
        net
    }

    /// The network's value for a position reading `row` (the model's whole
    /// row: the network takes its share), with count terms `feats`; `act`
    /// gets the units' outputs.
    #[inline]
    pub fn forward<const F: usize>(&self, row: &[u32], feats: &[f32; F], act: &mut [f32]) -> f32 {
        let (h, row) = (self.hidden, &row[..self.reads.min(row.len())]);
        for (u, a) in act.iter_mut().enumerate() {
            *a = feats.iter().zip(&self.counts[u * F..(u + 1) * F]).map(|(x, w)| x * w).sum();
        }
        for &i in row {
            for (a, e) in act.iter_mut().zip(&self.embed[i as usize * h..(i as usize + 1) * h]) {
                *a += e;
            }
        }
        let mut y = 0.0;
        for (a, w) in act.iter_mut().zip(&self.out) {
            *a = a.max(0.0);
            y += *a * w;
        }
        y
    }

    /// The value alone.
    pub fn value<const F: usize>(&self, row: &[u32], feats: &[f32; F]) -> f32 {
        let mut act = vec![0f32; self.hidden];
        self.forward(row, feats, &mut act)
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
        let net = ProbeNet::fit(NetSpec { hidden: 8, epochs: 300, windows: None }, 4, 2, &ids, &feats, &residual, 0.01, 3, &|_, _| {});
        for (j, want) in residual.iter().enumerate().take(4) {
            let got = net.value(&ids[j * 2..j * 2 + 2], &feats[j]);
            assert!((got - want).abs() < 0.15, "case {j}: {got} against {want}");
        }
    }
}
