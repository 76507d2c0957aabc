//! A small network over the pattern windows, added to the tables' value:
//! every table entry also has [`HIDDEN`] signed bytes, shared by all
//! stages; a position's sums of them, with its count terms weighted per
//! stage, pass a ReLU, and a weighted sum per stage of the outputs is the
//! network's value. A window stays one read, of 32 bytes instead of one,
//! and the sums are vector adds (Neural Reversi's first layer is the same
//! idea). Fitted by `yomi fit --patterns --net` to what the tables leave
//! (engine/MEASUREMENTS.md, "A small network over the windows").

use crate::eval::pattern::{NFEATURES, STAGES, UNIT};

/// Hidden units: 32 measured best of 8 to 64.
pub const HIDDEN: usize = 32;

/// A unit's sum in steps of 1/`SUM_ONE`: the fitted sums are near 1 in
/// size, and a byte an entry then holds ±2 per window.
pub const SUM_ONE: i32 = 64;

/// The output weights in steps of 1/`OUT_ONE` disc per unit of a sum.
pub const OUT_ONE: i32 = 256;

/// The network's numbers.
#[derive(Clone, PartialEq)]
pub struct PatternNet {
    /// One row of [`HIDDEN`] steps per table entry read; entries past the
    /// rows (later families) are not read.
    embed: Vec<[i8; HIDDEN]>,
    /// Per stage, per count term, per unit: weights in steps of 1/`SUM_ONE`
    /// (the first count term is 1: the units' biases).
    counts: Vec<[[i32; HIDDEN]; NFEATURES]>,
    /// Per stage, per unit: output weights in 1/`OUT_ONE` disc.
    out: Vec<[i32; HIDDEN]>,
}

/// A summary: the rows are millions of numbers.
impl std::fmt::Debug for PatternNet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternNet").field("rows", &self.embed.len()).finish_non_exhaustive()
    }
}

impl PatternNet {
    /// A network of these numbers: `embed` a row per entry read, `counts`
    /// and `out` a row per stage.
    ///
    /// # Panics
    /// If there are not `STAGES` rows of counts and outputs.
    pub fn new(embed: Vec<[i8; HIDDEN]>, counts: Vec<[[i32; HIDDEN]; NFEATURES]>, out: Vec<[i32; HIDDEN]>) -> PatternNet {
        assert_eq!((counts.len(), out.len()), (STAGES, STAGES), "the network's heads");
        PatternNet { embed, counts, out }
    }

    /// Table entries with a row.
    pub fn rows(&self) -> usize {
        self.embed.len()
    }

    /// Adds entry `i`'s row to the sums.
    #[inline(always)]
    pub fn add(&self, sums: &mut [i16; HIDDEN], i: u32) {
        if let Some(row) = self.embed.get(i as usize) {
            for (s, &e) in sums.iter_mut().zip(row) {
                *s += e as i16;
            }
        }
    }

    /// The value, in 1/`UNIT` disc, of a position at stage `st` whose rows
    /// summed to `sums`, with count terms `feats`.
    #[inline(always)]
    pub fn value(&self, st: usize, sums: &[i16; HIDDEN], feats: &[i32; NFEATURES]) -> i32 {
        let mut a = [0i32; HIDDEN];
        for (a, &s) in a.iter_mut().zip(sums) {
            *a = s as i32;
        }
        for (x, w) in feats.iter().zip(&self.counts[st]) {
            for (a, &w) in a.iter_mut().zip(w) {
                *a += x * w;
            }
        }
        let mut y = 0i64;
        for (&a, &w) in a.iter().zip(&self.out[st]) {
            y += a.max(0) as i64 * w as i64;
        }
        (y * UNIT as i64 / (SUM_ONE * OUT_ONE) as i64) as i32
    }

    /// The numbers as i32 for the file: rows, then counts, then outputs.
    pub fn numbers(&self) -> impl Iterator<Item = i32> + '_ {
        let embed = self.embed.iter().flat_map(|r| r.iter().map(|&v| v as i32));
        let counts = self.counts.iter().flat_map(|s| s.iter().flat_map(|r| r.iter().copied()));
        embed.chain(counts).chain(self.out.iter().flat_map(|r| r.iter().copied()))
    }

    /// How many numbers a network of `rows` rows has.
    pub fn len_for(rows: usize) -> usize {
        rows * HIDDEN + STAGES * (NFEATURES + 1) * HIDDEN
    }

    /// The network of [`Self::numbers`] for `rows` rows, or why not (a
    /// row's step out of a byte's range).
    pub fn from_numbers(rows: usize, v: &[i32]) -> Result<PatternNet, String> {
        if v.len() != Self::len_for(rows) {
            return Err(format!("{} numbers for a network of {rows} rows, expected {}", v.len(), Self::len_for(rows)));
        }
        let (embed, rest) = v.split_at(rows * HIDDEN);
        if let Some(bad) = embed.iter().find(|&&x| i8::try_from(x).is_err()) {
            return Err(format!("a network entry {bad} out of a byte's range"));
        }
        let embed = embed.chunks_exact(HIDDEN).map(|c| std::array::from_fn(|u| c[u] as i8)).collect();
        let (counts, out) = rest.split_at(STAGES * NFEATURES * HIDDEN);
        let counts = counts.chunks_exact(NFEATURES * HIDDEN).map(|s| std::array::from_fn(|f| std::array::from_fn(|u| s[f * HIDDEN + u]))).collect();
        let out = out.chunks_exact(HIDDEN).map(|c| std::array::from_fn(|u| c[u])).collect();
        Ok(PatternNet { embed, counts, out })
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A random network of `rows` rows.
    pub(crate) fn random(rows: usize, seed: u64) -> PatternNet {
        let mut rng = Rng::new(seed);
        let mut r = |m: u64| rng.below(2 * m + 1) as i32 - m as i32;
        let embed = (0..rows).map(|_| std::array::from_fn(|_| r(127) as i8)).collect();
        let counts = (0..STAGES).map(|_| std::array::from_fn(|_| std::array::from_fn(|_| r(200)))).collect();
        let out = (0..STAGES).map(|_| std::array::from_fn(|_| r(3000))).collect();
        PatternNet::new(embed, counts, out)
    }

    #[test]
    fn the_value_is_relu_then_a_weighted_sum_in_floats() {
        let net = random(50, 1);
        let mut rng = Rng::new(2);
        for _ in 0..200 {
            let st = rng.below(STAGES as u64) as usize;
            let reads: Vec<u32> = (0..92).map(|_| rng.below(60) as u32).collect();
            let feats = [1, rng.below(20) as i32, rng.below(20) as i32, rng.below(2) as i32];
            let mut sums = [0i16; HIDDEN];
            reads.iter().for_each(|&i| net.add(&mut sums, i));
            // The same in floats, rows past the table (50-59) read as zero.
            let mut want = 0f64;
            for u in 0..HIDDEN {
                let mut a: f64 = reads.iter().filter(|&&i| i < 50).map(|&i| net.embed[i as usize][u] as f64).sum::<f64>() / SUM_ONE as f64;
                a += (0..NFEATURES).map(|f| (feats[f] * net.counts[st][f][u]) as f64).sum::<f64>() / SUM_ONE as f64;
                want += a.max(0.0) * net.out[st][u] as f64 / OUT_ONE as f64;
            }
            let got = net.value(st, &sums, &feats) as f64 / UNIT as f64;
            assert!((got - want).abs() <= 1.0 / UNIT as f64, "{got} against {want}");
        }
    }

    #[test]
    fn numbers_read_back_and_bad_ones_are_named() {
        let net = random(7, 3);
        let v: Vec<i32> = net.numbers().collect();
        assert_eq!(PatternNet::from_numbers(7, &v).unwrap(), net);
        assert!(PatternNet::from_numbers(8, &v).unwrap_err().contains("expected"));
        let mut wide = v.clone();
        wide[5] = 300;
        assert!(PatternNet::from_numbers(7, &wide).unwrap_err().contains("byte"));
    }
}
