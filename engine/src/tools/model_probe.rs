//! Trying evaluation models before building them (`yomi fit --probe`).
//!
//! The shipped pattern evaluation reads its windows with gathers fixed at
//! compile time; a new family costs code. A probe fits a model given as
//! data instead: any families of squares (each placed in every distinct
//! symmetric copy, with the configurations a family's own symmetry maps
//! onto each other tied), over one band of empties, cut into phases of a
//! chosen number of plies, optionally with a table by disc count and
//! families read over both sides' legal moves instead of the discs, by the
//! same full-batch Adam as [`pattern_fit`](crate::tools::pattern_fit). It
//! reads windows by walking squares, so it is slow, but one band of the
//! corpus fits in minutes: enough to choose what to build by its held-out
//! error (engine/MEASUREMENTS.md, "Choosing round 5's model").

use std::ops::RangeInclusive;

use crate::error::Error;
use crate::eval::pattern::{features, parse_families, Reads, FAMILIES, NFEATURES};
use crate::rules::geometry::BoardSize;
use crate::rules::symmetry::Symmetry;
use crate::rules::geometry::Dims;
use crate::rules::movegen::MoveGen;
use crate::tools::adam::Adam;
use crate::tools::pattern_fit::Labelled;
use crate::tools::net_fit::{FittedNet, NetData, NetSpec, RATE as NET_RATE};

type G = Dims<8, 8>;


/// A family placed on the board: its windows (board squares in digit
/// order) and, per configuration, the parameter it shares.
struct Family {
    windows: Vec<Vec<u8>>,
    /// Each configuration's least equivalent under the family's own symmetries.
    tie: Vec<u32>,
    /// States a square has: 3 for discs (empty, mover's, opponent's), 4 for
    /// moves (neither, the mover's, the opponent's, both).
    base: usize,
}

impl Family {
    fn new(squares: &[u8], base: usize) -> Family {
        let set = |w: &[u8]| w.iter().fold(0u64, |a, &s| a | 1 << s);
        let mut windows: Vec<Vec<u8>> = Vec::new();
        let mut perms: Vec<Vec<usize>> = Vec::new();
        for &k in Symmetry::group(BoardSize::OTHELLO) {
            let w: Vec<u8> = squares
                .iter()
                .map(|&s| {
                    let (r, c) = k.map_coords(BoardSize::OTHELLO, s as usize / 8, s as usize % 8);
                    (r * 8 + c) as u8
                })
                .collect();
            if set(&w) == set(squares) {
                // A symmetry of the window itself: digit i reads the square digit perm[i] reads in the base.
                perms.push(w.iter().map(|s| squares.iter().position(|q| q == s).expect("same set")).collect());
            }
            if !windows.iter().any(|x| set(x) == set(&w)) {
                windows.push(w);
            }
        }
        let n = squares.len();
        let size = base.pow(n as u32);
        let digits = |idx: usize| -> Vec<usize> { (0..n).map(|i| idx / base.pow(i as u32) % base).collect() };
        let tie = (0..size)
            .map(|idx| {
                let d = digits(idx);
                perms.iter().map(|p| (0..n).rev().fold(0, |a, i| a * base + d[p[i]])).min().expect("the identity") as u32
            })
            .collect();
        Family { windows, tie, base }
    }

    /// Window `w`'s configuration of two bitboards (`a` digit 1, `b` digit 2).
    fn index(&self, w: &[u8], a: u64, b: u64) -> usize {
        w.iter().rev().fold(0usize, |x, &s| x * self.base + (a >> s & 1) as usize + 2 * (b >> s & 1) as usize)
    }

    fn size(&self) -> usize {
        self.tie.len()
    }
}

/// A model to try.
pub struct Spec {
    /// The families' names.
    pub names: Vec<String>,
    families: Vec<Family>,
    /// The band of empties fitted and measured.
    pub empties: RangeInclusive<u32>,
    /// Plies per phase (each phase its own tables).
    pub width: u32,
    /// A table by the side to move's disc count, per phase.
    pub discs: bool,
    /// The fit also takes positions this many empties outside the band,
    /// each with the tables of the phase nearest it.
    pub margin: u32,
    /// Families read over the legal moves instead of the discs (Egaroucid's
    /// mobility patterns): each square is neither side's move, the mover's,
    /// the opponent's or both.
    moves: Vec<Family>,
    /// A network fitted to what the tables leave ([`FittedNet`]).
    pub net: Option<NetSpec>,
    /// Plies per network head (each its own count and output weights over
    /// the shared rows; default: the whole band, one head).
    pub head_width: u32,
}

impl Spec {
    /// Reads a model: family names of [`FAMILIES`] ("round4" stands for its eleven;
    /// joined by "+" or ","), then "/w=N" for phases of N plies (default:
    /// the whole band), "/margin=N" to fit N empties either side of the
    /// band too, "/discs" for a disc table and "/net=K" or "/net=KxE" for a
    /// network of K units fitted over E passes (default 2) after the
    /// tables ("@N" after it: reading only the first N windows), "/heads=N"
    /// for a network head per N plies; and a band of empties "A-B".
    pub fn parse(model: &str, empties: &str) -> Result<Spec, Error> {
        let mut parts = model.split('/');
        let families = parts.next().unwrap_or("");
        let (mut width, mut discs, mut margin, mut moves, mut net, mut head_width) = (None, false, 0, Vec::new(), None, None);
        for part in parts {
            match part.trim() {
                "discs" => discs = true,
                m if m.starts_with("net=") => {
                    let bad = || Error::BadArgument(format!("--probe {model}: \"{m}\": expected /net=K, /net=KxE or /net=KxE@N: K from 1 to 64 units, E from 1 to 1000 passes, N windows read"));
                    net = Some(NetSpec::parse(&m["net=".len()..]).ok_or_else(bad)?);
                }
                m if m.starts_with("heads=") => {
                    head_width = Some(m["heads=".len()..].parse().ok().filter(|n| (1..=60).contains(n)).ok_or_else(|| {
                        Error::BadArgument(format!("--probe {model}: \"{m}\": expected /heads=N, a network head per N plies, N from 1 to 60"))
                    })?);
                }
                m if m.starts_with("moves=") => {
                    for name in m["moves=".len()..].split(['+', ',']) {
                        let squares: &[u8] = match name {
                            // An edge alone, which no disc family is.
                            "edge" => &[0, 1, 2, 3, 4, 5, 6, 7],
                            _ => FAMILIES.iter().find(|f| f.name == name).map(|f| f.squares).ok_or_else(|| {
                                Error::BadArgument(format!("--probe {model}: \"{name}\" is not edge or a family's name for /moves="))
                            })?,
                        };
                        moves.push(Family::new(squares, 4));
                    }
                }
                m if m.starts_with("margin=") => {
                    margin = m["margin=".len()..].parse().ok().filter(|n| *n <= 20).ok_or_else(|| {
                        Error::BadArgument(format!("--probe {model}: \"{m}\": expected /margin=N, N from 0 to 20 empties"))
                    })?;
                }
                w => {
                    let n = w.strip_prefix("w=").and_then(|n| n.parse::<u32>().ok()).filter(|n| (1..=60).contains(n));
                    width = Some(n.ok_or_else(|| Error::BadArgument(format!("--probe {model}: \"{w}\" is not /w=N (1 to 60 plies), /margin=N, /moves=F, /net=K, /heads=N or /discs")))?);
                }
            }
        }
        let set = parse_families(families, &format!("--probe {model}"))?;
        let chosen: Vec<&crate::eval::pattern::Family> = FAMILIES.iter().enumerate().filter(|(f, _)| set >> f & 1 != 0).map(|(_, fam)| fam).collect();
        let names: Vec<String> = chosen.iter().map(|fam| fam.name.to_string()).collect();
        let band = || -> Option<RangeInclusive<u32>> {
            let (a, b) = empties.split_once('-')?;
            let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            (1 <= a && a <= b && b <= 60).then_some(a..=b)
        };
        if head_width.is_some() && net.is_none() {
            return Err(Error::BadArgument(format!("--probe {model}: /heads=N needs /net=K")));
        }
        let empties = band().ok_or_else(|| Error::BadArgument(format!("--probe-empties {empties}: expected A-B within 1-60")))?;
        let band_plies = empties.end() - empties.start() + 1;
        let (width, head_width) = (width.unwrap_or(band_plies), head_width.unwrap_or(band_plies));
        // The evaluation's move families are read over the moves, as /moves= ones are.
        let (over_discs, over_moves): (Vec<&crate::eval::pattern::Family>, Vec<_>) = chosen.iter().partition(|fam| fam.reads == Reads::Discs);
        let families = over_discs.iter().map(|fam| Family::new(fam.squares, fam.base())).collect();
        moves.extend(over_moves.iter().map(|fam| Family::new(fam.squares, fam.base())));
        Ok(Spec { names, families, empties, width, discs, margin, moves, net, head_width })
    }

    /// How many parts of `width` plies the band splits into.
    fn parts(&self, width: u32) -> usize {
        ((self.empties.end() - self.empties.start()) / width + 1) as usize
    }

    /// The part of `width` plies a position with `empties` falls in (those
    /// outside the band take the nearest).
    fn part(&self, empties: u32, width: u32) -> usize {
        ((empties.clamp(*self.empties.start(), *self.empties.end()) - self.empties.start()) / width) as usize
    }

    fn phases(&self) -> usize {
        self.parts(self.width)
    }

    fn phase(&self, empties: u32) -> usize {
        self.part(empties, self.width)
    }

    /// The network's heads over the band.
    fn heads(&self) -> usize {
        self.parts(self.head_width)
    }

    /// The network head of a position with `empties`.
    fn head(&self, empties: u32) -> usize {
        self.part(empties, self.head_width)
    }

    /// The empties of the positions fitted.
    fn fitted(&self) -> RangeInclusive<u32> {
        self.empties.start().saturating_sub(self.margin)..=self.empties.end() + self.margin
    }

    /// Parameters of one phase: every family's table, then the disc table.
    fn per_phase(&self) -> usize {
        self.families.iter().chain(&self.moves).map(Family::size).sum::<usize>() + if self.discs { 65 } else { 0 }
    }

    /// The windows on the board.
    pub fn windows(&self) -> usize {
        self.families.iter().chain(&self.moves).map(|f| f.windows.len()).sum()
    }

    /// Table entries in all (every phase).
    pub fn entries(&self) -> usize {
        self.per_phase() * self.phases()
    }

    /// The parameters a position reads, phase offset included.
    fn read(&self, p: u64, o: u64, out: &mut Vec<u32>) {
        let base = self.phase(64 - (p | o).count_ones()) * self.per_phase();
        let mut at = base;
        for f in &self.families {
            for w in &f.windows {
                out.push((at + f.tie[f.index(w, p, o)] as usize) as u32);
            }
            at += f.size();
        }
        if !self.moves.is_empty() {
            let (mp, mo) = (G::moves(p, o), G::moves(o, p));
            for f in &self.moves {
                for w in &f.windows {
                    out.push((at + f.tie[f.index(w, mp, mo)] as usize) as u32);
                }
                at += f.size();
            }
        }
        if self.discs {
            out.push((at + p.count_ones() as usize) as u32);
        }
    }

    fn reads(&self) -> usize {
        self.windows() + self.discs as usize
    }
}

/// How to fit a probe.
#[derive(Clone, Copy, Debug)]
pub struct ProbeOptions {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's first step, in discs, falling linearly to a tenth.
    pub rate: f32,
    /// Pull towards zero per parameter.
    pub l2: f32,
    /// Scale each parameter's step by min(1, seen / `rare`) (0: off): a
    /// configuration seen a few times moves less.
    pub rare: u32,
}

/// A fitted probe.
pub struct Probe {
    spec: Spec,
    theta: Vec<f32>,
    /// The count terms per phase: bias, each side's mobility, odd empties.
    counts: Vec<[f32; NFEATURES]>,
    /// Training RMS at the last epoch, in discs.
    pub train_rms: f64,
    /// Positions fitted.
    pub fitted: usize,
    /// The network over the tables' residual, if the model has one.
    net: Option<FittedNet<NFEATURES>>,
}

/// The tables' value of a position reading `ids`, with count terms `feats`
/// weighted by its phase's `counts`.
#[inline(always)]
fn linear(theta: &[f32], counts: &[f32; NFEATURES], ids: &[u32], feats: &[f32; NFEATURES]) -> f32 {
    let mut y = 0f32;
    for &i in ids {
        y += theta[i as usize];
    }
    for (x, w) in feats.iter().zip(counts) {
        y += x * w;
    }
    y
}

/// The shipped evaluation's count terms (bias, each side's mobility, odd empties).
fn count_terms(p: u64, o: u64) -> [f32; NFEATURES] {
    features(p, o, G::moves(p, o).count_ones(), G::moves(o, p).count_ones()).map(|x| x as f32)
}

impl Probe {
    /// Fits `spec` on the positions of `samples` within its band.
    pub fn fit(spec: Spec, samples: &[Labelled], opts: ProbeOptions, progress: &dyn Fn(usize, f64)) -> Probe {
        let band = spec.fitted();
        let within: Vec<&Labelled> = samples.iter().filter(|s| band.contains(&s.empties())).collect();
        let (k, np, nph) = (spec.reads(), spec.entries(), spec.phases());
        let mut idx = Vec::with_capacity(within.len() * k);
        let mut feats = Vec::with_capacity(within.len());
        let mut phase = Vec::with_capacity(within.len());
        for s in &within {
            spec.read(s.p, s.o, &mut idx);
            feats.push(count_terms(s.p, s.o));
            phase.push(spec.phase(s.empties()) as u16);
        }
        let n = within.len();
        let mut theta = vec![0f32; np];
        let mut counts = vec![[0f32; 4]; nph];
        let mut seen = vec![0u32; np];
        for &i in &idx {
            seen[i as usize] += 1;
        }
        // Bias starts at each phase's mean label.
        let mut sums = vec![(0f64, 0usize); nph];
        for (s, &ph) in within.iter().zip(&phase) {
            sums[ph as usize].0 += s.score as f64;
            sums[ph as usize].1 += 1;
        }
        for (c, (sum, m)) in counts.iter_mut().zip(&sums) {
            c[0] = if *m > 0 { (*sum / *m as f64) as f32 } else { 0.0 };
        }
        let (mut adam, mut grad) = (Adam::new(np), vec![0f32; np]);
        let mut count_adam = Adam::new(nph * NFEATURES);
        let mut train_rms = 0.0;
        let scale: Vec<f32> = seen.iter().map(|&c| if opts.rare == 0 { 1.0 } else { (c as f32 / opts.rare as f32).min(1.0) }).collect();
        for epoch in 1..=opts.epochs {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let mut cgrad = vec![[0f32; 4]; nph];
            let mut se = 0f64;
            for j in 0..n {
                let ids = &idx[j * k..(j + 1) * k];
                let ph = phase[j] as usize;
                let y = linear(&theta, &counts[ph], ids, &feats[j]);
                let err = y - within[j].score;
                se += (err as f64) * (err as f64);
                for &i in ids {
                    grad[i as usize] += err;
                }
                for (g, x) in cgrad[ph].iter_mut().zip(&feats[j]) {
                    *g += err * x;
                }
            }
            train_rms = (se / n.max(1) as f64).sqrt();
            let rate = opts.rate * (1.0 - 0.9 * (epoch - 1) as f32 / opts.epochs.max(2) as f32);
            let c = Adam::corrections(epoch as i32);
            let per = n.max(1) as f32 / nph as f32;
            for i in 0..np {
                if seen[i] == 0 {
                    continue;
                }
                let g = grad[i] / per + opts.l2 * theta[i];
                adam.step(&mut theta[i], i, g, scale[i] * rate, c);
            }
            for ph in 0..nph {
                for f in 0..NFEATURES {
                    count_adam.step(&mut counts[ph][f], ph * NFEATURES + f, cgrad[ph][f] / per, rate, c);
                }
            }
            if epoch % 50 == 0 || epoch == opts.epochs {
                progress(epoch, train_rms);
            }
        }
        let net = spec.net.map(|shape| {
            let residual: Vec<f32> =
                (0..n).map(|j| within[j].score - linear(&theta, &counts[phase[j] as usize], &idx[j * k..(j + 1) * k], &feats[j])).collect();
            let row = |j: usize, out: &mut Vec<u32>| out.extend_from_slice(&idx[j * k..(j + 1) * k]);
            let head: Vec<u8> = within.iter().map(|s| spec.head(s.empties()) as u8).collect();
            let data = NetData { row: &row, head: &head, feats: &feats, residual: &residual };
            FittedNet::fit(shape, np, spec.heads(), &data, NET_RATE, 1, &|epoch, rms| progress(opts.epochs + epoch, rms))
        });
        Probe { spec, theta, counts, train_rms, fitted: n, net }
    }

    /// The model's value of (`p`, `o`) in discs (`None` outside its band).
    pub fn value(&self, p: u64, o: u64) -> Option<f64> {
        let e = 64 - (p | o).count_ones();
        if !self.spec.empties.contains(&e) {
            return None;
        }
        let mut ids = Vec::with_capacity(self.spec.reads());
        self.spec.read(p, o, &mut ids);
        let c = &self.counts[self.spec.phase(e)];
        let feats = count_terms(p, o);
        let y = linear(&self.theta, c, &ids, &feats);
        let net = self.net.as_ref().map_or(0.0, |net| net.value(&ids, self.spec.head(e), &feats));
        Some((y + net) as f64)
    }

    /// Mean absolute error on the positions of `set` within the band, and how many.
    pub fn error(&self, set: &[Labelled]) -> (f64, usize) {
        let errs: Vec<f64> = set.iter().filter_map(|s| self.value(s.p, s.o).map(|v| (v - s.score as f64).abs())).collect();
        (errs.iter().sum::<f64>() / errs.len().max(1) as f64, errs.len())
    }

    /// The model's description, for the report.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::pattern_fit::tests::planted;

    #[test]
    fn families_place_their_distinct_copies_and_tie_mirror_configurations() {
        let spec = Spec::parse("round4", "20-26").unwrap();
        // Round 4 has 46 windows; the probe finds the same copies.
        assert_eq!(spec.windows(), 46);
        let tri = Spec::parse("triangle", "20-20").unwrap();
        assert_eq!(tri.windows(), 4);
        // The triangle is its own mirror across the diagonal: a
        // configuration and its transpose are one parameter.
        let f = &tri.families[0];
        let (a1, b1, a2) = (0usize, 1usize, 4usize);
        // Digit 1 (b1) own vs digit 4 (a2) own.
        assert_eq!(f.tie[3usize.pow(b1 as u32)], f.tie[3usize.pow(a2 as u32)]);
        assert_ne!(f.tie[3usize.pow(a1 as u32)], f.tie[3usize.pow(b1 as u32)]);
        // Moves windows: an edge in its four copies, four states a square.
        let moves = Spec::parse("diag4/moves=edge", "20-20").unwrap();
        assert_eq!(moves.windows(), 4 + 4);
        assert_eq!(moves.per_phase(), moves.families[0].size() + 4usize.pow(8));
        assert!(Spec::parse("round4/moves=nothing", "20-26").is_err());
        assert!(Spec::parse("round4,nothing", "20-26").is_err());
        assert!(Spec::parse("round4", "26-20").is_err());
    }

    #[test]
    fn a_network_is_read_from_the_model_and_bad_shapes_are_named() {
        let net = |m: &str| Spec::parse(m, "20-26").map(|s| s.net);
        assert_eq!(net("diag4").unwrap(), None);
        assert_eq!(net("diag4/net=8").unwrap(), Some(NetSpec { hidden: 8, epochs: 2, windows: None, huber: None }));
        assert_eq!(net("diag4/net=32x3@46").unwrap(), Some(NetSpec { hidden: 32, epochs: 3, windows: Some(46), huber: None }));
        for bad in ["diag4/net=0", "diag4/net=65", "diag4/net=8x0", "diag4/net=8x2@0", "diag4/net=8x2@", "diag4/net=ax2"] {
            let err = net(bad).unwrap_err().to_string();
            assert!(err.contains("expected /net=K"), "{bad}: {err}");
        }
    }

    #[test]
    fn network_heads_split_the_band_by_plies() {
        let spec = Spec::parse("diag4/net=8/heads=2", "20-26").unwrap();
        assert_eq!(spec.heads(), 4);
        // 20-21, 22-23, 24-25, 26; outside the band the nearest.
        let heads: Vec<usize> = [18, 20, 21, 22, 25, 26, 30].iter().map(|&e| spec.head(e)).collect();
        assert_eq!(heads, [0, 0, 0, 1, 2, 3, 3]);
        let one = Spec::parse("diag4/net=8", "20-26").unwrap();
        assert_eq!((one.heads(), one.head(26)), (1, 0));
        for bad in ["diag4/net=8/heads=0", "diag4/net=8/heads=61", "diag4/net=8/heads=x", "diag4/heads=2"] {
            let err = Spec::parse(bad, "20-26").err().map(|e| e.to_string()).unwrap_or_default();
            assert!(err.contains("heads=N"), "{bad}: {err}");
        }
    }

    #[test]
    fn a_probe_recovers_a_planted_linear_model() {
        // Labels made by a disc-count rule are learned: the disc table alone fits them.
        let samples = planted(5, 3000, 42, |p, o| p.count_ones() as f32 - o.count_ones() as f32);
        let spec = Spec::parse("diag4/discs", "22-22").unwrap();
        let probe = Probe::fit(spec, &samples, ProbeOptions { epochs: 400, rate: 0.3, l2: 0.0, rare: 0 }, &|_, _| {});
        let (mae, n) = probe.error(&samples);
        assert_eq!(n, 3000);
        assert!(mae < 0.5, "MAE {mae}");
    }

    #[test]
    fn moves_windows_read_each_sides_legal_moves() {
        // Labels counting the legal moves on the edges (the mover's minus
        // the opponent's) are learned by the edges' moves windows.
        let edges = 0xFF81_8181_8181_81FFu64;
        let samples = planted(9, 3000, 42, |p, o| (G::moves(p, o) & edges).count_ones() as f32 - (G::moves(o, p) & edges).count_ones() as f32);
        let spec = Spec::parse("diag4/moves=edge", "22-22").unwrap();
        let probe = Probe::fit(spec, &samples, ProbeOptions { epochs: 400, rate: 0.3, l2: 0.0, rare: 0 }, &|_, _| {});
        let (mae, _) = probe.error(&samples);
        assert!(mae < 0.3, "MAE {mae}");
    }
}
