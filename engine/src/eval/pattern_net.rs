//! A small network over the pattern windows, added to the tables' value:
//! every table entry also has `H` signed bytes, shared by all stages; a
//! position's sums of them, with its count terms weighted per stage, pass a
//! ReLU, and a weighted sum per stage of the outputs is the network's value.
//! A window stays one read, of `H` bytes instead of one, and the sums are
//! vector adds (Neural Reversi's first layer is the same idea). Fitted by
//! `yomi fit --patterns --net` to what the tables leave (engine/MEASUREMENTS.md,
//! "A small network over the windows", "64 units").

use crate::eval::pattern::{NFEATURES, STAGES, UNIT};
use crate::pages::{Pages, Zeroed};

/// The widths a network may have, in hidden units: 32, the browser's,
/// and 64, the native build's from round 12, which fits better and wins
/// at equal time once fitted in three passes on enough positions
/// (engine/MEASUREMENTS.md, "A network of 64 units in three passes").
pub const WIDTHS: [usize; 2] = [32, 64];

/// A unit's sum in steps of 1/`SUM_ONE`: the fitted sums are near 1 in
/// size, and a byte an entry then holds ±2 per window.
pub const SUM_ONE: i32 = 64;

/// The output weights in steps of 1/`OUT_ONE` disc per unit of a sum.
pub const OUT_ONE: i32 = 256;

/// A cache line of rows: the rows lie end to end in lines aligned to 64
/// bytes, so that a row of 32 or 64 bytes is one line, never two.
#[derive(Clone, PartialEq)]
#[repr(C, align(64))]
struct Line([i8; 64]);

// SAFETY: zero bytes are a valid line of bytes, which owns nothing.
unsafe impl Zeroed for Line {}

/// The network's numbers, `H` hidden units.
#[derive(Clone, PartialEq)]
pub struct PatternNet<const H: usize> {
    /// One row of `H` steps per table entry read, end to end; entries past
    /// the rows (later families) are not read. Tens of MB read at random,
    /// so on huge pages where the system gives them.
    lines: Pages<Line>,
    rows: usize,
    /// Per stage, per count term, per unit: weights in steps of 1/`SUM_ONE`
    /// (the first count term is 1: the units' biases).
    counts: Vec<[[i32; H]; NFEATURES]>,
    /// Per stage, per unit: output weights in 1/`OUT_ONE` disc.
    out: Vec<[i32; H]>,
}

/// A summary: the rows are millions of numbers.
impl<const H: usize> std::fmt::Debug for PatternNet<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternNet").field("units", &H).field("rows", &self.rows).finish_non_exhaustive()
    }
}

impl<const H: usize> PatternNet<H> {
    /// A row fills a line, or lines hold a whole number of rows.
    const FITS: () = assert!(H > 0 && 64 % H == 0, "a row divides a cache line");

    /// A network of these numbers: `embed` a row per entry read, `counts`
    /// and `out` a row per stage.
    ///
    /// # Panics
    /// If there are not `STAGES` rows of counts and outputs.
    pub fn new(embed: Vec<[i8; H]>, counts: Vec<[[i32; H]; NFEATURES]>, out: Vec<[i32; H]>) -> PatternNet<H> {
        let () = Self::FITS;
        assert_eq!((counts.len(), out.len()), (STAGES, STAGES), "the network's heads");
        let rows = embed.len();
        let mut lines = Pages::<Line>::zeroed((rows * H).div_ceil(64));
        for (i, row) in embed.iter().enumerate() {
            lines[i * H / 64].0[i * H % 64..][..H].copy_from_slice(row);
        }
        PatternNet { lines, rows, counts, out }
    }

    /// Table entries with a row.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Entry `i`'s row.
    #[inline(always)]
    fn row(&self, i: usize) -> &[i8; H] {
        let line = &self.lines[i * H / 64].0;
        line[i * H % 64..][..H].try_into().expect("a row within its line")
    }

    /// Entry `i`'s row, if it has one (entries past the rows read nothing).
    #[inline(always)]
    fn row_of(&self, i: u32) -> Option<&[i8; H]> {
        ((i as usize) < self.rows).then(|| self.row(i as usize))
    }

    /// Adds entry `i`'s row to the sums.
    #[inline(always)]
    pub fn add(&self, sums: &mut [i16; H], i: u32) {
        if let Some(row) = self.row_of(i) {
            for (s, &e) in sums.iter_mut().zip(row) {
                *s += e as i16;
            }
        }
    }

    /// The sums of the rows of entries `ids` (entries past the rows add
    /// nothing): what [`Self::add`] gives entry by entry. With AVX2 the
    /// sums are kept in registers, 16 units each; written as plain loops the
    /// compiler kept them in registers or spilled them lane by lane, as the
    /// code around them moved, at up to 4 times the cost
    /// (engine/MEASUREMENTS.md, "The network's sums in registers").
    #[inline(always)]
    pub fn sums(&self, ids: &[u32]) -> [i16; H] {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            self.sums_avx2(ids)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            let mut sums = [0i16; H];
            for &i in ids {
                self.add(&mut sums, i);
            }
            sums
        }
    }

    /// [`Self::sums`] in 256-bit registers: each row's bytes widened to 16
    /// bits and added, `H`/16 registers a row. Every row is asked for
    /// first, so that all the lines are on their way before the first add
    /// waits on one: 3-4 % more nodes a second in play; a prefetch at every
    /// leaf, the network read or not, cost more than it saved
    /// (engine/MEASUREMENTS.md, "The rows asked for before they are summed").
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    #[inline(always)]
    fn sums_avx2(&self, ids: &[u32]) -> [i16; H] {
        use std::arch::x86_64::*;
        const LANES: usize = 16;
        const { assert!(H.is_multiple_of(LANES) && H / LANES <= 4, "whole registers, four at most") };
        let mut out = [0i16; H];
        // SAFETY: AVX2 is enabled for the whole build (the cfg above); a
        // prefetch reads nothing; each load reads 16 of a row's `H` bytes
        // and each store writes 16 of `out`'s `H` lanes, in bounds since `H`
        // is a multiple of 16.
        unsafe {
            for &i in ids {
                if let Some(row) = self.row_of(i) {
                    _mm_prefetch::<_MM_HINT_T0>(row.as_ptr());
                }
            }
            let mut acc = [_mm256_setzero_si256(); 4];
            for &i in ids {
                if let Some(row) = self.row_of(i) {
                    for (c, acc) in acc.iter_mut().enumerate().take(H / LANES) {
                        let bytes = _mm_loadu_si128(row.as_ptr().add(c * LANES) as *const __m128i);
                        *acc = _mm256_add_epi16(*acc, _mm256_cvtepi8_epi16(bytes));
                    }
                }
            }
            for (c, acc) in acc.iter().enumerate().take(H / LANES) {
                _mm256_storeu_si256(out.as_mut_ptr().add(c * LANES) as *mut __m256i, *acc);
            }
        }
        out
    }

    /// The value, in 1/`UNIT` disc, of a position at stage `st` whose rows
    /// summed to `sums`, with count terms `feats`.
    #[inline(always)]
    pub fn value(&self, st: usize, sums: &[i16; H], feats: &[i32; NFEATURES]) -> i32 {
        // Unit by unit, the count terms inside: with the count terms
        // outside, the compiler read each unit's weights by a gather
        // (engine/MEASUREMENTS.md, "The network's sums in registers").
        let (counts, out) = (&self.counts[st], &self.out[st]);
        let mut y = 0i64;
        for u in 0..H {
            let mut a = sums[u] as i32;
            for (x, w) in feats.iter().zip(counts) {
                a += x * w[u];
            }
            y += a.max(0) as i64 * out[u] as i64;
        }
        (y * UNIT as i64 / (SUM_ONE * OUT_ONE) as i64) as i32
    }

    /// The value of a position at stage `st` that reads entries `ids`.
    #[inline(always)]
    pub fn value_of(&self, st: usize, ids: &[u32], feats: &[i32; NFEATURES]) -> i32 {
        self.value(st, &self.sums(ids), feats)
    }

    /// The numbers as i32 for the file: rows, then counts, then outputs.
    pub fn numbers(&self) -> impl Iterator<Item = i32> + '_ {
        let embed = (0..self.rows).flat_map(|i| self.row(i).iter().map(|&v| v as i32));
        let counts = self.counts.iter().flat_map(|s| s.iter().flat_map(|r| r.iter().copied()));
        embed.chain(counts).chain(self.out.iter().flat_map(|r| r.iter().copied()))
    }

    /// How many numbers a network of `rows` rows has.
    pub fn len_for(rows: usize) -> usize {
        rows * H + STAGES * (NFEATURES + 1) * H
    }

    /// The network of [`Self::numbers`] for `rows` rows, or why not (a
    /// row's step out of a byte's range).
    pub fn from_numbers(rows: usize, v: &[i32]) -> Result<PatternNet<H>, String> {
        if v.len() != Self::len_for(rows) {
            return Err(format!("{} numbers for a network of {rows} rows, expected {}", v.len(), Self::len_for(rows)));
        }
        let (embed, rest) = v.split_at(rows * H);
        if let Some(bad) = embed.iter().find(|&&x| i8::try_from(x).is_err()) {
            return Err(format!("a network entry {bad} out of a byte's range"));
        }
        let embed = embed.chunks_exact(H).map(|c| std::array::from_fn(|u| c[u] as i8)).collect();
        let (counts, out) = rest.split_at(STAGES * NFEATURES * H);
        let counts = counts.chunks_exact(NFEATURES * H).map(|s| std::array::from_fn(|f| std::array::from_fn(|u| s[f * H + u]))).collect();
        let out = out.chunks_exact(H).map(|c| std::array::from_fn(|u| c[u])).collect();
        Ok(PatternNet::new(embed, counts, out))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::rng::Rng;

    /// A random network of `rows` rows.
    pub(crate) fn random<const H: usize>(rows: usize, seed: u64) -> PatternNet<H> {
        let mut rng = Rng::new(seed);
        let mut r = |m: u64| rng.below(2 * m + 1) as i32 - m as i32;
        let embed = (0..rows).map(|_| std::array::from_fn(|_| r(127) as i8)).collect();
        let counts = (0..STAGES).map(|_| std::array::from_fn(|_| std::array::from_fn(|_| r(200)))).collect();
        let out = (0..STAGES).map(|_| std::array::from_fn(|_| r(3000))).collect();
        PatternNet::new(embed, counts, out)
    }

    #[test]
    fn the_value_is_relu_then_a_weighted_sum_in_floats() {
        relu_then_sum::<32>(1);
        relu_then_sum::<64>(4);
    }

    fn relu_then_sum<const H: usize>(seed: u64) {
        let net = random::<H>(50, seed);
        let mut rng = Rng::new(seed + 1);
        for _ in 0..200 {
            let st = rng.below(STAGES as u64) as usize;
            let reads: Vec<u32> = (0..92).map(|_| rng.below(60) as u32).collect();
            let feats = [1, rng.below(20) as i32, rng.below(20) as i32, rng.below(2) as i32];
            let mut sums = [0i16; H];
            reads.iter().for_each(|&i| net.add(&mut sums, i));
            // The sums at once (AVX2 where built for it) are the rows added one by one.
            assert_eq!(net.sums(&reads), sums);
            // The same in floats, rows past the table (50-59) read as zero.
            let mut want = 0f64;
            for u in 0..H {
                let mut a: f64 = reads.iter().filter(|&&i| i < 50).map(|&i| net.row(i as usize)[u] as f64).sum::<f64>() / SUM_ONE as f64;
                a += (0..NFEATURES).map(|f| (feats[f] * net.counts[st][f][u]) as f64).sum::<f64>() / SUM_ONE as f64;
                want += a.max(0.0) * net.out[st][u] as f64 / OUT_ONE as f64;
            }
            let got = net.value(st, &sums, &feats) as f64 / UNIT as f64;
            assert!((got - want).abs() <= 1.0 / UNIT as f64, "{got} against {want}");
        }
    }

    #[test]
    fn numbers_read_back_and_bad_ones_are_named() {
        let net = random::<32>(7, 3);
        let net64 = random::<64>(7, 3);
        let v: Vec<i32> = net64.numbers().collect();
        assert_eq!(PatternNet::<64>::from_numbers(7, &v).unwrap(), net64);
        let v: Vec<i32> = net.numbers().collect();
        assert_eq!(PatternNet::<32>::from_numbers(7, &v).unwrap(), net);
        assert!(PatternNet::<32>::from_numbers(8, &v).unwrap_err().contains("expected"));
        let mut wide = v.clone();
        wide[5] = 300;
        assert!(PatternNet::<32>::from_numbers(7, &wide).unwrap_err().contains("byte"));
    }
}
