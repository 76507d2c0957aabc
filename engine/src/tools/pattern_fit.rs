//! Fitting the 8×8 pattern evaluation (`yomi fit --patterns`), and its
//! error against exact scores.
//!
//! Least squares over the positions of `yomi datagen`: every stage is its
//! own problem (its windows' entries and count weights, nothing shared), so
//! stages fit in parallel, each by full-batch Adam with a pull towards zero
//! that keeps rarely seen configurations small. A window's configuration
//! and its mirror image (where the family has one) are one parameter.
//! Every stage is fitted on its own positions and, at half weight, on those
//! of the stages beside it, which smooths values across the stage edges.
//!
//! Games whose number is a multiple of [`HOLD_OUT`] are held out of the
//! fit; the error tables use them and the FFO positions' exact scores,
//! which no fit ever sees.

use std::collections::HashSet;

use rayon::prelude::*;

use crate::eval::pattern_weights::PatternWeights;
use crate::eval::pattern::{features, for_indices, moves_of, stage, FamilySet, ENTRIES, FAMILIES, FAMILY_WINDOWS, NFAMILIES, NFEATURES, OFFSETS, STAGES, UNIT};
use crate::eval::pattern_net::WIDTHS;
use crate::tools::loss::pull;
use crate::tools::net_fit::{FittedNet, NetData, NetSpec, RATE as NET_RATE};
use crate::tools::adam::Adam;
use crate::tools::datagen::{DataFile, Record};
use crate::{BoardSize, Dims, Error, Position};

type G = Dims<8, 8>;

/// One game in this many is held out of the fit.
pub const HOLD_OUT: u32 = 50;

/// A position with a label, in discs for the side to move.
#[derive(Clone, Copy, Debug)]
pub struct Labelled {
    /// The discs of the side to move.
    pub p: u64,
    /// The opponent's discs.
    pub o: u64,
    /// The target: discs for the side to move.
    pub score: f32,
    /// The target is exact (solved), not a search.
    pub exact: bool,
}

impl Labelled {
    /// Empty squares of the position.
    pub fn empties(&self) -> u32 {
        64 - (self.p | self.o).count_ones()
    }
}

impl From<&Record> for Labelled {
    fn from(r: &Record) -> Labelled {
        Labelled { p: r.p, o: r.o, score: r.score as f32 / 16.0, exact: r.exact }
    }
}

/// The fit's positions and the held-out ones.
pub fn split(data: &DataFile) -> (Vec<Labelled>, Vec<Labelled>) {
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for (g, records) in &data.games {
        let to = if g % HOLD_OUT == 0 { &mut held } else { &mut fit };
        to.extend(records.iter().map(Labelled::from));
    }
    (fit, held)
}

/// Which label a corpus position above the exact empties is fitted to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CorpusLabel {
    /// The score of the search that chose its move.
    Search,
    /// The exact result of its game, which the search played to the
    /// solver's reach and the solver perfectly after (positions at or
    /// before a game's last random move keep their search label).
    Result,
    /// The mean of the two: their errors are partly independent, so their
    /// mean is a less noisy target than either (engine/MEASUREMENTS.md).
    Mean,
}

impl CorpusLabel {
    /// Reads "search", "result" or "mean".
    pub fn parse(text: &str) -> Option<CorpusLabel> {
        match text.trim() {
            "search" => Some(CorpusLabel::Search),
            "result" => Some(CorpusLabel::Result),
            "mean" => Some(CorpusLabel::Mean),
            _ => None,
        }
    }
}

/// The label each kind of shard is fitted to above the exact empties, apart
/// so that each can be measured: on tournament games the search label is
/// nearer exact per position (3.1 discs at 21-26 empties, the result 5.2),
/// yet the fit to the result is the better one (engine/MEASUREMENTS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CorpusLabels {
    /// For the engine's own games.
    pub self_play: CorpusLabel,
    /// For the imported tournament games.
    pub tournament: CorpusLabel,
}

impl CorpusLabels {
    /// The label for a shard of `source`.
    pub fn of(&self, source: &crate::tools::corpus::Source) -> CorpusLabel {
        match source {
            crate::tools::corpus::Source::SelfPlay | crate::tools::corpus::Source::Branch => self.self_play,
            crate::tools::corpus::Source::Tournament { .. } => self.tournament,
        }
    }
}

/// The fit's positions of a corpus and the held-out ones (games whose
/// number in their shard is a multiple of [`HOLD_OUT`]). The fit takes the
/// games of `share` (nested: a half holds the quarter), and leaves out any
/// position that is, up to symmetry, in `exclude` (see [`position_key`]).
pub fn split_corpus(
    shards: &[crate::tools::corpus::Shard],
    label: CorpusLabel,
    share: Share,
    exclude: &HashSet<(u64, u64)>,
) -> (Vec<Labelled>, Vec<Labelled>) {
    use crate::tools::corpus::LabelKind;
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for shard in shards {
        for l in shard.positions() {
            let exact = l.kind == LabelKind::Exact;
            let score = match label {
                CorpusLabel::Result if !exact && !l.random => l.result as f32,
                CorpusLabel::Mean if !exact && !l.random => (l.result as f32 + l.label as f32) / 2.0,
                _ => l.label as f32,
            };
            let s = Labelled { p: l.p, o: l.o, score, exact };
            if l.game % HOLD_OUT == 0 {
                held.push(s);
            } else if share.takes(l.game) && (exclude.is_empty() || !exclude.contains(&position_key(l.p, l.o))) {
                fit.push(s);
            }
        }
    }
    (fit, held)
}

/// The share of a corpus's games a fit takes, for a learning curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Share {
    /// Every game.
    All,
    /// One game in 2^k: those whose number modulo 1024 is below 1024 / 2^k.
    Part(u32),
}

impl Share {
    /// Reads "all", "1/2", "1/4" or "1/8" (any 1/2^k up to 1/64).
    pub fn parse(text: &str) -> Option<Share> {
        match text.trim() {
            "all" | "1" | "1/1" => Some(Share::All),
            t => {
                let n: u32 = t.strip_prefix("1/")?.parse().ok()?;
                (n.is_power_of_two() && (2..=64).contains(&n)).then_some(Share::Part(n.trailing_zeros()))
            }
        }
    }

    fn takes(self, game: u32) -> bool {
        match self {
            Share::All => true,
            Share::Part(k) => game % 1024 < 1024 >> k,
        }
    }
}

/// The least of (`p`, `o`)'s symmetric images: the key by which a position
/// is known whatever its orientation.
pub fn position_key(p: u64, o: u64) -> (u64, u64) {
    let (p, o, _) = crate::rules::symmetry::canonical::<G>(p, o);
    (p, o)
}

/// The FFO test positions and every child their files score, with exact
/// values: positions of 19 to 37 empties from real games.
pub fn ffo_positions(files: &[String]) -> Result<Vec<Labelled>, Error> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| Error::io(std::path::Path::new(file), e))?;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let obf = crate::parse_obf_line(line, Some(BoardSize::OTHELLO))?;
            let pos = obf.position;
            if let Some(best) = obf.scores.iter().map(|s| s.1).max() {
                out.push(Labelled { p: pos.player(), o: pos.opponent(), score: best as f32, exact: true });
            }
            for &(sq, score) in &obf.scores {
                let child: Position = pos.play(sq).ok_or_else(|| Error::damaged(file, format!("{} scores an illegal move", line.trim())))?;
                out.push(Labelled { p: child.player(), o: child.opponent(), score: -score as f32, exact: true });
            }
        }
    }
    Ok(out)
}

/// Each table entry's parameter: the smaller of its index and its mirror's.
fn canonical() -> Vec<u32> {
    let mut out = vec![0u32; ENTRIES];
    for (f, fam) in FAMILIES.iter().enumerate() {
        for idx in 0..fam.size() {
            out[OFFSETS[f] + idx] = (OFFSETS[f] + fam.tied(idx)) as u32;
        }
    }
    out
}

/// How to fit.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    /// Passes over the data.
    pub epochs: usize,
    /// Adam's step at the start, in discs; it falls linearly to a tenth.
    pub rate: f32,
    /// Pull towards zero, per parameter, against the mean squared error.
    pub l2: f32,
    /// The families fitted; the others' tables stay zero, and an
    /// evaluation does not read them.
    pub families: FamilySet,
    /// Huber's loss at this many discs ([`pull`]); `None`: squared error.
    pub huber: Option<u8>,
}

/// One stage's positions, reduced to parameters.
struct StageData {
    /// `windows` parameter indices per position.
    idx: Vec<u32>,
    /// Windows read per position: those of the fitted families.
    windows: usize,
    feats: Vec<[f32; NFEATURES]>,
    target: Vec<f32>,
    weight: Vec<f32>,
}

fn stage_data(samples: &[Labelled], st: usize, canon: &[u32], families: FamilySet) -> StageData {
    let windows = (0..NFAMILIES).filter(|f| families >> f & 1 != 0).map(|f| FAMILIES[f].images.len()).sum();
    let mut d = StageData { idx: Vec::new(), windows, feats: Vec::new(), target: Vec::new(), weight: Vec::new() };
    for s in samples {
        let own = stage((s.p | s.o).count_ones());
        let weight = match own.abs_diff(st) {
            0 => 1.0,
            1 => 0.5,
            _ => continue,
        };
        let (mp, mo) = moves_of(s.p, s.o);
        for_indices(s.p, s.o, mp, mo, families, |i| d.idx.push(canon[i as usize]));
        let f = features(s.p, s.o, mp.count_ones(), mo.count_ones());
        d.feats.push(f.map(|x| x as f32));
        d.target.push(s.score);
        d.weight.push(weight);
    }
    d
}

/// Fits every stage; `progress` hears (stage, epochs done, rms error in discs).
pub fn fit(samples: &[Labelled], opts: FitOptions, progress: &(dyn Fn(usize, usize, f64) + Sync)) -> PatternWeights {
    let canon = canonical();
    let stages: Vec<(Vec<f32>, Vec<f32>)> =
        (0..STAGES).into_par_iter().map(|st| fit_stage(&stage_data(samples, st, &canon, opts.families), st, opts, progress)).collect();
    let q = |x: f32| (x * UNIT as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    let (mut tables, mut features) = (Vec::with_capacity(STAGES * ENTRIES), Vec::with_capacity(STAGES * NFEATURES));
    for (table, feats) in &stages {
        tables.extend(canon.iter().map(|&c| q(table[c as usize])));
        features.extend(feats.iter().take(NFEATURES).map(|&x| q(x)));
    }
    PatternWeights::new(tables, features)
}

fn fit_stage(d: &StageData, st: usize, opts: FitOptions, progress: &(dyn Fn(usize, usize, f64) + Sync)) -> (Vec<f32>, Vec<f32>) {
    let n = d.target.len();
    let np = ENTRIES + NFEATURES;
    let mut theta = vec![0f32; np];
    if n == 0 {
        return (theta[..ENTRIES].to_vec(), theta[ENTRIES..].to_vec());
    }
    // Start the bias at the mean label.
    let wsum: f32 = d.weight.iter().sum();
    theta[ENTRIES] = d.target.iter().zip(&d.weight).map(|(t, w)| t * w).sum::<f32>() / wsum;
    let mut adam = Adam::new(np);
    let mut grad = vec![0f32; np];
    let mut seen = vec![false; np];
    for &i in &d.idx {
        seen[i as usize] = true;
    }
    seen[ENTRIES..].iter_mut().for_each(|s| *s = true);
    for epoch in 1..=opts.epochs {
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut se = 0f64;
        for k in 0..n {
            let ids = &d.idx[k * d.windows..(k + 1) * d.windows];
            let mut y = 0f32;
            for &i in ids {
                y += theta[i as usize];
            }
            for (f, x) in d.feats[k].iter().enumerate() {
                y += x * theta[ENTRIES + f];
            }
            let err = pull(y - d.target[k], opts.huber) * d.weight[k];
            se += ((y - d.target[k]) as f64).powi(2) * d.weight[k] as f64;
            for &i in ids {
                grad[i as usize] += err;
            }
            for (f, x) in d.feats[k].iter().enumerate() {
                grad[ENTRIES + f] += err * x;
            }
        }
        let rate = opts.rate * (1.0 - 0.9 * (epoch - 1) as f32 / opts.epochs.max(2) as f32);
        let c = Adam::corrections(epoch as i32);
        for i in 0..np {
            if !seen[i] {
                continue;
            }
            let g = grad[i] / wsum + if i < ENTRIES { opts.l2 * theta[i] } else { 0.0 };
            adam.step(&mut theta[i], i, g, rate, c);
        }
        if epoch % 50 == 0 || epoch == opts.epochs {
            progress(st, epoch, (se / wsum as f64).sqrt());
        }
    }
    (theta[..ENTRIES].to_vec(), theta[ENTRIES..].to_vec())
}

/// Fits a network of `spec`'s shape (one of [`WIDTHS`] units, a head per stage,
/// rows shared by all stages, mirror images tied as the tables' are) to
/// what the tables of `w` leave of `samples`' labels. `spec.windows`, if
/// set, must end a family. Returns `w`'s tables with the network, and how
/// many row numbers a byte could not hold.
pub fn fit_net(w: &PatternWeights, samples: &[Labelled], spec: NetSpec, seed: u64, progress: &dyn Fn(usize, f64)) -> Result<(PatternWeights, usize), Error> {
    let rows = match spec.windows {
        None => ENTRIES,
        Some(n) => match FAMILY_WINDOWS.iter().position(|&x| x == n) {
            Some(f) if f > 0 => OFFSETS.get(f).copied().unwrap_or(ENTRIES),
            _ => return Err(Error::BadArgument(format!("a network over {n} windows: the windows must end a family ({FAMILY_WINDOWS:?})"))),
        },
    };
    if !WIDTHS.contains(&spec.hidden) {
        return Err(Error::BadArgument(format!("a network of {} units: the evaluation's have {WIDTHS:?}", spec.hidden)));
    }
    let tables = w.without_net();
    let (canon, families) = (canonical(), tables.families());
    let head: Vec<u8> = samples.par_iter().map(|s| stage((s.p | s.o).count_ones()) as u8).collect();
    let feats: Vec<[f32; NFEATURES]> = samples
        .par_iter()
        .map(|s| {
            let (mp, mo) = moves_of(s.p, s.o);
            features(s.p, s.o, mp.count_ones(), mo.count_ones()).map(|x| x as f32)
        })
        .collect();
    let residual: Vec<f32> = samples.par_iter().map(|s| s.score - pattern_value(&tables, s.p, s.o) as f32).collect();
    let row = |j: usize, out: &mut Vec<u32>| {
        let s = &samples[j];
        let (mp, mo) = moves_of(s.p, s.o);
        for_indices(s.p, s.o, mp, mo, families, |i| out.push(canon[i as usize]));
    };
    let data = NetData { row: &row, head: &head, feats: &feats, residual: &residual };
    let net = FittedNet::fit(spec, ENTRIES, STAGES, &data, NET_RATE, seed, progress);
    Ok(if spec.hidden == 32 {
        let (net, clamped) = net.quantised::<32>(&canon, rows);
        (tables.with_net(net), clamped)
    } else {
        let (net, clamped) = net.quantised::<64>(&canon, rows);
        (tables.with_net(net), clamped)
    })
}

/// The evaluation's error on some positions by empties: rows of
/// (first empties, last empties, positions, mean absolute error, rms, mean signed error), in discs.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ErrorRow {
    /// The fewest empties of the range.
    pub from: u32,
    /// The most empties of the range.
    pub to: u32,
    /// Positions in it.
    pub positions: usize,
    /// Mean absolute error, in discs.
    pub mae: f64,
    /// Root mean square error, in discs.
    pub rms: f64,
    /// Mean of (evaluation - label), in discs: a bias the absolute error hides, such as the
    /// one by the parity of the empties that result labels carry (engine/MEASUREMENTS.md).
    pub bias: f64,
}

/// Errors of `value` (in discs) on `samples`, in bands of `band` empties.
pub fn error_table(samples: &[Labelled], band: u32, value: &(dyn Fn(u64, u64) -> f64 + Sync)) -> Vec<ErrorRow> {
    let mut rows: Vec<ErrorRow> = Vec::new();
    for s in samples {
        let e = s.empties().max(1);
        let from = (e - 1) / band * band + 1;
        let err = value(s.p, s.o) - s.score as f64;
        match rows.iter_mut().find(|r| r.from == from) {
            Some(r) => {
                r.positions += 1;
                r.mae += err.abs();
                r.rms += err * err;
                r.bias += err;
            }
            None => rows.push(ErrorRow { from, to: from + band - 1, positions: 1, mae: err.abs(), rms: err * err, bias: err }),
        }
    }
    for r in rows.iter_mut() {
        r.mae /= r.positions as f64;
        r.rms = (r.rms / r.positions as f64).sqrt();
        r.bias /= r.positions as f64;
    }
    rows.sort_by_key(|r| r.from);
    rows
}

/// The error over the positions of `empties`, one row (`None` if there are none).
pub fn error_over(samples: &[Labelled], empties: std::ops::RangeInclusive<u32>, value: &(dyn Fn(u64, u64) -> f64 + Sync)) -> Option<ErrorRow> {
    let within: Vec<Labelled> = samples.iter().copied().filter(|s| empties.contains(&s.empties())).collect();
    let mut row = error_table(&within, 64, value).pop()?;
    (row.from, row.to) = (*empties.start(), *empties.end());
    Some(row)
}

/// The pattern evaluation of (`p`, `o`) in discs.
pub fn pattern_value(w: &PatternWeights, p: u64, o: u64) -> f64 {
    let (mp, mo) = moves_of(p, o);
    w.value(p, o, mp, mo) as f64 / UNIT as f64
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::eval::pattern::ALL_FAMILIES;
    use crate::rules::movegen::MoveGen;
    use crate::rng::Rng;

    /// `n` random positions of `discs` discs each (seeded), labelled by `score`.
    pub(crate) fn planted(seed: u64, n: usize, discs: u32, score: impl Fn(u64, u64) -> f32) -> Vec<Labelled> {
        let mut rng = Rng::new(seed);
        (0..n)
            .map(|_| {
                let mut occ = 0u64;
                while occ.count_ones() < discs {
                    occ |= 1 << rng.below(64);
                }
                let p = occ & rng.next();
                let o = occ & !p;
                Labelled { p, o, score: score(p, o), exact: true }
            })
            .collect()
    }

    #[test]
    fn a_corpus_splits_by_game_and_labels_by_search_or_result() {
        use crate::tools::corpus::{play_game, LabelKind, Recipe, Shard, Source};
        let recipe = Recipe { source: Source::SelfPlay, exact: 10, depth: 2, selectivity: 0, opening: (2, 4), detours: 1, seed: 4 };
        let games: Vec<_> = (0..2).map(|g| play_game(&recipe, crate::Weights::shipped(), &[], g)).collect();
        let shard = Shard { recipe, games };
        let all = shard.positions();
        let none = HashSet::new();
        let (fit, held) = split_corpus(std::slice::from_ref(&shard), CorpusLabel::Search, Share::All, &none);
        // Game 0 is held out, game 1 fitted.
        assert_eq!(held.len(), all.iter().filter(|l| l.game == 0).count());
        assert_eq!(fit.len() + held.len(), all.len());
        let (fit_r, _) = split_corpus(std::slice::from_ref(&shard), CorpusLabel::Result, Share::All, &none);
        let (fit_m, _) = split_corpus(std::slice::from_ref(&shard), CorpusLabel::Mean, Share::All, &none);
        // A position of the held-out set, seen in a mirror, is not fitted.
        let l = all.iter().find(|l| l.game == 1).unwrap();
        let mirror = |x: u64| crate::rules::symmetry::transform::<G>(crate::Symmetry::group(BoardSize::OTHELLO)[3], x);
        let exclude = HashSet::from([position_key(mirror(l.p), mirror(l.o))]);
        let (fewer, _) = split_corpus(std::slice::from_ref(&shard), CorpusLabel::Search, Share::All, &exclude);
        assert_eq!(fewer.len(), fit.len() - 1);
        assert!(!fewer.iter().any(|s| (s.p, s.o) == (l.p, l.o)));
        let game1: Vec<_> = all.iter().filter(|l| l.game == 1).collect();
        for (((s, r), m), l) in fit.iter().zip(&fit_r).zip(&fit_m).zip(&game1) {
            assert_eq!(s.score, l.label as f32);
            let want = if l.kind == LabelKind::Exact || l.random { l.label } else { l.result };
            assert_eq!(r.score, want as f32);
            assert_eq!(m.score, (l.label as f32 + want as f32) / 2.0);
        }
        // The result is the first exact label, seen from each side to move.
        let first = game1.iter().find(|l| l.kind == LabelKind::Exact).unwrap();
        assert!(game1.iter().all(|l| l.result.abs() == first.label.abs()));
    }

    #[test]
    fn each_source_takes_its_own_label() {
        use crate::tools::corpus::Source;
        assert_eq!(CorpusLabel::parse("mean"), Some(CorpusLabel::Mean));
        assert_eq!(CorpusLabel::parse("exact"), None);
        let labels = CorpusLabels { self_play: CorpusLabel::Result, tournament: CorpusLabel::Search };
        assert_eq!(labels.of(&Source::SelfPlay), CorpusLabel::Result);
        assert_eq!(labels.of(&Source::Tournament { first: 7 }), CorpusLabel::Search);
    }

    #[test]
    fn shares_nest_and_read() {
        assert_eq!(Share::parse("all"), Some(Share::All));
        assert_eq!(Share::parse("1/8"), Some(Share::Part(3)));
        assert_eq!(Share::parse("1/3"), None);
        let taken = |s: Share| (0..4096).filter(|&g| s.takes(g)).collect::<Vec<u32>>();
        assert_eq!(taken(Share::Part(3)).len(), 512);
        assert!(taken(Share::Part(3)).iter().all(|&g| Share::Part(2).takes(g) && Share::Part(1).takes(g)));
    }

    #[test]
    fn fitting_recovers_planted_tables() {
        // Labels made by known tables (tied entries equal) are fitted back.
        let canon = canonical();
        let table: Vec<i16> = canon.iter().map(|&c| ((c as u64).wrapping_mul(0x9E37_79B9) >> 20) as i16 % 64).collect();
        let planted = PatternWeights::new(table.repeat(STAGES), vec![0; STAGES * NFEATURES]);
        // Positions of stage 7 only.
        let samples = self::planted(9, 4000, 34, |p, o| pattern_value(&planted, p, o) as f32);
        let zero = PatternWeights::zero();
        let before = error_table(&samples, 64, &|p, o| pattern_value(&zero, p, o));
        let w = fit(&samples, FitOptions { epochs: 300, rate: 0.05, l2: 0.0, families: ALL_FAMILIES, huber: None }, &|_, _, _| {});
        let after = error_table(&samples, 64, &|p, o| pattern_value(&w, p, o));
        assert!(after[0].rms < before[0].rms * 0.2, "rms {} -> {}", before[0].rms, after[0].rms);
        // A fit of some families leaves the others zero, and unread.
        let some = 0b101_0000_0001;
        let w = fit(&samples, FitOptions { epochs: 50, rate: 0.05, l2: 0.0, families: some, huber: None }, &|_, _, _| {});
        assert_eq!(w.families(), some);
    }

    /// Labels of 10 discs, one in ten moved 40 up (as a result a later
    /// blunder decided): squared error follows the blunders (a mean near
    /// 14), Huber's loss stays near the labels most positions have.
    #[test]
    fn huber_fits_through_the_blunders() {
        let noisy: Vec<Labelled> = planted(9, 4000, 34, |_, _| 10.0).into_iter().enumerate().map(|(k, s)| Labelled { score: s.score + if k % 10 == 3 { 40.0 } else { 0.0 }, ..s }).collect();
        let miss = |huber| {
            // No windows: the count terms alone, so 4,000 positions cannot be fitted one by one.
            let w = fit(&noisy, FitOptions { epochs: 300, rate: 0.05, l2: 0.0, families: 0, huber }, &|_, _, _| {});
            noisy.iter().map(|s| (pattern_value(&w, s.p, s.o) - 10.0).abs()).sum::<f64>() / noisy.len() as f64
        };
        let (squared, huber) = (miss(None), miss(Some(2)));
        assert!(squared > 3.0 && huber < 1.0, "MAE against the unmoved labels: squared {squared}, Huber {huber}");
    }

    /// A label no sum of windows fits (an exclusive or of two corners, each
    /// in another window) is fitted by the network over the tables, and the
    /// file of both reads back to the same values.
    #[test]
    fn the_network_fits_what_the_tables_cannot() {
        let corner = |x: u64, sq: u32| x >> sq & 1 != 0;
        let samples = self::planted(4, 3000, 30, |p, _| if corner(p, 0) != corner(p, 63) { 8.0 } else { 0.0 });
        let tables = fit(&samples, FitOptions { epochs: 100, rate: 0.05, l2: 0.0, families: 1, huber: None }, &|_, _, _| {});
        assert_eq!(tables.families(), 1);
        let spec = NetSpec { hidden: 32, epochs: 60, windows: None, huber: None };
        let (w, clamped) = fit_net(&tables, &samples, spec, 1, &|_, _| {}).unwrap();
        assert_eq!(clamped, 0);
        let before = error_table(&samples, 64, &|p, o| pattern_value(&tables, p, o));
        let after = error_table(&samples, 64, &|p, o| pattern_value(&w, p, o));
        // The tables miss where both corners are the mover's (measured 0.85
        // disc MAE over all); the network a fifth of that (0.15).
        assert!(before[0].mae > 0.5 && after[0].mae < 0.3 * before[0].mae, "MAE {} -> {}", before[0].mae, after[0].mae);
        assert_eq!(PatternWeights::from_bytes(&w.to_bytes()).unwrap(), w);
        assert_eq!(w.without_net(), tables);
        // Only shapes the evaluation has are fitted.
        assert!(fit_net(&tables, &samples, NetSpec { hidden: 8, ..spec }, 1, &|_, _| {}).is_err());
        assert!(fit_net(&tables, &samples, NetSpec { windows: Some(5), ..spec }, 1, &|_, _| {}).is_err());
    }

    /// A label made of the legal moves on the edges, which no disc window
    /// reads directly, is fitted by the move families alone.
    #[test]
    fn the_move_families_fit_a_rule_of_the_edges_moves() {
        use crate::eval::pattern::MOVE_FAMILY_SET;
        const EDGES: u64 = 0xFF81_8181_8181_81FF;
        let rule = |p: u64, o: u64| 2.0 * ((G::moves(p, o) & EDGES).count_ones() as f32 - (G::moves(o, p) & EDGES).count_ones() as f32);
        let samples = planted(12, 4000, 30, rule);
        let zero = PatternWeights::zero();
        let before = error_table(&samples, 64, &|p, o| pattern_value(&zero, p, o));
        let w = fit(&samples, FitOptions { epochs: 300, rate: 0.05, l2: 0.0, families: MOVE_FAMILY_SET, huber: None }, &|_, _, _| {});
        let after = error_table(&samples, 64, &|p, o| pattern_value(&w, p, o));
        assert_eq!(w.families(), MOVE_FAMILY_SET);
        assert!(after[0].rms < before[0].rms * 0.2, "rms {} -> {}", before[0].rms, after[0].rms);
    }

    #[test]
    fn error_rows_band_the_empties() {
        let s = |empties: u32, score: f32| {
            let occ = u64::MAX >> empties;
            Labelled { p: occ, o: 0, score, exact: true }
        };
        let rows = error_table(&[s(5, 2.0), s(10, -2.0), s(11, 4.0)], 10, &|_, _| 0.0);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].from, rows[0].to, rows[0].positions, rows[0].mae, rows[0].rms, rows[0].bias), (1, 10, 2, 2.0, 2.0, 0.0));
        assert_eq!((rows[1].from, rows[1].positions, rows[1].mae, rows[1].bias), (11, 1, 4.0, -4.0));
    }
}
